// /devOpsManage opens /devOpsManage/index (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/devOpsManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/devOpsManage/index', replace: true })
  },
})
