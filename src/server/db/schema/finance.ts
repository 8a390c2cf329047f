// Contracts, payments (with their payment details) and insurance policies and claims: records of their
// own that the finance and insurance screens list. Processes write them through their effects; each row
// names the process and step it came from.
import { sql } from 'drizzle-orm'
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { artworks } from './artworks'
import { processes } from './processes'
import { users } from './users'

const money = () => numeric({ precision: 18, scale: 2 })

/** Which way the contract goes: the office buys, sells, or buys a service (transport, repair, ...). */
export const contractDirection = pgEnum('contract_direction', ['purchase', 'sale', 'service'])

export const contracts = pgTable(
  'contracts',
  {
    id: uuid().primaryKey().defaultRandom(),
    processId: uuid().references(() => processes.id, { onDelete: 'set null' }),
    /** The step whose data the contract was recorded from (one live contract per process step). */
    stepKey: text().notNull().default(''),
    direction: contractDirection().notNull(),
    /** AGREEMENT_CONTRACT_TYPE / ART_CONTRACT_TYPE dictionary value. */
    contractType: text().notNull().default(''),
    subject: text().notNull(),
    number: text().notNull(),
    applicant: text().notNull().default(''),
    counterparty: text().notNull().default(''),
    effectiveDate: date().notNull(),
    endDate: date(),
    /** Amount including tax. */
    amount: money().notNull(),
    currency: text().notNull().default('CNY'),
    department: text().notNull().default(''),
    signatory: text().notNull().default(''),
    sealType: text().notNull().default(''),
    copies: integer().notNull().default(1),
    /** File ids of the signed contract and its annexes. */
    attachments: jsonb().$type<string[]>().notNull().default([]),
    /** The whole step data as submitted, for fields the columns above do not carry. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When a later contract of the same process step replaced it (the process was restarted and signed
     * again). The row stays, with the payments made under it; only live contracts (null here) count.
     */
    supersededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('contracts_process_step_uq').on(t.processId, t.stepKey).where(sql`${t.supersededAt} is null`),
    index('contracts_number_idx').on(t.number),
    index('contracts_direction_idx').on(t.direction, t.effectiveDate),
    index('contracts_effective_idx').on(t.effectiveDate),
    index('contracts_end_idx').on(t.endDate),
    index('contracts_created_idx').on(t.createdAt),
  ],
)

/** Outgoing (the office pays) or incoming (the office collects, e.g. a sale). */
export const paymentDirection = pgEnum('payment_direction', ['outgoing', 'incoming'])
export const paymentMethod = pgEnum('payment_method', ['cheque', 'tt', 'online_banking', 'other'])
export const paymentStatus = pgEnum('payment_status', ['paid', 'failed'])

/** One payment attempt of a money step: paid, or failed (a retry records a new row). */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    processId: uuid().references(() => processes.id, { onDelete: 'set null' }),
    stepKey: text().notNull().default(''),
    contractId: uuid().references(() => contracts.id, { onDelete: 'set null' }),
    direction: paymentDirection().notNull(),
    status: paymentStatus().notNull(),
    /** Attempt number within the step (1, then 2 after a retry, ...). */
    attempt: integer().notNull().default(1),
    /** TRANSPORT_PAY_TYPE / PAYMENT_PROPERTY dictionary value. */
    paymentType: text().notNull().default(''),
    amount: money().notNull(),
    currency: text().notNull().default('CNY'),
    payeeAccountName: text().notNull().default(''),
    payeeAccount: text().notNull().default(''),
    payerCompany: text().notNull().default(''),
    relatedEvent: text().notNull().default(''),
    /** FIN_FEE_ATTRIBUTION dictionary value. */
    costAttribution: text().notNull().default(''),
    method: paymentMethod(),
    /** The method's own fields (cheque payable to, SWIFT/BIC, deposit bank, ...), as submitted. */
    methodDetails: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    failureReason: text().notNull().default(''),
    /** A non-contract payment (FINANCE_PAYMENT) settling another process's cost: that process. */
    forProcessId: uuid().references(() => processes.id, { onDelete: 'set null' }),
    recordedBy: uuid().references(() => users.id),
    /** When the money moved (or the attempt failed). */
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_process_idx').on(t.processId, t.stepKey),
    index('payments_contract_idx').on(t.contractId),
    index('payments_status_at_idx').on(t.status, t.at),
    index('payments_direction_at_idx').on(t.direction, t.at),
    index('payments_payer_idx').on(t.payerCompany),
    index('payments_at_idx').on(t.at),
    index('payments_currency_at_idx').on(t.currency, t.at),
    index('payments_for_process_idx').on(t.forProcessId),
  ],
)

