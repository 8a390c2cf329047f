// Crash test: the real server (src/server/main.ts as a child process) takes concurrent process events
// from several clients and is killed with SIGKILL mid-flight, twice; after each restart on the same data
// (PGlite in DATA_DIR/db, or a throwaway PostgreSQL database when DATABASE_URL is set) every process's
// version equals its history row count and highest seq, every acknowledged (200) event is in the history,
// and no effect is half-applied (the world invariants of tests/api/invariants.ts hold).
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/server/db/client'
import type { TestContext } from './helpers'
import { worldProblems } from './invariants'

const ROOT = path.resolve(__dirname, '../..')
const PASSWORD = `Crash-${randomBytes(6).toString('hex')}-9`
const PROCESSES = 12
const CLIENTS = 6
const TRANSPORTS = 4

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

interface Running {
  child: ChildProcess
  base: string
  output: () => string
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Running> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      VITRINE_ADMIN_PASSWORD: PASSWORD,
      VITRINE_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(check)
      reject(new Error(`server did not start in 60 s:\n${output}`))
    }, 60_000)
    const check = setInterval(() => {
      if (output.includes('Vitrine listening')) {
        clearInterval(check)
        clearTimeout(timer)
        resolve()
      } else if (child.exitCode !== null) {
        clearInterval(check)
        clearTimeout(timer)
        reject(new Error(`server exited with ${child.exitCode}:\n${output}`))
      }
    }, 50)
  })
  return { child, base: `http://127.0.0.1:${port}`, output: () => output }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
}

/** The fields of an answer's data these checks read (a process view, a sign-in). */
interface Answer {
  id: string
  version: number
  state: string
  token: string
}

async function call(
  base: string,
  method: string,
  urlPath: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; code: number; data: Answer }> {
  const headers: Record<string, string> = { 'accept-language': 'en' }
  if (token) headers['x-auth-token'] = token
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as { code: number; data: Answer }
  return { status: res.status, code: json.code, data: json.data }
}

async function login(base: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', undefined, {
    username: 'admin',
    password: PASSWORD,
  })
  if (res.code !== 0) throw new Error(`login failed: ${JSON.stringify(res)}`)
  return res.data.token
}

/** What the server acknowledged (answered 200 to): each process started and each event's new version. */
interface Acknowledged {
  started: Set<string>
  events: { id: string; version: number }[]
}

const startInput = (n: number) => ({ type: 'BUY_ART', input: { artworks: [{ titleZh: `崩溃测试 ${n}` }] } })

/**
 * Several clients send SAVE events to the processes (reading the version again after a 409) and start
 * new processes, until the server dies under them. Returns once every client has stopped.
 */
async function load(
  base: string,
  tokens: string[],
  ids: string[],
  transports: string[],
  ack: Acknowledged,
  stop: { dead: boolean },
) {
  let n = 0
  const versions = new Map<string, number>()
  const client = async (c: number) => {
    const token = tokens[c % tokens.length]
    for (let i = 0; !stop.dead && i < 10_000; i++) {
      try {
        if (i % 7 === c % 7) {
          const res = await call(base, 'POST', '/api/process', token, startInput(n++))
          if (res.status === 200 && res.code === 0) {
            ack.started.add(res.data.id)
            ack.events.push({ id: res.data.id, version: res.data.version })
          }
          continue
        }
        if (i % 3 === 1) {
          // A transport ends (TERMINATE lets its artwork go) or starts again (RESTART takes hold of it):
          // the event and its effect on the artwork row must land together or not at all.
          const id = transports[(c + i) % transports.length]
          const view = await call(base, 'GET', `/api/process/${id}`, token)
          if (view.code !== 0) continue
          const terminated = view.data.state === 'terminated'
          const res = await call(base, 'POST', `/api/process/${id}/events`, token, {
            type: terminated ? 'RESTART' : 'TERMINATE',
            expectedVersion: view.data.version,
            ...(terminated ? {} : { comment: `client ${c} #${i}` }),
          })
          if (res.status === 200 && res.code === 0) ack.events.push({ id, version: res.data.version })
          continue
        }
        const id = ids[(c * 5 + i) % ids.length]
        let version = versions.get(id)
        if (version === undefined) {
          const view = await call(base, 'GET', `/api/process/${id}`, token)
          if (view.code !== 0) continue
          version = view.data.version
        }
        const res = await call(base, 'POST', `/api/process/${id}/events`, token, {
          type: 'SAVE',
          expectedVersion: version,
          payload: { seller: `client ${c} #${i}` },
        })
        if (res.status === 200 && res.code === 0) {
          versions.set(id, res.data.version)
          ack.events.push({ id, version: res.data.version })
        } else versions.delete(id)
      } catch {
        // The server was killed under this request: not acknowledged, so nothing is promised.
        if (stop.dead) return
        await new Promise((r) => setTimeout(r, 20))
      }
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)))
}

