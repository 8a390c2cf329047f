// The exit benchmark: the archive's 100,000 generated artworks (bench/artworks.ts `generate`), each with a
// stored picture (BENCH_FILE_BYTES each, default 4 KB) and its `files` row, exported to a ZIP and imported into
// a fresh database and folder; minutes each, and the process's resident memory sampled through both (the
// export and the import stream, so it stays flat whatever the collection's size).
// BENCH_ARTWORKS=20000 npm run bench -- exports   (default 100000); BENCH_DRIVER=postgres for one driver.
import { createWriteStream } from 'node:fs'
import { mkdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pkg from '../package.json' with { type: 'json' }
import { boot } from '../src/server/boot'
import { loadConfig } from '../src/server/config'
import type { Database } from '../src/server/db/client'
import { writeExport } from '../src/server/modules/exports/export'
import { importExport, knownMigrations } from '../src/server/modules/exports/import'
import { DiskStorage } from '../src/server/storage'
import { generate } from './artworks'
import { benchDatabase, kinds } from './lib'

const COUNT = Number(process.env.BENCH_ARTWORKS ?? 100_000)
const FILE_BYTES = Number(process.env.BENCH_FILE_BYTES ?? 4096)
const MB = 1024 * 1024

/**
 * Resident memory while `work` runs, sampled every 100 ms: the figure before it, the peak, and the course over
 * time (the highest sample of each tenth of the run), so that a climb with the rows written shows as one.
 */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage().rss
  let peak = before
  const samples: [number, number, number][] = []
  const started = performance.now()
  const timer = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage()
    peak = Math.max(peak, rss)
    samples.push([performance.now() - started, rss, heapUsed])
  }, 100)
  try {
    const result = await work()
    const ms = performance.now() - started
    const tenths = (pick: (s: [number, number, number]) => number) =>
      Array.from({ length: 10 }, (_, i) =>
        samples
          .filter(([t]) => t >= (ms * i) / 10 && t < (ms * (i + 1)) / 10)
          .reduce((m, s) => Math.max(m, pick(s)), 0),
      )
        .map((b) => (b / MB).toFixed(0))
        .join(' → ')
    return {
      result,
      secs: ms / 1000,
      before: before / MB,
      peak: peak / MB,
      course: `RSS ${tenths((s) => s[1])}; JavaScript heap in use ${tenths((s) => s[2])}`,
    }
  } finally {
    clearInterval(timer)
  }
}

/** One stored file per artwork, written straight into the folder and the `files` table in batches. */
async function addFiles(database: Database, dataDir: string) {
  const [admin] = (await database.raw(`select id from users where username = 'admin'`)) as { id: string }[]
  const ids = (await database.raw('select id from artworks order by id')) as { id: string }[]
  const root = path.join(dataDir, 'files')
  for (let i = 0; i < ids.length; i += 1000) {
    const rows: string[] = []
    const params: unknown[] = [admin.id]
    for (const [n, { id }] of ids.slice(i, i + 1000).entries()) {
      const key = `${id.replaceAll('-', '')}bench`
      const bytes = Buffer.alloc(FILE_BYTES, n % 251)
      await mkdir(path.join(root, key.slice(0, 2)), { recursive: true })
      await writeFile(path.join(root, key.slice(0, 2), key), bytes)
      params.push(key)
      rows.push(
        `('picture.jpg', 'image/jpeg', 'jpeg', ${FILE_BYTES}, md5($${params.length}), $${params.length}, $1, 'image')`,
      )
    }
    await database.raw(
      `insert into files (original_name, mime, kind, size, sha256, storage_key, uploaded_by, purpose)
       values ${rows.join(', ')}`,
      params,
    )
  }
  return ids.length
}

export async function benchExports(): Promise<void> {
  for (const kind of kinds()) {
    const source = await benchDatabase(kind)
    const target = await benchDatabase(kind)
    try {
      const config = loadConfig({
        DATA_DIR: source.dataDir,
        VITRINE_ADMIN_PASSWORD: 'Bench-password-1',
        VITRINE_DEMO: '0',
      })
      const booted = await boot(config, { database: source.database })
      console.log(
        `\n## Full export and import on ${source.label} (${COUNT} artworks, one ${FILE_BYTES}-byte file each)`,
      )
      await generate(source.database, COUNT)
      const files = await addFiles(source.database, source.dataDir)
      const zip = path.join(source.dataDir, 'export.zip')
      const exported = await measured(() =>
        writeExport({
          database: source.database,
          storage: booted.deps.storage,
          out: createWriteStream(zip),
          appVersion: pkg.version,
        }),
      )
      const rows = exported.result.tables.reduce((n, t) => n + t.rows, 0)
      const size = (await stat(zip)).size / MB
      console.log(
        `export: ${rows} rows and ${files} files, ${size.toFixed(0)} MB, in ${(exported.secs / 60).toFixed(2)} min; ` +
          `RSS ${exported.before.toFixed(0)} MB before, peak ${exported.peak.toFixed(0)} MB; by tenths of the run (MB): ${exported.course}`,
      )
      await booted.close().catch(() => undefined)
      const imported = await measured(async () =>
        importExport({
          database: target.database,
          storage: new DiskStorage(path.join(target.dataDir, 'files')),
          file: zip,
          knownMigrations: await knownMigrations(),
        }),
      )
      console.log(
        `import: ${imported.result.tables.reduce((n, t) => n + t.rows, 0)} rows and ${imported.result.files} files ` +
          `in ${(imported.secs / 60).toFixed(2)} min; RSS ${imported.before.toFixed(0)} MB before, peak ${imported.peak.toFixed(0)} MB; by tenths of the run (MB): ${imported.course}`,
      )
    } finally {
      await target.dispose()
      await source.dispose().catch(() => undefined)
    }
  }
}
