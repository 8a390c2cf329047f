// BUY_ART's own forms: what is to be bought (the start input) and the due-diligence report (docs/architecture.md § Process steps:
// seller, price and currency, provenance, authenticity, condition, market survey, recommendation, PDF
// attachments). The contract and payment steps use contract.ts and payment.ts.
import { z } from 'zod'
import { nameText, optionalNameText, text } from '../validation'
import { countryCode, currency, fileIds, note, positiveMoney, recordId } from './common'

export const RECOMMENDATIONS = ['buy', 'negotiate', 'decline'] as const

export const dueDiligenceStep = z.strictObject({
  seller: text(200),
  sellerCountry: countryCode.optional(),
  price: positiveMoney,
  currency,
  provenance: text(5000),
  authenticity: text(5000),
  condition: text(5000),
  marketSurvey: text(5000),
  recommendation: z.enum(RECOMMENDATIONS, { message: 'required' }),
  recommendationNote: note(2000),
  /** The report and its evidence (PDF only; the files module checks the format). */
  attachments: fileIds(1),
})
export type DueDiligenceData = z.output<typeof dueDiligenceStep>

/** An artwork to be bought that is not in the archive yet: it becomes a record when the purchase completes. */
export const purchaseCandidate = z.strictObject({
  titleZh: nameText(200),
  titleEn: optionalNameText(200).optional(),
  artistId: recordId.optional(),
  note: note(1000),
})

/** POST /api/process input of BUY_ART: new artworks described, or archive records chosen (or both). */
export const buyArtInput = z
  .strictObject({
    artworks: z.array(purchaseCandidate).max(100).default([]),
    artworkIds: z
      .array(recordId)
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicateArtwork' })
      .default([]),
    note: note(2000),
    /** The legal entity that buys: it owns the artworks wholly from the day the purchase completes. */
    buyerEntityId: recordId.optional(),
    /** The object entry whose work is bought (OBJECT_ENTRY ended "acquired"), when it is one. */
    sourceProcessId: recordId.optional(),
  })
  .refine((v) => v.artworks.length + v.artworkIds.length > 0, { message: 'required', path: ['artworks'] })
