// /artworkArchive/detail?id=: one artwork in full. `id` and the open tab are validated here; a missing or
// malformed id shows the screen's "cannot be shown" state rather than an error page.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { artworkDetailQuery } from '../../../api/queries/artworks'
import { uuidOf } from '../../../areas/archive/archive-search'
import { ArtworkDetailScreen } from '../../../areas/archive/detail/ArtworkDetailScreen'
import { DETAIL_TABS } from '../../../areas/archive/detail/detail-tabs'

type DetailTab = (typeof DETAIL_TABS)[number]

/** By hand, not zod: route files are in the first download (docs/decisions.md, "Start and first download"). */
function validateDetailSearch(input: Record<string, unknown>): { id?: string; tab?: DetailTab } {
  const id = uuidOf(input.id)
  const tab = DETAIL_TABS.includes(input.tab as DetailTab) ? (input.tab as DetailTab) : undefined
  return { ...(id ? { id } : {}), ...(tab ? { tab } : {}) }
}

export const Route = createFileRoute('/_app/artworkArchive/detail')({
  staticData: { title: msg`Artwork details`, privilege: 'artworkArchive:view' },
  validateSearch: validateDetailSearch,
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
