// The valuations API (/api/valuations): one dated opinion of an artwork's worth in its own currency,
// added for one artwork or many at once (the same amount each, or each its own), listed per artwork or all,
// the artworks with their latest valuation, those not valued in N years, and the Excel revaluation. Shared by
// the server's validation and the screen's form, so both refuse the same things with the same words.
import { z } from 'zod'
import { MONEY_RE, VALUATION_METHODS, type ValuationMethod } from '../constants'
import { isCleanText, isoDate, normaliseMoney, optionalText, pageQuery } from '../validation'

/** Methods a person may choose; `purchase_price` is recorded by a purchase (and accepted from a sheet). */
export { VALUATION_METHODS, type ValuationMethod }

export const VALUATION_METHOD_LABELS: Record<ValuationMethod, { 'zh-CN': string; en: string }> = {
  appraisal: { 'zh-CN': '评估', en: 'Appraisal' },
  auction_estimate: { 'zh-CN': '拍卖估价', en: 'Auction estimate' },
  insurance_agreed: { 'zh-CN': '保险约定价值', en: 'Insurance agreed value' },
  market_comparison: { 'zh-CN': '市场比较', en: 'Market comparison' },
  purchase_price: { 'zh-CN': '购入价', en: 'Purchase price' },
  other: { 'zh-CN': '其他', en: 'Other' },
}

/** A valuation's amount: a decimal string, at most two places, never negative. */
export const valuationAmount = z
  .string({ message: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .refine((v) => !v.startsWith('-'), { message: 'valuationNegative' })
  .refine((v) => MONEY_RE.test(v), { message: 'invalidMoney' })
  .transform((v) => normaliseMoney(v))

const uuid = z.uuid({ message: 'invalidValue' })
const currency = z.string({ message: 'required' }).trim().min(1, { message: 'required' })

export const STALE_YEARS_KEY = 'valuation.staleYears'
export const DEFAULT_STALE_YEARS = 3
export const staleYears = z.coerce
  .number({ message: 'badStaleYears' })
  .int({ message: 'badStaleYears' })
  .min(1, { message: 'badStaleYears' })
  .max(50, { message: 'badStaleYears' })

/** At most this many artworks in one add. */
export const MAX_VALUATION_ITEMS = 500

export const valuationCreate = z
  .strictObject({
    /** One artwork ... */
    artworkId: uuid.optional(),
    /** ... or many; an item's own amount wins over `amount`. */
    items: z
      .array(z.strictObject({ artworkId: uuid, amount: valuationAmount.optional() }))
      .max(MAX_VALUATION_ITEMS, { message: 'invalidValue' })
      .optional(),
    /** The amount of every artwork that has none of its own. */
    amount: valuationAmount.optional(),
    currency,
    valuedOn: z.string({ message: 'required' }).pipe(isoDate),
    method: z.enum(VALUATION_METHODS, { message: 'invalidValue' }),
    valuer: z
      .string({ message: 'required' })
      .trim()
      .min(1, { message: 'required' })
      .max(100)
      .refine(isCleanText, { message: 'invalidText' }),
    /** Required when an artwork is sold or missing. */
    note: optionalText(500).default(''),
    reportFileIds: z.array(uuid).max(10, { message: 'invalidValue' }).default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.artworkId && !(v.items && v.items.length > 0))
      ctx.addIssue({ code: 'custom', path: ['artworkId'], message: 'required' })
    if (v.artworkId && v.items && v.items.length > 0)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'invalidValue' })
    const needsAmount = v.artworkId ? true : (v.items ?? []).some((i) => i.amount === undefined)
    if (needsAmount && v.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'required' })
  })
export type ValuationCreate = z.input<typeof valuationCreate>

export const valuationView = z.object({
  id: z.string(),
  artworkId: z.string(),
  inventoryNo: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  /** Null: the user may not see values. */
  amount: z.string().nullable(),
  currency: z.string(),
  valuedOn: z.string(),
  method: z.enum(VALUATION_METHODS),
  valuer: z.string(),
  note: z.string(),
  reportFileIds: z.array(z.string()),
  processId: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
})
export type ValuationView = z.infer<typeof valuationView>

export const valuationAdded = z.object({
  list: z.array(valuationView),
  /** The artworks whose latest valuation this add became. */
  becameLatest: z.array(z.string()),
})
export type ValuationAdded = z.infer<typeof valuationAdded>

const absentIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(absentIfEmpty, schema.optional())

export const valuationListQuery = pageQuery.extend({
  artworkId: opt(uuid),
  currency: opt(z.string().regex(/^[A-Z]{3}$/, { message: 'invalidValue' })),
  method: opt(z.enum(VALUATION_METHODS, { message: 'invalidValue' })),
})

export const ARTWORK_VALUATION_SCOPES = ['all', 'inOperation'] as const
export const artworkValuationQuery = pageQuery.extend({
  /** Inventory number, title or artist. */
  q: opt(z.string().trim().max(100)),
  currency: opt(z.string().regex(/^[A-Z]{3}$/, { message: 'invalidValue' })),
  method: opt(z.enum(VALUATION_METHODS, { message: 'invalidValue' })),
  /** `inOperation`: only artworks a live process holds now. */
  scope: opt(z.enum(ARTWORK_VALUATION_SCOPES, { message: 'invalidValue' })),
  /** Only artworks not valued in this many years (none at all counts), sold ones left out. */
  staleYears: opt(staleYears),
})

export const artworkValuationRow = z.object({
  artworkId: z.string(),
  inventoryNo: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  previewFileId: z.string().nullable(),
  status: z.string(),
  activeProcessId: z.string().nullable(),
  latestValuation: z.string().nullable(),
  latestValuationCurrency: z.string().nullable(),
  valuationDate: z.string().nullable(),
  method: z.enum(VALUATION_METHODS).nullable(),
  valuer: z.string().nullable(),
  valuationCount: z.number(),
})
export type ArtworkValuationRow = z.infer<typeof artworkValuationRow>

export const valuationSettings = z.object({
  staleYears: z.number(),
  isDefault: z.boolean(),
})
export const valuationSettingsInput = z.strictObject({ staleYears })

export const valuationImportInput = z.strictObject({ fileId: uuid })
export const valuationImportRowError = z.object({
  /** The Excel row number (the header is row 1). */
  row: z.number(),
  /** The column's header in the request's language ('' for the whole row). */
  column: z.string(),
  reason: z.string(),
})
export type ValuationImportRowError = z.infer<typeof valuationImportRowError>
export const valuationImportResult = z.object({
  /** `refused`: some rows are bad and nothing was written; `done`: every row was written. */
  status: z.enum(['refused', 'done']),
  totalRows: z.number(),
  imported: z.number(),
  becameLatest: z.number(),
  errors: z.array(valuationImportRowError),
})
export type ValuationImportResult = z.infer<typeof valuationImportResult>
