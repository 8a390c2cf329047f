// /artworkArchive/add: register a new artwork, or edit one with ?id= (the edit lock is taken on open).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { uuidOf } from '../../../areas/archive/archive-search'
import { ArtworkFormScreen } from '../../../areas/archive/form/ArtworkFormScreen'

export const Route = createFileRoute('/_app/artworkArchive/add')({
  staticData: { title: msg`Add artwork`, privilege: 'artworkArchive:edit' },
  // By hand, not zod: route files are in the first download (docs/decisions.md, "Start and first download").
  validateSearch: (input: Record<string, unknown>): { id?: string } => {
    const id = uuidOf(input.id)
    return id ? { id } : {}
  },
  component: function AddOrEditArtwork() {
    const { id } = Route.useSearch()
    return <ArtworkFormScreen key={id ?? 'new'} id={id ?? null} />
  },
})
