// `npm run backup -- FILE`: the database and the stored files of the configured server in one file.
// The database is copied first, then the files: stored files are never changed and are removed only when
// the upload that wrote them fails (before any row names them), so every file the copied database names is
// there when the files are read; files uploaded meanwhile come along unnamed, which is harmless.
import { createWriteStream } from 'node:fs'
import { access, mkdtemp, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import type { Config } from '../config'
import { storageKeyOk } from '../storage'
import { dumpFromServer, serverRunsOn } from './admin-socket'
import { blobChunks, hashFile, type PartSource, writeBackupFile } from './archive'
import {
  appVersion,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  EMBEDDED_DB_PART,
  FILES_PREFIX,
  type Manifest,
  MIGRATIONS_QUERY,
  POSTGRES_DB_PART,
  type SchemaLevel,
  schemaLevelOf,
} from './manifest'
import { pgDump, pgSchemaLevel } from './postgres'

export interface BackupResult {
  manifest: Manifest
  /** How the embedded database was copied: by the running server, or from its folder (none ran). */
  via: 'server' | 'folder' | 'pg_dump'
}

export async function createBackup(config: Config, file: string): Promise<BackupResult> {
  const target = path.resolve(file)
  if (await exists(target)) throw new BackupError(`${target} already exists: choose another name`)
  const work = await mkdtemp(path.join(path.dirname(target), '.vitrine-backup-'))
  try {
    const db = await copyDatabase(config, path.join(work, 'db'))
    const files = config.s3 ? [] : await storedFiles(path.join(config.dataDir, 'files'))
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      driver: config.databaseUrl ? 'postgres' : 'embedded',
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      schema: db.level,
      files: config.s3
        ? { storage: 's3', endpoint: config.s3.endpoint, bucket: config.s3.bucket }
        : { storage: 'disk', count: files.length },
      parts: [db.part, ...files].map(({ name, bytes, sha256 }) => ({ name, bytes, sha256 })),
    }
    await writeBackupFile(target, manifest, [db.part, ...files])
    return { manifest, via: db.via }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

interface CopiedDatabase {
  part: PartSource
  level: SchemaLevel
  via: BackupResult['via']
}

async function copyDatabase(config: Config, target: string): Promise<CopiedDatabase> {
  if (config.databaseUrl) {
    const url = config.databaseUrl
    const level = await pgSchemaLevel(url)
    await pgDump(url, target)
    if ((await pgSchemaLevel(url)).lastMigrationAt !== level.lastMigrationAt)
      throw new BackupError('the database was migrated while it was being backed up; run the backup again')
    return {
      part: { name: POSTGRES_DB_PART, path: target, ...(await hashFile(target)) },
      level,
      via: 'pg_dump',
    }
  }
  const fromServer = await serverRunsOn(config.dataDir)
  const level = fromServer
    ? await dumpFromServer(config.dataDir, target)
    : await dumpFolder(path.join(config.dataDir, 'db'), target)
  return {
    part: { name: EMBEDDED_DB_PART, path: target, ...(await hashFile(target)) },
    level,
    via: fromServer ? 'server' : 'folder',
  }
}

/** No server runs on the folder: open it here (without migrating it) and take the same tarball. */
async function dumpFolder(dbDir: string, target: string): Promise<SchemaLevel> {
  if (!(await exists(path.join(dbDir, 'PG_VERSION'))))
    throw new BackupError(`there is no database in ${dbDir}: nothing to back up`)
  const client = await PGlite.create(dbDir)
  try {
    const level = schemaLevelOf((await client.query<{ created_at: string }>(MIGRATIONS_QUERY)).rows)
    const tarball = await client.dumpDataDir('none')
    await pipeline(
      Readable.from(blobChunks(tarball)),
      createWriteStream(target, { flags: 'wx', mode: 0o600 }),
    )
    return level
  } finally {
    await client.close()
  }
}

/** Every stored file under the folder (`<shard>/<key>`), hashed; partial uploads (`.part-…`) left out. */
async function storedFiles(root: string): Promise<PartSource[]> {
  const out: PartSource[] = []
  const shards = await readdir(root, { withFileTypes: true }).catch(() => [])
  for (const shard of shards.filter((d) => d.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const entries = await readdir(path.join(root, shard.name), { withFileTypes: true })
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isFile() || !storageKeyOk(entry.name) || !entry.name.startsWith(shard.name)) continue
      const full = path.join(root, shard.name, entry.name)
      out.push({ name: `${FILES_PREFIX}${shard.name}/${entry.name}`, path: full, ...(await hashFile(full)) })
    }
  }
  return out
}
