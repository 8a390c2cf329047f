// /devOpsManage/home: the same screen as /devOpsManage/index (DESIGN.md § Web: `home` and `index` are one screen).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/home')({
  staticData: { title: msg`All processes`, privilege: 'devOpsManage:view' },
  component: () => <PlannedScreen purpose={msg`Every purchase and operation under way or finished, with its current step and status.`} />,
})
