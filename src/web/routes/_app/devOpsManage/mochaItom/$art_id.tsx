// /devOpsManage/mochaItom/$art_id: everything operational about one artwork (its processes, past and live,
// and what can be started for it). A malformed id shows the screen's "cannot be shown" state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { artworkDetailQuery } from '../../../../api/queries/artworks'
import { ArtworkOperationsScreen } from '../../../../areas/archive/operations/ArtworkOperationsScreen'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const Route = createFileRoute('/_app/devOpsManage/mochaItom/$art_id')({
  staticData: { title: msg`Artwork operations`, privilege: 'devOpsManage:view' },
  loader: ({ context, params }) => {
    if (UUID.test(params.art_id)) void context.queryClient.prefetchQuery(artworkDetailQuery(params.art_id))
  },
  component: ArtworkOperations,
})

function ArtworkOperations() {
  const { art_id } = Route.useParams()
  return <ArtworkOperationsScreen key={art_id} artworkId={UUID.test(art_id) ? art_id : ''} asTyped={art_id} />
}
