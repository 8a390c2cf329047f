// The workflow engine's timed work, one timer per server (main.ts starts it): reminders that fell due
// become messages, and idempotency keys older than their retry window are dropped. Each task is safe to
// run on several servers at once.
import { lt } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { processIdempotencyKeys } from '../../db/schema'
import { deliverDueReminders } from './messages'

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

/** Run the timed work every `intervalMs`; stop() on shutdown. */
export function startProcessScheduler(db: DbOrTx, intervalMs = 60_000) {
  const run = (name: string, task: () => Promise<unknown>) =>
    task().catch((error) => console.error(`${name} failed`, (error as Error).message))
  const timer = setInterval(() => {
    void run('reminder delivery', () => deliverDueReminders(db))
    void run('idempotency key purge', () => purgeIdempotencyKeys(db))
  }, intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
