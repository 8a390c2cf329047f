// /devOpsManage/warehouseSummary: per warehouse room — artworks now, value per currency, last stocktake,
// artworks missing, movements in and out per month (a bar chart).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { warehouseSummaryQuery } from '../../../api/queries/stocktakes'
import { WarehouseSummaryScreen } from '../../../areas/stocktakes/WarehouseSummaryScreen'

export const Route = createFileRoute('/_app/devOpsManage/warehouseSummary')({
  staticData: { title: msg`Warehouse summary`, privilege: 'devOpsManage:view' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(warehouseSummaryQuery())
  },
  component: WarehouseSummaryScreen,
})
