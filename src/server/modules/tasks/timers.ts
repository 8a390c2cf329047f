// The timers of tasks, run by the scheduler: a reminder before a task is due, then once it is
// overdue the candidates are told again (escalation 1), then, when it is still open some working days
// later, the managers' role (escalation 2). Each timer is a column of the task row; due rows are claimed with
// FOR UPDATE SKIP LOCKED, so with several servers each timer fires once, and each task's messages, its row
// and, for an escalation, the process's history row are written in one transaction.
import { and, eq, isNull, lte, type SQL, sql } from 'drizzle-orm'
import { latest } from '../../../../machines/registry'
import { formatMessage, type MessageKey } from '../../../shared/errors'
import { intlLocale, type Lang } from '../../../shared/lang'
import type { ProcessType } from '../../../shared/process-types'
import { addWorkingDays } from '../../../shared/working-days'
import { chained } from '../../audit/chain'
import type { DbOrTx } from '../../db/client'
import { processes, processHistory, processTasks } from '../../db/schema'
import { officeCalendar } from '../calendar/store'
import { openIncident, resolveIncidents } from '../incidents/incidents'
import { bothLanguages, holdersOfAny, rowsOf, sendMessages, typeLabel } from '../messages/send'
import { taskTimingsOf, timingKey } from './settings'
import { taskKindLabel } from './sync'

/** Tasks handled per transaction. */
export const TIMER_BATCH = 100

/** The history row's event type for an escalation, and what allowed it. */
export const ESCALATE_EVENT = 'ESCALATE'
export const ALLOWED_BY_SCHEDULER = 'scheduler'

type Task = typeof processTasks.$inferSelect

/** The users a task waits for now: its claimer, else every candidate (privileges, role, named users, not excluded). */
export async function candidateUsers(tx: DbOrTx, task: Task): Promise<string[]> {
  if (task.claimedBy) return [task.claimedBy]
  const holders = await holdersOfAny(tx, task.privileges, { roleId: task.candidateRoleId })
  return holders.filter(
    (id) =>
      !task.excludedUserIds.includes(id) && (!task.candidateUserIds || task.candidateUserIds.includes(id)),
  )
}

/** The managers an escalation goes to: the holders of the configured role, else the administrators. */
async function managers(tx: DbOrTx, task: Task): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(
    task.managerRoleId
      ? sql`select u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
            where u.enabled and r.enabled and r.id = ${task.managerRoleId}::uuid`
      : sql`select u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
            where u.enabled and r.enabled and r.all_privileges`,
  )
  return rowsOf<{ id: string }>(rows).map((r) => r.id)
}

function wording(task: Task, timeZone: string) {
  const step = latest(task.type as ProcessType).steps.find((s) => s.key === task.step)
  const due = (lang: Lang) =>
    task.dueAt
      ? new Intl.DateTimeFormat(intlLocale(lang), {
          timeZone,
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(task.dueAt)
      : ''
  return (lang: Lang) => ({
    process: typeLabel(task.type as ProcessType, lang),
    step: (lang === 'en' ? step?.labelEn : step?.labelZh) ?? task.step,
    task: taskKindLabel(task.kind, lang),
    due: due(lang),
  })
}

/** Append the scheduler's history row to the task's process (its row version moves on, as every history row's does). */
async function escalationHistory(tx: DbOrTx, task: Task, level: number, at: Date, to: string[]) {
  const [moved] = await tx
    .update(processes)
    .set({ version: sql`${processes.version} + 1` })
    .where(eq(processes.id, task.processId))
    .returning({
      version: processes.version,
      state: processes.state,
      definitionVersion: processes.definitionVersion,
    })
  if (!moved) return
  await tx.insert(processHistory).values(
    chained('process_history', [
      {
        processId: task.processId,
        seq: moved.version,
        eventType: ESCALATE_EVENT,
        fromState: moved.state,
        toState: moved.state,
        byUserId: null,
        at,
        comment: '',
        payload: {
          step: task.step,
          task: task.kind,
          level,
          dueAt: task.dueAt?.toISOString() ?? null,
          notified: to.length,
        },
        definitionVersion: moved.definitionVersion,
        allowedBy: ALLOWED_BY_SCHEDULER,
      },
    ]),
  )
}

/** One batch of one timer: claim the due rows, act on each, in one transaction; how many were handled. */
async function batch(db: DbOrTx, timer: TimerName, due: SQL | undefined, act: Act): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(processTasks)
      .where(and(isNull(processTasks.closedAt), due))
      .limit(TIMER_BATCH)
      .for('update', { skipLocked: true })
    for (const task of rows) await act(tx, task)
    // A task whose timer had failed before went through now: its incident is over.
    if (rows.length > 0)
      await resolveIncidents(
        tx,
        'taskTimer',
        rows.map((task) => timerSubject(timer, task.id)),
      )
    return rows.length
  })
}

/**
 * Work through one timer's due rows in batches. A batch that fails is done again task by task, so one task
 * whose timer cannot fire stays due (an incident, modules/incidents/) without holding the others back.
 */
async function drain(db: DbOrTx, timer: TimerName, now: Date, act: Act) {
  const due = TIMERS[timer](now)
  let total = 0
  for (;;) {
    let n: number
    try {
      n = await batch(db, timer, due, act)
    } catch {
      return total + (await oneByOne(db, timer, due, act, now))
    }
    total += n
    if (n < TIMER_BATCH) return total
  }
}

