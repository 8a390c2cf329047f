// /artworkArchive/artSummary: the collection in figures, narrowed by the archive's filters (kept in the
// URL with the same validation as the archive list).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { artworkSummaryQuery } from '../../../api/queries/artworks'
import { filterParams, validateArchiveSearch } from '../../../areas/archive/archive-search'
import { SummaryScreen } from '../../../areas/archive/summary/SummaryScreen'

export const Route = createFileRoute('/_app/artworkArchive/artSummary')({
  staticData: { title: msg`Collection summary`, privilege: 'artworkArchive:view' },
  validateSearch: validateArchiveSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(artworkSummaryQuery(filterParams(deps)))
  },
  component: function CollectionSummary() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <SummaryScreen
        search={search}
        onSearch={(next) => void navigate({ search: next, resetScroll: false })}
      />
    )
  },
})
