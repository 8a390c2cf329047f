// /devOpsManage/devOpsIngArt: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/devOpsManage/devOpsIngArt')({
  staticData: { title: msg`Artworks in operation`, privilege: 'devOpsManage:view' },
  component: () => <PlannedScreen purpose={msg`Artworks currently in a process, and which process it is.`} />,
})
