// /authManage/delegations: everyone's delegations (tasks handed to someone else while away), set up and
// cancelled by administrators for anyone.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { DelegationsScreen } from '../../../areas/task-settings/DelegationsScreen'

export const Route = createFileRoute('/_app/authManage/delegations')({
  staticData: { title: msg`Delegations`, privilege: 'authManage:view' },
  component: () => <DelegationsScreen admin />,
})
