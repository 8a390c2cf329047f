// The system log's timed work: rows beyond their retention (the systemLog settings) are dropped once a day,
// in batches (queries.ts).
import type { ScheduledJob } from '../../jobs/scheduler'
import { purgeSystemLogs } from './queries'

export const systemLogPurgeJob: ScheduledJob = {
  name: 'system-log-purge',
  label: { zh: '系统日志清理', en: 'System log purge' },
  every: 'day',
  claim: 'before',
  run: (db, at) => purgeSystemLogs(db, at),
}
