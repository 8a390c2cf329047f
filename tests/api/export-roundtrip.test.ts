// Exit and re-entry: the demo office exported, imported into a fresh database and an empty folder, and
// exported again — the same rows and bytes table by table and file by file; its users sign in with their
// passwords and its processes go on. On PGlite, or on PostgreSQL (DATABASE_URL) into a database made here.
import { createWriteStream } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import unzipper from 'unzipper'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZipFile } from 'yazl'
import pkg from '../../package.json' with { type: 'json' }
import { createApp } from '../../src/server/app'
import { walkChains } from '../../src/server/audit/verify'
import { boot } from '../../src/server/boot'
import { type Database, openDatabase } from '../../src/server/db/client'
import { AppError } from '../../src/server/http/app-error'
import { writeExport } from '../../src/server/modules/exports/export'
import type { Manifest } from '../../src/server/modules/exports/format'
import { importExport, knownMigrations } from '../../src/server/modules/exports/import'
import { exportsSettled } from '../../src/server/modules/exports/jobs'
import { paintDemoImages } from '../../src/server/seed/demo-artworks/paint'
import { writeDemoDocuments } from '../../src/server/seed/demo-documents'
import { DiskStorage, type Storage } from '../../src/server/storage'
import { formatMessage } from '../../src/shared/errors'
import { configOf, createTestContext, freshPostgres, TEST_PASSWORD, type TestContext } from './helpers'

let source: TestContext
let scratch: string

beforeAll(async () => {
  source = await createTestContext({ collection: true })
  // Some demo pictures and the demo documents get their bytes (the rest stay waiting for the painter, as
  // they may in a real installation: the export names them as missing).
  await paintDemoImages(source.deps, { limit: 4 })
  await writeDemoDocuments(source.deps)
  scratch = await mkdtemp(path.join(os.tmpdir(), 'vitrine-export-test-'))
}, 300_000)
afterAll(async () => {
  await source?.close()
  await rm(scratch, { recursive: true, force: true })
})

async function exportTo(database: Database, storage: Storage, file: string): Promise<Manifest> {
  return writeExport({ database, storage, out: createWriteStream(file), appVersion: pkg.version })
}

/** An empty database of the run's kind (its own, dropped at the end) and an empty data folder. */
async function emptyTarget(name: string) {
  const dataDir = path.join(scratch, name)
  const fresh = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined
  const database = await openDatabase(fresh ? { url: fresh.url } : {})
  const storage = new DiskStorage(path.join(dataDir, 'files'))
  return {
    dataDir,
    database,
    storage,
    close: async () => {
      await database.close().catch(() => undefined)
      await fresh?.drop()
    },
  }
}

