// The Operations area: its breadcrumb, and its screens need a privilege within `devOpsManage` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/devOpsManage')({
  staticData: { title: msg`Operations`, crumbTo: '/devOpsManage/index', system: 'devOpsManage' },
})
