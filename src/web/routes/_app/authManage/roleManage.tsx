// /authManage/roleManage: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/authManage/roleManage')({
  staticData: { title: msg`Roles`, privilege: 'authManage:view' },
  component: () => (
    <PlannedScreen
      purpose={msg`Roles with their description, privileges and whether they are enabled; a role may hold full privilege for the whole system.`}
    />
  ),
})