describe('export and import', () => {
  it('brings the whole office back: rows, files, sign-in, a process that goes on', async () => {
    const first = path.join(scratch, 'first.zip')
    const manifest = await exportTo(source.deps.database, source.deps.storage, first)
    const counts = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))
    expect(counts.artworks).toBeGreaterThan(10)
    expect(counts.process_history).toBeGreaterThan(10)
    expect(manifest.files).toBeGreaterThanOrEqual(8) // four pictures with their thumbnails, the documents
    const [waiting] = (await source.deps.database.raw(
      `select count(*)::int as n from files where size = 0`,
    )) as { n: number }[]
    expect(manifest.missingFiles.length).toBeGreaterThanOrEqual(waiting.n)
    // The chains' heads as the source's own verification reads them.
    const heads = await walkChains(source.deps.database.db)
    const named = (list: { name: string; head: string }[]) =>
      list.map((c) => [c.name, c.head]).sort(([a], [b]) => a.localeCompare(b))
    expect(named(manifest.chains ?? [])).toEqual(named(heads))

    const target = await emptyTarget('imported')
    try {
      const result = await importExport({
        database: target.database,
        storage: target.storage,
        file: first,
        knownMigrations: await knownMigrations(),
      })
      expect(Object.fromEntries(result.tables.map((t) => [t.name, t.rows]))).toEqual(counts)
      expect(result.files).toBe(manifest.files)

      const again = await exportTo(target.database, target.storage, path.join(scratch, 'again.zip'))
      expect(again.tables.map((t) => [t.name, t.rows])).toEqual(manifest.tables.map((t) => [t.name, t.rows]))
      expect(again.entries).toEqual(manifest.entries)
      expect(again.sequences).toEqual(manifest.sequences)
      expect(again.missingFiles).toEqual(manifest.missingFiles)

      // The imported office runs: its administrator signs in with the password that travelled, and a
      // running process takes an event.
      const booted = await boot(configOf(target.dataDir, { demo: true }), { database: target.database })
      try {
        const app = createApp(booted.deps)
        const call = async (method: string, url: string, token?: string, body?: unknown) => {
          const res = await app.request(url, {
            method,
            headers: {
              'accept-language': 'en',
              'content-type': 'application/json',
              ...(token ? { 'x-auth-token': token } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          })
          return (await res.json()) as { code: number; msg: string; data: any }
        }
        const login = await call('POST', '/api/auth/login', undefined, {
          username: 'admin',
          password: TEST_PASSWORD,
        })
        expect(login.code).toBe(0)
        const token = login.data.token as string
        // The chains came with the rows and verify on the new installation, to the same heads.
        const verified = await call('GET', '/api/audit/verify', token)
        expect(verified.data.ok).toBe(true)
        // (The system log's own chain has grown since: the start and this sign-in are logged.)
        for (const chain of verified.data.chains as { name: string; head: string }[])
          if (chain.name !== 'system_logs')
            expect(manifest.chains).toContainEqual(
              expect.objectContaining({ name: chain.name, head: chain.head }),
            )
        const running = (await target.database.raw(
          `select id, version from processes where done = false order by created_at, id`,
        )) as { id: string; version: number }[]
        let continued = false
        for (const p of running) {
          const view = await call('GET', `/api/process/${p.id}`, token)
          if (!view.data?.nextEvents?.includes('TERMINATE')) continue
          const sent = await call('POST', `/api/process/${p.id}/events`, token, {
            type: 'TERMINATE',
            comment: 'Ended after the move to the new installation',
            expectedVersion: p.version,
          })
          expect(sent.code, sent.msg).toBe(0)
          const [row] = (await target.database.raw('select version from processes where id = $1', [
            p.id,
          ])) as {
            version: number
          }[]
          expect(row.version).toBe(p.version + 1)
          continued = true
          break
        }
        expect(continued).toBe(true)
      } finally {
        await booted.close() // closes the target's database too (emptyTarget's close then only drops it)
      }
    } finally {
      await target.close()
    }
  }, 300_000)
})

/** A ZIP of the given entries (name → bytes), as a foreign or tampered archive would be. */
async function zipOf(file: string, entries: [string, Buffer][]) {
  const zip = new ZipFile()
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name)
  zip.end()
  const out = createWriteStream(file)
  zip.outputStream.pipe(out)
  await finished(out)
}

/** Every entry of an archive, read whole (the test's archives are small). */
async function entriesOf(file: string): Promise<[string, Buffer][]> {
  const directory = await unzipper.Open.file(file)
  const all: [string, Buffer][] = []
  for (const entry of directory.files) {
    const chunks: Buffer[] = []
    for await (const chunk of entry.stream()) chunks.push(chunk as Buffer)
    all.push([entry.path, Buffer.concat(chunks)])
  }
  return all
}

