// /devOpsManage/payoutInsurance: the claims and their payouts (`?status=open|paid|closed`, `?page=`); a claim's
// process opens in place (`?process=`).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { claimsQuery } from '../../../api/queries/insurance'
import { ClaimsScreen } from '../../../areas/insurance/ClaimsScreen'
import { claimFilters, validateClaimsSearch } from '../../../areas/insurance/insurance-search'

export const Route = createFileRoute('/_app/devOpsManage/payoutInsurance')({
  staticData: { title: msg`Insurance claims`, privilege: 'devOpsManage:view' },
  validateSearch: validateClaimsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.process) void context.queryClient.prefetchQuery(claimsQuery(claimFilters(deps)))
  },
  component: function PayoutInsuranceRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ClaimsScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
