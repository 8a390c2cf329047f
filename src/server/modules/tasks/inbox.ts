// Reading tasks: a user's inbox — the open tasks they are a candidate for, and those of users who
// delegated theirs to them today, marked as such — overdue first, then by due date, paged, in one indexed
// query over the task rows; the bell's counts; a process's open tasks; claiming and releasing a task.

import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { definitionOf, latest } from '../../../../machines/registry'
import { tasksOf } from '../../../../machines/tasks'
import type { Actor } from '../../../../machines/types'
import { checkEvent } from '../../../../machines/view'
import { holds } from '../../../shared/access'
import type { InboxCounts, InboxQuery, InboxView, TaskView } from '../../../shared/contracts/tasks'
import { dayIn, todayIn } from '../../../shared/office-time'
import { approvePrivilege } from '../../../shared/privileges'
import { type WorkingCalendar, workingDaysBetween } from '../../../shared/working-days'
import type { DbOrTx } from '../../db/client'
import { artworks, messages, processArtworks, processTasks, roles, users } from '../../db/schema'
import { AppError, notFound } from '../../http/app-error'
import type { ArtworkScope } from '../auth/scope'
import { privilegesOf } from '../auth/sessions'
import { officeCalendar } from '../calendar/store'
import { bothLanguages, rowsOf, sendMessages, typeLabel } from '../messages/send'
import { refusedFor } from '../process/decide'
import { loadProcess } from '../process/process-store'
import { rehydrate } from '../process/snapshot'
import { processSubjects } from '../process/subject'
import { peopleOf } from './people'
import { delegationsTo } from './settings'
import { taskKindLabel } from './sync'

/** Someone the inbox reads for: the user, or a user who delegated to them (with the types delegated). */
export interface Candidate {
  id: string
  privileges: string[]
  allPrivileges: boolean
  /** Null: every type. */
  types: string[] | null
}

/** The task row `t` is this candidate's to do (privileges, the settings' role or users, never their own work). */
function candidateSql(c: Candidate, actingId: string): SQL {
  const excluded =
    c.id === actingId
      ? sql`not (${c.id}::uuid = any(t.excluded_user_ids))`
      : sql`not (${c.id}::uuid = any(t.excluded_user_ids)) and not (${actingId}::uuid = any(t.excluded_user_ids))`
  return sql`(${c.allPrivileges ? sql`true` : sql`t.privileges && ${`{${c.privileges.map((p) => `"${p}"`).join(',')}}`}::text[]`}
    and ${excluded}
    and (t.candidate_role_id is null or exists (select 1 from user_roles ur
          where ur.user_id = ${c.id}::uuid and ur.role_id = t.candidate_role_id))
    and (t.candidate_user_ids is null or ${c.id}::uuid = any(t.candidate_user_ids))
    ${c.types ? sql`and t.type::text = any(${`{${c.types.join(',')}}`}::text[])` : sql``})`
}

/** The user and everyone whose tasks they hold today by delegation. */
export async function candidatesOf(
  db: DbOrTx,
  actor: Actor,
  timeZone: string,
  now: Date,
): Promise<Candidate[]> {
  const me: Candidate = {
    id: actor.id,
    privileges: actor.privileges,
    allPrivileges: actor.allPrivileges,
    types: null,
  }
  const given = await delegationsTo(db, actor.id, todayIn(timeZone, now))
  const byUser = new Map<string, (string | null)[]>()
  for (const d of given) byUser.set(d.fromUserId, [...(byUser.get(d.fromUserId) ?? []), d.processType])
  const others: Candidate[] = []
  for (const [id, types] of byUser) {
    const held = await privilegesOf(db, id)
    others.push({
      id,
      privileges: [...held.privileges],
      allPrivileges: held.allPrivileges,
      types: types.includes(null) ? null : (types as string[]),
    })
  }
  return [me, ...others]
}

/** Claimed tasks show only to their claimer (or the claimer's delegate), unless `all` asks for them too. */
function claimSql(c: Candidate, claimed: 'mine' | 'all'): SQL {
  return claimed === 'all' ? sql`true` : sql`(t.claimed_by is null or t.claimed_by = ${c.id}::uuid)`
}

function whoSql(candidates: Candidate[], actingId: string, claimed: 'mine' | 'all'): SQL {
  return sql.join(
    candidates.map((c) => sql`(${candidateSql(c, actingId)} and ${claimSql(c, claimed)})`),
    sql` or `,
  )
}

