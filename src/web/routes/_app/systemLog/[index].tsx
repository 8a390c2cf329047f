// /systemLog/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/systemLog/index')({
  staticData: { title: msg`Log entries`, privilege: 'systemLog:view' },
  component: () => (
    <PlannedScreen
      purpose={msg`Every request: who made it, when, what it did, from where and how it went.`}
    />
  ),
})
