// /messageCenter opens /messageCenter/index (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/messageCenter/')({
  beforeLoad: () => {
    throw redirect({ to: '/messageCenter/index', replace: true })
  },
})