/** For each row, the delegator it is held for (null: the user's own). */
function onBehalfSql(candidates: Candidate[], actingId: string): SQL {
  if (candidates.length === 1) return sql`null::uuid`
  const [me, ...others] = candidates
  return sql`case when ${candidateSql(me, actingId)} then null::uuid
    ${sql.join(
      others.map((c) => sql`when ${candidateSql(c, actingId)} then ${c.id}::uuid`),
      sql` `,
    )} end`
}

type Words = { zh: string; en: string }

interface TaskRow {
  id: string
  process_id: string
  type: TaskView['type']
  step: string
  kind: TaskView['kind']
  state: string
  created_at: Date | string
  due_at: Date | string | null
  escalation: number
  claimed_by: string | null
  claimed_by_name: string | null
  approvals_needed: number
  approvals_done: number
  approval_role_key: string | null
  privileges: string[]
  candidate_role_id: string | null
  candidate_user_ids: string[] | null
  on_behalf_of: string | null
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())

/** Role names by id and by key, and user names by id, for the rows' candidates. */
async function namesFor(db: DbOrTx, rows: TaskRow[], extraUsers: string[] = []) {
  const userIds = [...new Set([...rows.flatMap((r) => r.candidate_user_ids ?? []), ...extraUsers])]
  const [roleRows, userRows, calendar] = await Promise.all([
    db.select({ id: roles.id, key: roles.key, zh: roles.nameZh, en: roles.nameEn }).from(roles),
    userIds.length === 0
      ? Promise.resolve([] as { id: string; name: string }[])
      : db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, userIds)),
    officeCalendar(db),
  ])
  const roleById = new Map<string, Words>(roleRows.map((r) => [r.id, { zh: r.zh, en: r.en }]))
  const roleByKey = new Map<string, Words>(roleRows.map((r) => [r.key, { zh: r.zh, en: r.en }]))
  const userName = new Map(userRows.map((u) => [u.id, u.name]))
  return { roleById, roleByKey, userName, calendar }
}

/** The due date as the office's day, and the office's working days from today until it (0 when past). */
function dueDayOf(dueAt: string | null, calendar: WorkingCalendar, now: Date) {
  if (dueAt === null) return { dueDay: null, workingDaysLeft: null }
  const dueDay = dayIn(new Date(dueAt), calendar.timeZone)
  return { dueDay, workingDaysLeft: workingDaysBetween(dayIn(now, calendar.timeZone), dueDay, calendar) }
}

function taskViewOf(r: TaskRow, names: Awaited<ReturnType<typeof namesFor>>, now: Date): TaskView {
  const dueAt = iso(r.due_at)
  return {
    id: r.id,
    processId: r.process_id,
    type: r.type,
    step: r.step,
    kind: r.kind,
    state: r.state,
    createdAt: iso(r.created_at) as string,
    dueAt,
    ...dueDayOf(dueAt, names.calendar, now),
    overdue: dueAt !== null && new Date(dueAt) < now,
    escalation: Number(r.escalation),
    claimedBy: r.claimed_by,
    claimedByName: r.claimed_by_name,
    approvalsNeeded: Number(r.approvals_needed),
    approvalsDone: Number(r.approvals_done),
    approvalRole: r.approval_role_key ? (names.roleByKey.get(r.approval_role_key) ?? null) : null,
    privileges: r.privileges,
    candidateRole: r.candidate_role_id ? (names.roleById.get(r.candidate_role_id) ?? null) : null,
    candidateUserNames: (r.candidate_user_ids ?? []).map((id) => names.userName.get(id) ?? ''),
    onBehalfOf: r.on_behalf_of,
    onBehalfOfName: r.on_behalf_of ? (names.userName.get(r.on_behalf_of) ?? null) : null,
  }
}

const TASK_COLUMNS = sql`t.id, t.process_id, t.type, t.step, t.kind, t.state, t.created_at, t.due_at, t.escalation,
  t.claimed_by, cu.display_name as claimed_by_name, t.approvals_needed, t.approvals_done, t.approval_role_key,
  t.privileges, t.candidate_role_id, t.candidate_user_ids`

