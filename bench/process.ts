// Process events: POST /api/process/:id/events with 8 concurrent clients on distinct processes,
// beside the floor — the very statement the stack runs for such an event, `process_apply_event` with the
// same arguments (built by process-store.ts's own `applyEventSql`), sent straight through the driver. Two
// runs: clients without idempotency keys (the stack's write is that one statement), and clients sending a
// key with every event as the browser does (the stack claims the key in the statement and stores its
// result: BEGIN, the statement, the result's update, COMMIT — the floor does the same). Also checks that no
// history row is lost or duplicated and that every key holds its result. Between the two, a yardstick: a bare
// node:http server doing the floor's write for the same clients, which parts what HTTP itself costs on this
// machine from what the stack adds (httpFloorRun). The HTTP clients run in a worker
// thread (event-clients.mjs), so the server's thread does only the server's work. Beside wall-clock figures
// (noisy on a shared machine) it reports CPU milliseconds per event: the server thread's (which, for
// PGlite, includes the database), plus on PostgreSQL the server backends' of the bench database (read from
// /proc when the server runs on this machine). BENCH_CLIENTS and BENCH_EVENTS change the 8 × 150 events.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { Session } from 'node:inspector/promises'
import { type KeyClaim, storeResult } from '../src/server/modules/process/idempotency'
import type { HistoryRow } from '../src/server/modules/process/process-cache'
import { applyEventSql, loadProcess, type WriteArgs } from '../src/server/modules/process/process-store'
import type { PersistedSnapshot } from '../src/server/modules/process/snapshot'
import { sampleDraft, sampleStepData } from '../src/server/seed/process-samples'
import type { ProcessView } from '../src/shared/contracts/process'
import { benchInbox } from './inbox'
import { type BenchDb, benchDatabase, clientWorker, kinds, loadavg, signedInServer, stats } from './lib'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8)
const EVENTS_PER_CLIENT = Number(process.env.BENCH_EVENTS ?? 150)
/** Timed rounds per mode (BENCH_ROUNDS); the median is reported. Each comes after an untimed warm-up round. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const WARMUP_EVENTS = 40

/** CPU time (ms) used so far by each server backend of the bench database; empty for PGlite or a remote server. */
async function backendCpu(bdb: BenchDb): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  if (bdb.database.mode !== 'postgres') return out
  const rows = (await bdb.database.raw(
    'select pid from pg_stat_activity where datname = current_database()',
  )) as { pid: number }[]
  for (const { pid } of rows) {
    try {
      // Fields 14 and 15 (utime, stime), in clock ticks (100 a second on Linux), after the name in parens.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100)
    } catch {
      // Not on this machine, or the backend just ended.
    }
  }
  return out
}

/** CPU time (ms) of this process's main thread (the server's, and PGlite's), from /proc; else the process's. */
function mainThreadCpu(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
}

export async function runClients(bdb: BenchDb, run: () => Promise<number[]>) {
  const serverBefore = await backendCpu(bdb)
  const cpu0 = mainThreadCpu()
  const all0 = process.cpuUsage()
  const t0 = performance.now()
  const samples = await run()
  const seconds = (performance.now() - t0) / 1000
  const cpu = mainThreadCpu() - cpu0
  const all = process.cpuUsage(all0)
  let serverMs = 0
  for (const [pid, ms] of await backendCpu(bdb)) serverMs += ms - (serverBefore.get(pid) ?? 0)
  return {
    ...stats(samples),
    perSecond: samples.length / seconds,
    /** CPU ms per event in the main thread (the server and, for PGlite, the database). */
    nodeCpu: cpu / samples.length,
    /** CPU ms per event in the PostgreSQL backends (0 for PGlite). */
    serverCpu: serverMs / samples.length,
    /** CPU ms per event in this process's other threads: the clients' worker, and V8's and libuv's helpers. */
    otherCpu: Math.max(0, (all.user + all.system) / 1000 - cpu) / samples.length,
  }
}

/** `work` for each client at once, in this thread; every sample. */
async function inThisThread(work: (client: number) => Promise<number[]>): Promise<number[]> {
  return (await Promise.all(Array.from({ length: CLIENTS }, (_, i) => work(i)))).flat()
}

