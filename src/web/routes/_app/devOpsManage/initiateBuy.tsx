// /devOpsManage/initiateBuy: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/initiateBuy')({
  staticData: { title: msg`Start a purchase`, privilege: 'devOpsManage:start' },
  component: () => <PlannedScreen purpose={msg`Propose an artwork for purchase: due diligence, contract and payment follow.`} />,
})
