// The Release notes area: its breadcrumb, and its screens need a privilege within `versionLog` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/versionLog')({
  staticData: { title: msg`Release notes`, crumbTo: '/versionLog/index', system: 'versionLog' },
})
