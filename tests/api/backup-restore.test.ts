// Restore drill: a real server (src/server/main.ts as a child process) on PGlite, or on a throwaway
// PostgreSQL database when DATABASE_URL is set, holds a stored file and takes process events from several
// clients while `npm run backup` copies it (on PGlite through the server's admin socket). The backup is
// restored with `npm run restore` into a fresh data folder / database and a second server started on it:
// the administrator signs in, the file's bytes are the same, every event acknowledged before the backup
// began is there, history and versions agree, and a process takes its next event. Then, with the first
// server stopped, a second backup (on PGlite from the folder itself) restored over the first with --force
// has the same number of rows in every table as the source. Every bad file and target is refused with its
// reason, leaving the target as it was.
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import tar from 'tar-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackup } from '../../src/server/backup/backup'
import { MANIFEST_NAME, type Manifest } from '../../src/server/backup/manifest'
import { restoreBackup } from '../../src/server/backup/restore'
import { loadConfig } from '../../src/server/config'
import { png } from '../fixtures/file-samples'
import { TEST_PASSWORD, templateOf } from './helpers'

const ROOT = path.resolve(__dirname, '../..')
const PG_BASE = process.env.DATABASE_URL
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
})

/** Where one server's data lives: its folder (the files, and PGlite's db/) and its PostgreSQL database. */
interface Target {
  dataDir: string
  url?: string
}

async function freshTarget(work: string, name: string): Promise<Target> {
  const dataDir = path.join(work, name)
  await mkdir(dataDir, { recursive: true })
  if (!PG_BASE) return { dataDir }
  const db = `vitrine_b_${randomBytes(6).toString('hex')}`
  await withPg(PG_BASE, (c) => c.query(`create database ${db}`))
  cleanups.push(async () => {
    await withPg(PG_BASE, (c) => c.query(`drop database if exists ${db} with (force)`))
  })
  const url = new URL(PG_BASE)
  url.pathname = `/${db}`
  return { dataDir, url: url.toString() }
}

async function withPg<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await work(c)
  } finally {
    await c.end()
  }
}

const envOf = (t: Target) => ({ DATA_DIR: t.dataDir, DATABASE_URL: t.url ?? '' })
const configOf = (t: Target) => loadConfig({ ...envOf(t), VITRINE_DEMO: '0' })

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
}

async function startServer(t: Target): Promise<Running> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...envOf(t),
      PORT: String(port),
      VITRINE_ADMIN_PASSWORD: TEST_PASSWORD,
      VITRINE_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(() => stopServer({ child, base: '' }))
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  await new Promise<void>((resolve, reject) => {
    // 'close' comes after the output has been read to its end (the reason a refused start gives).
    child.once('close', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
    const check = setInterval(() => {
      if (output.includes('Vitrine listening')) {
        clearInterval(check)
        resolve()
      } else if (child.exitCode !== null) clearInterval(check)
    }, 50)
  })
  return { child, base: `http://127.0.0.1:${port}` }
}

async function stopServer(server: Running): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()))
  server.child.kill('SIGTERM')
  await exited
}

/** One of the CLI commands (`npm run backup|restore -- …` runs exactly this). */
function runScript(
  script: 'backup' | 'restore',
  args: string[],
  t: Target,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...envOf(t) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (c) => {
      out += c
    })
    child.stderr.on('data', (c) => {
      out += c
    })
    child.on('close', (code) => resolve({ code, out }))
  })
}

interface Envelope<T> {
  status: number
  code: number
  data: T
}

async function call<T = { id: string; version: number; token: string }>(
  base: string,
  method: string,
  urlPath: string,
  token?: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'accept-language': 'en' }
  if (token) headers['x-auth-token'] = token
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const res = await fetch(`${base}${urlPath}`, { method, headers, body: payload })
  const json = (await res.json()) as { code: number; data: T }
  return { status: res.status, code: json.code, data: json.data }
}

