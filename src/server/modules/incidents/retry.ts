// Retrying an incident: the failed work run again now, by kind. The work reports its own failures
// (openIncident, one attempt more on the same incident) and successes (resolveIncidents); what is left here
// is to run it and read the outcome: the work threw, or counted an attempt → still open; else resolved.
import { and, eq, isNull } from 'drizzle-orm'
import type { IncidentKind } from '../../../shared/contracts/incidents'
import type { DbOrTx } from '../../db/client'
import { incidents } from '../../db/schema'
import { reportJobFailure } from '../../jobs/scheduler'
import { SCHEDULED_JOBS } from '../../scheduled-jobs'
import { deliverReminder } from '../messages/send'
import { deliverEmails, reviveEmails } from '../notifications/outbox'
import { emailSettings } from '../notifications/settings'
import { parseTimerSubject, runTaskTimer } from '../tasks/timers'
import { openIncident } from './incidents'

type Incident = typeof incidents.$inferSelect

interface RetryContext {
  db: DbOrTx
  timeZone: string
  now: Date
}

/** The failed work of each kind, run again for one incident (a failure throws or records an attempt). */
const RETRIES: Record<IncidentKind, (incident: Incident, context: RetryContext) => Promise<void>> = {
  emailDelivery: async (incident, { db, now }) => {
    const settings = emailSettings()
    if (!settings) throw new Error('Email is not configured on this server (VITRINE_SMTP_URL)')
    await reviveEmails(db, incident, now)
    await deliverEmails(db, () => new Date(), settings)
  },
  reminderDelivery: async (incident, { db, now }) => {
    try {
      await deliverReminder(db, incident.subject, now)
    } catch (error) {
      await openIncident(db, { ...reportOf(incident), error, at: now })
    }
  },
  taskTimer: async (incident, { db, timeZone, now }) => {
    const timer = parseTimerSubject(incident.subject)
    if (!timer) return
    try {
      await runTaskTimer(db, timeZone, timer.timer, timer.taskId, now)
    } catch (error) {
      await openIncident(db, { ...reportOf(incident), error, at: now })
    }
  },
  scheduledJob: async (incident, { db, timeZone, now }) => {
    const job = SCHEDULED_JOBS.find((j) => j.name === incident.subject)
    // A job no longer registered has nothing to run: the incident is over.
    if (!job) return
    const context = { now: () => new Date(), timeZone }
    try {
      if (job.claim === 'throughout') await db.transaction((tx) => job.run(tx, now, context))
      else await job.run(db, now, context)
    } catch (error) {
      await reportJobFailure(db, job, error, now)
    }
  },
}

function reportOf(incident: Incident) {
  return {
    kind: incident.kind as IncidentKind,
    subject: incident.subject,
    summary: { zh: incident.summaryZh, en: incident.summaryEn },
    processId: incident.processId,
    artworkId: incident.artworkId,
  }
}

/**
 * Run an open incident's work again; true when it succeeded (the incident is then resolved, by `userId`
 * unless the work's own success resolved it already), false when it failed again (one attempt more).
 */
export async function retryIncident(
  db: DbOrTx,
  incident: Incident,
  userId: string,
  timeZone: string,
): Promise<boolean> {
  const now = new Date()
  await RETRIES[incident.kind as IncidentKind](incident, { db, timeZone, now })
  const [after] = await db.select().from(incidents).where(eq(incidents.id, incident.id))
  if (after.status === 'open' && after.attempts > incident.attempts) return false
  await db
    .update(incidents)
    .set({ status: 'resolved', resolvedAt: after.resolvedAt ?? new Date(), resolvedBy: userId })
    .where(and(eq(incidents.id, incident.id), isNull(incidents.resolvedBy), isNull(incidents.resolutionNote)))
  return true
}
