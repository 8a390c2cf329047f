// /messageCenter/index: a screen a later issue builds; until then its title, place in the menu and an honest empty state.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '../../../shell/PlannedScreen'

export const Route = createFileRoute('/_app/messageCenter/index')({
  staticData: { title: msg`Messages`, privilege: 'messageCenter:view' },
  component: () => (
    <PlannedScreen purpose={msg`Messages about your processes: approvals, replies and reminders.`} />
  ),
})
