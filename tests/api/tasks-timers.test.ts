// Task timers with a fake clock: the scheduler's injectable `now` and `tick()`, no sleeps. Before
// a task is due its candidates are reminded once; just after, they are told it is overdue (escalation 1, a
// history row by the scheduler, the process row's version moves on); a working day later (or what the
// settings say) the managers are told (the administrators, or the role the settings name): escalation 2,
// then nothing more. Two schedulers at the same instant deliver each message once; a task closed before
// its due time never fires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { officeCalendar } from '../../src/server/modules/calendar/store'
import { runTaskTimers } from '../../src/server/modules/tasks/timers'
import { startScheduledJobs } from '../../src/server/scheduled-jobs'
import type { ProcessView } from '../../src/shared/contracts/process'
import { addWorkingDays, type WorkingCalendar, workingHoursBefore } from '../../src/shared/working-days'
import { type Flow, openFlow } from './process-flow'
import { dueDiligence } from './process-helpers'

let f: Flow
/** The office's calendar (the seeded one: mainland China's holidays, Saturday and Sunday off). */
let calendar: WorkingCalendar
let ids: Record<string, string>
let roleIds: Record<string, string>
const clock = { at: new Date() }
let scheduler: ReturnType<typeof startScheduledJobs>
const HOUR = 3_600_000
const MINUTE = 60_000
const TZ = 'Asia/Shanghai'
const TIMER_KINDS = ['taskDueSoon', 'taskOverdue', 'taskEscalated'] as const

beforeAll(async () => {
  f = await openFlow()
  calendar = await officeCalendar(f.t.deps.database.db)
  expect(f.t.deps.config.timeZone).toBe(TZ)
  const users = await f.t.call('GET', '/api/auth/users?pageSize=100', { token: f.tokens.admin })
  ids = Object.fromEntries(users.data.list.map((u: any) => [u.username, u.id]))
  const roles = await f.t.call('GET', '/api/auth/roles?pageSize=100', { token: f.tokens.admin })
  roleIds = Object.fromEntries(roles.data.list.map((r: any) => [r.key, r.id]))
  scheduler = startScheduledJobs(f.t.deps.database.db, { now: () => clock.at, timeZone: TZ })
  // Only the ticks the tests ask for.
  scheduler.stop()
})
afterAll(async () => {
  scheduler?.stop()
  await f?.close()
})

/** One scheduler round at `at` (the job made due first: the tests move the clock back and forth). */
async function tickAt(at: Date) {
  await f.t.deps.database.raw(`update scheduled_jobs set due_at = to_timestamp(0) where job = 'task-timers'`)
  clock.at = at
  await scheduler.tick()
}

/** The timers' messages about a process: recipients per kind, sorted. */
async function timerMessages(processId: string): Promise<Record<(typeof TIMER_KINDS)[number], string[]>> {
  const rows = (await f.t.deps.database.raw(
    `select kind::text as kind, recipient_id::text as id from messages where process_id = $1 order by id`,
    [processId],
  )) as { kind: string; id: string }[]
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => r.id)
      .sort()
  return {
    taskDueSoon: of('taskDueSoon'),
    taskOverdue: of('taskOverdue'),
    taskEscalated: of('taskEscalated'),
  }
}

async function taskRow(taskId: string) {
  const [row] = (await f.t.deps.database.raw(
    `select due_at, remind_at, escalate_at, escalation, closed_at from process_tasks where id = $1`,
    [taskId],
  )) as {
    due_at: Date
    remind_at: Date | null
    escalate_at: Date | null
    escalation: number
    closed_at: Date | null
  }[]
  return {
    dueAt: new Date(row.due_at),
    remindAt: row.remind_at && new Date(row.remind_at),
    escalateAt: row.escalate_at && new Date(row.escalate_at),
    escalation: Number(row.escalation),
    closed: row.closed_at !== null,
  }
}

const viewOf = async (p: ProcessView) =>
  (await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.viewer })).data

/** A purchase whose due diligence waits for approval: its approve task, due in two working days. */
async function awaitingApproval() {
  const p = await f.send(
    'registrar',
    await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] }),
    'SUBMIT',
    { payload: dueDiligence() },
  )
  const tasks = await f.t.call('GET', `/api/process/${p.id}/tasks`, { token: f.tokens.viewer })
  expect(tasks.data).toMatchObject([{ kind: 'approve' }])
  const task = tasks.data[0]
  const row = await taskRow(task.id)
  expect(task.dueAt).toBe(row.dueAt.toISOString())
  return { p, task: task.id as string, due: row.dueAt }
}

