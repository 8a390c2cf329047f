// /authManage opens /authManage/home (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/authManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/authManage/home', replace: true })
  },
})
