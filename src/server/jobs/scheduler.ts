// The timed work, one timer per server (main.ts starts it): it runs the jobs it is given — the registered
// list is src/server/scheduled-jobs.ts, and each job lives in the module whose work it is — and nothing
// else. Each job is safe to run on several servers at once, and with several servers on one database each
// run happens on one of them: the job's row in `scheduled_jobs` is claimed with FOR UPDATE SKIP LOCKED
// (claimJob, runJobOnce). The clock is a parameter (`now`), so tests run a day, a year later without waiting.
import os from 'node:os'
import { and, eq, lte } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { scheduledJobs } from '../db/schema'
import { openIncident, resolveIncidents } from '../modules/incidents/incidents'
import { bothLanguages } from '../modules/messages/write'

/** What a job is told when it runs. */
export interface JobContext {
  /** The clock the scheduler was started with (email delivery asks it again between messages). */
  now: () => Date
  /** The office's time zone (working days of task escalation are counted in it). */
  timeZone: string
}

/** One job of the scheduler, declared by the module that owns the work. */
export interface ScheduledJob {
  /** Its row in scheduled_jobs (never renamed: a new name starts a new row). */
  name: string
  /** What it does, in both languages (an incident names the job by it). */
  label?: { zh: string; en: string }
  /** How often: every tick, or once per UTC day (on the first tick that finds it due). */
  every: 'tick' | 'day'
  /**
   * `before`: the job's row is claimed in a short transaction and the work runs after it, claiming its own
   * rows (a server that dies meanwhile leaves the rest for the next run). `throughout`: the work runs inside
   * the claim's transaction; a failure rolls everything back and the job stays due.
   */
  claim: 'before' | 'throughout'
  /** Asked on each tick; a job that answers false is not claimed at all (email without SMTP settings). */
  enabled?: () => boolean
  run: (db: DbOrTx, at: Date, context: JobContext) => Promise<unknown>
}

/** Which server ran a job last (scheduled_jobs.last_run_by). */
export const SERVER_ID = `${os.hostname()}:${process.pid}`

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

/** A job that threw: its incident (opened, or one attempt more), never only a line in the log. */
export async function reportJobFailure(db: DbOrTx, job: ScheduledJob, error: unknown, at: Date) {
  const label = job.label ?? { zh: job.name, en: job.name }
  await openIncident(db, {
    kind: 'scheduledJob',
    subject: job.name,
    summary: bothLanguages('incidentJob', (lang) => ({ job: lang === 'en' ? label.en : label.zh })),
    error,
    at,
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
 * Run `jobs` every `intervalMs`, each once per interval across every server on the database (a daily job
 * once per UTC day of `now`; those are idempotent as well, so a run repeated by hand changes nothing more);
 * stop() on shutdown. `tick()` runs one round at once and resolves when it is done (tests). A job that
 * fails opens an incident (modules/incidents/) and does not stop the others; its next successful run
 * resolves it.
 */
export function startScheduler(db: DbOrTx, jobs: readonly ScheduledJob[], options: SchedulerOptions = {}) {
  const { intervalMs = 60_000, now = () => new Date(), timeZone = 'Asia/Shanghai' } = options
  // Due again a little before the next tick, so that a timer firing late still finds its job due.
  const period = intervalMs - Math.min(1_000, intervalMs / 10)
  const context: JobContext = { now, timeZone }
  const runOne = async (job: ScheduledJob, at: Date, next: Date) => {
    if (job.enabled && !job.enabled()) return false
    if (job.claim === 'throughout') {
      return runJobOnce(db, job.name, at, next, (tx) => job.run(tx, at, context))
    }
    if (!(await claimJob(db, job.name, at, next))) return false
    await job.run(db, at, context)
    return true
  }
  const tick = async () => {
    const at = now()
    const next = new Date(at.getTime() + period)
    await Promise.all(
      jobs.map((job) =>
        runOne(job, at, job.every === 'day' ? nextUtcDay(at) : next).then(
          (ran) => (ran ? resolveIncidents(db, 'scheduledJob', [job.name], now()) : 0),
          (error) => reportJobFailure(db, job, error, now()),
        ),
      ),
    )
  }
  const timer = setInterval(() => void tick(), intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer), tick }
}
