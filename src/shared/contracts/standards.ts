// Shapes of the collection-standards API: an artwork as Linked Art (JSON-LD) and chosen artworks as a LIDO 1.1
// XML file. The LIDO selection is checked by the handler, which words each refusal (nothing chosen, a
// malformed or unknown artwork, too many at once).
import { z } from 'zod'

/** The most artworks one LIDO file holds; a larger selection is exported in parts. */
export const LIDO_MAX = 500

export const STANDARDS_API = {
  linkedArt: (id: string) => `/api/artworks/${id}/linked-art`,
  lido: '/api/exports/lido.xml',
} as const

export const LINKED_ART_MIME = 'application/ld+json'
export const LIDO_MIME = 'application/xml'

const absentIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** GET: `artworkIds=a,b,c`, the artworks to export. */
export const lidoQuery = z.object({
  artworkIds: z.preprocess(absentIfEmpty, z.string().max(40_000).optional()),
})
export type LidoQuery = z.infer<typeof lidoQuery>
