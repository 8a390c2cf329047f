// Small helpers shared by the benchmarks: timing loops, percentiles, a throwaway database on either driver,
// the app served on a port with a JSON caller, and the worker threads of HTTP clients (get-client.mjs,
// event-clients.mjs).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { serve } from '@hono/node-server'
import pg from 'pg'
import { createApp } from '../src/server/app'
import { boot } from '../src/server/boot'
import { loadConfig } from '../src/server/config'
import { type Database, openDatabase } from '../src/server/db/client'

export interface Stats {
  n: number
  p50: number
  p95: number
  mean: number
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
  }
}

/** Time `fn` `n` times after `warmup` runs; milliseconds per call. */
export async function time(fn: () => Promise<unknown>, n = 500, warmup = 50): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await fn()
    samples.push(performance.now() - t0)
  }
  return stats(samples)
}

export const fmt = (s: Stats) => `p50 ${s.p50.toFixed(3)} ms  p95 ${s.p95.toFixed(3)} ms`

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

/** p50, p95 and p99 of the samples (milliseconds). */
export function pct(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), p99: quantile(s, 0.99) }
}

export const fmtPct = (r: ReturnType<typeof pct>) =>
  `p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`

/** Call the given functions in turn, `warmup` calls then `n` timed ones; their p50/p95/p99. */
export async function timeCalls(fns: (() => Promise<unknown>)[], n: number, warmup: number) {
  for (let i = 0; i < warmup; i++) await fns[i % fns.length]()
  const samples: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await fns[i % fns.length]()
    samples.push(performance.now() - t0)
  }
  return pct(samples)
}

/** The machine's load averages (1, 5, 15 minutes), as printed beside the figures. */
export const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/**
 * A worker thread of HTTP clients (get-client.mjs or event-clients.mjs), started and ready; `go()` runs
 * them and resolves with every timed call's milliseconds.
 */
export async function clientWorker(file: 'get-client.mjs' | 'event-clients.mjs', data: unknown) {
  const worker = new Worker(new URL(`./${file}`, import.meta.url), { workerData: data })
  await new Promise((resolve) => worker.once('online', resolve))
  return () =>
    new Promise<number[]>((resolve, reject) => {
      worker.once('message', (m: { times?: number[]; error?: string }) => {
        void worker.terminate()
        if (m.error) reject(new Error(m.error))
        else resolve(m.times ?? [])
      })
      worker.once('error', reject)
      worker.postMessage('go')
    })
}

/** GET the URLs in turn from a worker thread (get-client.mjs), one call at a time; every timed call's milliseconds. */
export async function getClient(data: { urls: string[]; token: string; calls: number; warmup: number }) {
  return (await clientWorker('get-client.mjs', data))()
}

/** The administrator's password every benchmark's server boots with. */
export const BENCH_PASSWORD = 'Bench-password-1'

/** benchServer without demo data, and the administrator signed in on it: the session's token and user id. */
export async function signedInServer(bdb: BenchDb) {
  const server = await benchServer(bdb, { VITRINE_ADMIN_PASSWORD: BENCH_PASSWORD, VITRINE_DEMO: '0' })
  const login = await server.call('POST', '/auth/login', { username: 'admin', password: BENCH_PASSWORD })
  return { ...server, token: login.token as string, userId: login.user.id as string }
}

/**
 * The app booted on `bdb` with the given environment and served on a free port; `call` sends JSON to its
 * API and returns the envelope's data (throws on any other code), `close` stops the server and the log.
 */
export async function benchServer(bdb: BenchDb, env: Record<string, string>) {
  const config = loadConfig({ DATA_DIR: bdb.dataDir, ...env })
  const booted = await boot(config, { database: bdb.database })
  const app = createApp(booted.deps)
  const server = serve({ fetch: app.fetch, port: 0 })
  await new Promise((r) => server.once('listening', r))
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`
  const call = async (method: string, path: string, body?: unknown, token?: string): Promise<any> => {
    const send = () =>
      fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    // A kept-alive socket the server closed while idle (its keep-alive timeout) fails once: send again.
    const res = await send().catch(send)
    const json = (await res.json()) as { code: number; msg: string; data: unknown }
    if (json.code !== 0) throw new Error(`${path}: ${json.msg}`)
    return json.data
  }
  const close = async () => {
    server.close()
    await booted.deps.logWriter.close()
  }
  return { config, base, call, close }
}

export interface BenchDb {
  database: Database
  label: string
  dataDir: string
  dispose: () => Promise<void>
}

/**
 * A fresh database: embedded PGlite in a temp folder, or a throwaway database on DATABASE_URL's server. With
 * `keep` (PostgreSQL only), the database of that name is opened, made if missing, and left in place at the
 * end, so that a large seeded collection is built once and reused by later runs (`fresh` says it was made).
 */
export async function benchDatabase(
  kind: 'embedded' | 'postgres',
  keep?: string,
): Promise<BenchDb & { fresh: boolean }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'))
  if (kind === 'embedded') {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
    return {
      database,
      label: 'PGlite',
      fresh: true,
      dataDir,
      dispose: async () => {
        await database.close()
        await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
      },
    }
  }
  const base = process.env.DATABASE_URL
  if (!base) throw new Error('DATABASE_URL is not set')
  if (keep !== undefined && !/^vitrine_bench_[a-z0-9_]+$/.test(keep))
    throw new Error(`a kept bench database is named vitrine_bench_…, not ${keep}`)
  const name = keep ?? `vitrine_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  const exists = keep
    ? ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0
    : false
  if (!exists) await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  return {
    database,
    label: 'PostgreSQL',
    fresh: !exists,
    dataDir,
    dispose: async () => {
      await database.close()
      if (keep) {
        await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
        return
      }
      const c = new pg.Client({ connectionString: base })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
    },
  }
}

export function kinds(): ('embedded' | 'postgres')[] {
  const all: ('embedded' | 'postgres')[] = process.env.DATABASE_URL ? ['embedded', 'postgres'] : ['embedded']
  // BENCH_DRIVER=embedded|postgres: one driver only.
  return all.filter((k) => !process.env.BENCH_DRIVER || k === process.env.BENCH_DRIVER)
}
