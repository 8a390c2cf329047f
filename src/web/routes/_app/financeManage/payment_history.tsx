// /financeManage/payment_history: every payment and collection with its attempts
// (areas/finance/PaymentHistoryScreen.tsx); filters and page in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { paymentsQuery } from '../../../api/queries/finance'
import { validatePaymentHistorySearch } from '../../../areas/finance/finance-search'
import { PaymentHistoryScreen, paymentFilters } from '../../../areas/finance/PaymentHistoryScreen'

export const Route = createFileRoute('/_app/financeManage/payment_history')({
  staticData: { title: msg`Payment history`, privilege: 'financeManage:view' },
  validateSearch: validatePaymentHistorySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(paymentsQuery(paymentFilters(deps)))
  },
  component: function PaymentHistoryRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <PaymentHistoryScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
