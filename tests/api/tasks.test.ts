// Tasks through the API: the task rows follow the process in the event's transaction (opened,
// closed by the event that left their state, reopened for the submitter after a rejection, all closed by
// TERMINATE, the first step's again after RESTART; one open row per state, step and kind at all times);
// the inbox (overdue first, then by due date, filters, paging, claimed tasks of others on request) and
// the bell's counts; claims (a lock on the decision, taken over only by an approver of the type).
// N of M, separation of duties and delegation: tasks-approvals.test.ts; timers: tasks-timers.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { officeCalendar } from '../../src/server/modules/calendar/store'
import type { ProcessView } from '../../src/shared/contracts/process'
import { addWorkingDays, type WorkingCalendar } from '../../src/shared/working-days'
import { type Flow, openFlow } from './process-flow'
import { dueDiligence } from './process-helpers'

let f: Flow
/** The office's calendar (the seeded one: mainland China's holidays, Saturday and Sunday off). */
let calendar: WorkingCalendar
let ids: Record<string, string>

beforeAll(async () => {
  f = await openFlow()
  calendar = await officeCalendar(f.t.deps.database.db)
  const users = await f.t.call('GET', '/api/auth/users?pageSize=100', { token: f.tokens.admin })
  ids = Object.fromEntries(users.data.list.map((u: any) => [u.username, u.id]))
})
afterAll(() => f?.close())

interface TaskRow {
  id: string
  step: string
  kind: string
  state: string
  claimed_by: string | null
  excluded: string[]
  created_at: Date
  due_at: Date | null
  closed_at: Date | null
  closed_by: string | null
  closed_by_event: string | null
}

/** Every task row of a process, oldest first. */
async function taskRows(processId: string): Promise<TaskRow[]> {
  const rows = (await f.t.deps.database.raw(
    `select id::text as id, step, kind::text as kind, state, claimed_by::text as claimed_by,
            excluded_user_ids::text[] as excluded, created_at, due_at, closed_at, closed_by::text as closed_by,
            closed_by_event
       from process_tasks where process_id = $1 order by created_at, id`,
    [processId],
  )) as TaskRow[]
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    due_at: r.due_at && new Date(r.due_at),
    closed_at: r.closed_at && new Date(r.closed_at),
  }))
}
const openOf = async (processId: string) => (await taskRows(processId)).filter((r) => !r.closed_at)

/** No process ever has two open rows for one (state, step, kind). */
async function assertOneOpenPerKey() {
  const dup = await f.t.deps.database.raw(
    `select process_id, state, step, kind, count(*)::int as n from process_tasks where closed_at is null
      group by process_id, state, step, kind having count(*) > 1`,
  )
  expect(dup).toEqual([])
}

/** Who got messages of this kind about this process, in order. */
async function recipients(processId: string, kind: string): Promise<string[]> {
  const rows = (await f.t.deps.database.raw(
    `select recipient_id::text as id from messages where process_id = $1 and kind = $2 order by created_at, id`,
    [processId, kind],
  )) as { id: string }[]
  return rows.map((r) => r.id)
}

const inbox = (user: string, query = '') =>
  f.t.call('GET', `/api/process/inbox${query ? `?${query}` : ''}`, { token: f.tokens[user] })

const purchase = () => f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })

/** Working days (Monday to Friday) in Asia/Shanghai from `from` to `to`, counted day by day. */
function shanghaiWeekdaysBetween(
  from: Date,
  to: Date,
): { days: number; weekdays: number; lastIsWeekday: boolean } {
  const days = (to.getTime() - from.getTime()) / 86_400_000
  const weekday = (at: Date) =>
    !['Sat', 'Sun'].includes(
      new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', weekday: 'short' }).format(at),
    )
  let weekdays = 0
  for (let d = 1; d <= days; d += 1) if (weekday(new Date(from.getTime() + d * 86_400_000))) weekdays += 1
  return { days, weekdays, lastIsWeekday: weekday(to) }
}

