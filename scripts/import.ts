// `npm run import -- FILE.zip`: an export (docs/export-format.md) loaded into the empty installation the
// environment names (DATA_DIR or DATABASE_URL, and the S3_* storage when set). Every entry is checked against
// the manifest before anything is written; the database and the storage must be empty; a failure writes
// nothing. Run it before the first start of the new installation.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { AppError } from '../src/server/http/app-error'
import { importExport, knownMigrations } from '../src/server/modules/exports/import'
import { openStorage } from '../src/server/storage'
import { formatMessage } from '../src/shared/errors'
import { exitWith, progressPrinter } from './export-cli'

const file = process.argv[2]
if (!file) exitWith('Usage: npm run import -- FILE.zip')
const source = path.resolve(file)
if (!existsSync(source)) exitWith(`${source} does not exist.`)
const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
)
const storage = await openStorage(config)
const started = Date.now()
let failed = false
try {
  const result = await importExport({
    database,
    storage,
    file: source,
    knownMigrations: await knownMigrations(),
    onProgress: progressPrinter('Importing'),
  })
  const rows = result.tables.reduce((n, t) => n + t.rows, 0)
  console.log(
    `\nImported ${rows} rows in ${result.tables.length} tables and ${result.files} files in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
} catch (error) {
  failed = true
  if (!(error instanceof AppError)) throw error
  console.error(`\n${formatMessage(error.messageKey, 'en', error.params)}`)
  console.error(formatMessage(error.messageKey, 'zh-CN', error.params))
} finally {
  await storage.close?.()
  await database.close()
}
if (failed) process.exit(1)
