// Shapes of the under-insurance check and the schedules of cover: the covered artworks whose
// schedule value falls below the ratio in force of their latest valuation in the same currency (never
// converted: another currency cannot be compared until dated exchange rates exist), the ratio setting,
// and one policy's schedule with its adjustment. Codes travel (reason); the screens choose the words. The
// paging, the policy kinds and statuses are insurance.ts's.
import { z } from 'zod'
import { MONEY_RE } from '../constants'
import type { PrivilegeKey } from '../privileges'
import { normaliseMoney } from '../validation'
import { POLICY_KINDS, POLICY_STATUSES, paging } from './insurance'
import { artworkBrief } from './operations'

/**
 * Who adjusts a schedule's agreed values: the approvers of annual policies. The values are the policy's
 * terms, approved with it; letting whoever records the policy change them afterwards would go around that
 * approval (the administrators hold it through full privilege).
 */
export const SCHEDULE_EDIT_PRIVILEGE: PrivilegeKey = 'devOpsManage:approve:INSURANCE_ANNUAL'
/** Who sets the ratio: the administrators of settings, as for the task settings. */
export const SETTINGS_EDIT_PRIVILEGE: PrivilegeKey = 'authManage:edit'

/** The ratio below which an artwork is under-insured when no one has set it. */
export const DEFAULT_UNDER_INSURANCE_RATIO = 0.9
export const MIN_RATIO = 0.5
export const MAX_RATIO = 1.5
/** The app_settings key of the ratio. */
export const UNDER_INSURANCE_RATIO_KEY = 'insurance.underInsuranceRatio'

/** A ratio from 0.5 to 1.5 with at most three decimals (87.5 %). */
export const ratioSchema = z
  .number({ message: 'badRatio' })
  .min(MIN_RATIO, { message: 'badRatio' })
  .max(MAX_RATIO, { message: 'badRatio' })
  .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-9, { message: 'badRatio' })

/** The ratio in thousandths (exact arithmetic: 0.9 → 900). */
export const perMille = (ratio: number) => Math.round(ratio * 1000)

export const UNDER_INSURED_LISTS = ['flagged', 'notComparable'] as const
export type UnderInsuredList = (typeof UNDER_INSURED_LISTS)[number]

/** GET /api/insurance/under-insured */
export const underInsuredQuery = paging.extend({
  /** Another ratio than the one in force, to see what it would flag. */
  ratio: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    ratioSchema.optional(),
  ),
  /** Only policies in this currency. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'invalidValue' })
    .optional(),
  list: z.enum(UNDER_INSURED_LISTS, { message: 'invalidValue' }).default('flagged'),
})
export type UnderInsuredQuery = z.input<typeof underInsuredQuery>

/**
 * Why a covered artwork cannot be compared: no value on the policy's schedule, no valuation at all, or a
 * valuation in another currency than the policy's.
 */
export const NOT_COMPARABLE_REASONS = ['noScheduleValue', 'noValuation', 'currency'] as const
export type NotComparableReason = (typeof NOT_COMPARABLE_REASONS)[number]

export const valuationView = z.object({
  amount: z.string(),
  currency: z.string().nullable(),
  /** yyyy-MM-dd when known. */
  valuedOn: z.string().nullable(),
})
export type ValuationView = z.infer<typeof valuationView>

export const policyRefView = z.object({
  id: z.string(),
  policyNo: z.string(),
  insurer: z.string(),
  currency: z.string(),
  startDate: z.string(),
  endDate: z.string(),
})

export const underInsuredRow = z.object({
  artwork: artworkBrief,
  policy: policyRefView,
  /** The schedule value, in the policy's currency (null: no schedule value). */
  insuredAmount: z.string().nullable(),
  valuation: valuationView.nullable(),
  /** Insured amount ÷ valuation, as a percentage with one decimal ("80.0"); null when not comparable. */
  percent: z.string().nullable(),
  /** The cover missing to reach the ratio in force (ratio × valuation − insured amount); null when not comparable. */
  shortfall: z.string().nullable(),
  reason: z.enum(NOT_COMPARABLE_REASONS).nullable(),
})
export type UnderInsuredRow = z.infer<typeof underInsuredRow>

/** A policy the check looked at: its total and the sum of its schedule, and how many lines it flags. */
export const checkedPolicy = policyRefView.extend({
  insuredAmount: z.string().nullable(),
  /** The sum of its schedule values (null: none recorded). */
  scheduleTotal: z.string().nullable(),
  artworkCount: z.number(),
  flagged: z.number(),
})
export type CheckedPolicy = z.infer<typeof checkedPolicy>

export const underInsuredPage = z.object({
  list: z.array(underInsuredRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The ratio the list was computed with, and the one in force. */
  ratio: z.number(),
  settingRatio: z.number(),
  counts: z.object({ flagged: z.number(), notComparable: z.number() }),
  /** Active policies not yet ended (in force or starting later), with their schedule totals. */
  policies: z.array(checkedPolicy),
})
export type UnderInsuredPage = z.infer<typeof underInsuredPage>

/** GET/PUT /api/insurance/settings */
export const insuranceSettingsInput = z.object({ underInsuranceRatio: ratioSchema })
export type InsuranceSettingsInput = z.infer<typeof insuranceSettingsInput>
export const insuranceSettingsView = z.object({
  underInsuranceRatio: z.number(),
  /** True when the default is in force (nobody has set it). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
})
export type InsuranceSettingsView = z.infer<typeof insuranceSettingsView>

/** A money amount above zero, at most two decimals, normalised ("1200" → "1200.00"). */
export const positiveMoney = z
  .string({ message: 'positiveMoney' })
  .trim()
  .regex(MONEY_RE, { message: 'positiveMoney' })
  .transform((v) => normaliseMoney(v))
  .refine((v) => !v.startsWith('-') && v !== '0.00', { message: 'positiveMoney' })
  .refine((v) => v.split('.')[0].length <= 16, { message: 'positiveMoney' })

/** PUT /api/insurance/policies/:id/schedule */
export const scheduleInput = z.object({
  items: z
    .array(
      z.object({
        artworkId: z.string().uuid({ message: 'invalidValue' }),
        insuredAmount: positiveMoney,
      }),
    )
    .min(1, { message: 'required' })
    .max(1000, { message: 'invalidValue' }),
})
export type ScheduleInput = z.input<typeof scheduleInput>

export const scheduleLine = z.object({
  artwork: artworkBrief.extend({
    artistName: z.string(),
    medium: z.string(),
    sizeText: z.string(),
  }),
  insuredAmount: z.string().nullable(),
  valuation: valuationView.nullable(),
  percent: z.string().nullable(),
  /** Below the ratio in force (comparable lines only). */
  flagged: z.boolean(),
  reason: z.enum(NOT_COMPARABLE_REASONS).nullable(),
})
export type ScheduleLine = z.infer<typeof scheduleLine>

export const policySchedule = z.object({
  policy: policyRefView.extend({
    kind: z.enum(POLICY_KINDS),
    status: z.enum(POLICY_STATUSES),
    insuredAmount: z.string().nullable(),
  }),
  /** The sum of the schedule values (null: none recorded); may differ from the policy's insured amount. */
  scheduleTotal: z.string().nullable(),
  ratio: z.number(),
  /** The schedule may be adjusted (an active policy). */
  editable: z.boolean(),
  /** The day the schedule is read as of (yyyy-MM-dd; null: today, as it stands). */
  asOf: z.string().nullable(),
  lines: z.array(scheduleLine),
})
export type PolicySchedule = z.infer<typeof policySchedule>
