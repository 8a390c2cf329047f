// /versionLog/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/versionLog/index')({
  staticData: { title: msg`What's new`, privilege: 'versionLog:view' },
  component: () => <PlannedScreen purpose={msg`What changed in each release, newest first.`} />,
})
