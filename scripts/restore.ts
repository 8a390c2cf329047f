// `npm run restore -- FILE [--force]`: a backup made by `npm run backup` back into the configured data
// folder or database (DATA_DIR, DATABASE_URL and the S3_* variables as for the server). Refuses a target
// that holds data unless --force; refuses everything else that is wrong before writing (docs/backup.md).
import { BackupError } from '../src/server/backup/manifest'
import { restoreBackup } from '../src/server/backup/restore'
import { loadConfig } from '../src/server/config'

const args = process.argv.slice(2)
const force = args.includes('--force')
const files = args.filter((a) => a !== '--force')
if (files.length !== 1 || files[0].startsWith('--')) {
  console.error('usage: npm run restore -- FILE [--force]')
  process.exit(2)
}
try {
  const config = loadConfig()
  const manifest = await restoreBackup(config, files[0], { force })
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.driver} database, ${
      manifest.files.storage === 'disk'
        ? `${manifest.files.count} stored file${manifest.files.count === 1 ? '' : 's'}`
        : `files in the S3 bucket ${manifest.files.bucket}`
    }) into ${config.databaseUrl ? 'the database at DATABASE_URL' : config.dataDir}`,
  )
} catch (error) {
  console.error(`restore refused: ${error instanceof BackupError ? error.message : (error as Error).stack}`)
  process.exit(1)
}
