// /messageCenter opens /messageCenter/index (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/messageCenter/')({
  beforeLoad: () => {
    throw redirect({ to: '/messageCenter/index', replace: true })
  },
})
