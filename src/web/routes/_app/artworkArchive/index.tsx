// /artworkArchive opens /artworkArchive/index (docs/architecture.md § Screens and routes).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/artworkArchive/')({
  beforeLoad: () => {
    throw redirect({ to: '/artworkArchive/index', replace: true })
  },
})
