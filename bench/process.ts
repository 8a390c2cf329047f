// Issue 4 benchmark: POST /api/process/:id/events with 8 concurrent clients on distinct processes, beside the
// same transaction's writes done directly (the floor: read the row, update every column an event sets on
// its version, append the history row with every column).
// Also checks that no history row is lost or duplicated under load. The HTTP clients run in a worker thread
// (event-clients.mjs), so the server's thread does only the server's work. Beside wall-clock figures (noisy
// on a shared machine) it reports CPU milliseconds per event: the server thread's (which, for PGlite,
// includes the database), plus on PostgreSQL the server backends' of the bench database (read from /proc
// when the server runs on this machine). BENCH_CLIENTS and BENCH_EVENTS change the 8 clients × 150 events.
import { readFileSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { createApp } from '../src/server/app'
import { boot } from '../src/server/boot'
import { loadConfig } from '../src/server/config'
import { sampleDraft, sampleStepData } from '../src/server/seed/process-samples'
import { type BenchDb, benchDatabase, kinds, stats } from './lib'

const PASSWORD = 'Bench-password-1'
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8)
const EVENTS_PER_CLIENT = Number(process.env.BENCH_EVENTS ?? 150)

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

async function runClients(bdb: BenchDb, run: () => Promise<number[]>) {
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

/** A worker thread of HTTP clients, started and ready; `go()` runs them and resolves with every sample. */
async function clientWorker(data: {
  base: string
  token: string
  ids: string[]
  events: number
  payload: unknown
}) {
  const worker = new Worker(new URL('./event-clients.mjs', import.meta.url), { workerData: data })
  await new Promise((resolve) => worker.once('online', resolve))
  return {
    go: () =>
      new Promise<number[]>((resolve, reject) => {
        worker.once('message', (m: { times?: number[]; error?: string }) => {
          void worker.terminate()
          if (m.error) reject(new Error(m.error))
          else resolve(m.times ?? [])
        })
        worker.once('error', reject)
        worker.postMessage('go')
      }),
  }
}

const line = (r: Awaited<ReturnType<typeof runClients>>) =>
  `${r.perSecond.toFixed(0)} events/s  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  ` +
  `CPU/event ${r.nodeCpu.toFixed(2)} ms node${r.serverCpu ? ` + ${r.serverCpu.toFixed(2)} ms server` : ''}` +
  ` (other threads ${r.otherCpu.toFixed(2)} ms)`

export async function benchProcess(): Promise<void> {
  for (const kind of kinds()) {
    const bdb = await benchDatabase(kind)
    const config = loadConfig({
      DATA_DIR: bdb.dataDir,
      VITRINE_ADMIN_PASSWORD: PASSWORD,
      VITRINE_DEMO: '0',
    })
    const booted = await boot(config, { database: bdb.database })
    const app = createApp(booted.deps)
    const server = serve({ fetch: app.fetch, port: 0 })
    await new Promise((r) => server.once('listening', r))
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`
    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
        body: JSON.stringify(body),
      })
      const json = (await res.json()) as { code: number; msg: string; data: any }
      if (json.code !== 0) throw new Error(`${path}: ${json.msg}`)
      return json.data
    }
    const token = (await post('/auth/login', { username: 'admin', password: PASSWORD })).token as string
    const draft = sampleDraft(sampleStepData('BUY_ART').dueDiligence)
    const ids: string[] = []
    for (let i = 0; i < CLIENTS; i++) {
      const view = await post(
        '/process',
        { type: 'BUY_ART', input: { artworks: [{ titleZh: `基准${i}`, titleEn: `Bench ${i}` }] } },
        token,
      )
      ids.push(view.id)
    }

    const clients = await clientWorker({ base, token, ids, events: EVENTS_PER_CLIENT, payload: draft })
    const api = await runClients(bdb, clients.go)

    // The floor: the same writes straight through the driver, one transaction per event.
    const { db } = bdb.database
    const floor = await runClients(bdb, () =>
      inThisThread(async (client) => {
        const times: number[] = []
        const id = ids[client]
        for (let k = 0; k < EVENTS_PER_CLIENT; k++) {
          const t0 = performance.now()
          await db.transaction(async (tx) => {
            const rows = await tx.execute(
              sql`select version, state_value, snapshot, state, status, current_step, done, created_by
                  from processes where id = ${id}`,
            )
            const row = ((rows as { rows?: unknown[] }).rows ?? (rows as unknown[]))[0] as {
              version: number
              state_value: unknown
              snapshot: unknown
              state: string
              status: string
              current_step: string | null
              done: boolean
              created_by: string
            }
            const at = new Date().toISOString()
            await tx.execute(
              sql`update processes
                   set state_value = ${JSON.stringify(row.state_value)}::jsonb, state = ${row.state},
                       snapshot = ${JSON.stringify(row.snapshot)}::jsonb, status = ${row.status}::process_status,
                       current_step = ${row.current_step}, done = ${row.done}, version = ${row.version + 1},
                       updated_at = ${at}::timestamptz, finished_at = null
                 where id = ${id} and version = ${row.version}`,
            )
            await tx.execute(
              sql`insert into process_history (process_id, seq, event_type, from_state, to_state, by_user_id, at, comment, payload)
                values (${id}, ${row.version + 1}, 'SAVE', ${row.state}, ${row.state}, ${row.created_by},
                        ${at}::timestamptz, '', ${JSON.stringify(draft)}::jsonb)`,
            )
          })
          times.push(performance.now() - t0)
        }
        return times
      }),
    )

    const history = (await bdb.database.raw(
      `select process_id, count(*)::int as n, count(distinct seq)::int as distinct_seq, max(seq)::int as max_seq
         from process_history where process_id = any($1::uuid[]) group by process_id`,
      [ids],
    )) as { n: number; distinct_seq: number; max_seq: number }[]
    const expected = 1 + 2 * EVENTS_PER_CLIENT
    const intact =
      history.length === CLIENTS &&
      history.every((h) => h.n === expected && h.distinct_seq === expected && h.max_seq === expected)

    console.log(
      `\n## Process events on ${bdb.label} (${CLIENTS} concurrent clients × ${EVENTS_PER_CLIENT} events)`,
    )
    console.log(`POST /api/process/:id/events (HTTP)   ${line(api)}  (clients in a worker thread)`)
    console.log(`floor: same writes, one transaction   ${line(floor)}`)
    const cpuOf = (r: typeof api) => r.nodeCpu + r.serverCpu
    console.log(
      `ratio floor/API: throughput ${(floor.perSecond / api.perSecond).toFixed(2)}×, ` +
        `p50 ${(api.p50 / floor.p50).toFixed(2)}×, CPU per event ${(cpuOf(api) / cpuOf(floor)).toFixed(2)}× (target ≤ 2×)`,
    )
    console.log(
      `history rows: ${intact ? 'none lost, none duplicated' : `MISMATCH ${JSON.stringify(history)}`}`,
    )
    server.close()
    await booted.deps.logWriter.close()
    await bdb.dispose()
  }
}