/** What an inbox call asks: the page, the filters and the asker's scope (auth/scope.ts; absent: everything). */
export type InboxAsk = { page: number; pageSize: number; claimed: 'mine' | 'all' } & Pick<
  InboxQuery,
  'type' | 'kind'
> & { scope?: ArtworkScope | null }

/** A task of a process out of the asker's scope is not theirs to see. */
function scopeSql(scope: ArtworkScope | null | undefined): SQL {
  return scope ? sql`and ${scope.processVisible(sql`t.process_id`)}` : sql``
}

/** The inbox's one query, for these candidates (the benchmark sends it straight to the driver as its floor). */
export function inboxSql(candidates: Candidate[], actingId: string, query: InboxAsk, now: Date): SQL {
  const filters = [
    query.type ? sql`and t.type = ${query.type}` : sql``,
    query.kind ? sql`and t.kind = ${query.kind}::task_kind` : sql``,
  ]
  // The page is taken from the matching task rows first (their order and limit), and only its rows are
  // joined with their processes and people; the counts read the matching task rows alone.
  return sql`
    with m as materialized (
      select t.id, t.due_at, t.created_at, ${onBehalfSql(candidates, actingId)} as on_behalf_of
        from process_tasks t
       where t.closed_at is null and (${whoSql(candidates, actingId, query.claimed)}) ${filters[0]} ${filters[1]}
         ${scopeSql(query.scope)}
       order by t.due_at asc nulls last, t.created_at asc, t.id
       limit ${INBOX_COUNT_CAP + 1}
    ), page as (
      select id, on_behalf_of from m order by due_at asc nulls last, created_at asc, id
       limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
    ), counts as (
      select count(*) as total, count(*) filter (where due_at < ${now.toISOString()}::timestamptz) as overdue from m
    )
    select ${TASK_COLUMNS}, page.on_behalf_of,
           p.definition_version, p.status, p.current_step, p.version, p.created_by, p.updated_at,
           cr.display_name as created_by_name, counts.total, counts.overdue
      from page
      join process_tasks t on t.id = page.id
      join processes p on p.id = t.process_id
      join users cr on cr.id = p.created_by
      left join users cu on cu.id = t.claimed_by
      cross join counts
     order by t.due_at asc nulls last, t.created_at asc, t.id`
}

/**
 * The inbox counts at most this many tasks (and pages through them): the open tasks are read in due order
 * through their index and the reading stops there, so an approver with thousands of open tasks costs what
 * one with a thousand does. Beyond it the list says "more than 1,000" (`totalCapped`).
 */
export const INBOX_COUNT_CAP = 1000

/** GET /api/process/inbox: the open tasks this user may do now, overdue first, then by due date. */
export async function inboxOf(
  db: DbOrTx,
  actor: Actor,
  query: InboxAsk,
  timeZone: string,
  now = new Date(),
): Promise<InboxView> {
  const candidates = await candidatesOf(db, actor, timeZone, now)
  const result = await db.execute(inboxSql(candidates, actor.id, query, now))
  type Row = TaskRow & {
    definition_version: number
    status: InboxView['list'][number]['process']['status']
    current_step: string | null
    version: number
    created_by: string
    updated_at: Date | string
    created_by_name: string
    total: number | string
    overdue: number | string
  }
  const rows = rowsOf<Row>(result)
  const total =
    rows.length > 0 ? Number(rows[0].total) : await countOnly(db, candidates, actor.id, query, now)
  const overdue = rows.length > 0 ? Number(rows[0].overdue) : 0
  // The page's look-ups at once (each its own round trip).
  const [names, subjects, words] = await Promise.all([
    namesFor(
      db,
      rows,
      rows.flatMap((r) => (r.on_behalf_of ? [r.on_behalf_of] : [])),
    ),
    subjectsOf(
      db,
      rows.map((r) => r.process_id),
    ),
    processSubjects(
      db,
      rows.map((r) => r.process_id),
    ),
  ])
  return {
    list: rows.map((r) => ({
      ...taskViewOf(r, names, now),
      process: {
        id: r.process_id,
        type: r.type,
        definitionVersion: Number(r.definition_version),
        status: r.status,
        currentStep: r.current_step,
        version: Number(r.version),
        createdBy: r.created_by,
        createdByName: r.created_by_name,
        updatedAt: iso(r.updated_at) as string,
        artworks: subjects.get(r.process_id)?.list ?? [],
        artworkCount: subjects.get(r.process_id)?.count ?? 0,
        subject: words.get(r.process_id) ?? { zh: '', en: '' },
      },
    })),
    total: Math.min(total, INBOX_COUNT_CAP),
    totalCapped: total > INBOX_COUNT_CAP,
    overdue,
    page: query.page,
    pageSize: query.pageSize,
  }
}

