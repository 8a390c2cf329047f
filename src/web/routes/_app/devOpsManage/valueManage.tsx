// /devOpsManage/valueManage: the valuation screen (areas/valuations/ValuationsScreen.tsx) limited to the artworks
// an operation holds now (a live process: transport, loan, repair, ...). Reading valuations needs
// valueManage:view, as on /valueManage/index.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { artworkValuationsQuery } from '../../../api/queries/valuations'
import { ValuationsScreen, valuationFilters } from '../../../areas/valuations/ValuationsScreen'
import { validateValuationsSearch } from '../../../areas/valuations/valuation-search'

export const Route = createFileRoute('/_app/devOpsManage/valueManage')({
  staticData: { title: msg`Artwork valuations`, privilege: 'valueManage:view' },
  validateSearch: validateValuationsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.view !== 'stale')
      void context.queryClient.prefetchQuery(artworkValuationsQuery(valuationFilters(deps, 'inOperation')))
  },
  component: function DevOpsValueManageRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ValuationsScreen
        scope="inOperation"
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
