// /artworkArchive/detail?id=: one artwork in full. `id` and the open tab are validated here; a missing or
// malformed id shows the screen's "cannot be shown" state rather than an error page.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { artworkDetailQuery } from '../../../api/queries/artworks'
import { ArtworkDetailScreen } from '../../../areas/archive/detail/ArtworkDetailScreen'
import { DETAIL_TABS } from '../../../areas/archive/detail/detail-tabs'

const detailSearch = z.object({
  id: z.uuid().optional().catch(undefined),
  tab: z.enum(DETAIL_TABS).optional().catch(undefined),
})

export const Route = createFileRoute('/_app/artworkArchive/detail')({
  staticData: { title: msg`Artwork details`, privilege: 'artworkArchive:view' },
  validateSearch: (input: Record<string, unknown>) => detailSearch.parse(input),
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => {
    if (deps.id) void context.queryClient.prefetchQuery(artworkDetailQuery(deps.id))
  },
  component: ArtworkDetailRoute,
})

function ArtworkDetailRoute() {
  const { id, tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ArtworkDetailScreen
      key={id ?? 'none'}
      id={id ?? ''}
      tab={tab ?? 'record'}
      onTab={(next) =>
        void navigate({
          search: (s) => ({ ...s, tab: next === 'record' ? undefined : next }),
          replace: true,
          resetScroll: false,
        })
      }
    />
  )
}