async function login(base: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/login', undefined, {
    username: 'admin',
    password: TEST_PASSWORD,
  })
  if (res.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(res)}`)
  return res.data.token
}

async function downloadFile(base: string, token: string, id: string): Promise<Buffer> {
  const link = await call<{ links: Array<{ url: string }> }>(base, 'POST', '/api/file/link', token, {
    id,
    disposition: 'attachment',
  })
  expect(link.code).toBe(0)
  const url = link.data.links[0].url
  const res = await fetch(url.startsWith('http') ? url : `${base}${url}`)
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

/** What the first server acknowledged (answered 200 to): each process's highest acknowledged version. */
type Acknowledged = Map<string, number>

/** Clients saving on the processes and starting new ones until told to stop. */
async function load(base: string, tokens: string[], ack: Acknowledged, stop: { now: boolean }) {
  const client = async (c: number) => {
    for (let i = 0; !stop.now; i++) {
      if (i % 5 === 0) {
        const res = await call(base, 'POST', '/api/process', tokens[c], {
          type: 'BUY_ART',
          input: { artworks: [{ titleZh: `备份演练 ${c}-${i}` }] },
        })
        if (res.code === 0) ack.set(res.data.id, res.data.version)
        continue
      }
      const ids = [...ack.keys()]
      const id = ids[(c * 7 + i) % ids.length]
      const view = await call(base, 'GET', `/api/process/${id}`, tokens[c])
      if (view.code !== 0) continue
      const res = await call(base, 'POST', `/api/process/${id}/events`, tokens[c], {
        type: 'SAVE',
        expectedVersion: view.data.version,
        payload: { seller: `client ${c} #${i}` },
      })
      if (res.code === 0) ack.set(id, Math.max(ack.get(id) ?? 0, res.data.version))
    }
  }
  await Promise.all(tokens.map((_, c) => client(c)))
}

/** The restored database, opened directly (no server runs on it): a query runner and its closing. */
async function openTarget(
  t: Target,
): Promise<{ rows: <R>(q: string) => Promise<R[]>; close: () => Promise<void> }> {
  if (t.url) {
    const c = new pg.Client({ connectionString: t.url })
    await c.connect()
    return { rows: async (q) => (await c.query(q)).rows, close: () => c.end() }
  }
  const db = await PGlite.create(path.join(t.dataDir, 'db'))
  return { rows: async <R>(q: string) => (await db.query<R>(q)).rows, close: () => db.close() }
}

