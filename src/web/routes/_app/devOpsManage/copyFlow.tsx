// /devOpsManage/copyFlow: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/copyFlow')({
  staticData: { title: msg`Replication`, privilege: 'devOpsManage:view' },
  component: () => (
    <PlannedScreen purpose={msg`Replications of artworks: information, replication and delivery.`} />
  ),
})
