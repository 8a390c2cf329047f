// /devOpsManage/artSell: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/artSell')({
  staticData: { title: msg`Sales`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen purpose={msg`Sales of artworks: market survey, contract and collection of payment.`} />
  ),
})
