// /financeManage/index: the contracts register and the exchange rates with the reporting currency
// (areas/finance/FinanceScreen.tsx); the tab and the register's filters live in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { contractsQuery } from '../../../api/queries/finance'
import { contractFilters, FinanceScreen } from '../../../areas/finance/FinanceScreen'
import { validateFinanceSearch } from '../../../areas/finance/finance-search'

export const Route = createFileRoute('/_app/financeManage/index')({
  staticData: { title: msg`Contracts and payments`, privilege: 'financeManage:view' },
  validateSearch: validateFinanceSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.tab) void context.queryClient.prefetchQuery(contractsQuery(contractFilters(deps)))
  },
  component: function FinanceIndexRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <FinanceScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
