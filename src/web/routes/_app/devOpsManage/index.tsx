// /devOpsManage opens /devOpsManage/index (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/devOpsManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/devOpsManage/index', replace: true })
  },
})
