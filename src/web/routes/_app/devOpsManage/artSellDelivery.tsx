// /devOpsManage/artSellDelivery: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/artSellDelivery')({
  staticData: { title: msg`Sale delivery`, privilege: 'devOpsManage:view' },
  component: () => <PlannedScreen purpose={msg`Handing sold artworks over to their buyers.`} />,
})
