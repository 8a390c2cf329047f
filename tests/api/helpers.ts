// Test harness for the API: the real app object on a fresh database (in-memory PGlite, or a throwaway
// database on the PostgreSQL server named by DATABASE_URL), seeded like a first start. On PGlite each kind of
// start (with or without the demo users and collection) is made once per run and copied for every test that
// asks for it: a new embedded database costs seconds (its initdb, the migrations, the seed), a copy of a
// seeded one about one.
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { createApp } from '../../src/server/app'
import { boot } from '../../src/server/boot'
import { loadConfig } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/client'
import type { Deps } from '../../src/server/http/context'
import { withLock } from '../file-lock'

/** Every seeded user's password, the same for the whole run (global-setup.ts). */
export const TEST_PASSWORD = inject('apiTestPassword')

export interface TestContext {
  app: ReturnType<typeof createApp>
  deps: Deps
  dataDir: string
  /** Sign in and return the token. */
  login: (username: string, password?: string) => Promise<string>
  /** Call the API: JSON in, the parsed envelope and HTTP status out. */
  call: <T = any>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; lang?: string },
  ) => Promise<{ status: number; code: number; msg: string; data: T }>
  close: () => Promise<void>
}

export async function freshPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitrine_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

type StartKind = { demo?: boolean; collection?: boolean }
/** A start, and settings of the environment for this server only (VITRINE_IMPORTS_AT_ONCE=…). */
export type StartOptions = StartKind & { env?: Record<string, string> }

export function configOf(dataDir: string, options: StartOptions) {
  return loadConfig({
    ...options.env,
    DATA_DIR: dataDir,
    VITRINE_ADMIN_PASSWORD: TEST_PASSWORD,
    VITRINE_DEMO: options.demo === false ? '0' : '1',
    VITRINE_DEMO_COLLECTION: options.collection ? '1' : '0',
    VITRINE_DEMO_PASSWORD: TEST_PASSWORD,
  })
}

/**
 * The seeded template of one kind of start (PGlite): its data folder (the demo collection's files) and its
 * database as a tarball, made by the first test of the run that needs it, under a lock shared by the workers.
 */
export function templateOf(options: StartKind): Promise<{ files: string; database: Blob }> {
  const dir = path.join(inject('apiTemplates'), `${options.demo !== false}-${options.collection === true}`)
  const read = () => ({
    files: path.join(dir, 'data'),
    database: new Blob([readFileSync(path.join(dir, 'db.tar'))]),
  })
  if (existsSync(path.join(dir, 'ready'))) return Promise.resolve(read())
  return withLock(`api-db-${path.basename(path.dirname(dir))}`, async () => {
    if (existsSync(path.join(dir, 'ready'))) return read()
    mkdirSync(path.join(dir, 'data'), { recursive: true })
    const database = await openDatabase({})
    const booted = await boot(configOf(path.join(dir, 'data'), options), { database })
    await booted.deps.logWriter.flush()
    const dump = await (database.dumpDataDir as () => Promise<Blob>)()
    await booted.close()
    writeFileSync(path.join(dir, 'db.tar'), Buffer.from(await dump.arrayBuffer()))
    writeFileSync(path.join(dir, 'ready'), '')
    return read()
  })
}

/**
 * A server on a fresh database with the administrator and the demo users (`demo: false`: the administrator
 * alone). The demo collection and the processes the demo office runs on it (about ten seconds a database) only
 * with `collection: true`: most tests make the artworks they need.
 */
export async function createTestContext(options: StartOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-test-'))
  const config = configOf(dataDir, options)
  const pgBase = process.env.DATABASE_URL
  const fresh = pgBase ? await freshPostgres(pgBase) : undefined
  let database: Awaited<ReturnType<typeof openDatabase>>
  if (fresh) database = await openDatabase({ url: fresh.url })
  else {
    const template = await templateOf({ demo: options.demo, collection: options.collection })
    cpSync(template.files, dataDir, { recursive: true })
    database = await openDatabase({ loadDataDir: template.database })
  }
  const booted = await boot(config, { database })
  const app = createApp(booted.deps)

  const call: TestContext['call'] = async (method, urlPath, opts = {}) => {
    const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en', ...opts.headers }
    if (opts.token) headers['x-auth-token'] = opts.token
    let body: BodyInit | undefined
    if (opts.body !== undefined) {
      if (typeof opts.body === 'string') body = opts.body
      else if (opts.body instanceof FormData) {
        // Sent as bytes: Node 24's fetch streams a FormData body with a pull that can enqueue after the server
        // cancelled it (an upload refused mid-stream), which surfaces as an unhandled rejection.
        const encoded = new Response(opts.body)
        body = new Uint8Array(await encoded.arrayBuffer())
        headers['content-type'] = encoded.headers.get('content-type') ?? ''
      } else {
        body = JSON.stringify(opts.body)
        headers['content-type'] = 'application/json'
      }
    }
    const res = await app.request(urlPath, { method, headers, body })
    const text = await res.text()
    let json: any
    try {
      json = JSON.parse(text)
    } catch {
      json = { code: NaN, msg: text, data: null }
    }
    return { status: res.status, code: json.code, msg: json.msg, data: json.data }
  }

  const login = async (username: string, password = TEST_PASSWORD) => {
    const res = await call('POST', '/api/auth/login', { body: { username, password } })
    if (res.code !== 0) throw new Error(`login ${username} failed: ${res.msg}`)
    return res.data.token as string
  }

  return {
    app,
    deps: booted.deps,
    dataDir,
    login,
    call,
    close: async () => {
      await booted.close()
      await fresh?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
