// /financeManage/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/financeManage/index')({
  staticData: { title: msg`Contracts and payments`, privilege: 'financeManage:view' },
  component: () => <PlannedScreen purpose={msg`Contracts and the payments made or collected under them.`} />,
})