async function oneByOne(db: DbOrTx, timer: TimerName, due: SQL | undefined, act: Act, now: Date) {
  const rows = await db
    .select()
    .from(processTasks)
    .where(and(isNull(processTasks.closedAt), due))
    .limit(TIMER_BATCH)
  let handled = 0
  for (const task of rows) {
    try {
      handled += await batch(db, timer, and(due, eq(processTasks.id, task.id)), act)
    } catch (error) {
      await openIncident(db, timerIncident(timer, task, error, now))
    }
  }
  return handled
}

type Act = (tx: DbOrTx, task: Task) => Promise<void>

/** The three timers of a task row, each by the rows it finds due at `now`. */
const TIMERS = {
  remind: (now: Date) => and(lte(processTasks.remindAt, now)),
  overdue: (now: Date) => and(eq(processTasks.escalation, 0), lte(processTasks.escalateAt, now)),
  escalate: (now: Date) => and(eq(processTasks.escalation, 1), lte(processTasks.escalateAt, now)),
} as const satisfies Record<string, (now: Date) => SQL | undefined>
export type TimerName = keyof typeof TIMERS
const TIMER_WORDS = {
  remind: 'incidentTimerRemind',
  overdue: 'incidentTimerOverdue',
  escalate: 'incidentTimerEscalate',
} as const satisfies Record<TimerName, MessageKey>

/** The incident subject of one task's timer: `timer:taskId`. */
export function timerSubject(timer: TimerName, taskId: string): string {
  return `${timer}:${taskId}`
}

export function parseTimerSubject(subject: string): { timer: TimerName; taskId: string } | undefined {
  const [timer, taskId] = subject.split(':')
  return Object.hasOwn(TIMERS, timer) && taskId ? { timer: timer as TimerName, taskId } : undefined
}

function timerIncident(timer: TimerName, task: Task, error: unknown, at: Date) {
  const step = latest(task.type as ProcessType).steps.find((s) => s.key === task.step)
  return {
    kind: 'taskTimer' as const,
    subject: timerSubject(timer, task.id),
    summary: bothLanguages('incidentTaskTimer', (lang) => ({
      timer: formatMessage(TIMER_WORDS[timer], lang),
      process: typeLabel(task.type as ProcessType, lang),
      step: (lang === 'en' ? step?.labelEn : step?.labelZh) ?? task.step,
    })),
    error,
    processId: task.processId,
    at,
  }
}

export interface TimerRun {
  reminded: number
  overdue: number
  escalated: number
}

/** What each timer does to a task it finds due. */
function timerActs(timeZone: string, now: Date): Record<TimerName, Act> {
  return {
    remind: async (tx, task) => {
      await tx.update(processTasks).set({ remindAt: null }).where(eq(processTasks.id, task.id))
      // A reminder found only once the task is overdue says nothing: the overdue message below does.
      if (task.dueAt && task.dueAt <= now) return
      await sendMessages(tx, await candidateUsers(tx, task), {
        kind: 'taskDueSoon',
        processId: task.processId,
        senderId: null,
        title: bothLanguages('msgTaskDueSoon', wording(task, timeZone)),
        at: now,
      })
    },
    overdue: async (tx, task) => {
      const to = await candidateUsers(tx, task)
      await sendMessages(tx, to, {
        kind: 'taskOverdue',
        processId: task.processId,
        senderId: null,
        title: bothLanguages('msgTaskOverdue', wording(task, timeZone)),
        at: now,
      })
      const definition = latest(task.type as ProcessType)
      const timing = (await taskTimingsOf(tx, definition)).get(timingKey(task.step, task.kind))
      const next = addWorkingDays(task.dueAt ?? now, timing?.escalateAfterDays ?? 1, await officeCalendar(tx))
      await tx
        .update(processTasks)
        .set({ escalation: 1, escalateAt: next, remindAt: null })
        .where(eq(processTasks.id, task.id))
      await escalationHistory(tx, task, 1, now, to)
    },
    escalate: async (tx, task) => {
      const to = await managers(tx, task)
      await sendMessages(tx, to, {
        kind: 'taskEscalated',
        processId: task.processId,
        senderId: null,
        title: bothLanguages('msgTaskEscalated', wording(task, timeZone)),
        at: now,
      })
      await tx
        .update(processTasks)
        .set({ escalation: 2, escalateAt: null })
        .where(eq(processTasks.id, task.id))
      await escalationHistory(tx, task, 2, now, to)
    },
  }
}

/**
 * Run every task timer due by `now`: "due soon" reminders, "overdue" to the candidates again (escalation 1,
 * and the next escalation planned), "escalated" to the managers (escalation 2). Safe on several servers at
 * once; a task's timer fires once.
 */
export async function runTaskTimers(db: DbOrTx, timeZone: string, now = new Date()): Promise<TimerRun> {
  const acts = timerActs(timeZone, now)
  const reminded = await drain(db, 'remind', now, acts.remind)
  const overdue = await drain(db, 'overdue', now, acts.overdue)
  const escalated = await drain(db, 'escalate', now, acts.escalate)
  return { reminded, overdue, escalated }
}

/**
 * Fire one task's timer now if it is still due (an administrator's retry of its incident); 0 when it is not
 * due any more. A failure throws.
 */
export async function runTaskTimer(
  db: DbOrTx,
  timeZone: string,
  timer: TimerName,
  taskId: string,
  now = new Date(),
): Promise<number> {
  return batch(
    db,
    timer,
    and(TIMERS[timer](now), eq(processTasks.id, taskId)),
    timerActs(timeZone, now)[timer],
  )
}
