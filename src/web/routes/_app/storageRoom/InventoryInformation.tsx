// /storageRoom/InventoryInformation: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/storageRoom/InventoryInformation')({
  staticData: { title: msg`Stocktake`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen purpose={msg`Stocktakes of the warehouses: completed and not yet completed.`} />
  ),
})
