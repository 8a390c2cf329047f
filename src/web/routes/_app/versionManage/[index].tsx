// /versionManage/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/versionManage/index')({
  staticData: { title: msg`Versions`, privilege: 'versionManage:view' },
  component: () => <PlannedScreen purpose={msg`Releases of the system and what each contains.`} />,
})
