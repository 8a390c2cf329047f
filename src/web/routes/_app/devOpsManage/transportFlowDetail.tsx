// /devOpsManage/transportFlowDetail: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/transportFlowDetail')({
  staticData: { title: msg`Transport details`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen
      purpose={msg`Everything about one transport: artworks, route, packing, costs and history.`}
    />
  ),
})
