// /storageRoom/InventoryInformation: start a stocktake of a room, above the stocktakes so far.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { processListQuery } from '../../../api/queries/process'
import { StocktakeScreen } from '../../../areas/processes/StocktakeScreen'

export const Route = createFileRoute('/_app/storageRoom/InventoryInformation')({
  staticData: { title: msg`Stocktake`, privilege: 'devOpsManage:view' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(
      processListQuery({ type: 'INVENTORY_CHECK', page: 1, pageSize: 10 }),
    )
  },
  component: StocktakeScreen,
})
