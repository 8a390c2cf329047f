// /devOpsManage/buyShipping: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/buyShipping')({
  staticData: { title: msg`Purchase shipping`, privilege: 'devOpsManage:view' },
  component: () => <PlannedScreen purpose={msg`Transport of newly bought artworks into a warehouse.`} />,
})
