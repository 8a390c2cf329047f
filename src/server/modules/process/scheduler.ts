// The workflow engine's timed work, one timer per server (main.ts starts it): reminders that fell due
// become messages, idempotency keys older than their retry window are dropped, and once a day insurance
// cover follows the policies' dates (on when a policy's start date arrives, off when the insured-until date
// has passed, with a message to the operations staff). Each task is safe to run on several servers at once.
// The clock is a parameter (`now`), so tests run a day, a year later without waiting.
import { lt } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { processIdempotencyKeys } from '../../db/schema'
import { applyCoverDates, dayOf } from './effects/insurance'
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

/** The daily insurance job: cover that starts or ends on the day of `now` (effects/insurance.ts). */
export function dailyInsuranceCover(db: DbOrTx, now = new Date()) {
  return applyCoverDates(db, now)
}

export interface SchedulerOptions {
  intervalMs?: number
  /** The clock (tests pass a fixed or moving one). */
  now?: () => Date
}

/**
 * Run the timed work every `intervalMs` (and the daily job on the first tick of each day, by `now`'s UTC
 * date; it is idempotent, so another server running it the same day changes nothing more); stop() on
 * shutdown. `tick()` runs one round at once and resolves when it is done (tests).
 */
export function startProcessScheduler(db: DbOrTx, options: SchedulerOptions = {}) {
  const { intervalMs = 60_000, now = () => new Date() } = options
  let lastDay = ''
  const run = (name: string, task: () => Promise<unknown>) =>
    task().catch((error) => console.error(`${name} failed`, (error as Error).message))
  const tick = async () => {
    const at = now()
    const day = dayOf(at)
    await Promise.all([
      run('reminder delivery', () => deliverDueReminders(db, at)),
      run('idempotency key purge', () => purgeIdempotencyKeys(db, at)),
      day !== lastDay
        ? run('insurance cover dates', async () => {
            await dailyInsuranceCover(db, at)
            lastDay = day
          })
        : undefined,
    ])
  }
  const timer = setInterval(() => void tick(), intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer), tick }
}