describe('task rows follow the process', () => {
  it('counts working days in Asia/Shanghai, not in UTC', () => {
    expect(f.t.deps.config.timeZone).toBe('Asia/Shanghai')
    // Friday 17:00 UTC is already Saturday 01:00 in Shanghai: five working days end on Friday 01:00 there.
    expect(addWorkingDays(new Date('2026-11-27T17:00:00Z'), 5, calendar).toISOString()).toBe(
      '2026-12-03T17:00:00.000Z',
    )
    // Thursday 15:00 in Shanghai: Friday, then Monday to Thursday.
    expect(addWorkingDays(new Date('2026-11-26T07:00:00Z'), 5, calendar).toISOString()).toBe(
      '2026-12-03T07:00:00.000Z',
    )
  })

  it('opens, closes and reopens them in the event’s transaction, one open per state, step and kind', async () => {
    let p = await purchase()
    // A new purchase: one open fill task, claimed by its starter, due five working days later.
    let open = await openOf(p.id)
    expect(open).toHaveLength(1)
    const fill = open[0]
    expect(fill).toMatchObject({
      step: 'dueDiligence',
      kind: 'fill',
      state: 'dueDiligence.draft',
      claimed_by: ids.registrar,
    })
    expect(fill.due_at?.toISOString()).toBe(addWorkingDays(fill.created_at, 5, calendar).toISOString())
    const span = shanghaiWeekdaysBetween(fill.created_at, fill.due_at as Date)
    expect(Number.isInteger(span.days)).toBe(true)
    expect(span).toMatchObject({ weekdays: 5, lastIsWeekday: true })
    await assertOneOpenPerKey()

    // SUBMIT (by someone else than the starter) closes it and opens the approval, unclaimed, submitter excluded.
    p = await f.send('operations', p, 'SUBMIT', { payload: dueDiligence() })
    let all = await taskRows(p.id)
    expect(all.find((r) => r.id === fill.id)).toMatchObject({
      closed_by: ids.operations,
      closed_by_event: 'SUBMIT',
    })
    open = all.filter((r) => !r.closed_at)
    expect(open).toHaveLength(1)
    const approve = open[0]
    expect(approve).toMatchObject({
      step: 'dueDiligence',
      kind: 'approve',
      state: 'dueDiligence.submitted',
      claimed_by: null,
      excluded: [ids.operations],
    })
    expect(approve.due_at?.toISOString()).toBe(addWorkingDays(approve.created_at, 2, calendar).toISOString())
    await assertOneOpenPerKey()

    // The approver's inbox has it, the registrar's does not (no approve privilege), nor the submitter's.
    const mine = await inbox('approver', 'type=BUY_ART&pageSize=200')
    expect(mine.code, mine.msg).toBe(0)
    expect(mine.data.list.map((x: any) => x.id)).toContain(approve.id)
    for (const user of ['registrar', 'operations']) {
      const theirs = await inbox(user, 'pageSize=200&claimed=all')
      expect(
        theirs.data.list.map((x: any) => x.id),
        user,
      ).not.toContain(approve.id)
    }
    // The process lists its open task with its due date.
    const listed = await f.t.call('GET', `/api/process/${p.id}/tasks`, { token: f.tokens.viewer })
    expect(listed.code, listed.msg).toBe(0)
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: approve.id,
        processId: p.id,
        type: 'BUY_ART',
        step: 'dueDiligence',
        kind: 'approve',
        dueAt: approve.due_at?.toISOString(),
        overdue: false,
        escalation: 0,
        claimedBy: null,
        approvalsNeeded: 1,
        approvalsDone: 0,
      }),
    ])

    // REJECT: the form goes back to whoever submitted it, who is told once (the rejection's own message,
    // no second 'task assigned' beside it: sync.ts).
    expect(await recipients(p.id, 'rejected')).toEqual([])
    p = await f.send('approver', p, 'REJECT', { comment: 'Provenance is thin' })
    all = await taskRows(p.id)
    expect(all.find((r) => r.id === approve.id)).toMatchObject({
      closed_by: ids.approver,
      closed_by_event: 'REJECT',
    })
    open = all.filter((r) => !r.closed_at)
    expect(open).toMatchObject([
      { kind: 'fill', step: 'dueDiligence', state: 'dueDiligence.rejected', claimed_by: ids.operations },
    ])
    expect(await recipients(p.id, 'rejected')).toEqual([ids.operations])
    expect(await recipients(p.id, 'taskAssigned')).toEqual([])
    await assertOneOpenPerKey()

    // Submitted again and TERMINATEd from the approval: every task closed by it.
    p = await f.send('operations', p, 'SUBMIT', { payload: dueDiligence() })
    expect(await openOf(p.id)).toMatchObject([{ kind: 'approve' }])
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'Called off' })
    expect(p.state).toBe('terminated')
    expect(await openOf(p.id)).toEqual([])
    all = await taskRows(p.id)
    expect(all.at(-1)).toMatchObject({
      kind: 'approve',
      closed_by: ids.registrar,
      closed_by_event: 'TERMINATE',
    })
    expect((await f.t.call('GET', `/api/process/${p.id}/tasks`, { token: f.tokens.viewer })).data).toEqual([])

    // RESTART: the first step's form again, for the starter.
    p = await f.send('registrar', p, 'RESTART')
    open = await openOf(p.id)
    expect(open).toMatchObject([
      { kind: 'fill', step: 'dueDiligence', state: 'dueDiligence.draft', claimed_by: ids.registrar },
    ])
    expect((await taskRows(p.id)).length).toBe(all.length + 1)
    await assertOneOpenPerKey()
  })

  it('gives the first step back to the starter when someone else restarts, telling them', async () => {
    let p = await purchase()
    p = await f.send('admin', p, 'TERMINATE', { comment: 'Wrong seller' })
    expect(await openOf(p.id)).toEqual([])
    p = await f.send('admin', p, 'RESTART')
    expect(await openOf(p.id)).toMatchObject([{ kind: 'fill', claimed_by: ids.registrar }])
    expect(await recipients(p.id, 'taskAssigned')).toEqual([ids.registrar])
    await assertOneOpenPerKey()
  })

  it('keeps a draft saved in the step without opening another task', async () => {
    let p = await purchase()
    const [fill] = await openOf(p.id)
    p = await f.send('registrar', p, 'SAVE', { payload: { seller: 'Galerie Nord' } })
    expect(await openOf(p.id)).toEqual([fill])
    await assertOneOpenPerKey()
  })
})

