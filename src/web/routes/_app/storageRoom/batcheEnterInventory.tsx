// /storageRoom/batcheEnterInventory: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/storageRoom/batcheEnterInventory')({
  staticData: { title: msg`Batch stock-in`, privilege: 'devOpsManage:start' },
  component: () => <PlannedScreen purpose={msg`Put several artworks into a warehouse at once.`} />,
})
