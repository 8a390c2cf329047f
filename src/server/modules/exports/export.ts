// The full export: every row of every table and every stored file, streamed into one ZIP (yazl, the ZIP
// writer the server already uses; ZIP64 when the archive needs it). Nothing is held whole in memory: a table
// is read a page at a time by its primary key and written as it is read, a file is piped from the storage,
// each entry's SHA-256 is taken as it passes. The tables come from one snapshot of the database; the stored
// files (never changed once written) are copied after it, by the keys that snapshot listed.
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { Readable, type Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { ZipFile } from 'yazl'
import { linkAllPending } from '../../audit/linker'
import type { Database } from '../../db/client'
import type { Storage } from '../../storage'
import { type Column, quoteIdent, readCatalog, type Sql, selectExpression, type Table } from './catalog'
import { withSnapshot } from './connection'
import { FORMAT_NAME, FORMAT_VERSION, fileEntry, MANIFEST_NAME, type Manifest, tableEntry } from './format'

/** Rows read per statement: a page of the largest table stays a few megabytes. */
const PAGE_ROWS = 1000

export interface ExportProgress {
  /** Rows and files written so far, of `total`. */
  done: number
  total: number
}

export interface ExportOptions {
  database: Database
  storage: Storage
  out: Writable
  appVersion: string
  onProgress?: (progress: ExportProgress) => void | Promise<void>
}

type Entries = Manifest['entries']

const isText = (column: Column) => column.type === 'text' || column.type.startsWith('character')
/** Text keys are ordered byte-wise, so both drivers and every locale give the same order. */
const ordered = (column: Column, expression: string) =>
  isText(column) ? `${expression} collate "C"` : expression

/** One page's statement: rows after the last key read (keyset paging), each row one JSON object. */
function pageStatement(table: Table, after: boolean): string {
  const columns = table.columns.map((c) => `${selectExpression(c)} as ${quoteIdent(c.name)}`).join(', ')
  const keys = table.primaryKey.map((name) => table.columns.find((c) => c.name === name) as Column)
  const from = `from ${quoteIdent(table.name)} t cross join lateral (select ${columns}) v`
  if (keys.length === 0) {
    // No primary key: the whole row's text orders it, paged by offset.
    return `select row_to_json(v)::text as line ${from} order by row_to_json(v)::text collate "C" limit ${PAGE_ROWS} offset $1`
  }
  const order = keys.map((c) => ordered(c, `t.${quoteIdent(c.name)}`)).join(', ')
  const where = after
    ? `where (${order}) > (${keys.map((c, i) => ordered(c, `$${i + 1}::${c.type}`)).join(', ')})`
    : ''
  return `select row_to_json(v)::text as line ${from} ${where} order by ${order} limit ${PAGE_ROWS}`
}

/** The table's lines, in primary-key order. */
async function* tableLines(sql: Sql, table: Table): AsyncGenerator<string> {
  let after: unknown[] | null = null
  let offset = 0
  for (;;) {
    const params = table.primaryKey.length === 0 ? [offset] : (after ?? [])
    const rows = await sql.query(pageStatement(table, after !== null), params)
    for (const row of rows) yield `${row.line as string}\n`
    if (rows.length < PAGE_ROWS) return
    offset += rows.length
    const last = JSON.parse(rows[rows.length - 1].line as string) as Record<string, unknown>
    after = table.primaryKey.map((name) => last[name])
  }
}

/** Bytes of an entry as they pass to the archive, with their size and SHA-256 kept for the manifest. */
async function* measured(
  source: AsyncIterable<string | Buffer>,
  name: string,
  entries: Entries,
  onChunk?: (chunk: string | Buffer) => void,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of source) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    hash.update(buffer)
    bytes += buffer.length
    onChunk?.(chunk)
    yield buffer
  }
  entries[name] = { bytes, sha256: hash.digest('hex') }
}

const present = (storage: Storage, key: string) =>
  storage.size(key).then(
    () => true,
    () => false,
  )

/**
 * The archive's failure, once: every entry being written waits on it beside its own end, and stops waiting
 * when it ends (no waiter is left behind per entry, as `Promise.race` with one long-lived promise would leave).
 */
class Failure {
  private error: unknown = null
  private readonly waiting = new Set<(error: unknown) => void>()
  fail(error: unknown) {
    this.error ??= error
    for (const reject of this.waiting) reject(this.error)
    this.waiting.clear()
  }
  /** `work`, or the archive's failure if that comes first. */
  async race<T>(work: Promise<T>): Promise<T> {
    if (this.error) throw this.error
    let reject: (error: unknown) => void = () => undefined
    const failed = new Promise<never>((_, r) => {
      reject = r
    })
    this.waiting.add(reject)
    try {
      return await Promise.race([work, failed])
    } finally {
      this.waiting.delete(reject)
    }
  }
}

/**
 * Adds one entry and waits until the archive has taken all of it (one entry open at a time). The archive is
 * handed the stream through a getter that lets go of it once taken: the archive keeps each entry until its
 * end (the central directory), and a stream held from there would keep its whole chain of pipes alive,
 * some kilobytes per stored file.
 */
async function addEntry(
  zip: ZipFile,
  failure: Failure,
  name: string,
  body: AsyncIterable<Buffer>,
  compress: boolean,
) {
  let stream: Readable | null = Readable.from(body, { objectMode: false })
  stream.on('error', () => undefined) // reported through `finished` below, never as an uncaught error
  const done = finished(stream)
  done.catch(() => undefined) // awaited below; never an unhandled rejection if the archive failed first
  zip.addReadStreamLazy(name, { compress, mtime: new Date(0) }, (give) => {
    const taken = stream as Readable
    stream = null
    give(null, taken)
  })
  await failure.race(done)
}