describe('the inbox and the bell', () => {
  /** A purchase with its due diligence submitted: an approve task. */
  async function awaitingApproval(): Promise<{ p: ProcessView; task: string }> {
    const p = await f.send('registrar', await purchase(), 'SUBMIT', { payload: dueDiligence() })
    const [task] = await openOf(p.id)
    expect(task.kind).toBe('approve')
    return { p, task: task.id }
  }

  it('lists overdue first, then by due date, with filters, pages, claimed ones on request and the counts', async () => {
    // Approve tasks of no other test are open at this point.
    const a = await awaitingApproval()
    const b = await awaitingApproval()
    const c = await awaitingApproval()
    // a is due later than b; c is overdue.
    await f.t.deps.database.raw(
      `update process_tasks set due_at = due_at + interval '10 days' where id = $1`,
      [a.task],
    )
    await f.t.deps.database.raw(
      `update process_tasks set due_at = now() - interval '3 hours' where id = $1`,
      [c.task],
    )
    // One of another type.
    const ids1 = await f.artworks(1)
    const s = f.samples('OPERATION_SELL_ART', ids1)
    const sell = await f.send(
      'registrar',
      await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: ids1 }),
      'SUBMIT',
      { payload: s.marketSurvey[0] },
    )
    const [sellTask] = await openOf(sell.id)
    expect(sellTask.kind).toBe('approve')

    const buy = await inbox('approver', 'type=BUY_ART&kind=approve')
    expect(buy.code, buy.msg).toBe(0)
    expect(buy.data.list.map((x: any) => x.id)).toEqual([c.task, b.task, a.task])
    expect(buy.data).toMatchObject({ total: 3, overdue: 1, page: 1 })
    expect(buy.data.list.map((x: any) => x.overdue)).toEqual([true, false, false])
    expect(buy.data.list[0]).toMatchObject({
      processId: c.p.id,
      type: 'BUY_ART',
      kind: 'approve',
      onBehalfOf: null,
      process: { id: c.p.id, createdByName: '林书仪 Lin Shuyi', currentStep: 'dueDiligence' },
    })

    // Filters: by type, by kind.
    const all = await inbox('approver')
    expect(all.data.list.map((x: any) => x.id)).toEqual([c.task, b.task, sellTask.id, a.task])
    expect(all.data.total).toBe(4)
    const sold = await inbox('approver', 'type=OPERATION_SELL_ART')
    expect(sold.data.list.map((x: any) => x.id)).toEqual([sellTask.id])
    expect(sold.data).toMatchObject({ total: 1, overdue: 0 })
    expect((await inbox('approver', 'kind=confirmPayment')).data).toMatchObject({ list: [], total: 0 })
    const fills = await inbox('registrar', 'kind=fill&pageSize=200')
    expect(fills.data.total).toBeGreaterThan(0)
    expect(new Set(fills.data.list.map((x: any) => x.kind))).toEqual(new Set(['fill']))
    expect((await inbox('registrar', 'kind=approve')).data.total).toBe(0)

    // Paging: page 2 of two a page holds the rest, with the same total.
    const page2 = await inbox('approver', 'page=2&pageSize=2')
    expect(page2.data).toMatchObject({ total: 4, overdue: 1, page: 2, pageSize: 2 })
    expect(page2.data.list.map((x: any) => x.id)).toEqual([sellTask.id, a.task])
    const past = await inbox('approver', 'page=3&pageSize=2')
    expect(past.data).toMatchObject({ list: [], total: 4 })

    // The registrar's fill tasks are theirs: the administrator sees them only with claimed=all, marked.
    const fillIds = fills.data.list.map((x: any) => x.id)
    const adminMine = await inbox('admin', 'kind=fill&pageSize=200')
    expect(adminMine.data.list.map((x: any) => x.id).filter((id: string) => fillIds.includes(id))).toEqual([])
    const adminAll = await inbox('admin', 'kind=fill&claimed=all&pageSize=200')
    const theirs = adminAll.data.list.filter((x: any) => fillIds.includes(x.id))
    expect(theirs).toHaveLength(fillIds.length)
    for (const x of theirs)
      expect(x).toMatchObject({ claimedBy: ids.registrar, claimedByName: '林书仪 Lin Shuyi' })

    // The bell: the same open and overdue tasks, and the unread messages.
    const counts = await f.t.call('GET', '/api/process/inbox/counts', { token: f.tokens.approver })
    expect(counts.code, counts.msg).toBe(0)
    const [unread] = (await f.t.deps.database.raw(
      'select count(*)::int as n from messages where recipient_id = $1 and read_at is null',
      [ids.approver],
    )) as { n: number }[]
    expect(unread.n).toBeGreaterThan(0)
    expect(counts.data).toEqual({ openTasks: 4, overdueTasks: 1, unreadMessages: unread.n })
    await f.t.call('POST', '/api/message/read-all', { token: f.tokens.approver })
    const after = await f.t.call('GET', '/api/process/inbox/counts', { token: f.tokens.approver })
    expect(after.data).toEqual({ openTasks: 4, overdueTasks: 1, unreadMessages: 0 })

    // Decided tasks leave the inbox.
    await f.send('approver', c.p, 'APPROVE')
    const left = await inbox('approver', 'type=BUY_ART&kind=approve')
    expect(left.data.list.map((x: any) => x.id)).toEqual([b.task, a.task])
    expect(left.data.overdue).toBe(0)
    // Leave no approve task open for the tests below.
    for (const x of [a, b]) await f.send('approver', x.p, 'APPROVE')
    await f.send('approver', sell, 'REJECT', { comment: 'Later' })
    expect((await inbox('approver')).data.total).toBe(0)
  })

  it('counts at most 1,000 tasks and says there are more, listing the first by due date', async () => {
    const { p, task } = await awaitingApproval()
    // 1,004 more processes waiting for the same approval: copies of this one's row and of its open task.
    const raw = f.t.deps.database.raw
    await raw(
      `insert into processes (type, definition_version, machine_id, state_value, state, snapshot, status,
         current_step, done, version, created_by, created_at, updated_at)
       select type, definition_version, machine_id, state_value, state, snapshot, status, current_step, done,
              version, created_by, created_at, updated_at from processes, generate_series(1, 1004)
        where id = $1`,
      [p.id],
    )
    await raw(
      `insert into process_tasks (process_id, type, step, kind, state, privileges, excluded_user_ids,
         approvals_needed, approvals_done, created_at, due_at, escalate_at)
       select c.id, t.type, t.step, t.kind, t.state, t.privileges, t.excluded_user_ids, t.approvals_needed,
              t.approvals_done, t.created_at, t.due_at + interval '1 day', t.escalate_at
         from process_tasks t cross join processes c
        where t.id = $1 and c.state = t.state and c.id <> t.process_id
          and not exists (select 1 from process_tasks x where x.process_id = c.id)`,
      [task],
    )
    const capped = await inbox('approver', 'kind=approve')
    expect(capped.data).toMatchObject({ total: 1000, totalCapped: true })
    // The earliest due comes first: the original, due a day before its copies.
    expect(capped.data.list[0].id).toBe(task)
    const exact = await inbox('approver', 'kind=approve&type=OPERATION_SELL_ART')
    expect(exact.data).toMatchObject({ total: 0, totalCapped: false })
    await raw(`update process_tasks set closed_at = now() where closed_at is null and kind = 'approve'`)
  })
})

