// /authManage/home: the same screen as /authManage/index (DESIGN.md § Web: `home` and `index` are one screen).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/authManage/home')({
  staticData: { title: msg`Users`, privilege: 'authManage:view' },
  component: () => <PlannedScreen purpose={msg`Staff accounts, their roles and their own privileges.`} />,
})
