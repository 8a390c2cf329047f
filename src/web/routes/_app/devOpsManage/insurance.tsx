// /devOpsManage/insurance: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/insurance')({
  staticData: { title: msg`Insurance`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen
      purpose={msg`Policies in force, the artworks they cover and what is still to be insured.`}
    />
  ),
})
