// The tasks' timed work: due-soon reminders, overdue notices and escalation (timers.ts), every tick.
import type { ScheduledJob } from '../../jobs/scheduler'
import { runTaskTimers } from './timers'

export const taskTimersJob: ScheduledJob = {
  name: 'task-timers',
  label: { zh: '任务计时（提醒、逾期、上报）', en: 'Task timers (reminders, overdue, escalation)' },
  every: 'tick',
  // Each task row is claimed once by runTaskTimers itself.
  claim: 'before',
  run: (db, at, { timeZone }) => runTaskTimers(db, timeZone, at),
}
