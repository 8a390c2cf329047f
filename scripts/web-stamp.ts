// The fingerprint of everything the web build reads: the sources (src/web, src/shared, machines), the
// catalogs, index.html, public/, the build's configuration and the locked dependencies, plus the VITE_*
// environment. vite.config.ts writes it into the build (`.build-stamp`), taken before the build reads a
// file, so an edit made during a build still counts as a change; scripts/start.ts rebuilds only when the
// fingerprint of the checkout differs from the one in the build.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const STAMP_FILE = '.build-stamp'

const INPUTS = [
  'src/web',
  'src/shared',
  'machines',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/web-stamp.ts',
  'scripts/vite-first-catalog.ts',
]
/** Written by the build itself from the route files (which are hashed). */
const DERIVED = new Set(['src/web/routeTree.gen.ts'])

function hashEntry(hash: ReturnType<typeof createHash>, rel: string): void {
  const full = path.join(ROOT, rel)
  if (!existsSync(full) || DERIVED.has(rel)) return
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) hashEntry(hash, `${rel}/${name}`)
    return
  }
  hash.update(`${rel}\0`).update(readFileSync(full)).update('\0')
}

/** The fingerprint of the web build's inputs in this checkout (about 50 ms). */
export function webInputsHash(env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256')
  for (const rel of INPUTS) hashEntry(hash, rel)
  for (const name of readdirSync(ROOT)
    .filter((n) => n.startsWith('.env'))
    .sort())
    hashEntry(hash, name)
  for (const key of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`${key}=${env[key]}\0`)
  return hash.digest('hex')
}

/** The fingerprint the build in `outDir` was made from, or undefined when there is none. */
export function builtHash(outDir: string): string | undefined {
  const stamp = path.join(outDir, STAMP_FILE)
  if (!existsSync(stamp) || !existsSync(path.join(outDir, 'index.html'))) return undefined
  return readFileSync(stamp, 'utf8').trim()
}
