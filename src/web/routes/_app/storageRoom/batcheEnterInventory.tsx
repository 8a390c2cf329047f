// /storageRoom/batcheEnterInventory: batch inbound — the batches of arriving artworks awaiting warehousing;
// a row opens the batch's warehousing form (`?process=<id>`), the batches warehoused lately open their
// movements on /devOpsManage/batchDetail.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { inboundQuery } from '../../../api/queries/stocktakes'
import { clean, pageParam } from '../../../areas/operations/op-search'
import { validateProcessOpenSearch } from '../../../areas/process/process-search'
import {
  BatchInboundScreen,
  INBOUND_PAGE_SIZE,
  type InboundSearch,
} from '../../../areas/stocktakes/BatchInboundScreen'

export const Route = createFileRoute('/_app/storageRoom/batcheEnterInventory')({
  staticData: { title: msg`Batch stock-in`, privilege: 'devOpsManage:start' },
  validateSearch: (search: Record<string, unknown>): InboundSearch =>
    clean({ ...validateProcessOpenSearch(search), page: pageParam(search.page) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.process) void context.queryClient.prefetchQuery(inboundQuery(deps.page ?? 1, INBOUND_PAGE_SIZE))
  },
  component: function BatchEnterInventoryRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <BatchInboundScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
