// INVENTORY_CHECK's forms: the count of a room (found and missing artworks) and, when artworks are
// missing, how each was accounted for. The second form depends on the first: every missing artwork of the
// count is marked found or still missing, and nothing else.
import { z } from 'zod'
import { isoDate, text } from '../validation'
import { artworkIds, note } from './common'

export const countingStep = z
  .strictObject({
    countedOn: isoDate,
    counters: text(200),
    foundArtworkIds: artworkIds(0),
    missingArtworkIds: artworkIds(0),
    remark: note(2000),
  })
  .superRefine((v, ctx) => {
    const found = new Set(v.foundArtworkIds)
    v.missingArtworkIds.forEach((id, i) => {
      if (found.has(id))
        ctx.addIssue({ code: 'custom', message: 'duplicateArtwork', path: ['missingArtworkIds', i] })
    })
    if (v.foundArtworkIds.length + v.missingArtworkIds.length === 0)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['foundArtworkIds'] })
  })

const discrepancyFields = z.strictObject({
  /** Missing at the count, found since (back into the room). */
  foundArtworkIds: artworkIds(0),
  /** Still missing: the stocktake closes uncompleted. */
  missingArtworkIds: artworkIds(0),
  explanation: text(5000),
})

/** The discrepancies form for a count that missed `missing` artworks. */
export function discrepanciesStep(missing: readonly string[]) {
  const expected = new Set(missing)
  return discrepancyFields.superRefine((v, ctx) => {
    const seen = new Set<string>()
    for (const key of ['foundArtworkIds', 'missingArtworkIds'] as const)
      v[key].forEach((id, i) => {
        if (!expected.has(id)) ctx.addIssue({ code: 'custom', message: 'notInCount', path: [key, i] })
        else if (seen.has(id)) ctx.addIssue({ code: 'custom', message: 'duplicateArtwork', path: [key, i] })
        seen.add(id)
      })
    if ([...expected].some((id) => !seen.has(id)))
      ctx.addIssue({ code: 'custom', message: 'discrepancyUnaccounted', path: ['missingArtworkIds'] })
  })
}
/** Without the count at hand (drafts, documentation): the shape only. */
export const discrepanciesShape = discrepancyFields
