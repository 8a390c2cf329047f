// Task rows kept in step with a process's snapshot, inside the transaction of the event (or the
// start) that moved it: the tasks the machine says the new state waits for (machines/tasks.ts) are opened
// with their due times, candidates and approvals needed; open tasks of a state left behind are closed by
// the event that left it. An approval that does not yet complete its step (N of M) keeps the task open and
// counts it. Nothing here knows a process type.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { TASK_KIND_LABELS as TASK_KIND_WORDS } from '../../../../machines/labels'
import { approvalNeed } from '../../../../machines/setup'
import { type TaskKind, type TaskSpec, tasksOf } from '../../../../machines/tasks'
import type { ProcessContext, ProcessDefinition, ProcessSnapshot } from '../../../../machines/types'
import { statePath } from '../../../../machines/view'
import type { ProcessType } from '../../../shared/process-types'
import { addWorkingDays, type WorkingCalendar, workingHoursBefore } from '../../../shared/working-days'
import type { Db, DbOrTx } from '../../db/client'
import { processes, processTasks } from '../../db/schema'
import { officeCalendar } from '../calendar/store'
import { bothLanguages, sendMessages, typeLabel } from '../messages/send'
import type { ProcessCatalog } from '../process/catalog'
import { rehydrate } from '../process/snapshot'
import { noticeTasksChanged } from './notice'
import { routeWhenNobodyElse } from './people'
import { type TaskTiming, taskTimingsOf, timingKey } from './settings'

/** Work someone in particular is on (the starter, or whoever submitted the step): claimed for them at once. */
const WORK_KINDS: ReadonlySet<TaskKind> = new Set(['fill', 'count', 'depart', 'arrive', 'return'])
/** Decisions: a claim is a lock (others may not decide while someone holds it, see decide.ts). */
export const DECISION_KINDS: ReadonlySet<TaskKind> = new Set(['approve', 'confirmPayment'])

export interface TaskSync {
  processId: string
  type: ProcessType
  definition: ProcessDefinition
  /** The snapshot after the event (or the start). */
  snapshot: ProcessSnapshot
  createdBy: string
  at: Date
  /** Who moved it and by which event (null for the start of a process). */
  by: string | null
  /** The state it was in before (absent for a start, a restart from nothing, a migration or a backfill). */
  fromState?: string
  event: string
}

/** Whether an event may change the tasks: it left the state, or it counted an approval in it. */
export function tasksMayChange(fromState: string, toState: string, event: string): boolean {
  return fromState !== toState || event === 'APPROVE'
}

/**
 * The people a step's decision never counts among its candidates, as the machine's guards rule: its
 * submitter and the user a delegate submitted for (never approves nor confirms their own), and for an
 * approval whoever approved it already (and whom they approved for).
 */
function excludedOf(context: ProcessContext, task: TaskSpec): string[] {
  if (!DECISION_KINDS.has(task.kind)) return []
  const r = context.steps[task.step]
  const out = new Set<string>()
  if (r?.submittedBy) out.add(r.submittedBy)
  if (r?.submittedOnBehalfOf) out.add(r.submittedOnBehalfOf)
  if (task.kind !== 'approve') return [...out]
  for (const a of r?.approvals ?? []) {
    out.add(a.by)
    if (a.onBehalfOf) out.add(a.onBehalfOf)
  }
  return [...out]
}

/** Who a work task is for: whoever submitted its step last, else whoever started the process. */
function ownerOf(context: ProcessContext, task: TaskSpec, createdBy: string): string | null {
  if (!WORK_KINDS.has(task.kind)) return null
  return context.steps[task.step]?.submittedBy ?? context.startedBy ?? createdBy
}

function newRow(
  s: TaskSync,
  state: string,
  task: TaskSpec,
  timing: TaskTiming | undefined,
  calendar: WorkingCalendar,
) {
  const context = s.snapshot.context
  const need =
    task.kind === 'approve' && s.definition.steps.find((d) => d.key === task.step)?.money
      ? approvalNeed(context, task.step)
      : { approvals: 1, roleKey: null }
  const dueAt = timing ? addWorkingDays(s.at, timing.dueDays, calendar) : null
  const remindAt =
    dueAt && timing && timing.remindBeforeHours > 0
      ? workingHoursBefore(dueAt, timing.remindBeforeHours, calendar)
      : null
  const owner = ownerOf(context, task, s.createdBy)
  return {
    processId: s.processId,
    type: s.type,
    step: task.step,
    kind: task.kind,
    state,
    privileges: task.privileges,
    candidateRoleId: timing?.candidateRoleId ?? null,
    candidateUserIds: timing?.candidateUserIds ?? null,
    excludedUserIds: excludedOf(context, task),
    approvalsNeeded: need.approvals,
    approvalsDone: DECISION_KINDS.has(task.kind) ? (context.steps[task.step]?.approvals.length ?? 0) : 0,
    approvalRoleKey: need.roleKey,
    claimedBy: owner,
    claimedAt: owner ? s.at : null,
    createdAt: s.at,
    dueAt,
    remindAt: remindAt && remindAt > s.at ? remindAt : null,
    escalateAt: dueAt,
    managerRoleId: timing?.managerRoleId ?? null,
  }
}

