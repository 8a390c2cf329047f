// The Roles and privileges area: its breadcrumb, and its screens need a privilege within `authManage` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/authManage')({
  staticData: { title: msg`Roles and privileges`, crumbTo: '/authManage/home', system: 'authManage' },
})
