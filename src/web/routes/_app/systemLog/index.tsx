// /systemLog opens /systemLog/home (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/systemLog/')({
  beforeLoad: () => {
    throw redirect({ to: '/systemLog/home', replace: true })
  },
})
