// Writing the message bell's rows: process notifications worded in both languages from the message
// catalogue, the users who may approve a process type, and timed reminders (rows with a due time that
// deliverDueReminders turns into messages; machines hold no timers).
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { formatMessage, type Lang, type MessageKey } from '../../../shared/errors'
import { calendarDateText } from '../../../shared/office-time'
import { approvePrivilege, type PrivilegeKey } from '../../../shared/privileges'
import { PROCESS_TYPE_LABELS, type ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { messages, processReminders } from '../../db/schema'
import { openIncident, resolveIncidents } from '../incidents/incidents'
import { type NewMessage, queueEmails } from '../notifications/outbox'
import { noticeTasksChanged } from '../tasks/notice'

type Params = Record<string, string | number>

/** Both languages of a catalogue message; `params` may differ per language (labels of types and steps). */
export function bothLanguages(key: MessageKey, params: (lang: Lang) => Params) {
  return { zh: formatMessage(key, 'zh-CN', params('zh-CN')), en: formatMessage(key, 'en', params('en')) }
}

/** A type's label; a type the generated list does not have yet (a catalog handed in by a test) by its name. */
export function typeLabel(type: ProcessType, lang: Lang): string {
  const labels: Partial<Record<string, Record<Lang, string>>> = PROCESS_TYPE_LABELS
  return labels[type]?.[lang] ?? type
}

export type { NewMessage }

export async function sendMessages(db: DbOrTx, recipients: Iterable<string>, message: NewMessage) {
  const to = [...new Set(recipients)]
  if (to.length === 0) return
  const written = await db
    .insert(messages)
    .values(
      to.map((recipientId) => ({
        recipientId,
        kind: message.kind,
        processId: message.processId,
        contentId: message.contentId ?? null,
        senderId: message.senderId,
        titleZh: message.title.zh,
        titleEn: message.title.en,
        bodyZh: message.body?.zh ?? '',
        bodyEn: message.body?.en ?? '',
        createdAt: message.at ?? new Date(),
      })),
    )
    .returning({ id: messages.id, recipientId: messages.recipientId })
  // The same messages by email, to those who chose them, queued in this transaction.
  await queueEmails(db, written, message)
  // The recipients' open inbox streams read their unread count again at commit (tasks/stream.ts).
  await noticeTasksChanged(db)
}

/** Enabled users who hold the approval privilege of a process type (through a role, their own, or all). */
export async function approversOf(db: DbOrTx, type: ProcessType): Promise<string[]> {
  return holdersOf(db, approvePrivilege(type))
}

/** Enabled users who hold a privilege (through a role, their own, or all privileges). */
export async function holdersOf(db: DbOrTx, key: PrivilegeKey): Promise<string[]> {
  return holdersOfAny(db, [key])
}

/**
 * Enabled users who hold any of these privileges (through an enabled role, their own, or all privileges),
 * optionally only members of one role: the one place this rule is written as a query over users (the
 * session's own reading of one user is `privilegeColumns` in auth/sessions.ts).
 */
export async function holdersOfAny(
  db: DbOrTx,
  keys: readonly string[],
  options: { roleId?: string | null } = {},
): Promise<string[]> {
  const list = `{${keys.map((k) => `"${k}"`).join(',')}}`
  const rows = await db.execute<{ id: string }>(sql`
    select u.id from users u where u.enabled and (
      exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.enabled
              where ur.user_id = u.id and r.all_privileges)
      or exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.enabled
                 join role_privileges rp on rp.role_id = r.id
                 where ur.user_id = u.id and rp.privilege = any(${list}::text[]))
      or exists (select 1 from user_privileges up where up.user_id = u.id and up.privilege = any(${list}::text[])))
      ${options.roleId ? sql`and exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = ${options.roleId}::uuid)` : sql``}`)
  return rowsOf<{ id: string }>(rows).map((r) => r.id)
}

export { rowsOf }

const REMINDER_KEYS = {
  insuranceExpiry: 'msgReminderInsurance',
  contractExpiry: 'msgReminderContract',
  custom: 'msgNotice',
} as const satisfies Record<(typeof processReminders.$inferInsert)['kind'], MessageKey>

type ReminderKind = (typeof processReminders.$inferInsert)['kind']

/**
 * Schedule a reminder. A process has at most one reminder of each kind (unique index): scheduling it again
 * (a policy approved again after a restart, a contract re-recorded) moves its due time and wording and
 * revives it if it was cancelled; one already delivered stays delivered unless its due time changed — or,
 * with `once` (one reminder per policy, whatever the re-approvals), stays delivered and unchanged.
 */
