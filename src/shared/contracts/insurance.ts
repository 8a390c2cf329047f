// Shapes of the insurance API (/api/insurance): the policy register (in force, expiring within 30/60/90
// days, expired, lapsed, every policy), one policy with its artworks, endorsements, claims and renewal chain,
// the covered and to-be-insured artworks, the renewals due and the claims. Codes travel (kind, standing,
// stage); the screens choose the words. The server validates and documents with them, the web parses.
import { z } from 'zod'
import { ARTWORK_STATUSES } from '../constants'
import {
  CLAIM_SHOWS,
  type ClaimShow,
  COVER_SHOWS,
  type CoverShow,
  POLICY_SHOWS,
  type PolicyShow,
  WITHIN_DAYS,
  type WithinDays,
} from '../insurance-shows'
import { artworkBrief } from './operations'
import { processStatusSchema, processTypeSchema } from './process'

export type { ClaimShow, CoverShow, PolicyShow, WithinDays }
export { CLAIM_SHOWS, COVER_SHOWS, POLICY_SHOWS, WITHIN_DAYS }

/**
 * Paging with messages of its own (a page that is not a whole number from 1 says so); also the paging of
 * the under-insurance check (insurance-schedule.ts).
 */
export const paging = z.object({
  page: z.coerce
    .number({ message: 'badPage' })
    .int({ message: 'badPage' })
    .min(1, { message: 'badPage' })
    .default(1),
  pageSize: z.coerce
    .number({ message: 'badPageSize' })
    .int({ message: 'badPageSize' })
    .min(1, { message: 'badPageSize' })
    .max(200, { message: 'badPageSize' })
    .default(20),
})
const within = z.enum(WITHIN_DAYS, { message: 'badWithin' })
const search = z.string().trim().max(100, { message: 'invalidValue' })

export const POLICY_KINDS = ['annual', 'operation'] as const
export type PolicyKind = (typeof POLICY_KINDS)[number]
/** What a policy's row records: `active`, `lapsed` (a renewal's lapse ended it) or `void` (never paid). */
export const POLICY_STATUSES = ['active', 'lapsed', 'void'] as const

/** GET /api/insurance/policies */
export const policyListQuery = paging.extend({
  show: z.enum(POLICY_SHOWS, { message: 'badShow' }).default('active'),
  within: within.default('30'),
  /** Policy number or insurer, any part of it. */
  q: search.optional(),
  kind: z.enum(POLICY_KINDS, { message: 'invalidValue' }).optional(),
})
export type PolicyListQuery = z.input<typeof policyListQuery>

/**
 * Where a policy stands today: `upcoming` (active, not yet started), `inForce`, `expired` (active, end date
 * passed), `lapsed` (ended by a renewal's lapse), `void` (approved, never paid, its process terminated).
 */
export const POLICY_STANDINGS = ['upcoming', 'inForce', 'expired', 'lapsed', 'void'] as const
export type PolicyStanding = (typeof POLICY_STANDINGS)[number]

/** A process as a policy or claim names it (the process view opens from its id). */
export const processRef = z.object({
  id: z.string(),
  type: processTypeSchema,
  status: processStatusSchema,
  currentStep: z.string().nullable(),
  done: z.boolean(),
  createdAt: z.string(),
})
export type ProcessRef = z.infer<typeof processRef>

export const policyItem = z.object({
  id: z.string(),
  policyNo: z.string(),
  insurer: z.string(),
  kind: z.enum(POLICY_KINDS),
  status: z.enum(POLICY_STATUSES),
  standing: z.enum(POLICY_STANDINGS),
  startDate: z.string(),
  endDate: z.string(),
  /** Days from today to the end date (negative once passed). */
  daysLeft: z.number(),
  premium: z.string().nullable(),
  insuredAmount: z.string().nullable(),
  currency: z.string(),
  /** Artworks on the policy and not taken off it by an endorsement. */
  artworkCount: z.number(),
  process: processRef.nullable(),
  /** A renewal of this policy under way (not finished, not terminated), if any. */
  renewal: processRef.nullable(),
})
export type PolicyItem = z.infer<typeof policyItem>

const countsOf = <T extends readonly string[]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<T[number], z.ZodNumber>)