/**
 * Bring the process's task rows in line with its snapshot, in the caller's transaction. Tasks for someone
 * other than the one who moved the process (a fill task back to its submitter, the next step's form to the
 * starter) tell them with a `taskAssigned` message.
 */
export async function syncTasks(tx: DbOrTx, s: TaskSync): Promise<void> {
  // The open inbox streams read their counts again when this transaction commits (stream.ts).
  await noticeTasksChanged(tx)
  const state = statePath(s.snapshot)
  const wanted = tasksOf(s.definition, s.snapshot)
  const context = s.snapshot.context

  if (s.fromState === state) {
    // An approval that did not complete its step: its task stays, with its count and who may no longer approve.
    for (const task of wanted.filter((t) => DECISION_KINDS.has(t.kind)))
      await tx
        .update(processTasks)
        .set({
          excludedUserIds: excludedOf(context, task),
          approvalsDone: context.steps[task.step]?.approvals.length ?? 0,
        })
        .where(
          and(
            eq(processTasks.processId, s.processId),
            isNull(processTasks.closedAt),
            eq(processTasks.state, state),
            eq(processTasks.kind, task.kind),
          ),
        )
    return
  }

  // Every open task of the state left behind closes (one statement); the new state's open (one statement: a
  // task already open for the same state, step and kind stays, by the partial unique index).
  const kinds = wanted.map((t) => t.kind)
  await tx
    .update(processTasks)
    .set({ closedAt: s.at, closedBy: s.by, closedByEvent: s.event })
    .where(
      and(
        eq(processTasks.processId, s.processId),
        isNull(processTasks.closedAt),
        kinds.length > 0
          ? sql`not (${processTasks.state} = ${state} and ${processTasks.kind}::text = any(${`{${kinds.join(',')}}`}::text[]))`
          : undefined,
      ),
    )
  if (wanted.length === 0) return
  const timings = await taskTimingsOf(tx, s.definition)
  const calendar = await officeCalendar(tx)
  const rows = await tx
    .insert(processTasks)
    .values(wanted.map((t) => newRow(s, state, t, timings.get(timingKey(t.step, t.kind)), calendar)))
    .onConflictDoNothing()
    .returning({
      id: processTasks.id,
      kind: processTasks.kind,
      step: processTasks.step,
      claimedBy: processTasks.claimedBy,
    })
  // A confirmation nobody else may give (its submitter the only payer) also waits with the type's approvers.
  for (const row of rows) await routeWhenNobodyElse(tx, { id: row.id, kind: row.kind, type: s.type })
  // A rejection already tells its submitter (the machine's `rejected` message): one message, not two.
  if (s.event === 'REJECT') return
  for (const row of rows) {
    if (!row.claimedBy || row.claimedBy === s.by || s.by === null) continue
    const stepLabel = (lang: 'zh-CN' | 'en') => {
      const d = s.definition.steps.find((x) => x.key === row.step)
      return (lang === 'en' ? d?.labelEn : d?.labelZh) ?? row.step
    }
    await sendMessages(tx, [row.claimedBy], {
      kind: 'taskAssigned',
      processId: s.processId,
      senderId: s.by,
      title: bothLanguages('msgTaskAssigned', (lang) => ({
        process: typeLabel(s.type, lang),
        step: stepLabel(lang),
        task: taskKindLabel(row.kind, lang),
      })),
      at: s.at,
    })
  }
}

/** A task kind in words. */
export function taskKindLabel(kind: TaskKind, lang: 'zh-CN' | 'en'): string {
  const words = TASK_KIND_WORDS[kind]
  return lang === 'en' ? words.labelEn : words.labelZh
}

/** Close every open task of a process (an administrator moved it to another machine version). */
export async function closeAllTasks(tx: DbOrTx, processId: string, at: Date, by: string, event: string) {
  await tx
    .update(processTasks)
    .set({ closedAt: at, closedBy: by, closedByEvent: event })
    .where(and(eq(processTasks.processId, processId), isNull(processTasks.closedAt)))
}

/**
 * At boot: live processes that have never had a task row (they ran before tasks existed) get the tasks their
 * state waits for, due from now. Idempotent: a process with any task row, open or closed, is left alone.
 */
export async function backfillTasks(db: Db, catalog: ProcessCatalog, now = new Date()): Promise<number> {
  const rows = await db
    .select()
    .from(processes)
    .where(
      and(
        eq(processes.done, false),
        sql`${processes.status} <> 'terminated'`,
        sql`not exists (select 1 from ${processTasks} t where t.process_id = ${processes.id})`,
      ),
    )
  for (const row of rows) {
    const definition = catalog.definitionOf(row.type, row.definitionVersion)
    if (!definition) continue
    await db.transaction(async (tx) =>
      syncTasks(tx, {
        processId: row.id,
        type: row.type,
        definition,
        snapshot: rehydrate(definition.machine, row.snapshot),
        createdBy: row.createdBy,
        at: now,
        by: null,
        event: 'BACKFILL',
      }),
    )
  }
  return rows.length
}
