// Reading an export back: its ZIP directory (unzipper, which reads the central directory, ZIP64 included, and
// streams one entry at a time), its manifest, and the check of every entry against the manifest before
// anything is written. Each refusal names what is wrong (exportNotAnExport, exportTruncated,
// exportNewerFormat, exportNewerSchema, exportChecksumMismatch).
import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import unzipper from 'unzipper'
import { AppError } from '../../http/app-error'
import {
  FORMAT_NAME,
  FORMAT_VERSION,
  MANIFEST_NAME,
  type Manifest,
  manifestHead,
  manifestSchema,
} from './format'

export interface ArchiveEntry {
  path: string
  uncompressedSize: number
  stream(): Readable
}

export interface Archive {
  manifest: Manifest
  entry(name: string): ArchiveEntry
}

const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04])
/** The manifest lists every entry; a larger one is not ours. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024

const notAnExport = (reason: string) => new AppError(400, 'exportNotAnExport', { reason })

/** A file that starts like a ZIP but has no directory at its end was cut short. */
async function startsLikeZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(4)
    await handle.read(head, 0, 4, 0)
    return head.equals(LOCAL_HEADER)
  } finally {
    await handle.close()
  }
}

async function readAll(entry: ArchiveEntry): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of entry.stream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function parseManifest(bytes: Buffer, knownMigrations: number): Manifest {
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch {
    throw notAnExport('manifest.json is not JSON')
  }
  const head = manifestHead.safeParse(json)
  if (!head.success || head.data.format !== FORMAT_NAME)
    throw notAnExport('manifest.json names another format')
  if (head.data.formatVersion > FORMAT_VERSION)
    throw new AppError(400, 'exportNewerFormat', {
      version: head.data.formatVersion,
      supported: FORMAT_VERSION,
    })
  const manifest = manifestSchema.safeParse(json)
  if (!manifest.success) throw notAnExport('manifest.json lacks fields of the format')
  if (manifest.data.schemaMigrations > knownMigrations)
    throw new AppError(400, 'exportNewerSchema', {
      migrations: manifest.data.schemaMigrations,
      known: knownMigrations,
    })
  return manifest.data
}

/** Opens an export and reads its manifest; the entries are checked by `verifyArchive`. */
export async function openArchive(file: string, knownMigrations: number): Promise<Archive> {
  let directory: { files: ArchiveEntry[] }
  try {
    directory = await unzipper.Open.file(file)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    if (await startsLikeZip(file))
      throw new AppError(400, 'exportTruncated', { reason: `no ZIP directory (${reason})` })
    throw notAnExport('not a ZIP file')
  }
  const byName = new Map(directory.files.map((f) => [f.path, f]))
  const manifestEntry = byName.get(MANIFEST_NAME)
  if (!manifestEntry) throw notAnExport('no manifest.json')
  if (manifestEntry.uncompressedSize > MANIFEST_MAX_BYTES) throw notAnExport('manifest.json is too large')
  const manifest = parseManifest(await readAll(manifestEntry), knownMigrations)
  for (const name of byName.keys()) {
    if (name !== MANIFEST_NAME && !manifest.entries[name])
      throw new AppError(400, 'exportChecksumMismatch', { entry: name, reason: 'not listed in the manifest' })
  }
  return {
    manifest,
    entry: (name) => {
      const found = byName.get(name)
      if (!found)
        throw new AppError(400, 'exportChecksumMismatch', { entry: name, reason: 'missing from the archive' })
      return found
    },
  }
}

/** An entry's bytes as they stream, checked at their end against the manifest's size and SHA-256. */
export async function* checkedBytes(archive: Archive, name: string): AsyncGenerator<Buffer> {
  const expected = archive.manifest.entries[name]
  const hash = createHash('sha256')
  let bytes = 0
  try {
    for await (const chunk of archive.entry(name).stream()) {
      const buffer = chunk as Buffer
      hash.update(buffer)
      bytes += buffer.length
      yield buffer
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new AppError(400, 'exportTruncated', { reason: `${name}: ${reason}` })
  }
  if (bytes !== expected.bytes)
    throw new AppError(400, 'exportChecksumMismatch', {
      entry: name,
      reason: `${bytes} bytes, not ${expected.bytes}`,
    })
  if (hash.digest('hex') !== expected.sha256)
    throw new AppError(400, 'exportChecksumMismatch', { entry: name, reason: 'SHA-256 differs' })
}

/** Every entry read through once and checked, and each table's line count against the manifest's rows. */
export async function verifyArchive(archive: Archive, onEntry?: () => void): Promise<void> {
  const tableRows = new Map(archive.manifest.tables.map((t) => [t.entry, t.rows]))
  for (const name of Object.keys(archive.manifest.entries)) {
    let newlines = 0
    for await (const chunk of checkedBytes(archive, name)) {
      if (!tableRows.has(name)) continue
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) newlines += 1
    }
    const rows = tableRows.get(name)
    if (rows !== undefined && rows !== newlines)
      throw new AppError(400, 'exportChecksumMismatch', {
        entry: name,
        reason: `${newlines} rows, not ${rows}`,
      })
    onEntry?.()
  }
}
