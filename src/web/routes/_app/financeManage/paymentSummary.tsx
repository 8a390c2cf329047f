// /financeManage/paymentSummary: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/financeManage/paymentSummary')({
  staticData: { title: msg`Payment summary`, privilege: 'financeManage:view' },
  component: () => <PlannedScreen purpose={msg`Payments summed by company, budget and cost attribution.`} />,
})
