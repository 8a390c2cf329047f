// The full import: an export read back into an empty database and an empty storage. First every entry is
// checked against the manifest (nothing written yet); then one transaction loads the tables, parents first,
// with the tables' own triggers held off (the rows arrive as they were, their derived columns and chain
// hashes included), puts the sequences where they stood, and writes the stored files; a failure anywhere
// rolls the rows back and removes the files already written.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { type Database, MIGRATIONS_FOLDER } from '../../db/client'
import { AppError } from '../../http/app-error'
import { DiskStorage, type Storage } from '../../storage'
import { type Archive, checkedBytes, openArchive, verifyArchive } from './archive'
import {
  type Column,
  quoteIdent,
  readCatalog,
  recordType,
  type Sql,
  type Table,
  valueExpression,
} from './catalog'
import { withTransaction } from './connection'
import { fileEntry } from './format'

/** Rows sent per statement (and at most this many bytes of JSON). */
const BATCH_ROWS = 500
const BATCH_BYTES = 2 * 1024 * 1024

export interface ImportProgress {
  phase: 'checking' | 'tables' | 'files'
  done: number
  total: number
}

export interface ImportOptions {
  database: Database
  storage: Storage
  file: string
  /** Migrations this code holds (the journal's entries): a newer export is refused. */
  knownMigrations: number
  onProgress?: (progress: ImportProgress) => void
}

export interface ImportResult {
  tables: { name: string; rows: number }[]
  files: number
}

/** How many migrations this code holds (an export made after more of them cannot be loaded here). */
export async function knownMigrations(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[]
  }
  return journal.entries.length
}

/**
 * Rows a freshly migrated database holds by itself, which the archive's own replace: each tamper-evident
 * chain's starting row (nothing linked yet, src/server/audit), written by the migration that made the chains.
 */
const STARTING_ROWS: Record<string, string> = { audit_chains: 'last_no = 0 and pruned_no = 0' }

async function assertEmptyDatabase(sql: Sql, tables: Table[]) {
  for (const table of tables) {
    const starting = STARTING_ROWS[table.name]
    const where = starting ? ` where not (${starting})` : ''
    const [row] = await sql.query(`select exists (select 1 from ${quoteIdent(table.name)}${where}) as any`)
    if (row.any === true) throw new AppError(409, 'exportTargetNotEmpty', { what: `table ${table.name}` })
  }
}

/** The starting rows of the tables that have them, removed before the archive's rows go in. */
async function clearStartingRows(sql: Sql, tables: Table[]) {
  for (const table of tables) {
    const starting = STARTING_ROWS[table.name]
    if (starting) await sql.query(`delete from ${quoteIdent(table.name)} where ${starting}`)
  }
}

async function assertEmptyStorage(storage: Storage, archive: Archive) {
  if (storage instanceof DiskStorage) {
    const names = await readdir(storage.location).catch(() => [])
    if (names.length > 0)
      throw new AppError(409, 'exportTargetNotEmpty', { what: `folder ${storage.location}` })
    return
  }
  // An object store is not listed: none of the export's keys may be there already.
  const first = Object.keys(archive.manifest.entries).find((n) => n.startsWith('files/'))
  if (!first) return
  const exists = await storage.size(first.slice('files/'.length)).then(
    () => true,
    () => false,
  )
  if (exists) throw new AppError(409, 'exportTargetNotEmpty', { what: `storage ${storage.location}` })
}

function insertStatement(table: Table, columns: Column[]): string {
  const names = columns.map((c) => quoteIdent(c.name)).join(', ')
  const record = columns.map((c) => `${quoteIdent(c.name)} ${recordType(c)}`).join(', ')
  const overriding = columns.some((c) => c.identity) ? ' overriding system value' : ''
  return `insert into ${quoteIdent(table.name)} (${names})${overriding}
    select ${columns.map(valueExpression).join(', ')} from json_to_recordset($1::json) as r(${record})`
}

/** The second pass for columns naming a row of the same table: set once every row is there. */
function selfReferenceStatement(table: Table, key: Column[], refs: Column[]): string {
  const record = [...key, ...refs].map((c) => `${quoteIdent(c.name)} ${recordType(c)}`).join(', ')
  const set = refs.map((c) => `${quoteIdent(c.name)} = r.${quoteIdent(c.name)}`).join(', ')
  const match = key.map((c) => `t.${quoteIdent(c.name)} = r.${quoteIdent(c.name)}`).join(' and ')
  return `update ${quoteIdent(table.name)} t set ${set} from json_to_recordset($1::json) as r(${record})
    where ${match}`
}