export async function scheduleReminder(
  db: DbOrTx,
  reminder: {
    processId: string | null
    processType: ProcessType
    recipientId: string
    kind: ReminderKind
    dueAt: Date
    params: Params
    once?: boolean
  },
) {
  const title = bothLanguages(REMINDER_KEYS[reminder.kind], (lang) => ({
    process: typeLabel(reminder.processType, lang),
    step: '',
    contract: '',
    policy: '',
    ...reminder.params,
    // a date in a message is written as the reader's language writes it, never yyyy-MM-dd
    date: calendarDateText(String(reminder.params.date ?? ''), lang),
  }))
  const values = {
    recipientId: reminder.recipientId,
    dueAt: reminder.dueAt,
    titleZh: title.zh,
    titleEn: title.en,
  }
  await db
    .insert(processReminders)
    .values({ ...values, processId: reminder.processId, kind: reminder.kind })
    .onConflictDoUpdate({
      target: [processReminders.processId, processReminders.kind],
      set: {
        ...values,
        cancelledAt: null,
        deliveredAt: sql`case when ${processReminders.dueAt} = excluded.due_at then ${processReminders.deliveredAt} end`,
      },
      ...(reminder.once ? { setWhere: isNull(processReminders.deliveredAt) } : {}),
    })
}

/** Cancel the pending reminders of a process (of the given kinds, or all); how many were cancelled. */
export async function cancelReminders(
  db: DbOrTx,
  processId: string,
  at: Date,
  kinds?: ReminderKind[],
): Promise<number> {
  const cancelled = await db
    .update(processReminders)
    .set({ cancelledAt: at })
    .where(
      and(
        eq(processReminders.processId, processId),
        isNull(processReminders.deliveredAt),
        isNull(processReminders.cancelledAt),
        kinds ? inArray(processReminders.kind, kinds) : undefined,
      ),
    )
    .returning({ id: processReminders.id })
  return cancelled.length
}

/** Reminders delivered per transaction: a backlog is worked through in batches of this size. */
export const REMINDER_BATCH = 200

/**
 * Turn every reminder due by `now` into a message, exactly once. Each batch is one transaction: the due
 * rows are claimed with FOR UPDATE SKIP LOCKED (another server delivering at the same time takes other
 * rows, or none, and never waits), their messages are written and the rows marked delivered, and all of it
 * commits together or not at all. When a batch fails, its rows are delivered one by one, so one reminder
 * whose message cannot be written stays due (an incident, modules/incidents/) without holding the others back. Returns how
 * many were delivered.
 */
export async function deliverDueReminders(db: DbOrTx, now = new Date()): Promise<number> {
  let delivered = 0
  for (;;) {
    let n: number
    try {
      n = await deliverBatch(db, now, REMINDER_BATCH)
    } catch (error) {
      console.error('reminder batch failed, delivering one by one:', reason(error))
      return delivered + (await deliverOneByOne(db, now))
    }
    delivered += n
    if (n < REMINDER_BATCH) return delivered
  }
}

async function deliverOneByOne(db: DbOrTx, now: Date): Promise<number> {
  const due = await db
    .select({
      id: processReminders.id,
      processId: processReminders.processId,
      titleZh: processReminders.titleZh,
      titleEn: processReminders.titleEn,
    })
    .from(processReminders)
    .where(dueBy(now))
    .orderBy(processReminders.dueAt)
    .limit(REMINDER_BATCH)
  let delivered = 0
  for (const reminder of due) {
    try {
      delivered += await deliverBatch(db, now, 1, reminder.id)
    } catch (error) {
      // It stays due (the next run tries it again) and is an incident until it goes out.
      await openIncident(db, {
        kind: 'reminderDelivery',
        subject: reminder.id,
        summary: bothLanguages('incidentReminder', (lang) => ({
          title: lang === 'en' ? reminder.titleEn : reminder.titleZh,
        })),
        error,
        processId: reminder.processId,
        at: now,
      })
    }
  }
  return delivered
}

/** The database's own words (drizzle wraps them with the whole statement and its parameters). */
function reason(error: unknown): string {
  const e = error as Error & { cause?: Error }
  return e.cause?.message ?? e.message
}

/**
 * Deliver one reminder now if it is still due (an administrator's retry of its incident); 0 when it is
 * not due any more (delivered, cancelled). A failure throws.
 */
export async function deliverReminder(db: DbOrTx, id: string, now = new Date()): Promise<number> {
  return deliverBatch(db, now, 1, id)
}

function dueBy(now: Date) {
  return and(
    isNull(processReminders.deliveredAt),
    isNull(processReminders.cancelledAt),
    lte(processReminders.dueAt, now),
  )
}

/** One transaction: claim up to `limit` due reminders (or the one named), write their messages, mark them. */
async function deliverBatch(db: DbOrTx, now: Date, limit: number, id?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(processReminders)
      .where(and(dueBy(now), id ? eq(processReminders.id, id) : undefined))
      .orderBy(processReminders.dueAt)
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return 0
    await tx.insert(messages).values(
      due.map((r) => ({
        recipientId: r.recipientId,
        kind: 'reminder' as const,
        processId: r.processId,
        senderId: null,
        titleZh: r.titleZh,
        titleEn: r.titleEn,
        bodyZh: r.bodyZh,
        bodyEn: r.bodyEn,
        createdAt: now,
      })),
    )
    await noticeTasksChanged(tx)
    await tx
      .update(processReminders)
      .set({ deliveredAt: now })
      .where(
        inArray(
          processReminders.id,
          due.map((r) => r.id),
        ),
      )
    // A reminder that had failed before is delivered now: its incident is over.
    await resolveIncidents(
      tx,
      'reminderDelivery',
      due.map((r) => r.id),
      now,
    )
    return due.length
  })
}
