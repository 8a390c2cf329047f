// /financeManage/paymentSummary: payments summed by month, paying company, cost attribution or currency, with
// charts and the reporting-currency totals (areas/finance/PaymentSummaryScreen.tsx); grouping and range in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { paymentSummaryQuery } from '../../../api/queries/finance'
import { validateSummarySearch } from '../../../areas/finance/finance-search'
import { PaymentSummaryScreen, summaryFilters } from '../../../areas/finance/PaymentSummaryScreen'

export const Route = createFileRoute('/_app/financeManage/paymentSummary')({
  staticData: { title: msg`Payment summary`, privilege: 'financeManage:view' },
  validateSearch: validateSummarySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(paymentSummaryQuery(summaryFilters(deps)))
  },
  component: function PaymentSummaryRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <PaymentSummaryScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
