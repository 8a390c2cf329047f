// Insurance's timed work, once a day: cover follows the policies' dates — on when a policy's start date
// arrives, off when the insured-until date has passed, with a message to the operations staff
// (applyCoverDates, with the process effects that record cover). Idempotent: a repeated run changes nothing.
import type { ScheduledJob } from '../../jobs/scheduler'
import { applyCoverDates } from '../process/effects/insurance'

export const insuranceCoverJob: ScheduledJob = {
  name: 'insurance-cover-dates',
  label: { zh: '保险生效与到期', en: 'Insurance cover on and off by date' },
  every: 'day',
  claim: 'throughout',
  run: (tx, at) => applyCoverDates(tx, at),
}
