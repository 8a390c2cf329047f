// /devOpsManage/historyInsurance: every policy past and present (`?q=`, `?kind=`, `?page=`), and one policy's
// screen (`?id=`): facts, artworks, endorsements, claims, renewal chain, the policy document.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { policiesQuery, policyQuery } from '../../../api/queries/insurance'
import { HistoryScreen } from '../../../areas/insurance/HistoryScreen'
import { historyFilters, validateHistorySearch } from '../../../areas/insurance/insurance-search'

export const Route = createFileRoute('/_app/devOpsManage/historyInsurance')({
  staticData: { title: msg`Insurance history`, privilege: 'devOpsManage:view' },
  validateSearch: validateHistorySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.id) void context.queryClient.prefetchQuery(policyQuery(deps.id))
    else if (!deps.process) void context.queryClient.prefetchQuery(policiesQuery(historyFilters(deps)))
  },
  component: function HistoryInsuranceRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <HistoryScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
