// /storageRoom/InventoryInformation: start a stocktake of a room, above the stocktakes so far by outcome
// (`?show=`); a row opens its result per artwork (`?stocktake=<id>`), and from there the process
// (`?process=<id>`).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { STOCKTAKE_SHOWS } from '../../../../shared/stocktake-shows'
import { stocktakeDetailQuery, stocktakeListQuery } from '../../../api/queries/stocktakes'
import { clean, oneOf, pageParam, uuidParam } from '../../../areas/operations/op-search'
import { validateProcessOpenSearch } from '../../../areas/process/process-search'
import {
  StocktakeListScreen,
  type StocktakeSearch,
  stocktakeFilters,
} from '../../../areas/stocktakes/StocktakeListScreen'

export const Route = createFileRoute('/_app/storageRoom/InventoryInformation')({
  staticData: { title: msg`Stocktake`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): StocktakeSearch =>
    clean({
      ...validateProcessOpenSearch(search),
      show: oneOf(STOCKTAKE_SHOWS, search.show),
      page: pageParam(search.page),
      stocktake: uuidParam(search.stocktake),
    }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.stocktake) void context.queryClient.prefetchQuery(stocktakeDetailQuery(deps.stocktake))
    else if (!deps.process) void context.queryClient.prefetchQuery(stocktakeListQuery(stocktakeFilters(deps)))
  },
  component: function InventoryInformationRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <StocktakeListScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
