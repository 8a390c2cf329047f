// /authManage/roleManage: the roles, their privileges as a tree mirroring the menu, and the effect of a change
// shown before it is saved (areas/admin/RolesScreen.tsx).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { rolesQuery } from '../../../api/queries/admin'
import { RolesScreen } from '../../../areas/admin/RolesScreen'

export const Route = createFileRoute('/_app/authManage/roleManage')({
  staticData: { title: msg`Roles`, privilege: 'authManage:view' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(rolesQuery()),
  component: RolesScreen,
})
