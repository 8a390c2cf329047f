// The outbox's timed work: emails waiting to be sent go out (outbox.ts), every tick, only when SMTP is set up.
import type { ScheduledJob } from '../../jobs/scheduler'
import { deliverEmails } from './outbox'
import { emailSettings } from './settings'

export const emailDeliveryJob: ScheduledJob = {
  name: 'email-delivery',
  label: { zh: '邮件发送', en: 'Email delivery' },
  every: 'tick',
  // Each outbox row is claimed once by deliverEmails itself.
  claim: 'before',
  enabled: () => emailSettings() !== undefined,
  run: (db, _at, { now }) => deliverEmails(db, now),
}