/** Kill the server with SIGKILL once enough events were acknowledged in this round, under load. */
async function crashUnderLoad(server: Running, ids: string[], transports: string[], ack: Acknowledged) {
  const tokens = await Promise.all(Array.from({ length: 3 }, () => login(server.base)))
  const stop = { dead: false }
  const before = ack.events.length
  const running = load(server.base, tokens, ids, transports, ack, stop)
  const deadline = Date.now() + 15_000
  while (ack.events.length - before < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
  // Somewhere in the middle of the next writes.
  await new Promise((r) => setTimeout(r, 37 + Math.floor(Math.random() * 60)))
  server.child.kill('SIGKILL')
  await exited(server.child)
  stop.dead = true
  await running
  expect(ack.events.length - before, 'events acknowledged before the kill').toBeGreaterThanOrEqual(40)
}

/** The checks, on a connection of the test's own over the same database (the server is stopped). */
async function checkDatabase(database: Database, ack: Acknowledged) {
  const rows = (await database.raw(
    `select p.id, p.version, count(h.seq)::int as rows, coalesce(max(h.seq), 0)::int as top
     from processes p left join process_history h on h.process_id = p.id group by p.id, p.version`,
  )) as { id: string; version: number; rows: number; top: number }[]
  const byId = new Map(rows.map((r) => [r.id, r]))
  const mismatched = rows.filter((r) => r.version !== r.rows || r.version !== r.top)
  expect(mismatched, 'version = history rows = max(seq)').toEqual([])
  const lost = ack.events.filter((e) => (byId.get(e.id)?.top ?? 0) < e.version)
  expect(lost, 'acknowledged events missing from the history').toEqual([])
  const missing = [...ack.started].filter((id) => !byId.has(id))
  expect(missing, 'acknowledged starts missing').toEqual([])
  const history = (await database.raw(
    `select count(*)::int as n from process_history h join processes p on p.id = h.process_id`,
  )) as { n: number }[]
  expect(history[0].n).toBe(rows.reduce((sum, r) => sum + r.rows, 0))
  const unheld = await database.raw(
    `select p.id, p.state, a.active_process_id from processes p
       join process_artworks pa on pa.process_id = p.id join artworks a on a.id = pa.artwork_id
     where p.type = 'OPERATION_TRANS_ART' and p.done = false and p.status <> 'terminated'
       and a.active_process_id is distinct from p.id`,
  )
  expect(unheld, 'a running transport whose artwork it does not hold').toEqual([])
  // The world invariants over the same database (artworks, policies, reminders).
  const problems = await worldProblems({ deps: { database } } as unknown as TestContext)
  expect(problems).toEqual([])
  return rows.length
}

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
})

