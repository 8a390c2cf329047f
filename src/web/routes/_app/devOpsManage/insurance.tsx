// /devOpsManage/insurance: the policy register (active, expiring within 30/60/90 days, expired, lapsed),
// covered and to-be-insured artworks, renewals due (`?view=`, `?show=`, `?within=`, `?q=`, `?page=`); a
// process opens in place (`?process=`).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { policiesQuery } from '../../../api/queries/insurance'
import { InsuranceScreen } from '../../../areas/insurance/InsuranceScreen'
import { registerFilters, validateInsuranceSearch } from '../../../areas/insurance/insurance-search'

export const Route = createFileRoute('/_app/devOpsManage/insurance')({
  staticData: { title: msg`Insurance`, privilege: 'devOpsManage:view' },
  validateSearch: validateInsuranceSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.process && !deps.view)
      void context.queryClient.prefetchQuery(policiesQuery(registerFilters(deps)))
  },
  component: function InsuranceRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <InsuranceScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
