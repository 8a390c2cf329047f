// Timed background work shared by several servers: one row per job, claimed with FOR UPDATE SKIP LOCKED
// when due, so each run of a job happens on one server only (src/server/jobs/scheduler.ts).
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const scheduledJobs = pgTable('scheduled_jobs', {
  job: text().primaryKey(),
  /** The job may run again from this instant (by the scheduler's clock). */
  dueAt: timestamp({ withTimezone: true }).notNull(),
  lastRunAt: timestamp({ withTimezone: true }),
  /** Which server ran it last (host and process id), for diagnostics. */
  lastRunBy: text(),
})
