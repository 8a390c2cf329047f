// The Message centre area: its breadcrumb, and its screens need a privilege within `messageCenter` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/messageCenter')({
  staticData: { title: msg`Message centre`, crumbTo: '/messageCenter/index', system: 'messageCenter' },
})
