// /devOpsManage/transport: transports to be transported, transporting and arrived (tabs with counts, in the
// URL); a row opens the process view (`?process=<id>`), Start a new transport (`?start=1`).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { operationCountsQuery } from '../../../../api/queries/operations'
import { processListQuery } from '../../../../api/queries/process'
import {
  oneOf,
  pageParam,
  TRANSPORT_SHOWS,
  validateStartSearch,
} from '../../../../areas/operations/op-search'
import {
  TransportScreen,
  type TransportSearch,
  transportListFilters,
} from '../../../../areas/operations/TransportScreen'
import { validateProcessOpenSearch } from '../../../../areas/process/process-search'

export const Route = createFileRoute('/_app/devOpsManage/transport/')({
  staticData: { title: msg`Transport`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): TransportSearch => ({
    ...validateProcessOpenSearch(search),
    ...validateStartSearch(search),
    ...(oneOf(TRANSPORT_SHOWS, search.show) ? { show: oneOf(TRANSPORT_SHOWS, search.show) } : {}),
    ...(pageParam(search.page) ? { page: pageParam(search.page) } : {}),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(operationCountsQuery())
    if (!deps.process) void context.queryClient.prefetchQuery(processListQuery(transportListFilters(deps)))
  },
  component: function TransportRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <TransportScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
