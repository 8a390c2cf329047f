// Small helpers shared by the benchmarks: timing loops, percentiles, a throwaway database on either driver.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
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

export interface BenchDb {
  database: Database
  label: string
  dataDir: string
  dispose: () => Promise<void>
}

/** A fresh database: embedded PGlite in a temp folder, or a throwaway database on DATABASE_URL's server. */
export async function benchDatabase(kind: 'embedded' | 'postgres'): Promise<BenchDb> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'))
  if (kind === 'embedded') {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
    return {
      database,
      label: 'PGlite',
      dataDir,
      dispose: async () => {
        await database.close()
        await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
      },
    }
  }
  const base = process.env.DATABASE_URL
  if (!base) throw new Error('DATABASE_URL is not set')
  const name = `vitrine_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString() })
  return {
    database,
    label: 'PostgreSQL',
    dataDir,
    dispose: async () => {
      await database.close()
      const c = new pg.Client({ connectionString: base })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
    },
  }
}

export function kinds(): ('embedded' | 'postgres')[] {
  return process.env.DATABASE_URL ? ['embedded', 'postgres'] : ['embedded']
}
