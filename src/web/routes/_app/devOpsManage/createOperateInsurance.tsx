// /devOpsManage/createOperateInsurance: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/createOperateInsurance')({
  staticData: { title: msg`New operation insurance`, privilege: 'devOpsManage:start' },
  component: () => (
    <PlannedScreen purpose={msg`Insure the artworks of one transport, loan or other operation.`} />
  ),
})
