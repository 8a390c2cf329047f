// /versionManage opens /versionManage/index (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/versionManage/')({
  beforeLoad: () => {
    throw redirect({ to: '/versionManage/index', replace: true })
  },
})
