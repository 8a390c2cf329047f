// /devOpsManage/buyShipping: the shippings of bought artworks (transport, then warehousing); `?process=<id>` opens one.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { validateProcessOpenSearch } from '../../../areas/process/process-search'
import { BuyShippingScreen, type ShippingSearch } from '../../../areas/purchase/BuyShippingScreen'

export const Route = createFileRoute('/_app/devOpsManage/buyShipping')({
  staticData: { title: msg`Purchase shipping`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): ShippingSearch => {
    const page = Number(search.page)
    return {
      ...validateProcessOpenSearch(search),
      ...(search.show === 'done' ? { show: 'done' as const } : {}),
      ...(Number.isInteger(page) && page > 1 ? { page } : {}),
    }
  },
  component: function BuyShipping() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return <BuyShippingScreen search={search} onSearch={(next) => void navigate({ search: next })} />
  },
})
