// /financeManage opens /financeManage/index (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/financeManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/financeManage/index', replace: true })
  },
})