/** The table's lines from the archive, in batches of JSON arrays (as text). */
async function* batches(archive: Archive, entry: string): AsyncGenerator<string[]> {
  const input = Readable.from(checkedBytes(archive, entry))
  let batch: string[] = []
  let bytes = 0
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (!line) continue
    batch.push(line)
    bytes += line.length
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      yield batch
      batch = []
      bytes = 0
    }
  }
  if (batch.length > 0) yield batch
}

async function loadTable(
  sql: Sql,
  archive: Archive,
  table: Table,
  onRows: (n: number) => void,
): Promise<number> {
  const exported = archive.manifest.tables.find((t) => t.name === table.name)
  if (!exported) return 0
  const known = new Set(table.columns.map((c) => c.name))
  const unknown = exported.columns.find((c) => !known.has(c.name))
  if (unknown)
    throw new AppError(400, 'exportChecksumMismatch', {
      entry: exported.entry,
      reason: `column ${unknown.name} is not in this version's table`,
    })
  const carried = new Set(exported.columns.map((c) => c.name))
  const columns = table.columns.filter((c) => carried.has(c.name))
  const first = columns.filter((c) => !table.selfReferences.includes(c.name))
  const refs = columns.filter((c) => table.selfReferences.includes(c.name))
  const insert = insertStatement(table, first)
  let rows = 0
  for await (const batch of batches(archive, exported.entry)) {
    await sql.query(insert, [`[${batch.join(',')}]`])
    rows += batch.length
    onRows(batch.length)
  }
  if (refs.length > 0) {
    const key = table.columns.filter((c) => table.primaryKey.includes(c.name))
    const update = selfReferenceStatement(table, key, refs)
    for await (const batch of batches(archive, exported.entry))
      await sql.query(update, [`[${batch.join(',')}]`])
  }
  return rows
}

/** Every sequence of the public schema set to where the exporting database had it. */
async function restoreSequences(sql: Sql, archive: Archive) {
  for (const seq of archive.manifest.sequences) {
    if (seq.value !== null)
      await sql.query('select setval($1::regclass, $2::bigint)', [quoteIdent(seq.name), seq.value])
  }
}

async function writeFiles(storage: Storage, archive: Archive, written: string[], onFile: () => void) {
  for (const name of Object.keys(archive.manifest.entries)) {
    if (!name.startsWith('files/')) continue
    const key = name.slice('files/'.length)
    if (fileEntry(key) !== name) continue
    written.push(key)
    await storage.write(key, Readable.from(checkedBytes(archive, name)))
    onFile()
  }
}

/** Imports an export; answers what was loaded. Refuses, writing nothing, on any of the bad inputs. */
export async function importExport(options: ImportOptions): Promise<ImportResult> {
  const { database, storage } = options
  const archive = await openArchive(options.file, options.knownMigrations)
  const manifest = archive.manifest
  const entries = Object.keys(manifest.entries).length
  const totalRows = manifest.tables.reduce((n, t) => n + t.rows, 0)
  let done = 0
  options.onProgress?.({ phase: 'checking', done, total: entries })
  await verifyArchive(archive, () => {
    done += 1
    if (done % 500 === 0) options.onProgress?.({ phase: 'checking', done, total: entries })
  })
  const written: string[] = []
  try {
    return await withTransaction(database, async (sql) => {
      const tables = await readCatalog(sql)
      await assertEmptyDatabase(sql, tables)
      await assertEmptyStorage(storage, archive)
      await clearStartingRows(sql, tables)
      const loaded: ImportResult['tables'] = []
      done = 0
      for (const table of tables) {
        await sql.query(`alter table ${quoteIdent(table.name)} disable trigger user`)
        const rows = await loadTable(sql, archive, table, (n) => {
          done += n
          options.onProgress?.({ phase: 'tables', done, total: totalRows })
        })
        await sql.query(`alter table ${quoteIdent(table.name)} enable trigger user`)
        loaded.push({ name: table.name, rows })
      }
      await restoreSequences(sql, archive)
      done = 0
      await writeFiles(storage, archive, written, () => {
        done += 1
        if (done % 200 === 0) options.onProgress?.({ phase: 'files', done, total: manifest.files })
      })
      return { tables: loaded, files: written.length }
    })
  } catch (error) {
    for (const key of written) await storage.remove(key).catch(() => undefined)
    throw error
  }
}
