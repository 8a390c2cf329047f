// /valueManage opens /valueManage/index (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/valueManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/valueManage/index', replace: true })
  },
})
