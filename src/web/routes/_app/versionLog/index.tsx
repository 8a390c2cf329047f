// /versionLog opens /versionLog/index (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/versionLog/')({
  beforeLoad: () => {
    throw redirect({ to: '/versionLog/index', replace: true })
  },
})