describe('claims', () => {
  it('locks the decision for the claimer; an approver of the type takes it over; the claimer releases', async () => {
    const p = await f.send('registrar', await purchase(), 'SUBMIT', { payload: dueDiligence() })
    const [task] = await openOf(p.id)
    const claim = (user: string) =>
      f.t.call('POST', `/api/process/tasks/${task.id}/claim`, { token: f.tokens[user] })
    const release = (user: string) =>
      f.t.call('POST', `/api/process/tasks/${task.id}/release`, { token: f.tokens[user] })

    const claimed = await claim('approver')
    expect(claimed.code, claimed.msg).toBe(0)
    expect(claimed.data).toMatchObject({
      id: task.id,
      claimedBy: ids.approver,
      claimedByName: '王致远 Wang Zhiyuan',
    })

    // Someone else's decision is refused, naming who holds it, in both languages.
    const refused = await f.post('admin', p, { type: 'APPROVE' })
    expect(refused.code).toBe(4031)
    expect(refused.msg).toBe('This task has been claimed by 王致远 Wang Zhiyuan')
    const zh = await f.t.call('POST', `/api/process/${p.id}/events`, {
      token: f.tokens.admin,
      lang: 'zh-CN',
      body: { type: 'APPROVE', expectedVersion: p.version },
    })
    expect(zh.msg).toBe('该任务已由 王致远 Wang Zhiyuan 认领')
    expect((await f.t.call('GET', `/api/process/${p.id}`, { token: f.tokens.admin })).data.version).toBe(
      p.version,
    )
    // Others see it only when asking for claimed tasks too.
    expect((await inbox('admin', 'kind=approve')).data.list.map((x: any) => x.id)).not.toContain(task.id)
    expect((await inbox('admin', 'kind=approve&claimed=all')).data.list).toEqual([
      expect.objectContaining({ id: task.id, claimedBy: ids.approver }),
    ])
    expect((await inbox('approver', 'kind=approve')).data.list.map((x: any) => x.id)).toEqual([task.id])

    // Not a candidate: refused, nothing changed.
    for (const user of ['viewer', 'registrar', 'finance']) {
      expect((await claim(user)).code, user).toBe(4031)
      expect((await release(user)).code, user).toBe(4031)
    }
    expect((await openOf(p.id))[0].claimed_by).toBe(ids.approver)

    // The administrator (an approver of the type) takes it over; the approver is told.
    expect(await recipients(p.id, 'taskAssigned')).toEqual([])
    const taken = await claim('admin')
    expect(taken.code, taken.msg).toBe(0)
    expect(taken.data.claimedBy).toBe(ids.admin)
    expect(await recipients(p.id, 'taskAssigned')).toEqual([ids.approver])
    expect((await f.post('approver', p, { type: 'APPROVE' })).code).toBe(4031)

    // Released by its claimer: unclaimed, anyone may decide.
    const released = await release('admin')
    expect(released.code, released.msg).toBe(0)
    expect(released.data).toMatchObject({ claimedBy: null, claimedByName: null })
    expect((await openOf(p.id))[0].claimed_by).toBeNull()
    expect((await claim('admin')).data.claimedBy).toBe(ids.admin)
    const approved = await f.send('admin', p, 'APPROVE')
    expect(approved.state).toBe('contract.draft')
    // The next step's form is the starter's, who is told.
    expect(await openOf(p.id)).toMatchObject([{ kind: 'fill', step: 'contract', claimed_by: ids.registrar }])
    expect(await recipients(p.id, 'taskAssigned')).toEqual([ids.approver, ids.registrar])
    // A closed task is no longer claimed or released.
    expect((await claim('admin')).code).toBe(400)
    expect(
      (
        await f.t.call('POST', `/api/process/tasks/${crypto.randomUUID()}/claim`, {
          token: f.tokens.admin,
        })
      ).code,
    ).toBe(404)
  })
})
