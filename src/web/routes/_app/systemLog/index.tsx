// /systemLog opens /systemLog/home (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/systemLog/')({
  beforeLoad: () => {
    throw redirect({ to: '/systemLog/home', replace: true })
  },
})
