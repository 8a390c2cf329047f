// The Artwork archive area: its breadcrumb, and its screens need a privilege within `artworkArchive` (as the server checks).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_app/artworkArchive')({
  staticData: { title: msg`Artwork archive`, crumbTo: '/artworkArchive/index', system: 'artworkArchive' },
})
