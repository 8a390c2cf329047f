// The message centre's timed work: reminders that fell due become messages (send.ts), every tick.
import type { ScheduledJob } from '../../jobs/scheduler'
import { deliverDueReminders } from './send'

export const reminderDeliveryJob: ScheduledJob = {
  name: 'reminder-delivery',
  label: { zh: '提醒投递', en: 'Reminder delivery' },
  every: 'tick',
  // Each reminder row is claimed once by deliverDueReminders itself.
  claim: 'before',
  run: (db, at) => deliverDueReminders(db, at),
}