/** Rows in every table of the app's schemas. */
async function countsPerTable(t: Target): Promise<Record<string, number>> {
  const db = await openTarget(t)
  try {
    const tables = await db.rows<{ s: string; t: string }>(
      `select schemaname as s, tablename as t from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
    )
    const counts: Record<string, number> = {}
    for (const { s, t: name } of tables)
      counts[`${s}.${name}`] = Number(
        (await db.rows<{ n: number }>(`select count(*)::int as n from "${s}"."${name}"`))[0].n,
      )
    return counts
  } finally {
    await db.close()
  }
}

/** What a refused restore must leave as it was: the data folder's every entry (size, time) and, on PG, the rows. */
async function fingerprint(t: Target): Promise<string> {
  const entries: string[] = []
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, e.name)
      if (e.isDirectory()) await walk(full)
      else {
        const s = await stat(full)
        entries.push(`${path.relative(t.dataDir, full)} ${s.size} ${s.mtimeMs}`)
      }
    }
  }
  await walk(t.dataDir)
  const rows = t.url ? JSON.stringify(await countsPerTable(t)) : ''
  return `${entries.sort().join('\n')}\n${rows}`
}

/** A copy of a backup file with its manifest and parts changed by `edit` (the tar itself well formed). */
async function rewrite(
  source: string,
  target: string,
  edit: { manifest?: (m: Manifest) => unknown; part?: (name: string, bytes: Buffer) => Buffer },
): Promise<void> {
  const extract = tar.extract()
  const pack = tar.pack()
  const out = pipeline(pack, createWriteStream(target))
  extract.on('entry', (headers, stream, next) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      let bytes: Buffer = Buffer.concat(chunks)
      if (headers.name === MANIFEST_NAME && edit.manifest)
        bytes = Buffer.from(JSON.stringify(edit.manifest(JSON.parse(bytes.toString('utf8')) as Manifest)))
      else if (edit.part) bytes = edit.part(headers.name, bytes)
      pack.entry({ name: headers.name, size: bytes.length }, bytes, () => next())
    })
  })
  await pipeline(createReadStream(source), extract)
  pack.finalize()
  await out
}

let work: string
let source: Target
let a: Running
let adminA: string
let fileId: string
let fileBytes: Buffer
const ack: Acknowledged = new Map()

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'vitrine-drill-'))
  cleanups.push(() => rm(work, { recursive: true, force: true }))
  source = await freshTarget(work, 'source')
  if (!source.url) {
    // The run's seeded template (administrator alone) as the data folder: a first start's seed is skipped.
    const template = await templateOf({ demo: false })
    const db = await PGlite.create(path.join(source.dataDir, 'db'), { loadDataDir: template.database })
    await db.close()
  }
  a = await startServer(source)
  adminA = await login(a.base)
  fileBytes = await png(640, 480)
  const form = new FormData()
  form.append('purpose', 'image')
  form.append('file', new Blob([new Uint8Array(fileBytes)]), 'drill.png')
  const uploaded = await call(a.base, 'POST', '/api/file/upload', adminA, form)
  expect(uploaded.code).toBe(0)
  fileId = uploaded.data.id
  for (let i = 0; i < 6; i++) {
    const res = await call(a.base, 'POST', '/api/process', adminA, {
      type: 'BUY_ART',
      input: { artworks: [{ titleZh: `备份演练 ${i}` }] },
    })
    expect(res.code).toBe(0)
    ack.set(res.data.id, res.data.version)
  }
}, 120_000)

describe(`restore drill (${PG_BASE ? 'PostgreSQL' : 'PGlite'})`, () => {
  let restored: Target
  let before: Acknowledged
  let file: string

  it('backs up the running server under load with npm run backup', async () => {
    const tokens = await Promise.all([0, 1, 2].map(() => login(a.base)))
    const stop = { now: false }
    const running = load(a.base, tokens, ack, stop)
    while ([...ack.values()].reduce((s, v) => s + v, 0) < 30) await new Promise((r) => setTimeout(r, 20))
    before = new Map(ack)
    file = path.join(work, 'drill.vitrine-backup')
    const result = await runScript('backup', [file], source)
    const eventsDuring =
      [...ack.values()].reduce((s, v) => s + v, 0) - [...before.values()].reduce((s, v) => s + v, 0)
    stop.now = true
    await running
    expect(result.code, result.out).toBe(0)
    expect(result.out).toMatch(PG_BASE ? /copied by pg_dump/ : /copied by the running server/)
    expect(result.out).toMatch(/ [1-9]\d* stored files/) // the image and its thumbnail
    expect(eventsDuring, 'events acknowledged while the backup ran').toBeGreaterThan(0)
  }, 120_000)

  it('restores with npm run restore into a fresh target, consistent and holding all acknowledged before', async () => {
    restored = await freshTarget(work, 'restored')
    const result = await runScript('restore', [file], restored)
    expect(result.code, result.out).toBe(0)
    expect(result.out).toMatch(/Restored the backup of/)
    const db = await openTarget(restored)
    try {
      const rows = await db.rows<{ id: string; version: number; n: number; top: number }>(
        `select p.id, p.version, count(h.seq)::int as n, coalesce(max(h.seq), 0)::int as top
         from processes p left join process_history h on h.process_id = p.id group by p.id, p.version`,
      )
      expect(
        rows.filter((r) => r.version !== r.n || r.version !== r.top),
        'version = history rows',
      ).toEqual([])
      const byId = new Map(rows.map((r) => [r.id, r.version]))
      const lost = [...before].filter(([id, version]) => (byId.get(id) ?? 0) < version)
      expect(lost, 'acknowledged before the backup began, missing from it').toEqual([])
      const unknown = rows.filter((r) => !ack.has(r.id))
      // A start answered after the clients stopped listening is possible, never one the source lacks.
      expect(unknown.length).toBeLessThanOrEqual(3)
    } finally {
      await db.close()
    }
    expect((await readdir(restored.dataDir)).filter((n) => n.startsWith('.restore-'))).toEqual([])
  }, 120_000)

  it('starts a server on the restored data: sign-in, the same file bytes, a process takes its next event', async () => {
    const b = await startServer(restored)
    try {
      const token = await login(b.base)
      const bytes = await downloadFile(b.base, token, fileId)
      expect(sha256(bytes)).toBe(sha256(fileBytes))
      const id = [...before.keys()][0]
      const view = await call(b.base, 'GET', `/api/process/${id}`, token)
      expect(view.code).toBe(0)
      const saved = await call(b.base, 'POST', `/api/process/${id}/events`, token, {
        type: 'SAVE',
        expectedVersion: view.data.version,
        payload: { seller: 'after restore' },
      })
      expect(saved.code).toBe(0)
      expect(saved.data.version).toBe(view.data.version + 1)
      if (!PG_BASE) {
        // While a server runs on the folder, a second server refuses to open it, and a restore into it is refused.
        await expect(startServer(restored)).rejects.toThrow(/another Vitrine server already runs on/)
        await expect(restoreBackup(configOf(restored), file, { force: true })).rejects.toThrow(
          /server runs on .* stop it before restoring/,
        )
      }
    } finally {
      await stopServer(b)
    }
  }, 120_000)

  it('restores a backup of the stopped source over the first with --force: the same rows in every table', async () => {
    await stopServer(a)
    const quiet = path.join(work, 'quiet.vitrine-backup')
    const made = await createBackup(configOf(source), quiet)
    expect(made.via).toBe(PG_BASE ? 'pg_dump' : 'folder')
    await expect(restoreBackup(configOf(restored), quiet)).rejects.toThrow(
      /target is not empty .* add --force to replace it/,
    )
    await restoreBackup(configOf(restored), quiet, { force: true })
    const [want, got] = [await countsPerTable(source), await countsPerTable(restored)]
    expect(Object.keys(want).length).toBeGreaterThan(20)
    expect(got).toEqual(want)
    // The stored files too: the same names (originals and thumbnails) with the same bytes.
    const storedFiles = async (t: Target) => {
      const root = path.join(t.dataDir, 'files')
      const names = (await readdir(root, { recursive: true })).filter((n) => n.includes('/')).sort()
      return Promise.all(names.map(async (n) => `${n} ${sha256(await readFile(path.join(root, n)))}`))
    }
    const sourceFiles = await storedFiles(source)
    expect(sourceFiles.length).toBeGreaterThanOrEqual(2)
    expect(await storedFiles(restored)).toEqual(sourceFiles)
  }, 120_000)

  it('refuses a bad file or target with its reason, and leaves the target as it was', async () => {
    const bad = (name: string) => path.join(work, name)
    await writeFile(bad('text.vitrine-backup'), 'just some text, not a backup\n')
    await rewrite(file, bad('corrupt.vitrine-backup'), {
      part: (name, bytes) => {
        if (!name.startsWith('db/')) return bytes
        const copy = Buffer.from(bytes)
        copy[Math.floor(copy.length / 2)] ^= 0xff
        return copy
      },
    })
    await rewrite(file, bad('newer-schema.vitrine-backup'), {
      manifest: (m) => ({
        ...m,
        schema: { ...m.schema, migrations: 999, lastMigrationAt: 9e12, lastMigration: '0999_future' },
      }),
    })
    await rewrite(file, bad('newer-format.vitrine-backup'), { manifest: (m) => ({ ...m, formatVersion: 2 }) })
    await rewrite(file, bad('extra.vitrine-backup'), {
      manifest: (m) => ({ ...m, parts: m.parts.filter((p) => !p.name.startsWith('files/')) }),
    })
    await copyFile(file, bad('truncated.vitrine-backup'))
    await truncate(bad('truncated.vitrine-backup'), Math.floor((await stat(file)).size * 0.6))
    // A tar that is not a backup: the manifest is not its first entry.
    await rewrite(file, bad('no-manifest.vitrine-backup'), {})
    await rewriteWithout(bad('no-manifest.vitrine-backup'), MANIFEST_NAME)

    const cases: Array<[string, RegExp]> = [
      ['missing.vitrine-backup', /does not exist/],
      ['text.vitrine-backup', /is not a Vitrine backup/],
      ['no-manifest.vitrine-backup', /is not a Vitrine backup \(it does not start with a backup manifest\)/],
      ['corrupt.vitrine-backup', /is damaged: the checksum of db\/.* does not match its manifest/],
      ['truncated.vitrine-backup', /is damaged or cut short|is incomplete/],
      ['newer-schema.vitrine-backup', /holds a database of a newer schema \(0999_future\)/],
      ['newer-format.vitrine-backup', /is a backup of format 2, newer than this Vitrine reads/],
      ['extra.vitrine-backup', /is damaged: it holds files\/.*, which its manifest does not name/],
    ]
    const was = await fingerprint(restored)
    for (const [name, reason] of cases) {
      // --force: the refusal comes from the file, and a target holding data is what must stay untouched.
      await expect(restoreBackup(configOf(restored), bad(name), { force: true }), name).rejects.toThrow(
        reason,
      )
      expect(await fingerprint(restored), `${name} changed the target`).toBe(was)
      expect((await readdir(restored.dataDir)).filter((n) => n.startsWith('.restore-'))).toEqual([])
    }
    // The other driver's target: refused before anything is read into it.
    const other = PG_BASE
      ? loadConfig({ DATA_DIR: path.join(work, 'other') })
      : loadConfig({ DATA_DIR: path.join(work, 'other'), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })
    await expect(restoreBackup(other, file)).rejects.toThrow(
      PG_BASE ? /backup is of a PostgreSQL database: set DATABASE_URL/ : /backup is of the embedded database/,
    )
    // The command line says it and exits non-zero; a second backup to the same name is refused.
    const cli = await runScript('restore', [bad('text.vitrine-backup')], restored)
    expect(cli.code).toBe(1)
    expect(cli.out).toMatch(/restore refused: .*is not a Vitrine backup/)
    await expect(createBackup(configOf(source), file)).rejects.toThrow(/already exists/)
    expect(await fingerprint(restored)).toBe(was)
  }, 120_000)
})

/** Drops one entry of a backup file (rewritten in place). */
async function rewriteWithout(file: string, name: string): Promise<void> {
  const copy = `${file}.in`
  await copyFile(file, copy)
  const extract = tar.extract()
  const pack = tar.pack()
  const out = pipeline(pack, createWriteStream(file))
  extract.on('entry', (headers, stream, next) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      if (headers.name === name) next()
      else pack.entry({ name: headers.name, size: headers.size }, Buffer.concat(chunks), () => next())
    })
  })
  await pipeline(createReadStream(copy), extract)
  pack.finalize()
  await out
  await rm(copy)
}
