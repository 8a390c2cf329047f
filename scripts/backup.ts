// `npm run backup -- FILE`: the configured server's database and stored files in one file (DATA_DIR,
// DATABASE_URL and the S3_* variables as for the server). The embedded database is copied by the running
// server through its admin socket, or from its folder when no server runs. docs/backup.md tells the rest.
import { createBackup } from '../src/server/backup/backup'
import { BackupError } from '../src/server/backup/manifest'
import { loadConfig } from '../src/server/config'

const [file, ...rest] = process.argv.slice(2)
if (!file || rest.length > 0) {
  console.error('usage: npm run backup -- FILE')
  process.exit(2)
}
try {
  const { manifest, via } = await createBackup(loadConfig(), file)
  const from = { server: 'the running server', folder: 'its folder (no server runs)', pg_dump: 'pg_dump' }[
    via
  ]
  console.log(
    `Backed up the ${manifest.driver} database (${manifest.schema.lastMigration ?? `${manifest.schema.migrations} migrations`}, copied by ${from}) and ${
      manifest.files.storage === 'disk'
        ? `${manifest.files.count} stored file${manifest.files.count === 1 ? '' : 's'}`
        : `no files (they are in the S3 bucket ${manifest.files.bucket}, which its own versioning backs up)`
    } to ${file}`,
  )
} catch (error) {
  console.error(`backup failed: ${error instanceof BackupError ? error.message : (error as Error).stack}`)
  process.exit(1)
}
