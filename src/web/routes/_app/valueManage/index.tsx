// /valueManage opens /valueManage/index (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/valueManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/valueManage/index', replace: true })
  },
})
