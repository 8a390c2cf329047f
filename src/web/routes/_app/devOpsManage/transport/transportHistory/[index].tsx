// /devOpsManage/transport/transportHistory/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/transport/transportHistory/index')({
  staticData: { title: msg`Transport history`, privilege: 'devOpsManage:view' },
  component: () => <PlannedScreen purpose={msg`Finished transports and where each artwork went.`} />,
})