export const line = (r: Awaited<ReturnType<typeof runClients>>) =>
  `${r.perSecond.toFixed(0)} events/s  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  ` +
  `CPU/event ${r.nodeCpu.toFixed(2)} ms node${r.serverCpu ? ` + ${r.serverCpu.toFixed(2)} ms server` : ''}` +
  ` (other threads ${r.otherCpu.toFixed(2)} ms)`

/** One process as the floor writes it: its row at the version the API run left it, and its view. */
interface FloorProcess {
  id: string
  version: number
  row: Awaited<ReturnType<typeof loadProcess>>
  view: ProcessView
}

/** The floor's write of one SAVE on `p` at `version` (and its key with the result, when `claim` is given). */
async function floorWrite(
  bdb: BenchDb,
  p: FloorProcess,
  version: number,
  userId: string,
  payloadJson: string,
  claim: KeyClaim | undefined,
  view: ProcessView,
) {
  const { db } = bdb.database
  const args: WriteArgs = {
    event: {
      id: p.id,
      expectedVersion: version,
      persisted: p.row.snapshot as PersistedSnapshot,
      described: { state: p.row.state, status: p.row.status, currentStep: p.row.currentStep, done: false },
      at: new Date(),
      eventType: 'SAVE',
      fromState: p.row.state,
      byUserId: userId,
      comment: '',
      payloadJson,
      files: [],
      createdBy: p.row.createdBy,
      definitionVersion: p.row.definitionVersion,
      allowedBy: 'allPrivileges',
      onBehalfOf: null,
    },
    cached: { rows: [{ seq: version } as HistoryRow], authors: new Set([userId]) },
    withArtworks: true,
    claim,
  }
  if (!claim) await db.execute(applyEventSql(args))
  else
    await db.transaction(async (tx) => {
      await tx.execute(applyEventSql(args))
      await storeResult(tx, claim, p.id, view)
    })
}

/**
 * The floor: per event, the statement the stack runs for a SAVE (`applyEventSql`, the same arguments: the
 * held history's last seq and authors, the artworks read beside), and with keys the key claimed by that
 * statement and the result stored under it, in one transaction — what the stack's write does, without
 * the request, the machine or the view.
 */
function floorRun(
  bdb: BenchDb,
  procs: FloorProcess[],
  userId: string,
  draft: unknown,
  withKeys: boolean,
  events: number,
) {
  return inThisThread(async (client) => {
    const p = procs[client]
    const times: number[] = []
    for (let k = 0; k < events; k++) {
      const t0 = performance.now()
      const claim = withKeys ? { userId, key: `floor:${p.id}:${p.version}`, hash: 'f'.repeat(64) } : undefined
      await floorWrite(bdb, p, p.version, userId, JSON.stringify(draft), claim, p.view)
      p.version += 1
      times.push(performance.now() - t0)
    }
    return times
  })
}

/**
 * Not a floor but a yardstick between the floor and the API: a bare node:http server in this thread whose
 * handler does the floor's write for each posted event (the body parsed, nothing checked, no session, no
 * machine, no view built: the stored view with its version moved on) and answers it, to the same clients in
 * their worker. What it costs beyond the floor is what HTTP itself costs on this machine (the socket calls on
 * both ends and node's parser); what the API costs beyond it is the stack's own work.
 */
