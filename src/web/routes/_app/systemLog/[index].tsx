// /systemLog/index: the same screen as /systemLog/home (docs/architecture.md § Screens and routes: `home` and `index` are one screen):
// the request log with its filters and page in the URL (areas/system-log/SystemLogScreen.tsx).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { logPageQuery } from '../../../api/queries/system-log'
import { validateLogSearch } from '../../../areas/system-log/log-search'
import { SystemLogScreen, toApiSearch } from '../../../areas/system-log/SystemLogScreen'

export const Route = createFileRoute('/_app/systemLog/index')({
  staticData: { title: msg`Log entries`, privilege: 'systemLog:view' },
  validateSearch: validateLogSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(logPageQuery(toApiSearch(deps))),
  component: function SystemLog() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <SystemLogScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
