// /artworkArchive/index: the archive list. Its search, filters, sort, page and view live in the URL,
// validated here (a bad value is dropped), so a search can be bookmarked and shared.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { artworkListQuery } from '../../../api/queries/artworks'
import { ArchiveListScreen } from '../../../areas/archive/ArchiveListScreen'
import { toApiParams, validateArchiveSearch } from '../../../areas/archive/archive-search'

export const Route = createFileRoute('/_app/artworkArchive/index')({
  staticData: { title: msg`Archive`, privilege: 'artworkArchive:view' },
  validateSearch: validateArchiveSearch,
  loaderDeps: ({ search }) => search,
  // Warm the cache without holding the screen: typing in the search box must never show a pending page.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(artworkListQuery(toApiParams(deps)))
  },
  component: ArchiveIndex,
})

function ArchiveIndex() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ArchiveListScreen
      search={search}
      onSearch={(next, options) =>
        void navigate({ search: next, replace: options?.replace, resetScroll: false })
      }
    />
  )
}
