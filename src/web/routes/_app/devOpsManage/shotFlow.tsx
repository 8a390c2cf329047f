// /devOpsManage/shotFlow: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/shotFlow')({
  staticData: { title: msg`Photography`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen
      purpose={msg`Photography of artworks: information, shooting and delivery of the results.`}
    />
  ),
})