/** How a payment is split between paying companies (docs/architecture.md § Input rules: each needs a company and an amount). */
export const paymentDetails = pgTable(
  'payment_details',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
    payingCompany: text().notNull(),
    amount: money().notNull(),
    note: text().notNull().default(''),
  },
  (t) => [index('payment_details_payment_idx').on(t.paymentId, t.sort)],
)

/**
 * The payments' totals per month (UTC, as the summary groups them), kept by the database in the transaction
 * that writes a payment or its payment details (triggers of migration 0032): per grouping — `attribution` (the
 * payment's cost attribution; months and currencies are sums of these rows) and `payer` (the paying company of
 * each payment detail, else the payer) — key, currency, direction and status, the amount and how many payments.
 * The summary reads whole months here and only the days at the edges of its range from `payments`.
 */
export const paymentMonthTotals = pgTable(
  'payment_month_totals',
  {
    month: date().notNull(),
    grouping: text().notNull(),
    key: text().notNull(),
    currency: text().notNull(),
    direction: paymentDirection().notNull(),
    status: paymentStatus().notNull(),
    amount: money().notNull(),
    payments: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.grouping, t.month, t.key, t.currency, t.direction, t.status] })],
)

export const insuranceKind = pgEnum('insurance_kind', ['annual', 'operation'])
/**
 * `active`: in force between its start and end dates; `lapsed`: ended by a renewal's lapse decision; `void`:
 * approved but never paid, its process terminated (it never covered anything).
 */
export const insurancePolicyStatus = pgEnum('insurance_policy_status', ['active', 'lapsed', 'void'])

/** A policy covering artworks for a period (docs/architecture.md § Records (Insurance): annual or general, premium, ...). */
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: uuid().primaryKey().defaultRandom(),
    processId: uuid().references(() => processes.id, { onDelete: 'set null' }),
    kind: insuranceKind().notNull(),
    status: insurancePolicyStatus().notNull().default('active'),
    policyNo: text().notNull().default(''),
    insurer: text().notNull().default(''),
    premium: money(),
    insuredAmount: money(),
    currency: text().notNull().default('CNY'),
    startDate: date().notNull(),
    endDate: date().notNull(),
    policyFileId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('insurance_policies_process_uq').on(t.processId),
    index('insurance_policies_end_idx').on(t.status, t.endDate),
    index('insurance_policies_policy_no_idx').on(t.policyNo),
  ],
)

export const insurancePolicyArtworks = pgTable(
  'insurance_policy_artworks',
  {
    policyId: uuid()
      .notNull()
      .references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    /**
     * The artwork's agreed value on the policy's schedule of cover, in the policy's currency: the policy's
     * insured amount shared out by the artworks' latest valuations when the policy is recorded, then
     * adjusted by the insurance staff. Null on policies recorded before schedules existed.
     */
    insuredAmount: money(),
    /**
     * The endorsement taking the artwork off the policy (a sale): from which date, why, by which process.
     * The row stays, so the policy still says what it covered; only rows without it cover.
     */
    removedOn: date(),
    removedReason: text().notNull().default(''),
    removedByProcessId: uuid().references(() => processes.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.policyId, t.artworkId] }),
    index('insurance_policy_artworks_artwork_idx').on(t.artworkId),
  ],
)

/** A claim paid out by the insurer (INSURANCE_PAYOUT). */
export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: uuid().primaryKey().defaultRandom(),
    processId: uuid().references(() => processes.id, { onDelete: 'set null' }),
    policyId: uuid().references(() => insurancePolicies.id, { onDelete: 'set null' }),
    artworkIds: jsonb().$type<string[]>().notNull().default([]),
    incidentDate: date(),
    claimedAmount: money(),
    paidAmount: money().notNull(),
    currency: text().notNull().default('CNY'),
    paidOn: date(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('insurance_claims_process_uq').on(t.processId),
    index('insurance_claims_policy_idx').on(t.policyId),
    index('insurance_claims_created_idx').on(t.createdAt),
  ],
)
