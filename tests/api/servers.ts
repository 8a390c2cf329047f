// Several API servers on one database, for the scale-out tests: each is booted like `npm start` boots
// (its own storage client, log writer and auth listener). On PostgreSQL (DATABASE_URL) each server opens
// its own connection pool on one throwaway database, as separate machines would; on the embedded database
// there is one process, so the servers share the one PGlite database (and its session cache).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createApp } from '../../src/server/app'
import { boot } from '../../src/server/boot'
import { loadConfig } from '../../src/server/config'
import { type Database, openDatabase } from '../../src/server/db/client'
import type { Deps } from '../../src/server/http/context'
import { TEST_PASSWORD, templateOf } from './helpers'

export interface Envelope<T> {
  status: number
  code: number
  msg: string
  data: T
}

export interface TestServer {
  app: ReturnType<typeof createApp>
  deps: Deps
  call: <T = unknown>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<Envelope<T>>
  login: (username: string, password?: string) => Promise<string>
}

export interface TestServers {
  servers: TestServer[]
  mode: 'embedded' | 'postgres'
  close: () => Promise<void>
}

/** Boot `count` servers on one fresh database with the given extra environment (S3_* and so on). */
export async function startServers(count: number, env: Record<string, string> = {}): Promise<TestServers> {
  const pgBase = process.env.DATABASE_URL
  const dataDirs: string[] = []
  const databases: Database[] = []
  const closers: Array<() => Promise<void>> = []
  let dropDatabase: (() => Promise<void>) | undefined
  let url: string | undefined
  if (pgBase) {
    const name = `vitrine_s_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: pgBase })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const u = new URL(pgBase)
    u.pathname = `/${name}`
    url = u.toString()
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: pgBase })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    }
  }
  // The embedded database is a copy of the run's seeded template (helpers.ts), as createTestContext's.
  const shared = url ? undefined : await openDatabase({ loadDataDir: (await templateOf({})).database })
  if (shared) databases.push(shared)
  const linkSecret = randomBytes(32).toString('hex')
  const servers: TestServer[] = []
  for (let i = 0; i < count; i++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `vitrine-server${i}-`))
    dataDirs.push(dataDir)
    const config = loadConfig({
      DATA_DIR: dataDir,
      VITRINE_ADMIN_PASSWORD: TEST_PASSWORD,
      VITRINE_DEMO: '1',
      VITRINE_DEMO_COLLECTION: '0',
      VITRINE_DEMO_PASSWORD: TEST_PASSWORD,
      // Signed download links work on every server only with one secret (docs/security.md).
      VITRINE_LINK_SECRET: linkSecret,
      ...env,
    })
    const database = shared ?? (await openDatabase({ url }))
    if (!shared) databases.push(database)
    const booted = await boot(config, { database })
    closers.push(booted.close)
    servers.push(serverOf(createApp(booted.deps), booted.deps))
  }
  return {
    servers,
    mode: pgBase ? 'postgres' : 'embedded',
    close: async () => {
      // Every server's log rows first: on the embedded database the first server's close ends the shared one.
      for (const server of servers) await server.deps.logWriter.close().catch(() => undefined)
      for (const close of closers) await close().catch(() => undefined)
      for (const database of databases) await database.close().catch(() => undefined)
      await dropDatabase?.()
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true })
    },
  }
}

function serverOf(app: ReturnType<typeof createApp>, deps: Deps): TestServer {
  const call: TestServer['call'] = async (method, urlPath, opts = {}) => {
    const headers: Record<string, string> = { 'accept-language': 'en', ...opts.headers }
    if (opts.token) headers['x-auth-token'] = opts.token
    let body: BodyInit | undefined
    if (opts.body instanceof FormData) {
      // As bytes (helpers.ts says why).
      const encoded = new Response(opts.body)
      body = new Uint8Array(await encoded.arrayBuffer())
      headers['content-type'] = encoded.headers.get('content-type') ?? ''
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] = 'application/json'
    }
    const res = await app.request(urlPath, { method, headers, body })
    const text = await res.text()
    let json: { code: number; msg: string; data: never }
    try {
      json = JSON.parse(text)
    } catch {
      json = { code: Number.NaN, msg: text, data: null as never }
    }
    return { status: res.status, code: json.code, msg: json.msg, data: json.data }
  }
  const login = async (username: string, password = TEST_PASSWORD) => {
    const res = await call<{ token: string }>('POST', '/api/auth/login', { body: { username, password } })
    if (res.code !== 0) throw new Error(`login ${username} failed: ${res.msg}`)
    return res.data.token
  }
  return { app, deps, call, login }
}
