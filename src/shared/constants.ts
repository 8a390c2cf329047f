// Values and checks without zod, for code in the web app's first download (the routes' search validation:
// route files are all in it). The contracts and validation.ts re-export them; a module that imports zod must
// not be imported from a route file's search, before-load or static data (docs/decisions.md, "Start and
// first download").
export { PROCESS_STATUS_VALUES as PROCESS_STATUSES } from '../../machines/types'

/**
 * `missing`: not found at a stocktake and not accounted for since (docs/architecture.md § Process steps stocktake).
 * `in_care`: entered (OBJECT_ENTRY), in the office's care but not owned; `borrowed`: lent to the office (LOAN_IN);
 * `returned`: given back to its depositor or lender. None of the last three is ever owned.
 */
export const ARTWORK_STATUSES = [
  'purchased',
  'in_collection',
  'on_loan',
  'sold',
  'missing',
  'in_care',
  'borrowed',
  'returned',
] as const
/** The statuses of works the office holds without owning them (never counted as owned). */
export const NOT_OWNED_STATUSES = ['in_care', 'borrowed', 'returned'] as const
export type ArtworkStatus = (typeof ARTWORK_STATUSES)[number]
export const TRANSPORT_STATUSES = ['none', 'to_be_transported', 'transporting'] as const
export const INSURANCE_STATUSES = ['to_be_insured', 'covered'] as const
export const ARTWORK_SORTS = [
  'updatedAt',
  'createdAt',
  'inventoryNo',
  'titleZh',
  'titleEn',
  'buyYear',
  'latestValuation',
  'valuationDate',
] as const
export type ArtworkSort = (typeof ARTWORK_SORTS)[number]

/** Every kind of movement row (the database's movement_kind enum is made from this list). */
export const MOVEMENT_KINDS = [
  'created',
  'warehousing',
  'transport_start',
  'transport_arrive',
  'transport_aborted',
  'loan_out',
  'loan_return',
  'sold',
  'returned_to_owner',
  'stocktake_found',
  'stocktake_missing',
  'manual',
] as const

/** The loans list's tabs (GET /api/operations/loans): see contracts/operations.ts. */
export const LOAN_SHOWS = ['upcoming', 'onLoan', 'overdue', 'returned'] as const
/** The sale deliveries' tabs (GET /api/operations/sale-deliveries). */
export const SALE_DELIVERY_SHOWS = ['awaiting', 'started'] as const

/** The kinds of message in a user's message centre (the database's message_kind enum is made from this list). */
export const MESSAGE_KINDS = [
  'approvalRequested',
  'approved',
  'rejected',
  'paymentFailed',
  'completed',
  'terminated',
  'restarted',
  'processOpened',
  'reminder',
  'notice',
  'taskAssigned',
  'taskDueSoon',
  'taskOverdue',
  'taskEscalated',
  'content',
] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/** Dynamic content: exhibition news or an office message, and where it stands (contracts/content.ts). */
export const CONTENT_KINDS = ['exhibition', 'message'] as const
export type ContentKind = (typeof CONTENT_KINDS)[number]
export const CONTENT_STATUSES = ['draft', 'published', 'withdrawn'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

/** How a valuation was reached (the database's valuation_method enum is made from this list). */
export const VALUATION_METHODS = [
  'appraisal',
  'auction_estimate',
  'insurance_agreed',
  'market_comparison',
  'purchase_price',
  'other',
] as const
export type ValuationMethod = (typeof VALUATION_METHODS)[number]

/** The finance screens' filters (contracts/finance.ts). */
export const PAYMENT_DIRECTIONS = ['outgoing', 'incoming'] as const
export const PAYMENT_STATUSES = ['paid', 'failed'] as const
export const SUMMARY_GROUPS = ['month', 'payerCompany', 'costAttribution', 'currency'] as const
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number]
export const CONTRACT_DIRECTIONS = ['purchase', 'sale', 'service'] as const

/** The data centre's dashboard (contracts/datacentre.ts): the dimensions a chart groups by (and a filter narrows). */
export const DIMENSIONS = ['location', 'medium', 'period', 'artist', 'market', 'stage'] as const
export type Dimension = (typeof DIMENSIONS)[number]
/** What is moving: held by a live process, lent out, on the road. */
export const ACTIVITIES = ['operation', 'loan', 'transit'] as const
export type Activity = (typeof ACTIVITIES)[number]
export const INSURANCE_FILTERS = ['covered', 'to_be_insured'] as const
/** Where an artwork is that is not in a room. */
export const OUT_OF_WAREHOUSE = 'out'

/** The data centre dashboard's filters (contracts/datacentre.ts checks each is a filter of its API). */
export const DATA_CENTRE_FILTER_KEYS = [
  'location',
  'medium',
  'period',
  'market',
  'stage',
  'artist',
  'insurance',
  'activity',
  'valuationCurrency',
] as const

/** The system log's method filter (src/shared/system-log.ts). */
export const LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** Money as text: up to 16 digits, 2 decimals, optionally negative. */
export const MONEY_RE = /^-?\d{1,16}(\.\d{1,2})?$/

/**
 * `z.iso.date()`'s own pattern (zod's `regexes.date`), written out: importing it from zod, even alone, brings
 * zod's core into the first download (5 KB gzip). tests/unit/real-date.test.ts holds it equal to zod's.
 */
export const ISO_DATE_RE =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/

/**
 * A yyyy-MM-dd that exists in the calendar (not month 13, not 30 February; 29 February in leap years only):
 * the one rule of a real date, for server and web, the very rule of zod's ISO date.
 */
export function isRealDate(v: unknown): v is string {
  return typeof v === 'string' && ISO_DATE_RE.test(v)
}

/**
 * The one rule of a typed date, for the server and the forms alike: not written yyyy-MM-dd
 * (`invalidDate`), written so but not a day of the calendar — month 13, 30 February — (`noSuchDate`),
 * or none (null).
 */
export function dateProblem(v: string): 'invalidDate' | 'noSuchDate' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'invalidDate'
  return isRealDate(v) ? null : 'noSuchDate'
}

/** The documentation backlog's rules (the data centre's data-quality tab; src/shared/contracts/data-quality.ts). */
export const DATA_QUALITY_RULES = [
  'noImage',
  'noValuation',
  'noDimensions',
  'noLocation',
  'noConditionCheck',
  'noProvenance',
] as const
export type DataQualityRule = (typeof DATA_QUALITY_RULES)[number]

/** What failed in the background (an incident's kind), and whether someone has dealt with it. */
export const INCIDENT_KINDS = ['emailDelivery', 'reminderDelivery', 'taskTimer', 'scheduledJob'] as const
export type IncidentKind = (typeof INCIDENT_KINDS)[number]
export const INCIDENT_STATUSES = ['open', 'resolved'] as const
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number]
