// Shapes of the label sheets API (/api/labels): a printable PDF of artwork labels (QR code, inventory
// number, title) for a room or for chosen artworks. The selection is checked by the handler, which words
// each refusal (no selection, a malformed or unknown artwork, an unknown room, too many labels).
import { z } from 'zod'

/** The most labels one sheet request prints (about 84 A4 pages); a larger room is printed in parts. */
export const LABELS_MAX = 2000

export const LABELS_API = { pdf: '/api/labels/artworks.pdf' } as const

const absentIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** GET: `roomId` (every artwork the room holds now) or `ids=a,b,c` (these artworks). */
export const labelsQuery = z.object({
  roomId: z.preprocess(absentIfEmpty, z.string().trim().max(100).optional()),
  ids: z.preprocess(absentIfEmpty, z.string().max(100_000).optional()),
})
export type LabelsQuery = z.infer<typeof labelsQuery>

/** POST: a large selection, whose ids do not fit in a URL. */
export const labelsBody = z.object({
  ids: z.array(z.string().max(100)).max(LABELS_MAX * 2),
})
export type LabelsBody = z.infer<typeof labelsBody>
