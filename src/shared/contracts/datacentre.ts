// The data centre's API (/api/datacentre): the collection at a glance — its value per original
// currency and in the reporting currency (through dated rates, which the answer names), by location, medium,
// period, artist, invest market and income stage, over time from the valuation history, insured or not, and
// what is moving — and process mining from the history rows (time per step, rejections, terminations,
// throughput, overdue tasks). Every filter is one of the archive's, so a chart opens the matching archive list.
import { z } from 'zod'
import {
  ACTIVITIES,
  type Activity,
  DATA_CENTRE_FILTER_KEYS,
  DIMENSIONS,
  type Dimension,
  INSURANCE_FILTERS,
  OUT_OF_WAREHOUSE,
} from '../constants'
import { dateRule } from '../validation'
import { rateUsed, unconvertedAmount } from './finance'
import { processTypeSchema } from './process'
import { optionalParam } from './reference'

export { ACTIVITIES, type Activity, DIMENSIONS, type Dimension, INSURANCE_FILTERS, OUT_OF_WAREHOUSE }

const uuid = z.uuid({ message: 'invalidValue' })
const tagId = z.coerce
  .number({ message: 'invalidValue' })
  .int({ message: 'invalidValue' })
  .min(1, { message: 'invalidValue' })
const currency = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, { message: 'unknownCurrency' })
const day = z.string().trim().superRefine(dateRule)

/** The filters every collection aggregate takes (the dashboard's shared filter state). */
export const collectionFilters = z.object({
  /** A room's id, or `out` (not in the warehouse). */
  location: optionalParam(z.union([z.literal(OUT_OF_WAREHOUSE), uuid], { message: 'invalidValue' })),
  medium: optionalParam(tagId),
  period: optionalParam(tagId),
  market: optionalParam(tagId),
  stage: optionalParam(tagId),
  artist: optionalParam(uuid),
  insurance: optionalParam(z.enum(INSURANCE_FILTERS, { message: 'invalidValue' })),
  activity: optionalParam(z.enum(ACTIVITIES, { message: 'invalidValue' })),
  /** Only artworks valued in this currency. */
  valuationCurrency: optionalParam(currency),
  /** The currency of the converted totals (default: the reporting currency). */
  reportingCurrency: optionalParam(currency),
})
export type CollectionFilters = z.infer<typeof collectionFilters>
export type FilterKey = Exclude<keyof CollectionFilters, 'reportingCurrency'>
export const FILTER_KEYS: readonly FilterKey[] = DATA_CENTRE_FILTER_KEYS

export const VALUE_PERIODS = ['month', 'year'] as const
export const valueHistoryQuery = collectionFilters.extend({
  by: optionalParam(z.enum(VALUE_PERIODS, { message: 'invalidValue' })).transform((v) => v ?? 'month'),
  from: optionalParam(day),
  to: optionalParam(day),
})
export type ValueHistoryQuery = z.infer<typeof valueHistoryQuery>

export const miningQuery = z.object({
  from: optionalParam(day),
  to: optionalParam(day),
})
export type MiningQuery = z.infer<typeof miningQuery>

const money = z.object({ currency: z.string(), amount: z.string() })

/** An amount per currency and, when a rate existed, converted. */
export const currencyTotal = z.object({
  currency: z.string(),
  /** Null (with `converted`): the user may not see values. */
  amount: z.string().nullable(),
  count: z.number(),
  /** In the reporting currency (null: no rate on or before the date). */
  converted: z.string().nullable(),
  rate: rateUsed.nullable(),
})
export type CurrencyTotal = z.infer<typeof currencyTotal>

export const collectionTotals = z.object({
  /** The date of the rates (today). */
  at: z.string(),
  reportingCurrency: z.string(),
  /** The converted amounts added up; amounts without a rate are not in it (see `unconverted`). Null: the user
   * may not see values. */
  total: z.string().nullable(),
  /** Held artworks matching the filters; `valued` of them carry a valuation. */
  artworks: z.number(),
  valued: z.number(),
  perCurrency: z.array(currencyTotal),
  ratesUsed: z.array(rateUsed),
  unconverted: z.array(unconvertedAmount),
})
export type CollectionTotals = z.infer<typeof collectionTotals>

