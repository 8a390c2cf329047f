// Several servers (`npm run bench -- servers`, PostgreSQL only: DATABASE_URL): one, two and four API servers —
// each a process of its own, started as `npm start` starts one — on one database behind one address (a
// round-robin proxy, bench/proxy.mjs, a process of its own too), under the process-event benchmark's load:
// BENCH_CLIENTS (8) clients, each sending BENCH_EVENTS (150) SAVE events with idempotency keys to a BUY_ART
// process of its own, from a worker thread (event-clients.mjs). Per server count, BENCH_ROUNDS (3) rounds
// after a warm-up round: events/s and p95 (median of the rounds), and the check that no history row was lost or
// duplicated (every process's history has exactly 1 + events rows, seq 1 to 1 + events, each key answered
// once). The one-server figure is also taken without the proxy, to show what the proxy itself adds.
// On this 2-core machine more servers cannot add throughput (the clients, the proxy, the servers and
// PostgreSQL share two cores): the run shows that events stay whole and what the extra servers cost.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { sampleDraft, sampleStepData } from '../src/server/seed/process-samples'
import { BENCH_PASSWORD, benchDatabase, clientWorker, loadavg, signedInServer, stats } from './lib'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8)
const EVENTS = Number(process.env.BENCH_EVENTS ?? 150)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const COUNTS = (process.env.BENCH_SERVERS ?? '1,2,4').split(',').map(Number)
const ROOT = path.resolve(import.meta.dirname, '..')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

/** A child process, resolved once it prints `ready` (its output kept for the error when it exits first). */
function started(child: ChildProcess, ready: RegExp): Promise<string> {
  let output = ''
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk
      const m = output.match(ready)
      if (m) resolve(m[1] ?? '')
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)))
  })
}

async function startServers(count: number, databaseUrl: string) {
  const children: ChildProcess[] = []
  const dirs: string[] = []
  const ports: number[] = []
  for (let i = 0; i < count; i++) {
    const dir = await mkdtemp(path.join(os.tmpdir(), `vitrine-bench-server${i}-`))
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dir,
        DATABASE_URL: databaseUrl,
        VITRINE_ADMIN_PASSWORD: BENCH_PASSWORD,
        VITRINE_DEMO: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    dirs.push(dir)
    ports.push(port)
  }
  await Promise.all(children.map((c) => started(c, /Vitrine listening/)))
  const proxy = spawn(process.execPath, [path.join(ROOT, 'bench/proxy.mjs'), ...ports.map(String)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const proxyPort = await started(proxy, /proxy listening on (\d+)/)
  return {
    base: `http://127.0.0.1:${proxyPort}/api`,
    direct: `http://127.0.0.1:${ports[0]}/api`,
    async stop() {
      for (const c of [proxy, ...children]) c.kill('SIGTERM')
      await Promise.all(
        [proxy, ...children].map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
      )
      for (const d of dirs) await rm(d, { recursive: true, force: true })
    },
  }
}

async function post(base: string, route: string, body: unknown, token?: string) {
  const res = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> }
  if (json.code !== 0) throw new Error(`${route}: ${json.msg}`)
  return json.data
}

/** One round: new processes, the clients' events through `base`, then the history and keys checked. */
async function round(
  base: string,
  token: string,
  raw: (t: string, p?: unknown[]) => Promise<unknown[]>,
  events: number,
) {
  const draft = sampleDraft(sampleStepData('BUY_ART').dueDiligence)
  const ids: string[] = []
  for (let i = 0; i < CLIENTS; i++) {
    const input = { artworks: [{ titleZh: `多服务器${i}`, titleEn: `Servers ${i}` }] }
    ids.push((await post(base, '/process', { type: 'BUY_ART', input }, token)).id as string)
  }
  const go = await clientWorker('event-clients.mjs', {
    base,
    ids,
    versions: ids.map(() => 1),
    events,
    round: [{ type: 'SAVE', token, payload: draft }],
    withKeys: true,
  })
  const t0 = performance.now()
  const samples = await go()
  const seconds = (performance.now() - t0) / 1000
  const history = (await raw(
    `select count(*)::int as n, count(distinct seq)::int as distinct_seq, max(seq)::int as max_seq
       from process_history where process_id = any($1::uuid[]) group by process_id`,
    [ids],
  )) as { n: number; distinct_seq: number; max_seq: number }[]
  const [keys] = (await raw(
    `select count(*)::int as n, count(response)::int as answered from process_idempotency_keys
      where process_id = any($1::uuid[])`,
    [ids],
  )) as { n: number; answered: number }[]
  const expected = 1 + events
  const whole =
    history.length === CLIENTS &&
    history.every((h) => h.n === expected && h.distinct_seq === expected && h.max_seq === expected) &&
    keys.n === CLIENTS * events &&
    keys.answered === keys.n
  return { ...stats(samples), perSecond: samples.length / seconds, whole }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export async function benchServers(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log('\n(servers: PostgreSQL only — set DATABASE_URL)')
    return
  }
  const bdb = await benchDatabase('postgres')
  // Migrated and the administrator made once, by a server in this process, before the servers start.
  const first = await signedInServer(bdb)
  await first.close()
  const url = new URL(process.env.DATABASE_URL)
  url.pathname = `/${((await bdb.database.raw('select current_database() as d')) as { d: string }[])[0].d}`
  console.log(
    `\n## Several servers on PostgreSQL (${CLIENTS} clients × ${EVENTS} SAVE events with keys, ${ROUNDS} rounds after a warm-up; load ${loadavg()})`,
  )
  console.log(
    '| servers | events/s (median) | p95 ms (median) | rounds (events/s) | history and keys whole |',
  )
  console.log('|---|---|---|---|---|')
  try {
    for (const count of COUNTS) {
      const servers = await startServers(count, url.toString())
      try {
        const targets =
          count === 1
            ? [
                ['1, no proxy', servers.direct],
                ['1', servers.base],
              ]
            : [[String(count), servers.base]]
        for (const [label, base] of targets) {
          const { token } = (await post(base, '/auth/login', {
            username: 'admin',
            password: BENCH_PASSWORD,
          })) as {
            token: string
          }
          await round(base, token, bdb.database.raw, 40)
          const rounds = []
          for (let r = 0; r < ROUNDS; r++) rounds.push(await round(base, token, bdb.database.raw, EVENTS))
          console.log(
            `| ${label} | ${median(rounds.map((r) => r.perSecond)).toFixed(0)} | ${median(rounds.map((r) => r.p95)).toFixed(1)} | ` +
              `${rounds.map((r) => r.perSecond.toFixed(0)).join(', ')} | ${rounds.every((r) => r.whole) ? 'yes' : '**no**'} |`,
          )
        }
      } finally {
        await servers.stop()
      }
    }
    console.log(`(load after: ${loadavg()})`)
  } finally {
    await bdb.dispose()
  }
}
