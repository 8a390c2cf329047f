// /financeManage/payment_history: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/financeManage/payment_history')({
  staticData: { title: msg`Payment history`, privilege: 'financeManage:view' },
  component: () => (
    <PlannedScreen purpose={msg`Every payment made, with payee, amount and the event it belongs to.`} />
  ),
})
