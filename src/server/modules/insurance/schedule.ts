// A policy's schedule of cover: each covered artwork's agreed value in the policy's currency,
// recorded when the policy is (the insurance effect calls recordSchedule) by sharing out the policy's
// insured amount over the artworks' latest valuations, or following the schedule of the policy a renewal
// renews when it covers the same artworks in the same currency; policies recorded before schedules existed
// get theirs once at boot (backfillSchedules). The staff then adjust the values (schedule-routes.ts).
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { artworks, insurancePolicies, insurancePolicyArtworks } from '../../db/schema'
import { type ShareItem, shareOut } from './schedule-share'

/** The artworks a policy covers (not taken off it) with their latest valuations and schedule values. */
async function coveredLines(db: DbOrTx, policyId: string) {
  return db
    .select({
      artworkId: insurancePolicyArtworks.artworkId,
      insuredAmount: insurancePolicyArtworks.insuredAmount,
      latestValuation: artworks.latestValuation,
      latestValuationCurrency: artworks.latestValuationCurrency,
      inventoryNo: artworks.inventoryNo,
    })
    .from(insurancePolicyArtworks)
    .innerJoin(artworks, eq(artworks.id, insurancePolicyArtworks.artworkId))
    .where(and(eq(insurancePolicyArtworks.policyId, policyId), isNull(insurancePolicyArtworks.removedOn)))
    .orderBy(artworks.inventoryNo)
}

/** Write schedule values (artwork id → amount, or null) on a policy's link rows in one statement. */
export async function writeSchedule(
  db: DbOrTx,
  policyId: string,
  amounts: { id: string; amount: string | null }[],
): Promise<void> {
  if (amounts.length === 0) return
  const cases = sql.join(
    amounts.map((a) => sql`when ${a.id}::uuid then ${a.amount}::numeric(18, 2)`),
    sql` `,
  )
  await db
    .update(insurancePolicyArtworks)
    .set({ insuredAmount: sql`case ${insurancePolicyArtworks.artworkId} ${cases} end` })
    .where(
      and(
        eq(insurancePolicyArtworks.policyId, policyId),
        inArray(
          insurancePolicyArtworks.artworkId,
          amounts.map((a) => a.id),
        ),
      ),
    )
}

/**
 * Share the policy's insured amount out over the artworks it covers: by their latest valuations in the
 * policy's currency, or — for a renewal of a policy that covered the same artworks in the same currency
 * with a value for each — by the renewed schedule (the very same values when the totals agree). A policy
 * without an insured amount has no schedule values.
 */
export async function recordSchedule(
  db: DbOrTx,
  policyId: string,
  renewedPolicyId: string | null = null,
): Promise<void> {
  const [policy] = await db
    .select({ insuredAmount: insurancePolicies.insuredAmount, currency: insurancePolicies.currency })
    .from(insurancePolicies)
    .where(eq(insurancePolicies.id, policyId))
  if (!policy) return
  const lines = await coveredLines(db, policyId)
  if (lines.length === 0) return
  if (policy.insuredAmount === null || policy.insuredAmount.startsWith('-')) {
    await writeSchedule(
      db,
      policyId,
      lines.map((l) => ({ id: l.artworkId, amount: null })),
    )
    return
  }
  let items: ShareItem[] = lines.map((l) => ({
    id: l.artworkId,
    weight: l.latestValuationCurrency === policy.currency ? l.latestValuation : null,
  }))
  if (renewedPolicyId && renewedPolicyId !== policyId) {
    const previous = await previousSchedule(db, renewedPolicyId, policy.currency)
    const same =
      previous !== null &&
      previous.size === lines.length &&
      lines.every((l) => {
        const v = previous.get(l.artworkId)
        return v !== undefined && v !== null && !v.startsWith('-') && v !== '0.00'
      })
    if (same) items = lines.map((l) => ({ id: l.artworkId, weight: previous.get(l.artworkId)! }))
  }
  await writeSchedule(db, policyId, shareOut(policy.insuredAmount, items))
}

/** The schedule of the renewed policy (artwork → value) when it is in the same currency, else null. */
async function previousSchedule(db: DbOrTx, policyId: string, currency: string) {
  const [policy] = await db
    .select({ currency: insurancePolicies.currency })
    .from(insurancePolicies)
    .where(eq(insurancePolicies.id, policyId))
  if (!policy || policy.currency !== currency) return null
  const lines = await coveredLines(db, policyId)
  return new Map(lines.map((l) => [l.artworkId, l.insuredAmount]))
}

/**
 * Policies recorded before schedules existed (an insured amount, no schedule value on any of their
 * artworks) get the share-out now, by today's valuations. Run at boot; a policy that has any schedule
 * value is left alone, so a second run (or a second server) changes nothing. Returns how many policies.
 */
export async function backfillSchedules(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ id: insurancePolicies.id })
    .from(insurancePolicies)
    .where(
      and(
        isNotNull(insurancePolicies.insuredAmount),
        sql`exists (select 1 from ${insurancePolicyArtworks} l where l.policy_id = ${insurancePolicies.id}
              and l.removed_on is null)`,
        sql`not exists (select 1 from ${insurancePolicyArtworks} l where l.policy_id = ${insurancePolicies.id}
              and l.insured_amount is not null)`,
      ),
    )
  for (const { id } of rows)
    await db.transaction(async (tx) => {
      // Taken again under a lock: another server may have filled it meanwhile.
      const [still] = await tx
        .select({ id: insurancePolicies.id })
        .from(insurancePolicies)
        .where(
          and(
            eq(insurancePolicies.id, id),
            sql`not exists (select 1 from ${insurancePolicyArtworks} l where l.policy_id = ${insurancePolicies.id}
                  and l.insured_amount is not null)`,
          ),
        )
        .for('update')
      if (still) await recordSchedule(tx, id)
    })
  return rows.length
}
