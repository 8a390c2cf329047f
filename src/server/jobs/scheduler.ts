// The workflow engine's timed work, one timer per server (main.ts starts it): reminders that fell due
// become messages, idempotency keys older than their retry window are dropped, and once a day insurance
// cover follows the policies' dates (on when a policy's start date arrives, off when the insured-until date
// has passed, with a message to the operations staff). Each task is safe to run on several servers at once,
// and with several servers on one database each run happens on one of them: the job's row in
// `scheduled_jobs` is claimed with FOR UPDATE SKIP LOCKED (claimJob, runJobOnce).
// The clock is a parameter (`now`), so tests run a day, a year later without waiting.
import os from 'node:os'
import { and, eq, lt, lte } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { processIdempotencyKeys, scheduledJobs } from '../../db/schema'
import { deliverEmails } from '../notifications/outbox'
import { emailSettings } from '../notifications/settings'
import { purgeSystemLogs } from '../system-log/queries'
import { runTaskTimers } from '../tasks/timers'
import { applyCoverDates } from './effects/insurance'
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

/** Which server ran a job last (scheduled_jobs.last_run_by). */
export const SERVER_ID = `${os.hostname()}:${process.pid}`

/** The job names in scheduled_jobs. */
export const JOBS = {
  reminders: 'reminder-delivery',
  idempotencyPurge: 'idempotency-key-purge',
  insuranceCover: 'insurance-cover-dates',
  emails: 'email-delivery',
  taskTimers: 'task-timers',
  systemLogPurge: 'system-log-purge',
} as const

/** Lock the job's row if it is due at `at` and no other server holds it (inside a transaction). */
async function claimRow(tx: DbOrTx, job: string, at: Date): Promise<boolean> {
  await tx
    .insert(scheduledJobs)
    .values({ job, dueAt: new Date(0) })
    .onConflictDoNothing()
  const rows = await tx
    .select({ job: scheduledJobs.job })
    .from(scheduledJobs)
    .where(and(eq(scheduledJobs.job, job), lte(scheduledJobs.dueAt, at)))
    .for('update', { skipLocked: true })
  return rows.length > 0
}

const ranAt = (at: Date, next: Date) => ({ dueAt: next, lastRunAt: at, lastRunBy: SERVER_ID })

/**
 * Claim a due job for this server and make it due again at `next`, in one short transaction; the work runs
 * after it, outside. For work that claims its own rows (reminders): a server that dies meanwhile leaves the
 * rest for the next run. True when this server won the claim.
 */
export async function claimJob(db: DbOrTx, job: string, at: Date, next: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimRow(tx, job, at))) return false
    await tx.update(scheduledJobs).set(ranAt(at, next)).where(eq(scheduledJobs.job, job))
    return true
  })
}

/**
 * Run `task` once across the servers: the job's row stays claimed for the task's whole transaction, which
 * also makes it due again at `next`; a task that fails rolls everything back and the job stays due (the
 * next tick, here or on another server, runs it). False when the job was not due or another server has it.
 */
export async function runJobOnce(
  db: DbOrTx,
  job: string,
  at: Date,
  next: Date,
  task: (tx: DbOrTx) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimRow(tx, job, at))) return false
    await task(tx)
    await tx.update(scheduledJobs).set(ranAt(at, next)).where(eq(scheduledJobs.job, job))
    return true
  })
}

/** The first instant of the UTC day after `at` (the daily job's next run). */
export function nextUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1))
}

export interface SchedulerOptions {
  intervalMs?: number
  /** The clock (tests pass a fixed or moving one). */
  now?: () => Date
  /** The office's time zone: working days of task escalation are counted in it. */
  timeZone?: string
}

/**
 * Run the timed work every `intervalMs`, each job once per interval across every server on the database
 * (and the daily job once per UTC day of `now`, on the first tick that finds it due; it is idempotent as
 * well, so a run repeated by hand changes nothing more); stop() on shutdown. `tick()` runs one round at
 * once and resolves when it is done (tests).
 */
export function startProcessScheduler(db: DbOrTx, options: SchedulerOptions = {}) {
  const { intervalMs = 60_000, now = () => new Date(), timeZone = 'Asia/Shanghai' } = options
  // Due again a little before the next tick, so that a timer firing late still finds its job due.
  const period = intervalMs - Math.min(1_000, intervalMs / 10)
  const run = (name: string, task: () => Promise<unknown>) =>
    task().catch((error) => console.error(`${name} failed`, (error as Error).message))
  const tick = async () => {
    const at = now()
    const next = new Date(at.getTime() + period)
    await Promise.all([
      run('reminder delivery', async () => {
        if (await claimJob(db, JOBS.reminders, at, next)) await deliverDueReminders(db, at)
      }),
      // Tasks: due-soon reminders, overdue, escalation; each task row claimed once (tasks/timers.ts).
      run('task timers', async () => {
        if (await claimJob(db, JOBS.taskTimers, at, next)) await runTaskTimers(db, timeZone, at)
      }),
      run('idempotency key purge', () =>
        runJobOnce(db, JOBS.idempotencyPurge, at, next, (tx) => purgeIdempotencyKeys(tx, at)),
      ),
      // Emails: the job once per tick across servers, each outbox row claimed once (outbox.ts).
      run('email delivery', async () => {
        if (emailSettings() && (await claimJob(db, JOBS.emails, at, next))) await deliverEmails(db, now)
      }),
      // The system log beyond its retention (systemLog settings), once a day, in batches (system-log/queries.ts).
      run('system log purge', async () => {
        if (await claimJob(db, JOBS.systemLogPurge, at, nextUtcDay(at))) await purgeSystemLogs(db, at)
      }),
      run('insurance cover dates', () =>
        runJobOnce(db, JOBS.insuranceCover, at, nextUtcDay(at), (tx) => dailyInsuranceCover(tx, at)),
      ),
    ])
  }
  const timer = setInterval(() => void tick(), intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer), tick }
}
