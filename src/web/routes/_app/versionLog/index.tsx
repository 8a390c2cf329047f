// /versionLog opens /versionLog/index (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/versionLog/')({
  beforeLoad: () => {
    throw redirect({ to: '/versionLog/index', replace: true })
  },
})
