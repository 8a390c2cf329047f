// /artworkArchive/add: register a new artwork, or edit one with ?id= (the edit lock is taken on open).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { ArtworkFormScreen } from '../../../areas/archive/form/ArtworkFormScreen'

const addSearch = z.object({ id: z.uuid().optional().catch(undefined) })

export const Route = createFileRoute('/_app/artworkArchive/add')({
  staticData: { title: msg`Add artwork`, privilege: 'artworkArchive:edit' },
  validateSearch: (input: Record<string, unknown>) => addSearch.parse(input),
  component: function AddOrEditArtwork() {
    const { id } = Route.useSearch()
    return <ArtworkFormScreen key={id ?? 'new'} id={id ?? null} />
  },
})
