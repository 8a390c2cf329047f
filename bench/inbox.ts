// Tasks (part of `npm run bench -- process`): an approver's inbox over 10,000 open processes, and events
// that move task rows.
//
// 1. The database gets BENCH_INBOX_PROCESSES (10,000) open purchases (BUY_ART) in an office's mix of
//    states: most under approval of one of the three steps, some in draft or sent back, some awaiting
//    payment. BENCH_INBOX_SAMPLE (200) of them are run through the runtime (`startProcess` / `applyEvent`,
//    as the demo office is, by the demo users); the rest are copies of that sample made with SQL: every row
//    of every table holding a `process_id` (the process, its history, its task rows, its messages, its
//    contract record, …) copied under a new process id, new row ids, all else equal — the rows the runtime
//    would have written had it run the same events at the same moments (checked after the copy: per
//    state, the copies' task and history rows match the sample's). Then GET /api/process/inbox (page 1 of
//    20) for the `approver` user over HTTP (the client in a worker thread), BENCH_INBOX_N (300) calls
//    after 50 of warm-up, beside `inboxOf` called in the server's thread (no HTTP, session or envelope)
//    and beside the floor: the inbox's one query (`inboxSql` of tasks/inbox.ts, the same candidates and parameters) sent straight
//    through the driver. On PostgreSQL also its EXPLAIN (ANALYZE).
// 2. Events with task rows: BENCH_CLIENTS (8) HTTP clients, each on its own purchase in draft, send
//    BENCH_TASK_EVENTS (150) events: SUBMIT (by the registrar, with the due-diligence form) and REJECT (by
//    the approver, with a comment) in turn; each closes the open task and opens the next, and writes
//    messages. Beside it the same clients sending SAVE only (no task row moves), on the same database. The
//    floor does per event what the stack's write does in its transaction, through the same functions:
//    the event's statement (`applyEventSql`), the `notify` effect (`runEffects`: the approvers' look-up,
//    the messages, the email queue, the notice) and `syncTasks` — with the transition computed beforehand
//    (no HTTP, session, decide, validation, transition or view).
import { sql } from 'drizzle-orm'
import { allowedBy } from '../machines/allowed-by'
import type { ProcessDefinition, ProcessEvent } from '../machines/types'
import { describe } from '../machines/view'
import { AppError } from '../src/server/http/app-error'
import { rowsOf } from '../src/server/modules/messages/send'
import { actorOf, type User } from '../src/server/modules/process/decide'
import { machineCatalog } from '../src/server/modules/process/machine-catalog'
import { applyEventSql, loadProcess } from '../src/server/modules/process/process-store'
import { type Action, pureTransition } from '../src/server/modules/process/pure-transition'
import { type RuntimeEnv, runEffects } from '../src/server/modules/process/run-effects'
import { applyEvent, startProcess } from '../src/server/modules/process/runtime'
import { type PersistedSnapshot, persist, rehydrate } from '../src/server/modules/process/snapshot'
import { candidatesOf, inboxOf, inboxSql } from '../src/server/modules/tasks/inbox'
import { syncTasks } from '../src/server/modules/tasks/sync'
import { insertDemoDocuments } from '../src/server/seed/demo-documents'
import { sampleDraft, sampleStepData } from '../src/server/seed/process-samples'
import {
  type BenchDb,
  benchDatabase,
  benchServer,
  clientWorker,
  fmtPct as fmt3,
  getClient,
  kinds,
  loadavg,
  pct,
  timeCalls,
} from './lib'
import { line, runClients } from './process'

const PASSWORD = 'Bench-password-1'
const PROCESSES = Number(process.env.BENCH_INBOX_PROCESSES ?? 10_000)
const SAMPLE = Math.min(PROCESSES, Number(process.env.BENCH_INBOX_SAMPLE ?? 200))
const CALLS = Number(process.env.BENCH_INBOX_N ?? 300)
const WARMUP = 50
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8)
const EVENTS = Number(process.env.BENCH_TASK_EVENTS ?? 150)
const PAGE = { page: 1, pageSize: 20, claimed: 'mine' as const }

type Who = 'admin' | 'registrar' | 'approver' | 'finance'

