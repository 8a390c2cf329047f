// The Dynamic content area: its breadcrumb, and its screens need a privilege within `dynamicManage` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/dynamicManage')({
  staticData: { title: msg`Dynamic content`, crumbTo: '/dynamicManage/index', system: 'dynamicManage' },
})
