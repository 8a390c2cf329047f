// /systemLog/home: the same screen as /systemLog/index (DESIGN.md § Web: `home` and `index` are one screen).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/systemLog/home')({
  staticData: { title: msg`Log entries`, privilege: 'systemLog:view' },
  component: () => (
    <PlannedScreen
      purpose={msg`Every request: who made it, when, what it did, from where and how it went.`}
    />
  ),
})