/** Where the sample's purchases stand, out of 20: 12 under approval, 5 in draft or sent back, 3 to pay. */
const MIX: [target: string, count: number][] = [
  ['dueDiligence.draft', 2],
  ['dueDiligence.rejected', 1],
  ['dueDiligence.submitted', 6],
  ['contract.draft', 1],
  ['contract.submitted', 4],
  ['payment.draft', 1],
  ['payment.submitted', 2],
  ['payment.awaitingPayment', 3],
]
const PATTERN = MIX.flatMap(([target, n]) => Array<string>(n).fill(target))

/** The users of the bench (the demo users of a first start with VITRINE_DEMO=1) with their privileges. */
async function usersOf(bdb: BenchDb): Promise<Record<Who, User>> {
  const rows = (await bdb.database.raw(
    `select u.username, u.id, bool_or(r.all_privileges) as all_privileges,
            coalesce(array_agg(rp.privilege) filter (where rp.privilege is not null), '{}') as privileges
       from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
       left join role_privileges rp on rp.role_id = r.id
      where u.username = any($1::text[]) group by u.username, u.id`,
    [['admin', 'registrar', 'approver', 'finance']],
  )) as { username: Who; id: string; all_privileges: boolean; privileges: string[] }[]
  return Object.fromEntries(
    rows.map((r) => [
      r.username,
      { id: r.id, allPrivileges: r.all_privileges, privileges: new Set(r.privileges) },
    ]),
  ) as Record<Who, User>
}

/** The sample's purchases through the runtime, each to its place in the mix; their ids. */
async function runSample(env: RuntimeEnv, who: Record<Who, User>, fileId: string): Promise<string[]> {
  const samples = sampleStepData('BUY_ART', { artworkIds: ['', ''], roomId: '', fileId })
  const form: Record<string, Record<string, unknown>> = {
    dueDiligence: samples.dueDiligence[0],
    contract: samples.contract[0],
    payment: samples.payment[0],
  }
  const ids: string[] = []
  for (let i = 0; i < SAMPLE; i++) {
    const target = PATTERN[i % PATTERN.length]
    let view = await startProcess(
      env,
      who.registrar,
      'BUY_ART',
      { artworks: [{ titleZh: `基准藏品${i}`, titleEn: `Bench work ${i}` }] },
      'en',
    )
    const send = async (type: string, by: Who, extra: { payload?: unknown; comment?: string } = {}) => {
      view = await applyEvent(
        env,
        who[by],
        view.id,
        { type, expectedVersion: view.version, ...extra } as never,
        'en',
      )
    }
    for (let guard = 0; view.state !== target; guard++) {
      if (guard > 12) throw new Error(`inbox bench: BUY_ART does not reach ${target} (in ${view.state})`)
      const [step, leaf] = view.state.split('.')
      if (target === 'dueDiligence.rejected' && view.state === 'dueDiligence.submitted')
        await send('REJECT', 'approver', { comment: 'Please add the provenance documents.' })
      else if (leaf === 'draft' && target === view.state) break
      else if (leaf === 'draft' || leaf === 'rejected')
        await send('SUBMIT', 'registrar', { payload: form[step] })
      else if (leaf === 'submitted')
        // A payment above the office's limit needs a second approval: the administrator's.
        await send('APPROVE', 'approver').catch((error) => {
          if (error instanceof AppError && error.code === 4031) return send('APPROVE', 'admin')
          throw error
        })
      else throw new Error(`inbox bench: no way on from ${view.state} to ${target}`)
    }
    // A draft of the first step has its form saved once, as people do.
    if (target === 'dueDiligence.draft')
      await send('SAVE', 'registrar', { payload: sampleDraft(samples.dueDiligence) })
    ids.push(view.id)
  }
  return ids
}

/** Tables holding rows of a process (a `process_id` column), with their columns. */
async function processTables(bdb: BenchDb) {
  const rows = (await bdb.database.raw(
    `select c.table_name, array_agg(c.column_name::text order by c.ordinal_position) as columns,
            bool_or(c.column_name = 'id' and c.column_default is not null) as own_id
       from information_schema.columns c join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public'
        and c.table_name in (select table_name from information_schema.columns
                              where table_schema = 'public' and column_name = 'process_id')
      group by c.table_name`,
  )) as { table_name: string; columns: string[]; own_id: boolean }[]
  return rows
}

/**
 * Copies of the sample until there are PROCESSES purchases: every row holding a sample process's id,
 * again under a new process id (new row ids where a table has its own). One transaction. Returns seconds.
 */