/** The count when the page asked for is past the end (no row carries the window count). */
async function countOnly(
  db: DbOrTx,
  candidates: Candidate[],
  actingId: string,
  query: Pick<InboxAsk, 'type' | 'kind' | 'claimed' | 'scope'>,
  _now: Date,
): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from process_tasks t
      where t.closed_at is null and (${whoSql(candidates, actingId, query.claimed)})
      ${query.type ? sql`and t.type = ${query.type}` : sql``}
      ${query.kind ? sql`and t.kind = ${query.kind}::task_kind` : sql``}
      ${scopeSql(query.scope)}`),
  )
  return Number(row?.n ?? 0)
}

/** The first three artworks of each process (inventory number order) and how many it has. */
async function subjectsOf(db: DbOrTx, processIds: string[]) {
  const out = new Map<string, { list: InboxView['list'][number]['process']['artworks']; count: number }>()
  if (processIds.length === 0) return out
  const rows = await db
    .select({
      processId: processArtworks.processId,
      id: artworks.id,
      inventoryNo: artworks.inventoryNo,
      titleZh: artworks.titleZh,
      titleEn: artworks.titleEn,
    })
    .from(processArtworks)
    .innerJoin(artworks, eq(artworks.id, processArtworks.artworkId))
    .where(inArray(processArtworks.processId, [...new Set(processIds)]))
    .orderBy(asc(artworks.inventoryNo))
  for (const { processId, ...a } of rows) {
    const entry = out.get(processId) ?? { list: [], count: 0 }
    entry.count += 1
    if (entry.list.length < 3) entry.list.push(a)
    out.set(processId, entry)
  }
  return out
}

/** GET /api/process/inbox/counts: open tasks (and how many overdue) and unread messages. */
export async function countsOf(
  db: DbOrTx,
  actor: Actor,
  timeZone: string,
  now = new Date(),
  scope?: ArtworkScope | null,
): Promise<InboxCounts> {
  const candidates = await candidatesOf(db, actor, timeZone, now)
  const [tasks] = rowsOf<{ open: number | string; overdue: number | string }>(
    await db.execute(sql`select count(*) as open,
        count(*) filter (where t.due_at < ${now.toISOString()}::timestamptz) as overdue
      from process_tasks t where t.closed_at is null and (${whoSql(candidates, actor.id, 'mine')})
      ${scopeSql(scope)}`),
  )
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.recipientId, actor.id), isNull(messages.readAt)))
  return {
    openTasks: Number(tasks?.open ?? 0),
    overdueTasks: Number(tasks?.overdue ?? 0),
    unreadMessages: Number(unread?.n ?? 0),
  }
}

/** GET /api/process/:id/tasks: a process's open tasks with their due dates and who holds them. */
export async function openTasksOf(db: DbOrTx, processId: string, now = new Date()): Promise<TaskView[]> {
  const rows = rowsOf<TaskRow>(
    await db.execute(sql`select ${TASK_COLUMNS}, null::uuid as on_behalf_of
      from process_tasks t left join users cu on cu.id = t.claimed_by
     where t.process_id = ${processId}::uuid and t.closed_at is null
     order by t.created_at, t.kind`),
  )
  const [names, people] = await Promise.all([
    namesFor(db, rows),
    peopleOf(
      db,
      rows.map((r) => ({ id: r.id, kind: r.kind, type: r.type, privileges: r.privileges })),
    ),
  ])
  return rows.map((r) => ({ ...taskViewOf(r, names, now), people: people.get(r.id) ?? [] }))
}

/** A step's label (the latest version's words: a step keeps its key across versions). */
function stepWords(type: TaskView['type'], step: string, lang: 'zh-CN' | 'en'): string {
  const d = latest(type).steps.find((s) => s.key === step)
  return (lang === 'en' ? d?.labelEn : d?.labelZh) ?? step
}

/** A task row as claims need it, or 404. */
async function taskRow(db: DbOrTx, taskId: string) {
  const [row] = await db.select().from(processTasks).where(eq(processTasks.id, taskId))
  if (!row) throw notFound()
  if (row.closedAt)
    throw new AppError(400, 'eventNotEnabled', undefined, { fieldErrors: { id: 'eventNotEnabled' } })
  return row
}

/** Whether this user (or, through a delegation, `behalf`) is among the task's candidates. */
async function isCandidate(db: DbOrTx, taskId: string, c: Candidate, actingId: string): Promise<boolean> {
  const rows = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select true as ok from process_tasks t where t.id = ${taskId}::uuid
      and ${candidateSql(c, actingId)}`),
  )
  return rows.length > 0
}

