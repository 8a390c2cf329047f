// /devOpsManage/payoutInsurance: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/payoutInsurance')({
  staticData: { title: msg`Insurance claims`, privilege: 'devOpsManage:view' },
  component: () => <PlannedScreen purpose={msg`Claims made under the policies and how they stand.`} />,
})
