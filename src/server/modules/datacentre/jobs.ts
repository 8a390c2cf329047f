// The documentation backlog's daily counts (data-quality.ts): kept once a day, so the data centre shows the
// backlog growing or shrinking over time.
import type { ScheduledJob } from '../../jobs/scheduler'
import { keepDataQualityCounts } from './data-quality'

export const dataQualitySnapshotJob: ScheduledJob = {
  name: 'data-quality-snapshot',
  label: { zh: '数据质量每日快照', en: 'Daily data quality snapshot' },
  every: 'day',
  claim: 'throughout',
  run: (db, at) => keepDataQualityCounts(db, at),
}
