// /devOpsManage/artSell: the sales list (OPERATION_SELL_ART) — tabs by status with counts, filters in the URL,
// a row opens the process view (`?process=<id>`), Start opens the start drawer (`?start=1`); the header links
// to the sold works' deliveries.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { operationCountsQuery } from '../../../api/queries/operations'
import { processListQuery } from '../../../api/queries/process'
import { ButtonLink } from '../../../areas/archive/router-links'
import { validateTypeListSearch } from '../../../areas/operations/op-search'
import { TypeListScreen, typeListFilters } from '../../../areas/operations/TypeListScreen'

export const Route = createFileRoute('/_app/devOpsManage/artSell')({
  staticData: { title: msg`Sales`, privilege: 'devOpsManage:view' },
  validateSearch: validateTypeListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(operationCountsQuery())
    if (!deps.process)
      void context.queryClient.prefetchQuery(processListQuery(typeListFilters('OPERATION_SELL_ART', deps)))
  },
  component: function ArtSellRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <TypeListScreen
        type="OPERATION_SELL_ART"
        description={
          <Trans>
            Sales of artworks: the market survey report, the contract, then the collection of the payment.
          </Trans>
        }
        empty={<Trans>No sale matches. Start one with the market survey of the artworks to sell.</Trans>}
        links={
          <ButtonLink to="/devOpsManage/artSellDelivery" variant="default" data-testid="sale-deliveries-link">
            <Trans>Sale deliveries</Trans>
          </ButtonLink>
        }
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
