// /authManage opens /authManage/home (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/authManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/authManage/home', replace: true })
  },
})
