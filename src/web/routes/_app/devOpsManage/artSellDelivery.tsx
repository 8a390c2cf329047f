// /devOpsManage/artSellDelivery: sold works awaiting delivery (a button starts their transport) and those
// whose delivery has started; a row opens the sale's process view (`?process=<id>`).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { saleDeliveriesQuery } from '../../../api/queries/operations'
import { type SaleDeliverySearch, validateSaleDeliverySearch } from '../../../areas/operations/op-search'
import { SaleDeliveryScreen, saleDeliveryFilters } from '../../../areas/operations/SaleDeliveryScreen'
import { validateProcessOpenSearch } from '../../../areas/process/process-search'

export const Route = createFileRoute('/_app/devOpsManage/artSellDelivery')({
  staticData: { title: msg`Sale delivery`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): SaleDeliverySearch => ({
    ...validateProcessOpenSearch(search),
    ...validateSaleDeliverySearch(search),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.process) void context.queryClient.prefetchQuery(saleDeliveriesQuery(saleDeliveryFilters(deps)))
  },
  component: function ArtSellDeliveryRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <SaleDeliveryScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