export const policyPage = z.object({
  list: z.array(policyItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** How many each segment holds (`expiring` within the asked days). */
  counts: countsOf(POLICY_SHOWS),
})
export type PolicyPage = z.infer<typeof policyPage>

/** An artwork on a policy's schedule: its agreed value when recorded, and the endorsement taking it off. */
export const policyArtwork = z.object({
  artwork: artworkBrief,
  /** The schedule value in the policy's currency (null on policies recorded before schedules). */
  insuredAmount: z.string().nullable(),
  removedOn: z.string().nullable(),
  /** Why it was taken off (`sold`, ...). */
  removedReason: z.string(),
  removedBy: processRef.nullable(),
})
export type PolicyArtwork = z.infer<typeof policyArtwork>

export const CLAIM_STAGES = ['incident', 'claim', 'payout', 'paid', 'closed'] as const
export type ClaimStage = (typeof CLAIM_STAGES)[number]

export const claimItem = z.object({
  process: processRef,
  stage: z.enum(CLAIM_STAGES),
  artworks: z.array(artworkBrief),
  incidentDate: z.string().nullable(),
  insurer: z.string(),
  policyNo: z.string(),
  claimNo: z.string(),
  /** The policy the payout was recorded against (once paid), when one covered the artworks. */
  policyId: z.string().nullable(),
  claimedAmount: z.string().nullable(),
  paidAmount: z.string().nullable(),
  paidOn: z.string().nullable(),
  currency: z.string(),
})
export type ClaimItem = z.infer<typeof claimItem>

/** One link of a policy's renewal chain: a cover or renewal process and the policy it issued, if any. */
export const chainLink = z.object({
  process: processRef,
  /** A renewal's decision (renew, lapse), when taken. */
  decision: z.enum(['renew', 'lapse']).nullable(),
  policy: z
    .object({
      id: z.string(),
      policyNo: z.string(),
      insurer: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      standing: z.enum(POLICY_STANDINGS),
    })
    .nullable(),
  /** This link is the policy shown. */
  current: z.boolean(),
})
export type ChainLink = z.infer<typeof chainLink>

export const policyDetail = policyItem.extend({
  policyFileId: z.string().nullable(),
  remark: z.string(),
  /** One page of the schedule (`page`, `pageSize` of the request; on the policy first, then by inventory no.). */
  artworks: z.array(policyArtwork),
  /** Every artwork the schedule lists, taken off or not. */
  artworksTotal: z.number(),
  artworksPage: z.number(),
  artworksPageSize: z.number(),
  claims: z.array(claimItem),
  /** Oldest first: the covers this one renews, this one, then its renewals. */
  chain: z.array(chainLink),
})
export type PolicyDetail = z.infer<typeof policyDetail>

/** GET /api/insurance/policies/{id}: the page of its schedule (50 artworks by default). */
export const policyDetailQuery = z.object({
  page: paging.shape.page,
  pageSize: paging.shape.pageSize.unwrap().default(50),
})
export type PolicyDetailQuery = z.input<typeof policyDetailQuery>

/** GET /api/insurance/artworks */
export const coverListQuery = paging.extend({
  cover: z.enum(COVER_SHOWS, { message: 'badCover' }).default('covered'),
  q: search.optional(),
})
export type CoverListQuery = z.input<typeof coverListQuery>

export const coverItem = z.object({
  artwork: artworkBrief,
  status: z.enum(ARTWORK_STATUSES),
  insuredUntil: z.string().nullable(),
  /** The policy in force that covers it until the latest date (covered artworks). */
  policy: z
    .object({ id: z.string(), policyNo: z.string(), insurer: z.string(), endDate: z.string() })
    .nullable(),
  latestValuation: z.string().nullable(),
  latestValuationCurrency: z.string().nullable(),
})
export type CoverItem = z.infer<typeof coverItem>

export const coverPage = z.object({
  list: z.array(coverItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: countsOf(COVER_SHOWS),
})
export type CoverPage = z.infer<typeof coverPage>

/** GET /api/insurance/renewals-due */
export const renewalsDueQuery = paging.extend({ within: within.default('60') })
export type RenewalsDueQuery = z.input<typeof renewalsDueQuery>

/** GET /api/insurance/claims */
export const claimListQuery = paging.extend({
  status: z.enum(CLAIM_SHOWS, { message: 'badClaimStatus' }).optional(),
})
export type ClaimListQuery = z.input<typeof claimListQuery>

export const claimPage = z.object({
  list: z.array(claimItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: countsOf(CLAIM_SHOWS),
})
export type ClaimPage = z.infer<typeof claimPage>
