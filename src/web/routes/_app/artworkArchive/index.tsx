// /artworkArchive opens /artworkArchive/index (spec §2, DESIGN.md § Web).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/artworkArchive/')({
  beforeLoad: () => {
    throw redirect({ to: '/artworkArchive/index', replace: true })
  },
})
