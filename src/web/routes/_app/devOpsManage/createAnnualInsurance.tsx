// /devOpsManage/createAnnualInsurance: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/createAnnualInsurance')({
  staticData: { title: msg`New annual insurance`, privilege: 'devOpsManage:start' },
  component: () => <PlannedScreen purpose={msg`Insure the collection for a year.`} />,
})
