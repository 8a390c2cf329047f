// Test harness for the API: the real app object on a fresh database (in-memory PGlite, or a throwaway
// database on the PostgreSQL server named by DATABASE_URL), seeded like a first start.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createApp } from '../../src/server/app'
import { boot } from '../../src/server/boot'
import { loadConfig } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/client'
import type { Deps } from '../../src/server/http/context'

export const TEST_PASSWORD = `Test-${randomBytes(6).toString('hex')}-9`

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

async function freshPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
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

/**
 * A server on a fresh database with the administrator and the demo users (`demo: false`: the administrator
 * alone). The demo collection and the processes the demo office runs on it (about ten seconds a database) only
 * with `collection: true`: most tests make the artworks they need.
 */
export async function createTestContext(
  options: { demo?: boolean; collection?: boolean } = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-test-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    VITRINE_ADMIN_PASSWORD: TEST_PASSWORD,
    VITRINE_DEMO: options.demo === false ? '0' : '1',
    VITRINE_DEMO_COLLECTION: options.collection ? '1' : '0',
    VITRINE_DEMO_PASSWORD: TEST_PASSWORD,
  })
  const pgBase = process.env.DATABASE_URL
  const fresh = pgBase ? await freshPostgres(pgBase) : undefined
  const database = await openDatabase(fresh ? { url: fresh.url } : {})
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
