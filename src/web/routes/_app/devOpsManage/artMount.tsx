// /devOpsManage/artMount: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/artMount')({
  staticData: { title: msg`Mounting`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen purpose={msg`Mounting and framing: information, transport and delivery.`} />
  ),
})