async function httpFloorRun(
  bdb: BenchDb,
  procs: FloorProcess[],
  userId: string,
  token: string,
  draft: unknown,
  withKeys: boolean,
  events: number,
) {
  const byId = new Map(procs.map((p) => [p.id, p]))
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      let out: string
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        const p = byId.get(req.url?.split('/')[3] ?? '') as FloorProcess
        const version = body.expectedVersion as number
        const view = { ...p.view, version: version + 1 }
        const claim = withKeys ? { userId, key: body.idempotencyKey, hash: 'f'.repeat(64) } : undefined
        await floorWrite(bdb, p, version, userId, JSON.stringify(body.payload), claim, view)
        out = `{"code":0,"msg":"ok","data":${JSON.stringify(view)}}`
      } catch (error) {
        // Answered, so the client stops with the reason instead of waiting for ever.
        out = JSON.stringify({ code: 500, msg: String(error), data: null })
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) })
      res.end(out)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const go = await clientWorker('event-clients.mjs', {
    base: `http://127.0.0.1:${port}/api`,
    ids: procs.map((p) => p.id),
    versions: procs.map((p) => p.version),
    events,
    round: [{ type: 'SAVE', token, payload: draft }],
    withKeys,
  })
  try {
    return await runClients(bdb, go)
  } finally {
    server.close()
    for (const p of procs) p.version += events
  }
}

export async function benchProcess(): Promise<void> {
  // BENCH_PART=events runs the SAVE events only, BENCH_PART=inbox the inbox and the events with task rows only.
  if (process.env.BENCH_PART !== 'inbox') await benchEvents()
  // Tasks: the inbox of 10,000 open processes, and events that move task rows (bench/inbox.ts).
  if (process.env.BENCH_PART !== 'events') await benchInbox()
}

/**
 * BENCH_PROFILE=<folder>: a CPU profile of the server's thread during each API run and each floor run (not the
 * clients' worker), written there as .cpuprofile for Chrome's DevTools — where the stack's own time goes.
 */
async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_PROFILE
  if (!folder) return run()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  try {
    return await run()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(folder, { recursive: true })
    writeFileSync(`${folder}/${name}-${Date.now()}.cpuprofile`, JSON.stringify(profile))
    session.disconnect()
  }
}

