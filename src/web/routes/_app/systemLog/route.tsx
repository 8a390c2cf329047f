// The System log area: its breadcrumb, and its screens need a privilege within `systemLog` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/systemLog')({
  staticData: { title: msg`System log`, crumbTo: '/systemLog/home', system: 'systemLog' },
})
