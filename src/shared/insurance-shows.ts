// The insurance screens' segments, without zod: the web app's first download (route search validation)
// reads them; contracts/insurance.ts builds its schemas on them.

/** The register's segments: `expired` is a policy still active whose end date has passed. */
export const POLICY_SHOWS = ['active', 'expiring', 'expired', 'lapsed', 'all'] as const
export type PolicyShow = (typeof POLICY_SHOWS)[number]
/** How far ahead "expiring" and "renewals due" look, in days. */
export const WITHIN_DAYS = ['30', '60', '90'] as const
export type WithinDays = (typeof WITHIN_DAYS)[number]
export const COVER_SHOWS = ['covered', 'toBeInsured'] as const
export type CoverShow = (typeof COVER_SHOWS)[number]
/** A claim: under way (incident, claim, payout awaited), paid out, or ended without a payout. */
export const CLAIM_SHOWS = ['open', 'paid', 'closed'] as const
export type ClaimShow = (typeof CLAIM_SHOWS)[number]
