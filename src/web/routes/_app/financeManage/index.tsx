// /financeManage opens /financeManage/index (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/financeManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/financeManage/index', replace: true })
  },
})
