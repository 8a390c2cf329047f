// The finance API (/api/finance): dated exchange rates and the reporting currency, the payment
// history (one row per attempt), its summary in original currencies and — only through dated rates, which
// the answer names — in the reporting currency, the contracts register, and the collection's value. Money is
// a decimal string; amounts of different currencies are never added together.
import { z } from 'zod'
import {
  CONTRACT_DIRECTIONS,
  PAYMENT_DIRECTIONS,
  PAYMENT_STATUSES,
  SUMMARY_GROUPS,
  type SummaryGroup,
} from '../constants'
import { dateRule, optionalText } from '../validation'
import { optionalParam } from './reference'

export const DEFAULT_REPORTING_CURRENCY = 'CNY'
/** The app_settings key of the reporting currency. */
export const REPORTING_CURRENCY_KEY = 'finance.reportingCurrency'
/** How many rows one rate import may carry. */
export const RATE_IMPORT_MAX_ROWS = 5_000
/** A contract whose end date falls within this many days is "expiring soon". */
export const EXPIRING_SOON_DAYS = 30

const uuid = z.uuid({ message: 'invalidValue' })
const page = optionalParam(z.coerce.number({ message: 'digitsOnly' }).int().min(1).max(100_000)).transform(
  (v) => v ?? 1,
)
const pageSize = optionalParam(z.coerce.number({ message: 'digitsOnly' }).int().min(1).max(200)).transform(
  (v) => v ?? 20,
)
const day = z.string({ message: 'required' }).trim().superRefine(dateRule)
/** A currency code (the server checks it is one of the CURRENCY dictionary). */
export const currencyCode = z
  .string({ message: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .regex(/^[A-Z]{3}$/, { message: 'unknownCurrency' })

/** "1.0865", "7.2" ... : above zero, at most 14 digits before the point and 10 after it. */
export const RATE_RE = /^\d{1,14}(\.\d{1,10})?$/
export const rateValue = z
  .string({ message: 'required' })
  .trim()
  .min(1, { message: 'required' })
  .refine((v) => !/^-\d/.test(v), { message: 'rateNotPositive' })
  .refine((v) => /^-\d/.test(v) || RATE_RE.test(v), { message: 'invalidRate' })
  .refine((v) => !/^0+(\.0*)?$/.test(v), { message: 'rateNotPositive' })

/** POST /api/finance/rates, PUT /api/finance/rates/:id: 1 `base` = `rate` `quote` from `on`. */
export const rateInput = z
  .object({
    base: currencyCode,
    quote: currencyCode,
    on: day,
    rate: rateValue,
    source: optionalText(200).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.base === v.quote) ctx.addIssue({ code: 'custom', path: ['quote'], message: 'sameCurrency' })
  })
export type RateInput = z.input<typeof rateInput>

export const rateView = z.object({
  id: z.string(),
  base: z.string(),
  quote: z.string(),
  on: z.string(),
  /** The rate as stored, trailing zeros of the ten places trimmed ("7.2", "0.1386"). */
  rate: z.string(),
  source: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
})
export type RateView = z.infer<typeof rateView>

export const rateListQuery = z.object({
  page,
  pageSize,
  /** Either side of the pair. */
  currency: optionalParam(
    z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { message: 'invalidValue' }),
  ),
  from: optionalParam(day),
  to: optionalParam(day),
})
export type RateListQuery = z.infer<typeof rateListQuery>

/** POST /api/finance/rates/import: an uploaded Excel file, or CSV text (one of the two). */
export const rateImportInput = z
  .object({
    fileId: uuid.optional(),
    csv: z
      .string()
      .max(512 * 1024)
      .optional(),
  })
  .strict()
export const rateImportError = z.object({
  /** The sheet's row number (the header is row 1). */
  row: z.number(),
  /** base | quote | on | rate | source | row. */
  column: z.string(),
  message: z.string(),
})
export type RateImportError = z.infer<typeof rateImportError>
/** Nothing is written unless every row is right: `imported` is 0 whenever `errors` is not empty. */
export const rateImportResult = z.object({
  rows: z.number(),
  imported: z.number(),
  errors: z.array(rateImportError),
})
export type RateImportResult = z.infer<typeof rateImportResult>

