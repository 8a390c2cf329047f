// /versionManage opens /versionManage/index (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/versionManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/versionManage/index', replace: true })
  },
})
