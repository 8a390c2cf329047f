// /devOpsManage/resumeInsurance: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/resumeInsurance')({
  staticData: { title: msg`Renew a policy`, privilege: 'devOpsManage:start' },
  component: () => <PlannedScreen purpose={msg`Renew a policy that is about to end.`} />,
})
