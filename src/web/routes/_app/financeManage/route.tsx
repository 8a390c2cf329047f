// The Finance area: its breadcrumb, and its screens need a privilege within `financeManage` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/financeManage')({
  staticData: { title: msg`Finance`, crumbTo: '/financeManage/index', system: 'financeManage' },
})
