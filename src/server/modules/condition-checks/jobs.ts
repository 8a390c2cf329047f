// The condition check schedule's timed work, once a day: a check started for every artwork a rule makes due
// (schedule.ts startDueChecks). Run once across servers (the job's row claimed first); a repeat finds the
// checks running and starts nothing more.
import { loadConfig } from '../../config'
import type { ScheduledJob } from '../../jobs/scheduler'
import { machineCatalog } from '../process/machine-catalog'
import { startDueChecks } from './schedule'

export const conditionChecksDueJob: ScheduledJob = {
  name: 'condition-checks-due',
  every: 'day',
  // Each check is started in its own transaction: one that fails leaves the others started.
  claim: 'before',
  run: (db, at, { timeZone }) =>
    // The settings a start reads (approval limits) as the server read them; the office's zone from the scheduler.
    startDueChecks(db, { config: { ...loadConfig(), timeZone }, catalog: machineCatalog }, at),
}
