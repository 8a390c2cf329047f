// The documentation backlog's daily counts (data-quality.ts): kept once a day, so the data centre shows the
// backlog growing or shrinking over time.
import type { ScheduledJob } from '../../jobs/scheduler'
import { keepDataQualityCounts } from './data-quality'

export const dataQualitySnapshotJob: ScheduledJob = {
  name: 'data-quality-snapshot',
  every: 'day',
  claim: 'throughout',
  run: (db, at) => keepDataQualityCounts(db, at),
}
