// Every job the scheduler runs (src/server/jobs/scheduler.ts), each declared in the module whose work it is.
// The scheduler runs these and nothing else; a new timed job adds one line here.

import type { DbOrTx } from './db/client'
import { type ScheduledJob, type SchedulerOptions, startScheduler } from './jobs/scheduler'
import { auditVerifyJob } from './modules/audit/jobs'
import { conditionChecksDueJob } from './modules/condition-checks/jobs'
import { dataQualitySnapshotJob } from './modules/datacentre/jobs'
import { insuranceCoverJob } from './modules/insurance/jobs'
import { reminderDeliveryJob } from './modules/messages/jobs'
import { emailDeliveryJob } from './modules/notifications/jobs'
import { idempotencyPurgeJob } from './modules/process/jobs'
import { systemLogPurgeJob } from './modules/system-log/jobs'
import { taskTimersJob } from './modules/tasks/jobs'

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  reminderDeliveryJob,
  taskTimersJob,
  idempotencyPurgeJob,
  emailDeliveryJob,
  systemLogPurgeJob,
  insuranceCoverJob,
  auditVerifyJob,
  dataQualitySnapshotJob,
  conditionChecksDueJob,
]

/** The server's scheduler: every registered job (main.ts, and tests that drive it with their own clock). */
export function startScheduledJobs(db: DbOrTx, options: SchedulerOptions = {}) {
  return startScheduler(db, SCHEDULED_JOBS, options)
}