async function countRows(sql: Sql, tables: Table[]): Promise<number> {
  let total = 0
  for (const table of tables) {
    const [row] = await sql.query(`select count(*)::int as n from ${quoteIdent(table.name)}`)
    total += Number(row.n)
  }
  return total
}

/** The stored files' keys (originals and thumbnails), written one a line to a scratch file. */
async function listFileKeys(sql: Sql, target: string): Promise<number> {
  const out = createWriteStream(target)
  let count = 0
  let after = ''
  for (;;) {
    const rows = await sql.query(
      `select k from (select storage_key as k from files union select thumbnail_key from files
        where thumbnail_key is not null) keys where k collate "C" > $1 order by k collate "C" limit ${PAGE_ROWS * 10}`,
      [after],
    )
    for (const row of rows) {
      if (!out.write(`${row.k as string}\n`)) await once(out, 'drain')
    }
    count += rows.length
    if (rows.length < PAGE_ROWS * 10) break
    after = rows[rows.length - 1].k as string
  }
  out.end()
  await finished(out)
  return count
}

async function* lines(file: string): AsyncGenerator<string> {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
    if (line) yield line
}

/** Writes the export to `out`; answers its manifest. */
/**
 * The heads of the tamper-evident chains (src/server/audit) in the export's snapshot: each chain's name, the
 * position of its last row and that row's hash, so that whoever keeps the export can later check that the
 * records it holds are the ones the chains named that day (docs/audit.md).
 */
async function chainHeads(sql: Sql): Promise<{ name: string; lastNo: string; head: string }[]> {
  const rows = await sql.query(
    `select name, last_no::text as "lastNo", head from audit_chains order by name collate "C"`,
  )
  return rows.map((r) => ({ name: String(r.name), lastNo: String(r.lastNo), head: String(r.head) }))
}

export async function writeExport(options: ExportOptions): Promise<Manifest> {
  const { database, storage, out } = options
  const zip = new ZipFile()
  const failure = new Failure()
  const fail = (error: unknown) => failure.fail(error)
  zip.on('error', fail)
  zip.outputStream.on('error', fail)
  out.on('error', fail)
  zip.outputStream.pipe(out)
  const entries: Entries = {}
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'vitrine-export-'))
  const keysFile = path.join(scratch, 'keys')
  const progress: ExportProgress = { done: 0, total: 0 }
  // Never awaited: on PGlite a progress write waits for the snapshot's transaction (the one connection).
  const report = () => {
    void Promise.resolve(options.onProgress?.({ ...progress })).catch(() => undefined)
  }
  try {
    // The hash chains' waiting rows are linked first, so that the export's chains end at their heads; a row
    // written after this is exported unlinked with its digest, and the importing server's linker links it.
    await linkAllPending(database.db)
    const snapshot = await withSnapshot(database, async (sql) => {
      const tables = await readCatalog(sql)
      const files = await listFileKeys(sql, keysFile)
      progress.total = (await countRows(sql, tables)) + files
      report()
      const [migrations] = await sql.query('select count(*)::int as n from drizzle.__drizzle_migrations')
      const written: Manifest['tables'] = []
      for (const table of tables) {
        const name = tableEntry(table.name)
        let rows = 0
        const count = () => {
          rows += 1
          progress.done += 1
          if (progress.done % 5000 === 0) report()
        }
        await addEntry(zip, failure, name, measured(tableLines(sql, table), name, entries, count), true)
        written.push({
          name: table.name,
          entry: name,
          rows,
          primaryKey: table.primaryKey,
          columns: table.columns.map((c) => ({ name: c.name, type: c.type, encoding: c.encoding })),
        })
      }
      const sequences = await sql.query(
        `select sequencename as name, last_value::text as value from pg_sequences
          where schemaname = 'public' order by sequencename collate "C"`,
      )
      const chains = await chainHeads(sql)
      return {
        tables: written,
        files,
        migrations: Number(migrations.n),
        chains,
        sequences: sequences.map((s) => ({
          name: String(s.name),
          value: s.value === null ? null : String(s.value),
        })),
      }
    })
    report()
    const missingFiles: string[] = []
    let filesWritten = 0
    for await (const key of lines(keysFile)) {
      progress.done += 1
      if (progress.done % 200 === 0) report()
      // A row whose bytes the storage does not hold (a demo picture not painted yet, a file lost) is named in
      // the manifest rather than failing the whole export.
      if (!(await present(storage, key))) {
        missingFiles.push(key)
        continue
      }
      const name = fileEntry(key)
      await addEntry(zip, failure, name, measured(storage.read(key), name, entries), false)
      filesWritten += 1
    }
    const manifest: Manifest = {
      format: FORMAT_NAME,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: options.appVersion,
      schemaMigrations: snapshot.migrations,
      database: database.mode,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      entries,
      files: filesWritten,
      missingFiles,
      chains: snapshot.chains ?? null,
    }
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_NAME, {
      mtime: new Date(0),
    })
    zip.end()
    await failure.race(finished(out))
    report()
    return manifest
  } catch (error) {
    zip.outputStream.unpipe(out)
    out.destroy()
    throw error
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
