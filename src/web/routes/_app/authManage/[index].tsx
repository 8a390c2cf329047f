// /authManage/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/authManage/index')({
  staticData: { title: msg`Users`, privilege: 'authManage:view' },
  component: () => <PlannedScreen purpose={msg`Staff accounts, their roles and their own privileges.`} />,
})
