// /artworkArchive/shares: the share links one made (an administrator: everyone's), their openings, revoking.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { sharesQuery } from '../../../api/queries/shares'
import { SharesScreen } from '../../../areas/shares/SharesScreen'

export const Route = createFileRoute('/_app/artworkArchive/shares')({
  staticData: { title: msg`Share links`, privilege: 'artworkArchive:share' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(sharesQuery(1))
  },
  component: SharesScreen,
})