/**
 * 4031 unless the machine lets the user (or someone they stand in for today) send one of the task's events
 * now: a claim follows the rule of the process view's `nextEvents`, in the words of an event's refusal (a
 * payment's submitter claiming its confirmation: separation of duties).
 */
async function assertMayAct(
  db: DbOrTx,
  task: { processId: string; kind: TaskView['kind']; step: string },
  candidates: Candidate[],
  actor: Actor,
) {
  const row = await loadProcess(db, task.processId)
  const definition = definitionOf(row.type, row.definitionVersion)
  if (!definition) throw new AppError(4031, 'insufficientPrivilege')
  const snapshot = rehydrate(definition.machine, row.snapshot)
  const spec = tasksOf(definition, snapshot).find((t) => t.kind === task.kind && t.step === task.step)
  const events = spec?.events ?? []
  const actors: Actor[] = candidates.map((c) =>
    c.id === actor.id
      ? actor
      : { id: actor.id, privileges: c.privileges, allPrivileges: c.allPrivileges, onBehalfOf: c.id },
  )
  if (events.some((e) => actors.some((a) => checkEvent(snapshot, e, a) === 'allowed'))) return
  throw refusedFor(snapshot, events[0] ?? '', actor, row.currentStep)
}

/**
 * POST /api/process/tasks/:taskId/claim: take a task as one's own. A candidate claims an unclaimed task;
 * a task someone else holds is taken over only by an approver of its type (who is told so is the one who
 * held it). 4031 otherwise.
 */
export async function claimTask(
  db: DbOrTx,
  actor: Actor,
  taskId: string,
  timeZone: string,
  now = new Date(),
): Promise<TaskView> {
  const task = await taskRow(db, taskId)
  const candidates = await candidatesOf(db, actor, timeZone, now)
  await assertMayAct(db, task, candidates, actor)
  let mine = false
  for (const c of candidates) if (await isCandidate(db, taskId, c, actor.id)) mine = true
  if (!mine) throw new AppError(4031, 'insufficientPrivilege')
  if (task.claimedBy && task.claimedBy !== actor.id) {
    const approver = holds(actor, approvePrivilege(task.type))
    if (!approver) {
      const [holder] = await db
        .select({ name: users.displayName })
        .from(users)
        .where(eq(users.id, task.claimedBy))
      throw new AppError(4031, 'taskClaimed', { name: holder?.name ?? '' })
    }
    await sendMessages(db, [task.claimedBy], {
      kind: 'taskAssigned',
      processId: task.processId,
      senderId: actor.id,
      title: bothLanguages('msgTaskAssigned', (lang) => ({
        process: typeLabel(task.type, lang),
        step: stepWords(task.type, task.step, lang),
        task: taskKindLabel(task.kind, lang),
      })),
      at: now,
    })
  }
  await db
    .update(processTasks)
    .set({ claimedBy: actor.id, claimedAt: now })
    .where(eq(processTasks.id, taskId))
  const [view] = (await openTasksOf(db, task.processId, now)).filter((t) => t.id === taskId)
  return view
}

/** POST /api/process/tasks/:taskId/release: the claimer, or an approver of the type, lets it go. */
export async function releaseTask(
  db: DbOrTx,
  actor: Actor,
  taskId: string,
  now = new Date(),
): Promise<TaskView> {
  const task = await taskRow(db, taskId)
  const approver = holds(actor, approvePrivilege(task.type))
  if (task.claimedBy !== actor.id && !approver) throw new AppError(4031, 'insufficientPrivilege')
  await db.update(processTasks).set({ claimedBy: null, claimedAt: null }).where(eq(processTasks.id, taskId))
  const [view] = (await openTasksOf(db, task.processId, now)).filter((t) => t.id === taskId)
  return view
}