async function copySample(bdb: BenchDb, ids: string[]): Promise<{ seconds: number; tables: string[] }> {
  const copies = Math.ceil((PROCESSES - ids.length) / ids.length)
  const t0 = performance.now()
  const tables = (await processTables(bdb)).filter((t) => t.table_name !== 'processes')
  const used: string[] = []
  // Literal values only (the sample's uuids and counts): one connection, one transaction.
  const idList = `'{${ids.join(',')}}'::uuid[]`
  const list = (cols: string[]) => cols.map((c) => `"${c}"`).join(', ')
  // A copy is a row of its own: its place in a hash chain (process history) is not the original's, so it is
  // copied unlinked (the bench verifies no chain).
  const pick = (cols: string[], key: string, ownId: boolean) =>
    cols
      .map((c) =>
        c === key
          ? 'm.new_id'
          : ownId && c === 'id'
            ? 'gen_random_uuid()'
            : c === 'chain_no' || c === 'hash'
              ? 'null'
              : `x."${c}"`,
      )
      .join(', ')
  await bdb.database.db.transaction(async (tx) => {
    const q = async (text: string) => rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(text)))
    await q(
      `create temp table bench_copy on commit drop as
         select s.id as old_id, gen_random_uuid() as new_id, g as round
           from unnest(${idList}) with ordinality as s(id, n) cross join generate_series(1, ${copies}) g
          where (g - 1) * ${ids.length} + s.n <= ${PROCESSES - ids.length}`,
    )
    const [{ columns: procColumns }] = (await q(
      `select array_agg(column_name::text order by ordinal_position) as columns from information_schema.columns
        where table_schema = 'public' and table_name = 'processes'`,
    )) as { columns: string[] }[]
    await q(
      `insert into processes (${list(procColumns)})
       select ${pick(procColumns, 'id', false)} from processes x join bench_copy m on m.old_id = x.id`,
    )
    for (const t of tables) {
      const [{ n }] = (await q(
        `select count(*)::int as n from "${t.table_name}" where process_id = any(${idList})`,
      )) as { n: number }[]
      if (n === 0) continue
      used.push(`${t.table_name} (${n} rows in the sample)`)
      await q(
        `insert into "${t.table_name}" (${list(t.columns)})
         select ${pick(t.columns, 'process_id', t.own_id)} from "${t.table_name}" x join bench_copy m on m.old_id = x.process_id`,
      )
    }
  })
  await bdb.database.raw('analyze')
  return { seconds: (performance.now() - t0) / 1000, tables: used }
}

/** Per state: processes, and their task and history rows (open tasks by kind), to compare copies with the sample. */
async function shapeBy(bdb: BenchDb, where: string, params: unknown[] = []) {
  return (await bdb.database.raw(
    `select p.state, count(*)::int as processes,
            (select count(*)::int from process_history h join processes q on q.id = h.process_id
              where q.state = p.state and ${where.replaceAll('p.', 'q.')}) as history,
            (select string_agg(k, ',' order by k) from (select t.kind || ':' || count(*) as k
               from process_tasks t join processes q on q.id = t.process_id
              where q.state = p.state and t.closed_at is null and ${where.replaceAll('p.', 'q.')}
              group by t.kind) z) as open_tasks,
            (select count(*)::int from process_tasks t join processes q on q.id = t.process_id
              where q.state = p.state and ${where.replaceAll('p.', 'q.')}) as tasks
       from processes p where p.type = 'BUY_ART' and ${where} group by p.state order by p.state`,
    params,
  )) as { state: string; processes: number; history: number; tasks: number; open_tasks: string }[]
}

/** A SUBMIT or REJECT as the runtime would write it, computed once from a process's snapshot. */
interface Template {
  type: string
  by: User
  fromState: string
  persisted: PersistedSnapshot
  next: ReturnType<typeof pureTransition>[0]
  actions: Action[]
  described: ReturnType<typeof describe>
  allowed: string
  payload?: unknown
  comment: string
  event: ProcessEvent
}

function templateOf(
  definition: ProcessDefinition,
  snapshot: ReturnType<typeof rehydrate>,
  fromState: string,
  type: string,
  by: User,
  extra: { payload?: unknown; comment?: string },
): Template {
  const event: ProcessEvent = {
    type,
    actor: actorOf(by),
    at: new Date().toISOString(),
    ...(extra.payload !== undefined ? { payload: extra.payload as Record<string, unknown> } : {}),
    ...(extra.comment ? { comment: extra.comment } : {}),
  }
  const [next, actions] = pureTransition(definition.machine, snapshot, event)
  return {
    type,
    by,
    fromState,
    persisted: persist(definition.machine, next),
    next,
    actions,
    described: describe(definition, next),
    allowed: allowedBy(snapshot, event),
    payload: extra.payload,
    comment: extra.comment ?? '',
    event,
  }
}

