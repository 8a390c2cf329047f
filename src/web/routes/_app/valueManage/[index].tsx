// /valueManage/index: the artworks with their latest valuation, the "not valued in N years" view, adding a
// valuation to one or many artworks, the Excel revaluation and each artwork's history
// (areas/valuations/ValuationsScreen.tsx); filters, view, page and the open history in the URL.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { artworkValuationsQuery } from '../../../api/queries/valuations'
import { ValuationsScreen, valuationFilters } from '../../../areas/valuations/ValuationsScreen'
import { validateValuationsSearch } from '../../../areas/valuations/valuation-search'

export const Route = createFileRoute('/_app/valueManage/index')({
  staticData: { title: msg`Valuation list`, privilege: 'valueManage:view' },
  validateSearch: validateValuationsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.view !== 'stale')
      void context.queryClient.prefetchQuery(artworkValuationsQuery(valuationFilters(deps, 'all')))
  },
  component: function ValueManageRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ValuationsScreen
        scope="all"
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