/** GET / PUT /api/finance/settings */
export const financeSettings = z.object({
  reportingCurrency: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
})
export type FinanceSettings = z.infer<typeof financeSettings>
export const financeSettingsInput = z.object({ reportingCurrency: currencyCode }).strict()

/** One rate a conversion used: 1 `base` = `rate` `quote` on `on`; `inverse`: the amount was divided by it. */
export const rateUsed = z.object({
  base: z.string(),
  quote: z.string(),
  on: z.string(),
  rate: z.string(),
  inverse: z.boolean(),
  /** The currency converted with it. */
  currency: z.string(),
})
export type RateUsed = z.infer<typeof rateUsed>

/** An amount left in its own currency because no rate existed on or before its date. */
export const unconvertedAmount = z.object({
  currency: z.string(),
  amount: z.string(),
  count: z.number(),
  /** The earliest and latest dates of the amounts left apart. */
  firstOn: z.string(),
  lastOn: z.string(),
})
export type UnconvertedAmount = z.infer<typeof unconvertedAmount>

// ---- Payments ---------------------------------------------------------------------------------------------

export { PAYMENT_DIRECTIONS, PAYMENT_STATUSES }
export const PAYMENT_METHODS = ['cheque', 'tt', 'online_banking', 'other'] as const

export const paymentListQuery = z.object({
  processId: optionalParam(uuid),
  direction: optionalParam(z.enum(PAYMENT_DIRECTIONS, { message: 'invalidValue' })),
  status: optionalParam(z.enum(PAYMENT_STATUSES, { message: 'invalidValue' })),
  currency: optionalParam(
    z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { message: 'invalidValue' }),
  ),
  /** Paid (or failed) on or after this date (yyyy-MM-dd, UTC). */
  from: optionalParam(day),
  to: optionalParam(day),
  page,
  pageSize,
})
export type PaymentListQuery = z.infer<typeof paymentListQuery>

