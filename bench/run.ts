// `npm run bench`: every benchmark, on the embedded database and (with DATABASE_URL) on PostgreSQL.
// `npm run bench -- platform` runs one. Figures go to docs/benchmarks.md by hand after a quiet run.
import { existsSync } from 'node:fs'

const only = process.argv[2]
const suites: [string, string, string][] = [
  ['platform', './platform.ts', 'benchPlatform'],
  ['process', './process.ts', 'benchProcess'],
  ['artworks', './artworks.ts', 'benchArtworks'],
  ['web', './web.ts', 'benchWeb'],
  ['warehouse', './warehouse.ts', 'benchWarehouse'],
  ['reports', './reports.ts', 'benchReports'],
  ['admin', './admin.ts', 'benchAdmin'],
  ['finance', './finance.ts', 'benchFinance'],
  ['datacentre', './datacentre.ts', 'benchDatacentre'],
  ['exports', './exports.ts', 'benchExports'],
  ['asof', './as-of.ts', 'benchAsOf'],
  ['audit', './audit.ts', 'benchAudit'],
  ['servers', './servers.ts', 'benchServers'],
]
for (const [name, file, fn] of suites) {
  if (only && only !== name) continue
  if (!existsSync(new URL(file, import.meta.url))) {
    console.log(`\n(${name}: not written yet)`)
    continue
  }
  const mod = await import(file)
  await mod[fn]()
}
process.exit(0)
