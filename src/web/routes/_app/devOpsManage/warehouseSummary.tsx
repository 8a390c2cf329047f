// /devOpsManage/warehouseSummary: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/warehouseSummary')({
  staticData: { title: msg`Warehouse summary`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen purpose={msg`How many artworks each warehouse holds and what they are worth.`} />
  ),
})