describe(`crash under concurrent events (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every acknowledged event and half of none across two kill -9 restarts', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-crash-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    let databaseUrl: string | undefined
    const pgBase = process.env.DATABASE_URL
    if (pgBase) {
      const name = `vitrine_c_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: pgBase })
      await admin.connect()
      await admin.query(`create database ${name}`)
      await admin.end()
      const url = new URL(pgBase)
      url.pathname = `/${name}`
      databaseUrl = url.toString()
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: pgBase })
        await c.connect()
        await c.query(`drop database if exists ${name} with (force)`)
        await c.end()
      })
    }
    // First start migrates and seeds; then, with the server stopped, artworks for the transports to hold.
    let server = await startServer(dataDir, databaseUrl)
    cleanups.push(async () => {
      server.child.kill('SIGKILL')
      await exited(server.child)
    })
    server.child.kill('SIGTERM')
    await exited(server.child)
    const setup = await openDatabase(
      databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'db') },
    )
    const works: string[] = []
    try {
      for (let i = 0; i < TRANSPORTS; i++) {
        const rows = (await setup.raw(
          `insert into artworks (inventory_no, title_zh, title_en, status, in_warehouse)
           values ($1, $2, $3, 'in_collection', false) returning id`,
          [`CRASH-${i}`, `崩溃测试作品${i}`, `Crash test work ${i}`],
        )) as { id: string }[]
        works.push(rows[0].id)
      }
    } finally {
      await setup.close()
    }
    server = await startServer(dataDir, databaseUrl)
    const token = await login(server.base)
    const transports: string[] = []
    for (const work of works) {
      const res = await call(server.base, 'POST', '/api/process', token, {
        type: 'OPERATION_TRANS_ART',
        input: { artworkIds: [work] },
      })
      expect(res.code, JSON.stringify(res.data)).toBe(0)
      transports.push(res.data.id)
    }
    const ids: string[] = []
    for (let i = 0; i < PROCESSES; i++) {
      const res = await call(server.base, 'POST', '/api/process', token, startInput(1000 + i))
      expect(res.code).toBe(0)
      ids.push(res.data.id)
    }
    const ack: Acknowledged = {
      started: new Set([...ids, ...transports]),
      events: [...ids, ...transports].map((id) => ({ id, version: 1 })),
    }

    for (let round = 0; round < 2; round++) {
      await crashUnderLoad(server, ids, transports, ack)
      server = await startServer(dataDir, databaseUrl)
      // Back up after the crash: it answers, and takes events again.
      const again = await login(server.base)
      const view = await call(server.base, 'GET', `/api/process/${ids[0]}`, again)
      expect(view.code).toBe(0)
      const saved = await call(server.base, 'POST', `/api/process/${ids[0]}/events`, again, {
        type: 'SAVE',
        expectedVersion: view.data.version,
        payload: { seller: `after crash ${round}` },
      })
      expect(saved.code).toBe(0)
      ack.events.push({ id: ids[0], version: saved.data.version })
    }

    // Both kinds of event were acknowledged: SAVEs, and TERMINATE/RESTART with their effect on artworks.
    const transportEvents = ack.events.filter((e) => transports.includes(e.id) && e.version > 1).length
    const saves = ack.events.filter((e) => ids.includes(e.id) && e.version > 1).length
    expect(transportEvents).toBeGreaterThan(0)
    expect(saves).toBeGreaterThan(0)

    // Stop the last server cleanly, then look at the database it leaves.
    server.child.kill('SIGTERM')
    await exited(server.child)
    const database = await openDatabase(
      databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'db') },
    )
    try {
      const processes = await checkDatabase(database, ack)
      expect(processes).toBeGreaterThanOrEqual(PROCESSES)
      console.info(
        `crash test: ${ack.events.length} acknowledged events (${saves} SAVE, ${transportEvents} TERMINATE/RESTART, ` +
          `${ack.started.size} starts) over ${processes} processes, 2 kills, none lost`,
      )
    } finally {
      await database.close()
    }
  }, 120_000)
})