const sorted = (...users: string[]) => users.map((u) => ids[u]).sort()
const none = { taskDueSoon: [], taskOverdue: [], taskEscalated: [] }

describe('task timers', () => {
  it('reminds once, tells the candidates when overdue, then the administrators; nothing more', async () => {
    const { p, task, due } = await awaitingApproval()
    const before = await taskRow(task)
    expect(before).toMatchObject({ escalation: 0, escalateAt: due })
    // The reminder goes one working day (24 hours, the default) before the due time.
    const remindAt = workingHoursBefore(due, 24, calendar)
    expect(before.remindAt?.toISOString()).toBe(remindAt.toISOString())

    await tickAt(new Date(remindAt.getTime() - HOUR))
    expect(await timerMessages(p.id)).toEqual(none)

    // Due soon: the candidates (approvers of the type, not the submitter), once.
    await tickAt(new Date(due.getTime() - 2 * HOUR))
    const soon = { ...none, taskDueSoon: sorted('admin', 'approver') }
    expect(await timerMessages(p.id)).toEqual(soon)
    await tickAt(new Date(due.getTime() - 2 * HOUR + 5 * MINUTE))
    await tickAt(new Date(due.getTime() - MINUTE))
    expect(await timerMessages(p.id)).toEqual(soon)
    expect((await viewOf(p)).version).toBe(p.version)

    // Overdue: the candidates again, escalation 1, a history row by the scheduler, the version moves on.
    await tickAt(new Date(due.getTime() + MINUTE))
    const overdue = { ...soon, taskOverdue: sorted('admin', 'approver') }
    expect(await timerMessages(p.id)).toEqual(overdue)
    const first = await taskRow(task)
    expect(first.escalation).toBe(1)
    // The next escalation: one working day (the default) after the due time, in Shanghai.
    const escalateAt = addWorkingDays(due, 1, calendar)
    expect(first.escalateAt?.toISOString()).toBe(escalateAt.toISOString())
    let seen = await viewOf(p)
    expect(seen.version).toBe(p.version + 1)
    expect(seen.history.at(-1)).toMatchObject({
      seq: p.version + 1,
      type: 'ESCALATE',
      by: '',
      allowedBy: 'scheduler',
      fromState: 'dueDiligence.submitted',
      toState: 'dueDiligence.submitted',
      onBehalfOf: null,
    })
    const [escalation1] = (await f.t.deps.database.raw(
      'select by_user_id, payload from process_history where process_id = $1 and seq = $2',
      [p.id, p.version + 1],
    )) as { by_user_id: string | null; payload: any }[]
    expect(escalation1.by_user_id).toBeNull()
    expect(escalation1.payload).toMatchObject({
      step: 'dueDiligence',
      task: 'approve',
      level: 1,
      notified: 2,
    })
    const listed = await f.t.call('GET', `/api/process/${p.id}/tasks`, { token: f.tokens.viewer })
    expect(listed.data[0]).toMatchObject({ id: task, escalation: 1 })

    // Not yet a working day late: nothing.
    await tickAt(new Date(escalateAt.getTime() - MINUTE))
    expect(await timerMessages(p.id)).toEqual(overdue)

    // A working day late: the administrators, escalation 2, another history row.
    await tickAt(escalateAt)
    const escalated = { ...overdue, taskEscalated: sorted('admin') }
    expect(await timerMessages(p.id)).toEqual(escalated)
    expect(await taskRow(task)).toMatchObject({ escalation: 2, escalateAt: null, remindAt: null })
    seen = await viewOf(p)
    expect(seen.version).toBe(p.version + 2)
    expect(seen.history.at(-1)).toMatchObject({ type: 'ESCALATE', by: '', allowedBy: 'scheduler' })

    // Nothing more, however late.
    await tickAt(new Date(escalateAt.getTime() + 30 * 24 * HOUR))
    expect(await timerMessages(p.id)).toEqual(escalated)
    expect((await viewOf(p)).version).toBe(p.version + 2)

    // The process goes on at its new version (the old one is stale).
    expect((await f.post('approver', p, { type: 'APPROVE' })).status).toBe(409)
    expect((await f.send('approver', seen, 'APPROVE')).state).toBe('contract.draft')
  })

  it('escalates to the manager role and after the delay the settings name for the step and kind', async () => {
    const path = '/api/tasks/settings/BUY_ART/dueDiligence/approve'
    const set = await f.t.call('PUT', path, {
      token: f.tokens.admin,
      body: { dueDays: 2, remindBeforeHours: 0, escalateAfterDays: 2, managerRoleId: roleIds.finance },
    })
    expect(set.code, JSON.stringify(set.data)).toBe(0)
    try {
      const { p, task, due } = await awaitingApproval()
      expect((await taskRow(task)).remindAt).toBeNull()
      await tickAt(new Date(due.getTime() + MINUTE))
      expect(await timerMessages(p.id)).toEqual({ ...none, taskOverdue: sorted('admin', 'approver') })
      const second = addWorkingDays(due, 2, calendar)
      expect((await taskRow(task)).escalateAt?.toISOString()).toBe(second.toISOString())
      // One working day late is not yet two.
      await tickAt(addWorkingDays(due, 1, calendar))
      expect((await timerMessages(p.id)).taskEscalated).toEqual([])
      await tickAt(second)
      expect(await timerMessages(p.id)).toEqual({
        ...none,
        taskOverdue: sorted('admin', 'approver'),
        taskEscalated: sorted('finance', 'finance2'),
      })
      expect((await taskRow(task)).escalation).toBe(2)
    } finally {
      expect((await f.t.call('DELETE', path, { token: f.tokens.admin })).code).toBe(0)
    }
  })

  it('delivers each message once with two schedulers (and two timer runs) at the same instant', async () => {
    const { p, task, due } = await awaitingApproval()
    const other = startScheduledJobs(f.t.deps.database.db, { now: () => clock.at, timeZone: TZ })
    other.stop()
    await f.t.deps.database.raw(
      `update scheduled_jobs set due_at = to_timestamp(0) where job = 'task-timers'`,
    )
    clock.at = new Date(due.getTime() + MINUTE)
    await Promise.all([scheduler.tick(), other.tick()])
    // The reminder's time passed unseen: only the overdue message goes (a stale "due soon" says nothing).
    const overdue = { ...none, taskOverdue: sorted('admin', 'approver') }
    expect(await timerMessages(p.id)).toEqual(overdue)
    expect((await viewOf(p)).version).toBe(p.version + 1)

    // The task rows themselves are claimed once, even when two runs reach them together.
    const at = addWorkingDays(due, 1, calendar)
    const db = f.t.deps.database.db
    const runs = await Promise.all([runTaskTimers(db, TZ, at), runTaskTimers(db, TZ, at)])
    expect(runs.reduce((n, r) => n + r.escalated, 0)).toBeGreaterThanOrEqual(1)
    expect(await timerMessages(p.id)).toEqual({ ...overdue, taskEscalated: sorted('admin') })
    expect((await taskRow(task)).escalation).toBe(2)
    const escalations = (await f.t.deps.database.raw(
      `select count(*)::int as n from process_history where process_id = $1 and event_type = 'ESCALATE'`,
      [p.id],
    )) as { n: number }[]
    expect(escalations[0].n).toBe(2)
  })

  it('never fires for a task closed before its due time', async () => {
    // Terminated: every task closed, no timer left.
    const ended = await awaitingApproval()
    const terminated = await f.send('registrar', ended.p, 'TERMINATE', { comment: 'Called off' })
    // Approved: its approve task closed (the next step's form, the registrar's, has timers of its own).
    const approved = await awaitingApproval()
    await f.send('approver', approved.p, 'APPROVE')
    for (const offset of [-2 * HOUR, MINUTE, 3 * 24 * HOUR, 60 * 24 * HOUR])
      await tickAt(new Date(ended.due.getTime() + offset))
    expect(await timerMessages(ended.p.id)).toEqual(none)
    expect((await viewOf(terminated)).version).toBe(terminated.version)
    expect(await taskRow(ended.task)).toMatchObject({ closed: true, escalation: 0 })
    expect(await taskRow(approved.task)).toMatchObject({ closed: true, escalation: 0 })
    // Only the contract's form fired: its claimer was told, then the administrators; never the approvers.
    expect(await timerMessages(approved.p.id)).toEqual({
      taskDueSoon: sorted('registrar'),
      taskOverdue: sorted('registrar'),
      taskEscalated: sorted('admin'),
    })
    const history = (await f.t.deps.database.raw(
      `select payload from process_history where process_id = $1 and event_type = 'ESCALATE' order by seq`,
      [approved.p.id],
    )) as { payload: any }[]
    expect(history.map((h) => [h.payload.step, h.payload.task, h.payload.level])).toEqual([
      ['contract', 'fill', 1],
      ['contract', 'fill', 2],
    ])
  })
})
