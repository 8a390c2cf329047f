// /devOpsManage/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/index')({
  staticData: { title: msg`All processes`, privilege: 'devOpsManage:view' },
  component: () => <PlannedScreen purpose={msg`Every purchase and operation under way or finished, with its current step and status.`} />,
})
