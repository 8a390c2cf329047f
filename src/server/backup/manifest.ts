// What a backup file says about itself: its first entry, `manifest.json`, names the format, the driver it
// was taken from, when, by which version of the app, at which migration level of the schema, where the
// stored files were, and every other entry of the file with its size and sha256. A restore reads it first
// and refuses before anything is written.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { MIGRATIONS_FOLDER } from '../db/client'

export const BACKUP_FORMAT = 'vitrine-backup'
/** Raised when the file's layout changes; a restore refuses a file of a higher version. */
export const BACKUP_FORMAT_VERSION = 1
export const MANIFEST_NAME = 'manifest.json'
/** The database part: PGlite's data folder as a tarball, or a `pg_dump -Fc` archive. */
export const EMBEDDED_DB_PART = 'db/pgdata.tar'
export const POSTGRES_DB_PART = 'db/postgres.dump'
/** Stored files keep their place under the storage folder: `files/<shard>/<key>`. */
export const FILES_PREFIX = 'files/'

/** A refusal or failure of a backup or restore, worded for the person at the command line. */
export class BackupError extends Error {
  override name = 'BackupError'
}

const sha256Re = /^[0-9a-f]{64}$/

export const partSchema = z.object({
  name: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(sha256Re),
})
export type Part = z.infer<typeof partSchema>

/** The migrations applied to the database the backup holds (drizzle's own table). */
export const schemaLevelSchema = z.object({
  migrations: z.number().int().nonnegative(),
  /** The journal time (`when`) of the last applied migration: what drizzle compares. */
  lastMigrationAt: z.number().int().nonnegative(),
  /** Its tag in the journal of the app that took the backup, when known. */
  lastMigration: z.string().nullable(),
})
export type SchemaLevel = z.infer<typeof schemaLevelSchema>

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  driver: z.enum(['embedded', 'postgres']),
  createdAt: z.string(),
  appVersion: z.string(),
  schema: schemaLevelSchema,
  files: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('disk'), count: z.number().int().nonnegative() }),
    z.object({ storage: z.literal('s3'), endpoint: z.string(), bucket: z.string() }),
  ]),
  parts: z.array(partSchema),
})
export type Manifest = z.infer<typeof manifestSchema>

interface JournalEntry {
  idx: number
  when: number
  tag: string
}

/** The migrations this copy of the app knows (drizzle's journal beside the SQL files). */
export function knownMigrations(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[]
  }
  return journal.entries
}

/** The level from drizzle's migrations table rows (`created_at` is the journal's `when`). */
export function schemaLevelOf(rows: Array<{ created_at: string | number | bigint | null }>): SchemaLevel {
  const times = rows.map((r) => Number(r.created_at ?? 0))
  const last = times.length > 0 ? Math.max(...times) : 0
  const tag = knownMigrations().find((e) => e.when === last)?.tag ?? null
  return { migrations: rows.length, lastMigrationAt: last, lastMigration: tag }
}

export const MIGRATIONS_QUERY = 'select created_at from drizzle.__drizzle_migrations'

export function appVersion(): string {
  const pkg = path.resolve(MIGRATIONS_FOLDER, '../../../../package.json')
  try {
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version
  } catch {
    return 'unknown'
  }
}

/**
 * Reads and checks the manifest's text: a file that is not ours, of a newer format, or whose database is at
 * a migration this app does not know (taken by a newer Vitrine) is refused with the reason.
 */
export function parseManifest(text: string, source: string): Manifest {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new BackupError(`${source} is not a Vitrine backup (its manifest is not readable)`)
  }
  const head = z.object({ format: z.literal(BACKUP_FORMAT), formatVersion: z.number() }).safeParse(json)
  if (!head.success) throw new BackupError(`${source} is not a Vitrine backup (no backup manifest)`)
  if (head.data.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `${source} is a backup of format ${head.data.formatVersion}, newer than this Vitrine reads (${BACKUP_FORMAT_VERSION}): restore it with the newer version`,
    )
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success) throw new BackupError(`${source} is not a Vitrine backup (its manifest is incomplete)`)
  const manifest = parsed.data
  const known = knownMigrations()
  const newest = known.at(-1)
  if (newest && manifest.schema.lastMigrationAt > newest.when)
    throw new BackupError(
      `${source} holds a database of a newer schema (${manifest.schema.lastMigration ?? `${manifest.schema.migrations} migrations`}) than this Vitrine knows (${newest.tag}): restore it with Vitrine ${manifest.appVersion} or later`,
    )
  const names = new Set<string>()
  for (const part of manifest.parts) {
    if (!partNameOk(part.name) || names.has(part.name))
      throw new BackupError(`${source} is not a Vitrine backup (its manifest names an unexpected part)`)
    names.add(part.name)
  }
  const dbPart = manifest.driver === 'embedded' ? EMBEDDED_DB_PART : POSTGRES_DB_PART
  if (!names.has(dbPart)) throw new BackupError(`${source} is not a Vitrine backup (it holds no database)`)
  return manifest
}

/** The database part, or a stored file under its two-character shard: nothing else is ever extracted. */
export function partNameOk(name: string): boolean {
  if (name === EMBEDDED_DB_PART || name === POSTGRES_DB_PART) return true
  const m = /^files\/([a-zA-Z0-9]{2})\/([a-zA-Z0-9][a-zA-Z0-9_-]{0,199})$/.exec(name)
  return m?.[2].startsWith(m[1]) === true
}
