// /devOpsManage/artLoanExhibition: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/artLoanExhibition')({
  staticData: { title: msg`Exhibition loans`, privilege: 'devOpsManage:view' },
  component: () => <PlannedScreen purpose={msg`Loans to exhibitions and the transport they need.`} />,
})
