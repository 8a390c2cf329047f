// `npm run fingerprints` records the fingerprint of every registered machine version in
// machines/fingerprints.json (machines/fingerprint.ts). It only ever ADDS versions: when a recorded
// version's graph changed, it refuses and writes nothing (give the changed machine a new version number).
//
//   npm run fingerprints                                        add new versions; refuse changed ones
//   npm run fingerprints -- --check                             write nothing; exit 1 on any difference
//   npm run fingerprints -- --accept-unreleased TYPE@v [...]    re-record a changed version that is not
//                                                               released yet (see below); repeatable
//   npm run fingerprints -- --baseline                          rewrite the whole file from the registry
//
// A version counts as released once the fingerprints.json of the release reference records it: the newest
// git tag `v*`, or HEAD while the repository has no such tag (what is committed may already run somewhere).
// `--accept-unreleased` refuses a released version. `--baseline` throws every recorded fingerprint away: it
// is for the very first baseline only (or a deliberate reset before any database stored them); the server
// still refuses to start on a database that stored a different fingerprint for a version.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  type FingerprintDifference,
  type FingerprintFile,
  fingerprintDifferences,
  fingerprintsOf,
} from '../machines/fingerprint'
import { allDefinitions } from '../machines/registry'

const root = join(import.meta.dirname, '..')
const RELATIVE = 'machines/fingerprints.json'

function parseArgs(argv: string[]) {
  const accept = new Set<string>()
  let check = false
  let baseline = false
  let file = join(root, RELATIVE)
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--check') check = true
    else if (arg === '--file')
      file = argv[++i] ?? fail('--file needs a path') // tests: another copy
    else if (arg === '--baseline') baseline = true
    else if (arg === '--accept-unreleased') {
      const ref = argv[++i]
      if (!ref || !/^[A-Z_]+@\d+$/.test(ref))
        fail(`--accept-unreleased needs TYPE@version, got ${ref ?? 'nothing'}`)
      accept.add(ref)
    } else if (arg.startsWith('--accept-unreleased=')) accept.add(arg.slice('--accept-unreleased='.length))
    else fail(`unknown argument ${arg}`)
  }
  if (baseline && (check || accept.size > 0)) fail('--baseline takes no other option')
  return { accept, check, baseline, file }
}

function fail(message: string): never {
  console.error(`fingerprints: ${message}`)
  process.exit(1)
}

function read(text: string | undefined): FingerprintFile {
  return text ? (JSON.parse(text) as FingerprintFile) : {}
}

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  } catch {
    return undefined
  }
}

/** The fingerprints recorded at the release reference (newest `v*` tag, else HEAD); undefined without git. */
function released(): { ref: string; file: FingerprintFile } | undefined {
  const tag = git(['tag', '--list', 'v*', '--sort=-creatordate'])?.split('\n')[0]?.trim()
  const ref = tag || 'HEAD'
  if (git(['rev-parse', '--verify', '--quiet', ref]) === undefined) return undefined
  return { ref, file: read(git(['show', `${ref}:${RELATIVE}`])) }
}

/** Stable layout: types and versions as the registry orders them, then any recorded type it no longer has. */
function serialise(file: FingerprintFile): string {
  return `${JSON.stringify(file, null, 2)}\n`
}

function describe(d: FingerprintDifference): string {
  return d.kind === 'missing'
    ? `${d.type}@${d.version}: new, ${d.computed}`
    : `${d.type}@${d.version}: recorded ${d.recorded}, the code now gives ${d.computed}`
}

const { accept, check, baseline, file: FILE } = parseArgs(process.argv.slice(2))
const computed = fingerprintsOf(allDefinitions())

if (baseline) {
  writeFileSync(FILE, serialise(computed))
  const n = Object.values(computed).reduce((sum, v) => sum + Object.keys(v).length, 0)
  console.log(`${RELATIVE}: baseline of ${n} versions written (every earlier record replaced)`)
  process.exit(0)
}

const recorded = read(existsSync(FILE) ? readFileSync(FILE, 'utf8') : undefined)
const differences = fingerprintDifferences(computed, recorded)

if (check) {
  if (differences.length > 0) {
    for (const d of differences) console.error(describe(d))
    fail(
      `${RELATIVE} is not up to date (run npm run fingerprints; a changed version needs a new version number)`,
    )
  }
  console.log(`${RELATIVE}: every registered version recorded, none changed`)
  process.exit(0)
}

const changed = differences.filter((d) => d.kind === 'changed')
const releasedRef = changed.length > 0 ? released() : undefined
const refused: string[] = []
for (const d of changed) {
  const ref = `${d.type}@${d.version}`
  if (!accept.has(ref)) {
    refused.push(`${describe(d)}\n    give the changed machine a new version number (machines/README.md)`)
    continue
  }
  if (!releasedRef) refused.push(`${ref}: cannot tell whether it is released (no git): refusing`)
  else if (releasedRef.file[d.type]?.[String(d.version)] !== undefined)
    refused.push(`${ref}: released (recorded at ${releasedRef.ref}): a released version never changes`)
}
for (const ref of accept)
  if (!changed.some((d) => `${d.type}@${d.version}` === ref))
    refused.push(`${ref}: --accept-unreleased names a version whose fingerprint did not change`)
if (refused.length > 0) {
  for (const r of refused) console.error(r)
  fail('nothing written')
}

// Rebuild in the registry's order, keeping recorded versions the registry no longer has.
const next: FingerprintFile = {}
for (const [type, versions] of Object.entries(computed)) next[type] = { ...recorded[type], ...versions }
for (const [type, versions] of Object.entries(recorded)) next[type] ??= versions
for (const type of Object.keys(next))
  next[type] = Object.fromEntries(Object.entries(next[type]).sort(([a], [b]) => Number(a) - Number(b)))

if (differences.length === 0) console.log(`${RELATIVE}: up to date`)
else {
  writeFileSync(FILE, serialise(next))
  for (const d of differences)
    console.log(d.kind === 'missing' ? `added ${describe(d)}` : `re-recorded ${describe(d)}`)
}
