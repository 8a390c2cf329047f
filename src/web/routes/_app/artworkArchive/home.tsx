// /artworkArchive/home: the same screen as /artworkArchive/index (docs/architecture.md § Screens and routes: `home` and `index` are one
// screen), with the same validated search in its URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ArchiveListScreen } from '../../../areas/archive/ArchiveListScreen'
import { validateArchiveSearch } from '../../../areas/archive/archive-search'

export const Route = createFileRoute('/_app/artworkArchive/home')({
  staticData: { title: msg`Archive`, privilege: 'artworkArchive:view' },
  validateSearch: validateArchiveSearch,
  component: function ArchiveHome() {
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
  },
})
