// `npm run export -- FILE.zip`: the full export of the installation the environment names (DATA_DIR or
// DATABASE_URL, and the S3_* storage when set): every table and every stored file (docs/export-format.md).
// With the embedded database the server must be stopped first (its data folder has one user at a time); a
// running server exports from the web (system area, full export).
import { createWriteStream, existsSync } from 'node:fs'
import path from 'node:path'
import pkg from '../package.json' with { type: 'json' }
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { writeExport } from '../src/server/modules/exports/export'
import { openStorage } from '../src/server/storage'
import { exitWith, progressPrinter } from './export-cli'

const file = process.argv[2]
if (!file?.endsWith('.zip')) exitWith('Usage: npm run export -- FILE.zip')
const target = path.resolve(file)
if (existsSync(target)) exitWith(`${target} exists already; name a new file.`)
const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
)
const storage = await openStorage(config)
const started = Date.now()
try {
  const manifest = await writeExport({
    database,
    storage,
    out: createWriteStream(target, { flags: 'wx' }),
    appVersion: pkg.version,
    onProgress: progressPrinter('Exporting'),
  })
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0)
  console.log(
    `\nWrote ${target}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files} files in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
} finally {
  await storage.close?.()
  await database.close()
}
