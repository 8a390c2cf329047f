// The email outbox. Queueing: `sendMessages` calls `queueEmails` in the transaction that
// writes the bell's messages, so an email is queued exactly when its message is written (and rolled back
// with it). Delivery: the scheduler's job calls `deliverEmails`, which claims one row at a time with one
// statement (FOR UPDATE SKIP LOCKED, then `next_attempt_at` moved a lease ahead and `attempts` counted),
// sends it outside any transaction, and marks it sent, or due again after a backoff, or given up, each in
// a statement of its own. A server that dies while sending leaves the row to come due again when the lease
// ends; another server never takes a row while its lease runs.
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { emailOutbox } from '../../db/schema'
import { openIncident, resolveIncidents } from '../incidents/incidents'
import { bothLanguages } from '../messages/write'
import { emailText, type NewMessage, queueEmails } from './queue'
import { describeSendError, type EmailSettings, emailSettings, emailTransport } from './settings'

export { emailText, type NewMessage, queueEmails }

/** How long a claimed row stays with the server sending it (well beyond the SMTP timeouts of one mail). */
export const EMAIL_LEASE_MS = 5 * 60_000
/** Attempts before a row is given up (`failed_at`): with the backoff below, about fourteen hours. */
export const EMAIL_MAX_ATTEMPTS = 10
/** Most mails one run sends; the rest wait for the next run (here or on another server). */
export const EMAIL_RUN_LIMIT = 200

/** The wait after the n-th failed attempt: 1, 2, 4 … minutes, at most six hours. */
export function emailBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000)
}

interface ClaimedRow {
  id: string
  to_address: string
  subject: string
  body_text: string
  attempts: number
}

/** Claim the row due longest ago for this server: attempts counted, leased until now + EMAIL_LEASE_MS. */
async function claimNext(db: DbOrTx, now: Date): Promise<ClaimedRow | undefined> {
  const lease = new Date(now.getTime() + EMAIL_LEASE_MS)
  const result = await db.execute(sql`
    update email_outbox set attempts = attempts + 1, next_attempt_at = ${lease.toISOString()}
    where id = (
      select id from email_outbox
      where sent_at is null and failed_at is null and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at, created_at
      limit 1
      for update skip locked)
      and sent_at is null and failed_at is null
    returning id, to_address, subject, body_text, attempts`)
  const rows = (Array.isArray(result) ? result : (result as { rows?: ClaimedRow[] }).rows) ?? []
  return rows[0] as ClaimedRow | undefined
}

/** Still this server's claim: not sent, not given up, and no later claim counted an attempt since. */
function stillClaimed(row: ClaimedRow) {
  return and(
    eq(emailOutbox.id, row.id),
    eq(emailOutbox.attempts, row.attempts),
    sql`${emailOutbox.sentAt} is null and ${emailOutbox.failedAt} is null`,
  )
}

function refusedThisMailOnly(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === 'EENVELOPE' || code === 'EMESSAGE'
}

/** The subject of the incident of the mail server itself (unreachable, refusing us): one for all mails. */
export const SERVER_SUBJECT = 'smtp'

/** The mail server as an incident names it: host and port, never the credentials. */
function serverName(settings: EmailSettings): string {
  try {
    const url = new URL(settings.smtpUrl)
    return url.port ? `${url.hostname}:${url.port}` : url.hostname
  } catch {
    return '?'
  }
}

/**
 * A failed attempt as an incident: of this one mail when the server refused only it (its recipient, its
 * content), else of the mail server, which would refuse every mail alike.
 */
function emailIncident(
  row: ClaimedRow,
  settings: EmailSettings,
  error: string,
  thisMailOnly: boolean,
  at: Date,
) {
  const summary = thisMailOnly
    ? bothLanguages('incidentEmailOne', () => ({ to: row.to_address, subject: row.subject }))
    : bothLanguages('incidentEmailServer', () => ({ server: serverName(settings) }))
  return {
    kind: 'emailDelivery' as const,
    subject: thisMailOnly ? row.id : SERVER_SUBJECT,
    summary,
    error,
    at,
  }
}

/**
 * Make the mails an email incident is about due now, those given up since it first failed included
 * (an administrator's retry, modules/incidents/retry.ts): the mail server's incident, every unsent mail;
 * one mail's, that mail.
 */
export async function reviveEmails(
  db: DbOrTx,
  incident: { subject: string; firstFailedAt: Date },
  now: Date,
): Promise<void> {
  const which =
    incident.subject === SERVER_SUBJECT
      ? sql`sent_at is null and (failed_at is null or failed_at >= ${incident.firstFailedAt.toISOString()})`
      : sql`sent_at is null and id = ${incident.subject}::uuid`
  await db.execute(sql`
    update email_outbox set next_attempt_at = ${now.toISOString()}, failed_at = null,
      attempts = least(attempts, ${EMAIL_MAX_ATTEMPTS - 1})
    where ${which}`)
}

export interface DeliveryResult {
  sent: number
  failed: number
  gaveUp: number
}

/**
 * Send the due emails (up to EMAIL_RUN_LIMIT), one claimed row at a time. `now` is the clock (tests move
 * it). Does nothing when this server sends no email: the rows wait for a server that does.
 */
export async function deliverEmails(
  db: DbOrTx,
  now: () => Date = () => new Date(),
  settings: EmailSettings | undefined = emailSettings(),
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, gaveUp: 0 }
  if (!settings) return result
  const transport = await emailTransport(settings)
  let serverAnswered = false
  for (let i = 0; i < EMAIL_RUN_LIMIT; i++) {
    const row = await claimNext(db, now())
    if (!row) break
    let error: unknown
    try {
      await transport.sendMail({
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        // The same Message-ID on every attempt: a mail sent twice (a server lost between the SMTP reply and
        // marking the row) is recognisably one message.
        messageId: `<${row.id}@vitrine>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      })
    } catch (e) {
      error = e ?? new Error('unknown SMTP failure')
    }
    const at = now()
    if (error === undefined) {
      await db.update(emailOutbox).set({ sentAt: at, lastError: null }).where(stillClaimed(row))
      result.sent++
      // The server took a mail: its incident, and this mail's own when it had failed before, are over.
      const over = [...(serverAnswered ? [] : [SERVER_SUBJECT]), ...(row.attempts > 1 ? [row.id] : [])]
      serverAnswered = true
      await resolveIncidents(db, 'emailDelivery', over, at)
      continue
    }
    const lastError = describeSendError(error, settings)
    if (row.attempts >= EMAIL_MAX_ATTEMPTS) {
      await db.update(emailOutbox).set({ failedAt: at, lastError }).where(stillClaimed(row))
      result.gaveUp++
    } else {
      const nextAttemptAt = new Date(at.getTime() + emailBackoffMs(row.attempts))
      await db.update(emailOutbox).set({ nextAttemptAt, lastError }).where(stillClaimed(row))
      result.failed++
    }
    await openIncident(db, emailIncident(row, settings, lastError, refusedThisMailOnly(error), at))
    // A refusal of this one mail (its recipient, its content) lets the others go on; a server that cannot be
    // reached or refuses us would refuse them all: they wait for the next run.
    if (!refusedThisMailOnly(error)) break
  }
  return result
}
