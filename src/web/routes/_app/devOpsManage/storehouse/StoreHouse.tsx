// /devOpsManage/storehouse/StoreHouse: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/storehouse/StoreHouse')({
  staticData: { title: msg`Warehouse details`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen purpose={msg`One warehouse: its contacts, location and the artworks it holds.`} />
  ),
})
