// `npm run restore -- FILE [--force]`: a backup back into the configured data folder or database.
// Everything is refused before a byte lands where the server reads: a file that is not a backup, one of a
// newer format or schema, one of the other driver or storage, a target that holds data (without --force),
// a running embedded server. The parts are extracted and checked into a staging folder inside DATA_DIR; the
// database is rebuilt there (PGlite) or in one transaction (PostgreSQL), and only then are the folders
// swapped in by renames. Any failure before the swap removes the staging folder and leaves the target as
// it was.
import { openAsBlob } from 'node:fs'
import { access, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Config } from '../config'
import { serverRunsOn } from './admin-socket'
import { readBackupFile } from './archive'
import { BackupError, EMBEDDED_DB_PART, type Manifest, MIGRATIONS_QUERY, POSTGRES_DB_PART } from './manifest'
import { pgRestore, pgTableCount } from './postgres'

export interface RestoreOptions {
  /** Replace a target that already holds a database or stored files. */
  force?: boolean
}

export async function restoreBackup(
  config: Config,
  file: string,
  options: RestoreOptions = {},
): Promise<Manifest> {
  const source = path.resolve(file)
  if (!(await exists(source))) throw new BackupError(`${source} does not exist`)
  const driver = config.databaseUrl ? 'postgres' : 'embedded'
  if (driver === 'embedded' && (await serverRunsOn(config.dataDir)))
    throw new BackupError(`a Vitrine server runs on ${config.dataDir}: stop it before restoring into it`)
  await mkdir(config.dataDir, { recursive: true })
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'))
  try {
    const parts = path.join(staging, 'parts')
    const manifest = await readBackupFile(source, parts, (m) => checkTarget(config, m, options))
    if (driver === 'embedded') {
      await rebuildEmbedded(path.join(parts, ...EMBEDDED_DB_PART.split('/')), path.join(staging, 'db'))
      await swapIn(path.join(staging, 'db'), path.join(config.dataDir, 'db'), path.join(staging, 'old-db'))
    } else {
      await pgRestore(config.databaseUrl as string, path.join(parts, ...POSTGRES_DB_PART.split('/')), staging)
    }
    if (manifest.files.storage === 'disk') {
      const files = path.join(parts, 'files')
      await mkdir(files, { recursive: true })
      await swapIn(files, path.join(config.dataDir, 'files'), path.join(staging, 'old-files'))
    }
    return manifest
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

async function hasEntries(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [])).length > 0
}

/** The checks on the manifest against the configured target, before anything is extracted. */
async function checkTarget(config: Config, manifest: Manifest, options: RestoreOptions): Promise<void> {
  const driver = config.databaseUrl ? 'postgres' : 'embedded'
  if (manifest.driver !== driver)
    throw new BackupError(
      manifest.driver === 'embedded'
        ? 'this backup is of the embedded database: restore it with DATABASE_URL unset (to move to PostgreSQL, use the export and import)'
        : 'this backup is of a PostgreSQL database: set DATABASE_URL to the database to restore into (to move to the embedded database, use the export and import)',
    )
  const storage = config.s3 ? 's3' : 'disk'
  if (manifest.files.storage !== storage)
    throw new BackupError(
      manifest.files.storage === 's3'
        ? `this backup's files are in the S3 bucket ${manifest.files.bucket} (backed up by the bucket's own versioning): set the S3_* variables to it`
        : 'this backup holds the stored files of a folder, but S3 is configured: restore with the S3_* variables unset, then copy DATA_DIR/files into the bucket',
    )
  if (options.force) return
  const filesDir = path.join(config.dataDir, 'files')
  const dbFull =
    driver === 'embedded'
      ? await hasEntries(path.join(config.dataDir, 'db'))
      : (await pgTableCount(config.databaseUrl as string)) > 0
  if (dbFull || (storage === 'disk' && (await hasEntries(filesDir))))
    throw new BackupError(
      `the target is not empty (${dbFull ? (driver === 'embedded' ? path.join(config.dataDir, 'db') : 'the database at DATABASE_URL') : filesDir} holds data): restore into an empty one, or add --force to replace it`,
    )
}

/** PGlite's tarball into a fresh folder, opened once to prove it is a database. */
async function rebuildEmbedded(tarball: string, dbDir: string): Promise<void> {
  let client: PGlite | undefined
  try {
    client = await PGlite.create(dbDir, { loadDataDir: await openAsBlob(tarball) })
    await client.query(MIGRATIONS_QUERY)
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`the backup's database does not open: ${(error as Error).message}`)
  } finally {
    await client?.close()
  }
}

/** `fresh` takes the place of `live`; what was there goes to `old` (removed with the staging folder). */
async function swapIn(fresh: string, live: string, old: string): Promise<void> {
  const had = await exists(live)
  if (had) await rename(live, old)
  try {
    await rename(fresh, live)
  } catch (error) {
    if (had) await rename(old, live)
    throw error
  }
}
