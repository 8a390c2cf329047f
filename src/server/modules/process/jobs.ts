// The workflow engine's timed work: idempotency keys older than their retry window are dropped, every tick.
import { lt } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { processIdempotencyKeys } from '../../db/schema'
import type { ScheduledJob } from '../../jobs/scheduler'

/**
 * How long a repeated request still gets its first answer. A browser retries within seconds; a week covers
 * a laptop closed mid-request and reopened after a holiday.
 */
export const IDEMPOTENCY_KEY_DAYS = 7

/** Drop the idempotency keys older than IDEMPOTENCY_KEY_DAYS before `now`; how many were dropped. */
export async function purgeIdempotencyKeys(db: DbOrTx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000)
  const dropped = await db
    .delete(processIdempotencyKeys)
    .where(lt(processIdempotencyKeys.createdAt, before))
    .returning({ key: processIdempotencyKeys.key })
  return dropped.length
}

export const idempotencyPurgeJob: ScheduledJob = {
  name: 'idempotency-key-purge',
  label: { zh: '幂等键清理', en: 'Idempotency key purge' },
  every: 'tick',
  claim: 'throughout',
  run: (tx, at) => purgeIdempotencyKeys(tx, at),
}
