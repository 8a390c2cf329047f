// /devOpsManage/createPayoutInsurance: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/createPayoutInsurance')({
  staticData: { title: msg`New claim`, privilege: 'devOpsManage:start' },
  component: () => <PlannedScreen purpose={msg`Claim for damage to or loss of an insured artwork.`} />,
})
