// `npm run diagrams` writes docs/flows/<TYPE>.md from the machines (a Mermaid state diagram and the tables
// of states, events, guards and effects) for the version new processes start on, and <TYPE>.v<N>.md for each
// older version that running processes may still use; `--check` writes nothing and exits 1 when a page is stale or
// missing, or when docs/flows holds a page no machine makes (npm test runs it). It also writes
// src/shared/process-types.ts (the type union, the labels, the list screens) from the registry's declarations;
// when that file changed, the pages are made by a second run that reads the new one.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { flowDoc } from '../machines/diagram'
import { processTypesSource } from '../machines/process-types-source'
import { allDefinitions, DECLARATIONS, latest } from '../machines/registry'

const dir = join(import.meta.dirname, '..', 'docs', 'flows')
const check = process.argv.includes('--check')

const typesFile = join(import.meta.dirname, '..', 'src', 'shared', 'process-types.ts')
const typesText = processTypesSource(DECLARATIONS)
if (readFileSync(typesFile, 'utf8') !== typesText) {
  if (check) {
    console.error('src/shared/process-types.ts is stale: run npm run diagrams')
    process.exit(1)
  }
  writeFileSync(typesFile, typesText)
  console.log('src/shared/process-types.ts written from machines/registry.ts')
  // This run read the old file (labels, the list of types): make the pages in a run that reads the new one.
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  })
  process.exit(again.status ?? 1)
}

const pages = new Map(
  allDefinitions().map((d) => [
    d === latest(d.type) ? `${d.type}.md` : `${d.type}.v${d.version}.md`,
    flowDoc(d),
  ]),
)
const stale: string[] = []
if (!check) mkdirSync(dir, { recursive: true })
for (const [name, text] of pages) {
  const file = join(dir, name)
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null
  if (current === text) continue
  if (check) stale.push(current === null ? `${name} (missing)` : name)
  else writeFileSync(file, text)
}
const extra = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md') && !pages.has(f)) : []

if (check) {
  if (stale.length || extra.length) {
    for (const s of stale) console.error(`docs/flows/${s} is stale: run npm run diagrams`)
    for (const e of extra) console.error(`docs/flows/${e} is not made by any machine: remove it`)
    process.exit(1)
  }
  console.log(`docs/flows: ${pages.size} pages up to date`)
} else {
  for (const e of extra) console.warn(`docs/flows/${e} is not made by any machine`)
  console.log(`docs/flows: ${pages.size} pages written`)
}