export const paymentRow = z.object({
  id: z.string(),
  processId: z.string().nullable(),
  processType: z.string().nullable(),
  step: z.string(),
  /** The step's name in the request's language. */
  stepLabel: z.string(),
  direction: z.enum(PAYMENT_DIRECTIONS),
  status: z.enum(PAYMENT_STATUSES),
  /** 1 for the first attempt of a step, 2 after a retry, ... */
  attempt: z.number(),
  /** Null for a user who may not see values (valueManage:values). */
  amount: z.string().nullable(),
  currency: z.string(),
  payerCompany: z.string(),
  payeeAccountName: z.string(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  paidOn: z.string(),
  costAttribution: z.string(),
  costAttributionLabel: z.string(),
  /** The related event's dictionary code, and its label in the request's language. */
  relatedEvent: z.string(),
  relatedEventLabel: z.string(),
  failureReason: z.string(),
  contractNo: z.string().nullable(),
  /** The contract was superseded by a restart's new contract (the payment stays under the one it was made under). */
  contractSuperseded: z.boolean(),
  /** A non-contract payment settling another process's cost: that process. */
  forProcessId: z.string().nullable(),
  forProcessType: z.string().nullable(),
})
export type PaymentRow = z.infer<typeof paymentRow>

export { SUMMARY_GROUPS, type SummaryGroup }
export const paymentSummaryQuery = z.object({
  groupBy: optionalParam(z.enum(SUMMARY_GROUPS, { message: 'invalidValue' })).transform((v) => v ?? 'month'),
  from: optionalParam(day),
  to: optionalParam(day),
  /** `1`: add the totals in the reporting currency (through dated rates). */
  reportingCurrency: optionalParam(z.enum(['0', '1'], { message: 'invalidValue' })),
})
export type PaymentSummaryQuery = z.infer<typeof paymentSummaryQuery>

/** One group in one currency: paid amounts each way, and how many attempts paid and failed. */
export const summaryRow = z.object({
  key: z.string(),
  label: z.string(),
  currency: z.string(),
  /** Null (both) for a user who may not see values. */
  outgoing: z.string().nullable(),
  incoming: z.string().nullable(),
  paidCount: z.number(),
  failedCount: z.number(),
})
export type SummaryRow = z.infer<typeof summaryRow>

export const reportingRow = z.object({
  key: z.string(),
  label: z.string(),
  outgoing: z.string(),
  incoming: z.string(),
  /** Amounts of this group that had no rate: never converted, shown in their own currency. */
  unconverted: z.array(
    z.object({ currency: z.string(), outgoing: z.string(), incoming: z.string(), count: z.number() }),
  ),
})
export type ReportingRow = z.infer<typeof reportingRow>

export const paymentSummary = z.object({
  groupBy: z.enum(SUMMARY_GROUPS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.array(summaryRow),
  /** Totals per currency over every group (each currency on its own). */
  totals: z.array(summaryRow.omit({ key: true, label: true })),
  reporting: z
    .object({
      currency: z.string(),
      rows: z.array(reportingRow),
      outgoing: z.string(),
      incoming: z.string(),
      /** Per currency, the paid amounts no rate converted (outgoing and incoming apart). */
      unconverted: z.array(
        z.object({
          currency: z.string(),
          outgoing: z.string(),
          incoming: z.string(),
          count: z.number(),
          firstOn: z.string(),
          lastOn: z.string(),
        }),
      ),
      ratesUsed: z.array(rateUsed),
    })
    .nullable(),
})
export type PaymentSummary = z.infer<typeof paymentSummary>

// ---- Contracts --------------------------------------------------------------------------------------------

export { CONTRACT_DIRECTIONS }
export const contractListQuery = z.object({
  direction: optionalParam(z.enum(CONTRACT_DIRECTIONS, { message: 'invalidValue' })),
  currency: optionalParam(
    z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { message: 'invalidValue' }),
  ),
  /** Number, subject or counterparty. */
  q: optionalParam(z.string().trim().max(100)),
  /** `1`: only contracts ending within EXPIRING_SOON_DAYS (not yet ended). */
  expiring: optionalParam(z.enum(['0', '1'], { message: 'invalidValue' })),
  /** `1`: only contracts with an amount still outstanding. */
  outstanding: optionalParam(z.enum(['0', '1'], { message: 'invalidValue' })),
  page,
  pageSize,
})
export type ContractListQuery = z.infer<typeof contractListQuery>

export const contractRow = z.object({
  id: z.string(),
  processId: z.string().nullable(),
  processType: z.string().nullable(),
  direction: z.enum(CONTRACT_DIRECTIONS),
  contractType: z.string(),
  contractTypeLabel: z.string(),
  number: z.string(),
  subject: z.string(),
  counterparty: z.string(),
  effectiveDate: z.string(),
  endDate: z.string().nullable(),
  /** Null, as paid and outstanding, for a user who may not see values. */
  amount: z.string().nullable(),
  currency: z.string(),
  /** Paid (or collected) so far: paid payments of the contract in its own currency. */
  paid: z.string().nullable(),
  /** What is still to pay (or collect): nothing under a superseded contract. */
  outstanding: z.string().nullable(),
  expiringSoon: z.boolean(),
  ended: z.boolean(),
  /**
   * When a later contract of the same process step replaced it (its process restarted and signed again);
   * null for a live contract. A superseded contract keeps its payments.
   */
  supersededAt: z.string().nullable(),
})
export type ContractRow = z.infer<typeof contractRow>

// ---- Collection value -------------------------------------------------------------------------------------

export const collectionValueQuery = z.object({
  /** The date of the rates (and of the valuations: each artwork's latest on or before it); default today. */
  at: optionalParam(day),
  /** Default: the reporting currency. */
  currency: optionalParam(currencyCode),
})

export const collectionValue = z.object({
  at: z.string(),
  currency: z.string(),
  /** The converted total of every artwork whose valuation currency had a rate (amounts: null without valueManage:values). */
  total: z.string().nullable(),
  artworks: z.number(),
  valued: z.number(),
  subtotals: z.array(
    z.object({
      currency: z.string(),
      amount: z.string().nullable(),
      artworks: z.number(),
      /** Null when no rate existed for this currency on or before `at`. */
      converted: z.string().nullable(),
      rate: rateUsed.nullable(),
    }),
  ),
  ratesUsed: z.array(rateUsed),
  /** Artworks whose valuation currency had no rate (at most 50 listed; `count` says how many). */
  withoutRate: z.object({
    count: z.number(),
    list: z.array(
      z.object({
        id: z.string(),
        inventoryNo: z.string(),
        titleZh: z.string(),
        titleEn: z.string(),
        amount: z.string().nullable(),
        currency: z.string(),
        valuedOn: z.string().nullable(),
      }),
    ),
  }),
})
export type CollectionValue = z.infer<typeof collectionValue>
