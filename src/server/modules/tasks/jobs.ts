// The tasks' timed work: due-soon reminders, overdue notices and escalation (timers.ts), every tick.
import type { ScheduledJob } from '../../jobs/scheduler'
import { runTaskTimers } from './timers'

export const taskTimersJob: ScheduledJob = {
  name: 'task-timers',
  every: 'tick',
  // Each task row is claimed once by runTaskTimers itself.
  claim: 'before',
  run: (db, at, { timeZone }) => runTaskTimers(db, timeZone, at),
}
