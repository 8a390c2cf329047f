// /dynamicManage opens /dynamicManage/index (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/dynamicManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/dynamicManage/index', replace: true })
  },
})