/** One round of one mode: new processes, the API run on them, then the floor and the yardstick continuing them; checked. */
async function eventRound(
  bdb: BenchDb,
  server: Awaited<ReturnType<typeof signedInServer>>,
  draft: unknown,
  withKeys: boolean,
  events: number,
) {
  const { base, call } = server
  const ids: string[] = []
  for (let i = 0; i < CLIENTS; i++) {
    const input = { artworks: [{ titleZh: `基准${i}`, titleEn: `Bench ${i}` }] }
    ids.push((await call('POST', '/process', { type: 'BUY_ART', input }, server.token)).id)
  }
  const go = await clientWorker('event-clients.mjs', {
    base,
    ids,
    versions: ids.map(() => 1),
    events,
    round: [{ type: 'SAVE', token: server.token, payload: draft }],
    withKeys,
  })
  const api = await profiled(`api-${withKeys ? 'keys' : 'nokeys'}-${events}`, () => runClients(bdb, go))
  const procs: FloorProcess[] = []
  for (const id of ids) {
    const row = await loadProcess(bdb.database.db, id)
    procs.push({
      id,
      version: row.version,
      row,
      view: await call('GET', `/process/${id}`, undefined, server.token),
    })
  }
  const floor = await profiled(`floor-${withKeys ? 'keys' : 'nokeys'}-${events}`, () =>
    runClients(bdb, () => floorRun(bdb, procs, server.userId, draft, withKeys, events)),
  )
  const httpFloor = await httpFloorRun(bdb, procs, server.userId, server.token, draft, withKeys, events)

  const history = (await bdb.database.raw(
    `select process_id, count(*)::int as n, count(distinct seq)::int as distinct_seq, max(seq)::int as max_seq
       from process_history where process_id = any($1::uuid[]) group by process_id`,
    [ids],
  )) as { n: number; distinct_seq: number; max_seq: number }[]
  const expected = 1 + 3 * events
  const intact =
    history.length === CLIENTS &&
    history.every((h) => h.n === expected && h.distinct_seq === expected && h.max_seq === expected)
  const [keys] = (await bdb.database.raw(
    `select count(*)::int as n, count(response)::int as answered from process_idempotency_keys
      where process_id = any($1::uuid[])`,
    [ids],
  )) as { n: number; answered: number }[]
  const keysOk = withKeys ? keys.n === 3 * CLIENTS * events && keys.answered === keys.n : keys.n === 0
  return { api, floor, httpFloor, intact, keysOk, history, keys }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function benchEvents(): Promise<void> {
  // BENCH_DRIVER=embedded|postgres runs one driver only.
  for (const kind of kinds()) {
    const bdb = await benchDatabase(kind)
    const server = await signedInServer(bdb)
    const draft = sampleDraft(sampleStepData('BUY_ART').dueDiligence)
    console.log(
      `\n## Process events on ${bdb.label} (${CLIENTS} concurrent clients × ${EVENTS_PER_CLIENT} events, ` +
        `${ROUNDS} rounds after a warm-up round)`,
    )

    // BENCH_KEYS=1 runs only the run with keys, BENCH_KEYS=0 only the one without.
    for (const withKeys of [false, true].filter(
      (k) => (process.env.BENCH_KEYS ?? String(Number(k))) === String(Number(k)),
    )) {
      const load0 = loadavg()
      // Warm-up: both paths compiled by the JIT before anything is timed (the API ran first, cold, before).
      await eventRound(bdb, server, draft, withKeys, WARMUP_EVENTS)
      const rounds: Awaited<ReturnType<typeof eventRound>>[] = []
      for (let r = 0; r < ROUNDS; r++)
        rounds.push(await eventRound(bdb, server, draft, withKeys, EVENTS_PER_CLIENT))

      const title = withKeys ? 'with idempotency keys' : 'without keys'
      console.log(`\n### ${title} (load average before: ${load0}; after: ${loadavg()})`)
      const floorName = withKeys
        ? 'BEGIN; process_apply_event + key; store result; COMMIT'
        : 'process_apply_event, same arguments'
      const cpuOf = (r: Awaited<ReturnType<typeof runClients>>) => r.nodeCpu + r.serverCpu
      rounds.forEach(({ api, floor, httpFloor }, i) => {
        console.log(
          `round ${i + 1}: POST /api/process/:id/events (HTTP)  ${line(api)}  (clients in a worker thread)`,
        )
        console.log(`round ${i + 1}: floor: ${floorName}  ${line(floor)}`)
        console.log(`round ${i + 1}: yardstick: node:http serving the floor's write  ${line(httpFloor)}`)
      })
      const ratios = rounds.map(({ api, floor }) => floor.perSecond / api.perSecond)
      console.log(
        `median of ${ROUNDS} rounds: API ${median(rounds.map((r) => r.api.perSecond)).toFixed(0)} events/s, ` +
          `floor ${median(rounds.map((r) => r.floor.perSecond)).toFixed(0)} events/s; ` +
          `ratio API/floor: throughput ${median(ratios).toFixed(2)}× (target ≤ 1.5×; rounds ${ratios.map((x) => x.toFixed(2)).join(', ')}), ` +
          `p50 ${median(rounds.map(({ api, floor }) => api.p50 / floor.p50)).toFixed(2)}×, ` +
          `CPU per event ${median(rounds.map(({ api, floor }) => cpuOf(api) / cpuOf(floor))).toFixed(2)}×`,
      )
      const httpRatios = rounds.map(({ floor, httpFloor }) => floor.perSecond / httpFloor.perSecond)
      console.log(
        `yardstick (bare HTTP around the floor's write): ${median(rounds.map((r) => r.httpFloor.perSecond)).toFixed(0)} ` +
          `events/s, ${median(httpRatios).toFixed(2)}× the floor (HTTP alone on this machine); the API ` +
          `${median(rounds.map(({ api, httpFloor }) => httpFloor.perSecond / api.perSecond)).toFixed(2)}× the yardstick (the stack's own work)`,
      )
      const bad = rounds.find((r) => !r.intact)
      console.log(
        `history rows: ${bad ? `MISMATCH ${JSON.stringify(bad.history)}` : 'none lost, none duplicated'}`,
      )
      if (withKeys) {
        const wrong = rounds.find((r) => !r.keysOk)
        console.log(
          `idempotency keys: ${wrong ? `MISMATCH ${JSON.stringify(wrong.keys)}` : 'one per event, each with its result'}`,
        )
      }
    }
    await server.close()
    await bdb.dispose()
  }
}
