// /devOpsManage/transport/transportHistory/index: finished transports and the movement ledger, with the
// view, kind, artwork, dates and page in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MOVEMENT_KINDS } from '../../../../../../shared/constants'
import { movementsQuery } from '../../../../../api/queries/operations'
import { processListQuery } from '../../../../../api/queries/process'
import { clean, dateRange, oneOf, pageParam, uuidParam } from '../../../../../areas/operations/op-search'
import {
  finishedTransportFilters,
  movementFilters,
  TransportHistoryScreen,
  type TransportHistorySearch,
} from '../../../../../areas/operations/TransportHistoryScreen'

export const Route = createFileRoute('/_app/devOpsManage/transport/transportHistory/index')({
  staticData: { title: msg`Transport history`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): TransportHistorySearch => {
    const view = oneOf(['transports', 'movements'] as const, search.view)
    return clean({
      view,
      kind: view === 'movements' ? oneOf(MOVEMENT_KINDS, search.kind) : undefined,
      artworkId: uuidParam(search.artworkId),
      ...dateRange(search),
      page: pageParam(search.page),
    })
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.view === 'movements')
      void context.queryClient.prefetchQuery(movementsQuery(movementFilters(deps)))
    else void context.queryClient.prefetchQuery(processListQuery(finishedTransportFilters(deps)))
  },
  component: function TransportHistoryRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <TransportHistoryScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
