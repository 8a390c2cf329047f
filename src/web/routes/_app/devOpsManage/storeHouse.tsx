// /devOpsManage/storeHouse: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/storeHouse')({
  staticData: { title: msg`Warehouses`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen purpose={msg`The warehouses, their rooms and the artworks kept in each.`} />
  ),
})
