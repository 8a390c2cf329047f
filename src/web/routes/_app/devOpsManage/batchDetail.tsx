// /devOpsManage/batchDetail: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/batchDetail')({
  staticData: { title: msg`Batch details`, privilege: 'devOpsManage:view' },
  component: () => <PlannedScreen purpose={msg`The artworks and steps of one batch of operations.`} />,
})