describe('bad input: a clear refusal, nothing written', () => {
  let good: string
  let target: Awaited<ReturnType<typeof emptyTarget>>
  beforeAll(async () => {
    good = path.join(scratch, 'good.zip')
    await exportTo(source.deps.database, source.deps.storage, good)
    target = await emptyTarget('refused')
  }, 300_000)
  afterAll(() => target?.close())

  /** Imports `file` into the empty target, expects the refusal, and checks nothing was written. */
  async function refused(file: string, key: string, words: RegExp) {
    const error = await importExport({
      database: target.database,
      storage: target.storage,
      file,
      knownMigrations: await knownMigrations(),
    }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AppError)
    const appError = error as AppError
    expect(appError.messageKey).toBe(key)
    expect(formatMessage(appError.messageKey, 'en', appError.params)).toMatch(words)
    const [row] = (await target.database.raw('select count(*)::int as n from users')) as { n: number }[]
    expect(row.n).toBe(0)
    expect(await readdir(target.storage.location).catch(() => [])).toEqual([])
  }

  it('refuses a file that is not a ZIP, and a ZIP that is not an export', async () => {
    const text = path.join(scratch, 'notes.zip')
    await writeFile(text, 'just some notes\n')
    await refused(text, 'exportNotAnExport', /not a Vitrine export: not a ZIP file/)
    const other = path.join(scratch, 'other.zip')
    await zipOf(other, [['readme.txt', Buffer.from('hello')]])
    await refused(other, 'exportNotAnExport', /no manifest\.json/)
  })

  it('refuses an export of a newer format version, or of a newer schema', async () => {
    const entries = await entriesOf(good)
    const edited = (change: (m: Record<string, unknown>) => void) =>
      entries.map(([name, bytes]): [string, Buffer] => {
        if (name !== 'manifest.json') return [name, bytes]
        const manifest = JSON.parse(bytes.toString()) as Record<string, unknown>
        change(manifest)
        return [name, Buffer.from(JSON.stringify(manifest))]
      })
    const newer = path.join(scratch, 'newer.zip')
    await zipOf(
      newer,
      edited((m) => {
        m.formatVersion = 99
      }),
    )
    await refused(newer, 'exportNewerFormat', /newer format version \(99\)/)
    const schema = path.join(scratch, 'schema.zip')
    await zipOf(
      schema,
      edited((m) => {
        m.schemaMigrations = 9999
      }),
    )
    await refused(schema, 'exportNewerSchema', /9999 database migrations/)
  })

  it('refuses an archive whose entry does not match its checksum, naming the entry', async () => {
    const entries = await entriesOf(good)
    const tampered = entries.map(([name, bytes]): [string, Buffer] =>
      name === 'tables/users.jsonl'
        ? [name, Buffer.from(bytes.toString().replace('"admin"', '"admim"'))]
        : [name, bytes],
    )
    const file = path.join(scratch, 'tampered.zip')
    await zipOf(file, tampered)
    await refused(
      file,
      'exportChecksumMismatch',
      /tables\/users\.jsonl does not match the manifest \(SHA-256 differs\)/,
    )
  })

  it('refuses a truncated file', async () => {
    const bytes = await readFile(good)
    const cut = path.join(scratch, 'cut.zip')
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)))
    await refused(cut, 'exportTruncated', /incomplete \(truncated\)/)
  })

  it('refuses a database that is not empty, and leaves it as it was', async () => {
    const before = (await source.deps.database.raw('select count(*)::int as n from artworks')) as {
      n: number
    }[]
    const error = await importExport({
      database: source.deps.database,
      storage: new DiskStorage(path.join(scratch, 'unused-files')),
      file: good,
      knownMigrations: await knownMigrations(),
    }).then(
      () => null,
      (e: unknown) => e as AppError,
    )
    expect(error?.messageKey).toBe('exportTargetNotEmpty')
    expect(formatMessage('exportTargetNotEmpty', 'en', error?.params)).toMatch(/table \w+ already holds data/)
    expect(await source.deps.database.raw('select count(*)::int as n from artworks')).toEqual(before)
  })
})

describe('the full export of the web', () => {
  it('runs in the background for an administrator, is logged, and downloads by its signed link', async () => {
    const admin = await source.login('admin')
    const registrar = await source.login('registrar')
    expect((await source.call('POST', '/api/exports/full', { token: registrar })).code).toBe(4031)
    const started = await source.call('POST', '/api/exports/full', { token: admin })
    expect(started.code, started.msg).toBe(0)
    expect(started.data.status).toBe('running')
    await exportsSettled()
    const job = await source.call('GET', `/api/exports/full/${started.data.id}`, { token: admin })
    expect(job.data).toMatchObject({ status: 'done', percent: 100, failure: null })
    expect(job.data.done).toBe(job.data.total)
    const url = job.data.downloadUrl as string
    expect(url).toMatch(/^\/api\/exports\/full\/.+\/download\?.*sig=/)
    const res = await source.app.request(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/attachment/)
    const file = path.join(scratch, 'from-web.zip')
    await finished(Readable.fromWeb(res.body as never).pipe(createWriteStream(file)))
    const names = (await unzipper.Open.file(file)).files.map((f) => f.path)
    expect(names).toContain('manifest.json')
    expect(names).toContain('tables/artworks.jsonl')
    expect(names).not.toContain('tables/export_jobs.jsonl')
    const list = await source.call('GET', '/api/exports/full', { token: admin })
    expect(list.data.list[0].id).toBe(started.data.id)
    await source.deps.logWriter.flush()
    const logged = (await source.deps.database.raw(
      `select operation_type, success from system_logs where module_name = 'exports' and operation_type = 'EXPORT'`,
    )) as { operation_type: string; success: boolean }[]
    expect(logged.length).toBeGreaterThanOrEqual(2)
    expect(logged.every((r) => r.success)).toBe(true)
  }, 300_000)
})
