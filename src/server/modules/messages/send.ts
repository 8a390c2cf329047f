// Writing the message bell's rows: process notifications worded in both languages from the message
// catalogue, the users who may approve a process type, and timed reminders (rows with a due time that
// deliverDueReminders turns into messages; machines hold no timers).
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { MessageKey } from '../../../shared/errors'
import { calendarDateText } from '../../../shared/office-time'
import { approvePrivilege } from '../../../shared/privileges'
import type { ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { messages, processReminders } from '../../db/schema'
import { openIncident, resolveIncidents } from '../incidents/incidents'
import type { NewMessage } from '../notifications/queue'
import { noticeTasksChanged } from '../tasks/notice'
import { bothLanguages, holdersOf, holdersOfAny, sendMessages, typeLabel } from './write'

type Params = Record<string, string | number>

export type { NewMessage }
export { bothLanguages, holdersOf, holdersOfAny, sendMessages, typeLabel }

/** Enabled users who hold the approval privilege of a process type (through a role, their own, or all). */
export async function approversOf(db: DbOrTx, type: ProcessType): Promise<string[]> {
  return holdersOf(db, approvePrivilege(type))
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
