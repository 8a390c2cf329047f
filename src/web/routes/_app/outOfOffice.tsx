// /outOfOffice (from the user menu): my own delegations — who takes my tasks while I am away — for every
// signed-in user.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DelegationsScreen } from '../../areas/task-settings/DelegationsScreen'

export const Route = createFileRoute('/_app/outOfOffice')({
  staticData: { title: msg`Out of office` },
  component: () => <DelegationsScreen admin={false} />,
})
