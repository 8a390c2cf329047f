// The documentation backlog (/api/datacentre/data-quality): rules over the artworks the office holds, each
// with how many artworks it finds now, the artworks behind a rule a page at a time, and the daily counts kept
// since (the trend). The rules are in src/server/modules/datacentre/data-quality.ts.
import { z } from 'zod'
// The rules themselves are in constants.ts (zod-free: the data centre's search check reads them in the first
// download).
import { DATA_QUALITY_RULES } from '../constants'
import { optionalParam } from './reference'

export { DATA_QUALITY_RULES, type DataQualityRule } from '../constants'

/** A valuation older than this many years counts as none (default). */
export const DEFAULT_VALUATION_YEARS = 3
/** A condition check older than this many months counts as none (default). */
export const DEFAULT_CONDITION_MONTHS = 12

const years = optionalParam(
  z.coerce
    .number({ message: 'badValuationYears' })
    .int({ message: 'badValuationYears' })
    .min(1, { message: 'badValuationYears' })
    .max(50, { message: 'badValuationYears' }),
).transform((v) => v ?? DEFAULT_VALUATION_YEARS)
const months = optionalParam(
  z.coerce
    .number({ message: 'badConditionMonths' })
    .int({ message: 'badConditionMonths' })
    .min(1, { message: 'badConditionMonths' })
    .max(120, { message: 'badConditionMonths' }),
).transform((v) => v ?? DEFAULT_CONDITION_MONTHS)

export const dataQualityQuery = z.object({ valuationYears: years, conditionMonths: months })
export type DataQualityQuery = z.infer<typeof dataQualityQuery>

export const dataQualityArtworksQuery = dataQualityQuery.extend({
  page: optionalParam(
    z.coerce.number({ message: 'badPage' }).int({ message: 'badPage' }).min(1, { message: 'badPage' }),
  ).transform((v) => v ?? 1),
  pageSize: optionalParam(
    z.coerce
      .number({ message: 'badPageSize' })
      .int({ message: 'badPageSize' })
      .min(1, { message: 'badPageSize' })
      .max(200, { message: 'badPageSize' }),
  ).transform((v) => v ?? 20),
})
export type DataQualityArtworksQuery = z.infer<typeof dataQualityArtworksQuery>

export const dataQualityRuleCount = z.object({
  key: z.enum(DATA_QUALITY_RULES),
  count: z.number(),
})

/** The counts kept on one office day. */
export const dataQualityPoint = z.object({
  on: z.string(),
  held: z.number(),
  counts: z.record(z.string(), z.number()),
})
export type DataQualityPoint = z.infer<typeof dataQualityPoint>

export const dataQualityReport = z.object({
  /** The office day the counts are of. */
  on: z.string(),
  valuationYears: z.number(),
  conditionMonths: z.number(),
  /** The artworks the office holds (purchased, in the collection, on loan): every rule looks at these. */
  held: z.number(),
  rules: z.array(dataQualityRuleCount),
  /** The kept daily counts, oldest first (the default thresholds), at most the last 180 days. */
  trend: z.array(dataQualityPoint),
})
export type DataQualityReport = z.infer<typeof dataQualityReport>

export const dataQualityArtwork = z.object({
  id: z.string(),
  inventoryNo: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  artistNameZh: z.string(),
  artistNameEn: z.string(),
  previewFileId: z.string().nullable(),
})
export type DataQualityArtwork = z.infer<typeof dataQualityArtwork>

export const dataQualityArtworks = z.object({
  rule: z.enum(DATA_QUALITY_RULES),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  items: z.array(dataQualityArtwork),
})
export type DataQualityArtworks = z.infer<typeof dataQualityArtworks>
