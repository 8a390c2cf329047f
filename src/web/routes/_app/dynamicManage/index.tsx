// /dynamicManage opens /dynamicManage/index (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/dynamicManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/dynamicManage/index', replace: true })
  },
})
