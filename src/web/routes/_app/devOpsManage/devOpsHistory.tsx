// /devOpsManage/devOpsHistory: every finished process (completed or terminated), filtered by type, ending,
// artwork and dates in the URL; a row opens the process view (`?process=<id>`).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { operationCountsQuery } from '../../../api/queries/operations'
import { processListQuery } from '../../../api/queries/process'
import { HistoryScreen, historyFilters } from '../../../areas/operations/HistoryScreen'
import { validateHistorySearch } from '../../../areas/operations/op-search'

export const Route = createFileRoute('/_app/devOpsManage/devOpsHistory')({
  staticData: { title: msg`Operations history`, privilege: 'devOpsManage:view' },
  validateSearch: validateHistorySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(operationCountsQuery())
    if (!deps.process) void context.queryClient.prefetchQuery(processListQuery(historyFilters(deps)))
  },
  component: function DevOpsHistoryRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <HistoryScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
