// The Valuation area: its breadcrumb, and its screens need a privilege within `valueManage` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/valueManage')({
  staticData: { title: msg`Valuation`, crumbTo: '/valueManage/index', system: 'valueManage' },
})
