// The Version management area: its breadcrumb, and its screens need a privilege within `versionManage` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/versionManage')({
  staticData: { title: msg`Version management`, crumbTo: '/versionManage/index', system: 'versionManage' },
})
