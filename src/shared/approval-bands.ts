// How many approvals a money step needs: N of M by amount bands per currency. The machines'
// guards, the task rows and the settings screen read this one rule.
import type { ApprovalBand } from './contracts/tasks'
import { compareMoney } from './validation'

/** What a step needs: `approvals` different approvers, one of them holding `roleKey` when set. */
export interface ApprovalNeed {
  approvals: number
  roleKey: string | null
}

/** A currency no band names needs two approvers whatever the amount (docs/decisions.md). */
export const UNLISTED_CURRENCY_NEED: ApprovalNeed = { approvals: 2, roleKey: null }

/**
 * The band of `amount` in `currency`: above its `from` (the first band from 0.00 itself) up to and
 * including its `to`. Amounts are decimal strings: compared exactly, never as floating point.
 */
export function approvalNeedOf(
  bands: readonly ApprovalBand[],
  amount: string,
  currency: string,
): ApprovalNeed {
  const own = bands.filter((b) => b.currency === currency)
  if (own.length === 0) return UNLISTED_CURRENCY_NEED
  const band = own.find((b) => {
    const fromOk =
      compareMoney(b.from, '0') === 0 ? compareMoney(amount, b.from) >= 0 : compareMoney(amount, b.from) > 0
    return fromOk && (b.to === null || compareMoney(amount, b.to) <= 0)
  })
  if (!band) return UNLISTED_CURRENCY_NEED
  return { approvals: band.approvals, roleKey: band.roleKey ?? null }
}

/** The bands equal to the old single limit per currency: up to it one approver, above it two. */
export function bandsFromLimits(limits: Record<string, string>): ApprovalBand[] {
  return Object.entries(limits).flatMap(([currency, limit]) => [
    { currency, from: '0.00', to: limit, approvals: 1, roleKey: null },
    { currency, from: limit, to: null, approvals: 2, roleKey: null },
  ])
}