export const breakdownRow = z.object({
  /** The filter value this bar stands for (a room id, `out`, a tag id, an artist id); null: not recorded. */
  key: z.string().nullable(),
  label: z.string(),
  count: z.number(),
  values: z.array(money),
  /** The values with a rate, in the reporting currency (null, `values` empty: the user may not see values). */
  converted: z.string().nullable(),
  /** Currencies of this row that had no rate (their values are not in `converted`). */
  unconverted: z.array(z.string()),
})
export type BreakdownRow = z.infer<typeof breakdownRow>

export const breakdown = z.object({
  dimension: z.enum(DIMENSIONS),
  rows: z.array(breakdownRow),
  /** Rows beyond the top ones shown (artists): how many, and how many artworks they hold. */
  more: z.object({ rows: z.number(), count: z.number() }),
})
export type Breakdown = z.infer<typeof breakdown>

export const insuranceSummary = z.object({
  rows: z.array(
    z.object({
      status: z.enum(INSURANCE_FILTERS),
      count: z.number(),
      values: z.array(money),
      converted: z.string().nullable(),
      unconverted: z.array(z.string()),
    }),
  ),
  /** Artworks whose cover is below the ratio of their valuation, over the whole collection. */
  underInsured: z.number(),
  ratio: z.number(),
})
export type InsuranceSummary = z.infer<typeof insuranceSummary>

export const activitySummary = z.object({
  rows: z.array(z.object({ activity: z.enum(ACTIVITIES), count: z.number() })),
})
export type ActivitySummary = z.infer<typeof activitySummary>

export const collectionDashboard = z.object({
  totals: collectionTotals,
  breakdowns: z.array(breakdown),
  insurance: insuranceSummary,
  activity: activitySummary,
})
export type CollectionDashboard = z.infer<typeof collectionDashboard>

export const valueHistory = z.object({
  by: z.enum(VALUE_PERIODS),
  from: z.string(),
  to: z.string(),
  reportingCurrency: z.string(),
  /** One point per period end: the value of the held artworks then (each at its latest valuation on or before
   * that day), per currency, and converted at that day's rates. */
  points: z.array(
    z.object({
      period: z.string(),
      on: z.string(),
      values: z.array(money),
      converted: z.string().nullable(),
      unconverted: z.array(z.string()),
    }),
  ),
  ratesUsed: z.array(rateUsed),
  currencies: z.array(z.string()),
  /** When it was computed, if it comes from a snapshot (null: just now). */
  computedAt: z.string().nullable(),
})
export type ValueHistory = z.infer<typeof valueHistory>

export const stepFigures = z.object({
  step: z.string(),
  /** Processes that entered the step (in the period), and those that left it (their time is measured). */
  entered: z.number(),
  left: z.number(),
  /** Seconds spent in the step per process (every visit added up), over the processes that left it. */
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
  /** Share (0–1) of the processes that entered the step and were rejected there at least once / terminated there. */
  rejectionShare: z.number().nullable(),
  terminationShare: z.number().nullable(),
  rejections: z.number(),
  terminations: z.number(),
  /** Live processes in the step now. */
  live: z.number(),
  /** Open tasks of the step past their due date. */
  overdue: z.number(),
  /** median × live: the bottleneck is the step where it is largest (and above zero). */
  load: z.number(),
})
export type StepFigures = z.infer<typeof stepFigures>

export const processMining = z.object({
  type: processTypeSchema,
  from: z.string().nullable(),
  to: z.string().nullable(),
  steps: z.array(stepFigures),
  bottleneck: z.string().nullable(),
  /** Per month: processes completed, and terminated. */
  throughput: z.array(z.object({ month: z.string(), completed: z.number(), terminated: z.number() })),
  overdue: z.number(),
  live: z.number(),
  historyRows: z.number(),
  /** When the history figures were computed, if they come from a snapshot (null: just now). */
  computedAt: z.string().nullable(),
})
export type ProcessMining = z.infer<typeof processMining>