export async function benchInbox(): Promise<void> {
  for (const kind of kinds()) {
    const bdb = await benchDatabase(kind)
    const { config, base, call, close } = await benchServer(bdb, {
      VITRINE_ADMIN_PASSWORD: PASSWORD,
      VITRINE_DEMO: '1',
      VITRINE_DEMO_COLLECTION: '0',
      VITRINE_DEMO_PASSWORD: PASSWORD,
    })
    const tokenOf = async (username: string) =>
      (await call('POST', '/auth/login', { username, password: PASSWORD })).token as string
    const db = bdb.database.db
    const who = await usersOf(bdb)
    const env: RuntimeEnv = { db, config, catalog: machineCatalog }
    const fileId = (await insertDemoDocuments(db, who.admin.id, ['BUY_ART'])).BUY_ART as string
    const [{ n: before }] = (await bdb.database.raw('select count(*)::int as n from processes')) as {
      n: number
    }[]

    console.log(`\n## Inbox on ${bdb.label} (${PROCESSES} open purchases; load average ${loadavg()})`)
    const t0 = performance.now()
    const cpu0 = process.cpuUsage()
    const sample = await runSample(env, who, fileId)
    const sampleSeconds = (performance.now() - t0) / 1000
    const sampleCpu = process.cpuUsage(cpu0)
    console.log(
      `sample through the runtime: ${sample.length} purchases in ${sampleSeconds.toFixed(1)} s ` +
        `(${((sampleCpu.user + sampleCpu.system) / 1000 / sample.length).toFixed(1)} ms of this process's CPU each)`,
    )
    const copied = await copySample(bdb, sample)
    console.log(
      `copies by SQL: ${PROCESSES - sample.length} purchases in ${copied.seconds.toFixed(1)} s; tables: ${copied.tables.join(', ')}`,
    )
    // The copies hold, state by state, what the sample holds, times the copies.
    const shapeSample = await shapeBy(bdb, 'p.id = any($1::uuid[])', [sample])
    const shapeAll = await shapeBy(bdb, 'not p.done')
    const [{ open }] = (await bdb.database.raw(
      `select count(*)::int as open from processes where type = 'BUY_ART' and not done`,
    )) as { open: number }[]
    console.log(`open purchases: ${open} (others in the database before: ${before})`)
    for (const s of shapeAll) {
      const one = shapeSample.find((x) => x.state === s.state)
      const f = one ? s.processes / one.processes : Number.NaN
      const same =
        one &&
        s.history === one.history * f &&
        s.tasks === one.tasks * f &&
        s.open_tasks === (one.open_tasks ?? '').replace(/:(\d+)/g, (_, n) => `:${Number(n) * f}`)
      console.log(
        `  ${s.state.padEnd(24)} ${String(s.processes).padStart(5)} processes, ${s.history} history rows, ` +
          `${s.tasks} task rows, open ${s.open_tasks ?? '—'}  ${same ? '(= sample × copies)' : 'MISMATCH with the sample'}`,
      )
    }

    // 1. The inbox, page 1 of 20, for the approver.
    const approverToken = await tokenOf('approver')
    const inboxPath = `/process/inbox?page=${PAGE.page}&pageSize=${PAGE.pageSize}`
    const first = await call('GET', inboxPath, undefined, approverToken)
    const approvals = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from process_tasks where closed_at is null and kind = 'approve'`,
      ),
    )[0]?.n
    console.log(
      `approver's inbox: ${approvals} open approval tasks; the list counts ${first.totalCapped ? `more than ${first.total} (capped)` : first.total}, ${first.list.length} on page 1`,
    )
    const approver = actorOf(who.approver)
    // The client in a worker thread (get-client.mjs, node:http with keep-alive), as browsers run elsewhere.
    const http = pct(
      await getClient({ urls: [base + inboxPath], token: approverToken, calls: CALLS, warmup: WARMUP }),
    )
    const direct = await timeCalls([() => inboxOf(db, approver, PAGE, config.timeZone)], CALLS, WARMUP)
    const now = new Date()
    const candidates = await candidatesOf(db, approver, config.timeZone, now)
    const query = inboxSql(candidates, approver.id, PAGE, now)
    const floorRows = rowsOf<{ total: string | number }>(await db.execute(query))
    const floor = await timeCalls([() => db.execute(query)], CALLS, WARMUP)
    console.log(
      `GET /api/process/inbox over HTTP              ${fmt3(http)}  (${CALLS} calls after ${WARMUP})`,
    )
    console.log(`inboxOf in the server's thread (no HTTP)      ${fmt3(direct)}`)
    console.log(
      `floor: inboxSql straight through the driver    ${fmt3(floor)}  (total ${floorRows[0]?.total})`,
    )
    console.log(
      `ratio HTTP/floor: p50 ${(http.p50 / floor.p50).toFixed(2)}×, p95 ${(http.p95 / floor.p95).toFixed(2)}×; ` +
        `p95 target ${bdb.database.mode === 'postgres' ? '30' : '100'} ms: ${http.p95 < (bdb.database.mode === 'postgres' ? 30 : 100) ? 'met' : 'NOT met'}`,
    )
    if (bdb.database.mode === 'postgres' || process.env.BENCH_EXPLAIN === '1') {
      const plan = rowsOf<Record<string, string>>(
        await db.execute(sql`explain (analyze, buffers) ${query}`),
      ).map((r) => Object.values(r)[0])
      console.log('EXPLAIN (ANALYZE, BUFFERS) of the inbox query:')
      for (const l of plan) console.log(`  ${l}`)
    }

    // 2. Events with task rows: SUBMIT → REJECT in turn, beside SAVE only, and the floor (BENCH_TASK_EVENTS=0: none).
    if (EVENTS > 0) await eventsWithTasks()
    await close()
    await bdb.dispose()

    async function eventsWithTasks() {
      const registrarToken = await tokenOf('registrar')
      const samples = sampleStepData('BUY_ART', { artworkIds: ['', ''], roomId: '', fileId })
      const dd = samples.dueDiligence[0]
      const draft = sampleDraft(samples.dueDiligence)
      const comment = 'Please add the provenance documents.'
      const fresh = async () => {
        const ids: string[] = []
        for (let i = 0; i < CLIENTS; i++)
          ids.push(
            (
              await call(
                'POST',
                '/process',
                { type: 'BUY_ART', input: { artworks: [{ titleZh: `基准${i}`, titleEn: `Bench ${i}` }] } },
                registrarToken,
              )
            ).id,
          )
        return ids
      }
      const versionsOf = async (ids: string[]) =>
        Promise.all(ids.map(async (id) => (await loadProcess(db, id)).version))
      console.log(
        `\n## Events with task rows on ${bdb.label} (${CLIENTS} clients × ${EVENTS} events; load average ${loadavg()})`,
      )
      const saveIds = await fresh()
      const saves = await runClients(
        bdb,
        await clientWorker('event-clients.mjs', {
          base,
          ids: saveIds,
          versions: await versionsOf(saveIds),
          events: EVENTS,
          round: [{ type: 'SAVE', token: registrarToken, payload: draft }],
        }),
      )
      console.log(`SAVE only (no task row moves), HTTP            ${line(saves)}`)
      const ids = await fresh()
      const tasks0 = (await bdb.database.raw(
        `select count(*)::int as n from process_tasks where process_id = any($1::uuid[])`,
        [ids],
      )) as { n: number }[]
      const cycles = await runClients(
        bdb,
        await clientWorker('event-clients.mjs', {
          base,
          ids,
          versions: await versionsOf(ids),
          events: EVENTS,
          round: [
            { type: 'SUBMIT', token: registrarToken, payload: dd },
            { type: 'REJECT', token: approverToken, comment },
          ],
        }),
      )
      console.log(`SUBMIT → REJECT, HTTP                          ${line(cycles)}`)
      const [check] = (await bdb.database.raw(
        `select count(*)::int as tasks, count(*) filter (where closed_at is null)::int as open,
              (select count(*)::int from process_history where process_id = any($1::uuid[])) as history
         from process_tasks where process_id = any($1::uuid[])`,
        [ids],
      )) as { tasks: number; open: number; history: number }[]
      const tasksOk = check.tasks === tasks0[0].n + CLIENTS * EVENTS && check.open === CLIENTS
      console.log(
        `task rows: ${check.tasks} (one per event more, ${check.open} open: ${tasksOk ? 'as expected' : 'MISMATCH'}); ` +
          `history rows: ${check.history} (expected ${CLIENTS * (1 + EVENTS)})`,
      )

      // The floor: per event, BEGIN; the event's statement; the notify effect; syncTasks; COMMIT.
      const definition = machineCatalog.latest('BUY_ART')
      const plans = await Promise.all(
        ids.map(async (id) => {
          const row = await loadProcess(db, id)
          const snapshot = rehydrate(definition.machine, row.snapshot as PersistedSnapshot)
          const submit = templateOf(definition, snapshot, row.state, 'SUBMIT', who.registrar, { payload: dd })
          const reject = templateOf(definition, submit.next, submit.described.state, 'REJECT', who.approver, {
            comment,
          })
          return { row, version: row.version, round: [submit, reject] }
        }),
      )
      const parts = { statement: 0, effects: 0, syncTasks: 0 }
      const floor2 = await runClients(bdb, async () => {
        const all = await Promise.all(
          plans.map(async (p) => {
            const times: number[] = []
            for (let k = 0; k < EVENTS; k++) {
              const s = p.round[k % 2]
              const at = new Date()
              const t1 = performance.now()
              await db.transaction(async (tx) => {
                const ta = performance.now()
                const result = rowsOf<{ updated: number }>(
                  await tx.execute(
                    applyEventSql({
                      event: {
                        id: p.row.id,
                        expectedVersion: p.version,
                        persisted: s.persisted,
                        described: s.described,
                        at,
                        eventType: s.type,
                        fromState: s.fromState,
                        byUserId: s.by.id,
                        comment: s.comment,
                        payloadJson: s.payload === undefined ? null : JSON.stringify(s.payload),
                        files: [],
                        createdBy: p.row.createdBy,
                        definitionVersion: definition.version,
                        allowedBy: s.allowed,
                        onBehalfOf: null,
                      },
                      cached: {
                        rows: [{ seq: p.version } as never],
                        authors: new Set([who.registrar.id, who.approver.id]),
                      },
                      withArtworks: false,
                    }),
                  ),
                )
                if (Number(result[0]?.updated) !== 1) throw new Error('floor: the event was not written')
                const tb = performance.now()
                parts.statement += tb - ta
                await runEffects(
                  tx,
                  env,
                  {
                    lang: 'en',
                    id: p.row.id,
                    type: 'BUY_ART',
                    createdBy: p.row.createdBy,
                    definition,
                    context: s.next.context,
                    event: { ...s.event, at: at.toISOString() },
                    at,
                    currentStep: s.described.currentStep,
                    previousStep: p.row.currentStep,
                    allowedBy: s.allowed,
                  },
                  s.actions,
                )
                const tc = performance.now()
                parts.effects += tc - tb
                await syncTasks(tx, {
                  processId: p.row.id,
                  type: 'BUY_ART',
                  definition,
                  snapshot: s.next,
                  createdBy: p.row.createdBy,
                  at,
                  by: s.by.id,
                  event: s.type,
                })
                parts.syncTasks += performance.now() - tc
              })
              p.version += 1
              times.push(performance.now() - t1)
            }
            return times
          }),
        )
        return all.flat()
      })
      console.log(`floor: BEGIN; statement; notify; syncTasks; COMMIT ${line(floor2)}`)
      const per = (ms: number) => `${(ms / (CLIENTS * EVENTS)).toFixed(2)} ms`
      console.log(
        `  floor's wall time per event (8 at once): the statement ${per(parts.statement)}, ` +
          `the notify effect ${per(parts.effects)}, syncTasks ${per(parts.syncTasks)}, ` +
          `the rest (BEGIN, COMMIT, waits) ${per(floor2.mean * CLIENTS * EVENTS - parts.statement - parts.effects - parts.syncTasks)}`,
      )
      const cpu = (r: typeof cycles) => r.nodeCpu + r.serverCpu
      console.log(
        `ratio SUBMIT/REJECT over HTTP to the floor: throughput ${(floor2.perSecond / cycles.perSecond).toFixed(2)}×, ` +
          `p50 ${(cycles.p50 / floor2.p50).toFixed(2)}×, CPU per event ${(cpu(cycles) / cpu(floor2)).toFixed(2)}×; ` +
          `to SAVE only: ${(cycles.perSecond / saves.perSecond).toFixed(2)}× the throughput, ${(cpu(cycles) / cpu(saves)).toFixed(2)}× the CPU`,
      )
    }
  }
}
