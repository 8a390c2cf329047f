// Module boundaries (docs/architecture.md § Layers): machines/ and src/shared/ never import the server or the web app;
// src/web never imports src/server; and no import cycle among the modules of src/ and machines/ (type-only imports
// and `import('…')` types count: a cycle of types still ties the two sides together).
//
// Cycles still inside one area, to be broken (the test fails on any other cycle, and on these once gone, so the
// list only shrinks):
//   src/server/http: context ↔ request-log
//   src/server: storage ↔ storage-s3 (its lazy import)
//   src/server/seed: steps ↔ demo-artworks, demo-content, demo-releases, demo-incidents, reference-data, demo-processes
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return files(full)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts') ? [full] : []
  })
}

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  return [...source.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) =>
    m[1].startsWith('.') ? path.resolve(path.dirname(file), m[1]) : m[1],
  )
}

const root = path.resolve(__dirname, '../..')
const rel = (p: string) => path.relative(root, p)

function violations(dir: string, forbidden: string[]): string[] {
  return files(path.join(root, dir)).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((f) => rel(target).startsWith(f)))
      .map((target) => `${rel(file)} -> ${rel(target)}`),
  )
}

/** The module a relative specifier names (with or without its extension, or a folder's index), if it is ours. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = path.resolve(path.dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  )
}

/** Every module a file imports or re-exports: `import … from`, `export … from`, `import '…'` and `import('…')`. */
function edgesOf(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const statement =
    /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/gm
  return [...source.matchAll(statement)]
    .map((m) => resolved(file, m[1] ?? m[2] ?? m[3]))
    .filter((target): target is string => target !== undefined)
}

/** The import graph's strongly connected parts of more than one module (Tarjan), each as sorted paths. */
function importCycles(dirs: string[]): string[][] {
  const graph = new Map(
    dirs.flatMap((dir) => files(path.resolve(root, dir))).map((f) => [f, edgesOf(f)] as const),
  )
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (v: string) => {
    index.set(v, index.size)
    low.set(v, index.get(v)!)
    stack.push(v)
    onStack.add(v)
    for (const w of (graph.get(v) ?? []).filter((t) => graph.has(t))) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const part: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      part.push(rel(w))
    } while (w !== v)
    if (part.length > 1 || graph.get(v)!.includes(v)) cycles.push(part.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return cycles.sort((a, b) => a[0].localeCompare(b[0]))
}

/** The top-level area of a module: machines, src/shared, src/server or src/web. */
const areaOf = (file: string) =>
  file
    .split('/')
    .slice(0, file.startsWith('src/') ? 2 : 1)
    .join('/')

const KNOWN_CYCLES = [
  ['src/server/http/context.ts', 'src/server/http/request-log.ts'],
  [
    'src/server/seed/calendar.ts',
    'src/server/seed/demo-artworks/index.ts',
    'src/server/seed/demo-content.ts',
    'src/server/seed/demo-incidents.ts',
    'src/server/seed/demo-processes.ts',
    'src/server/seed/demo-releases.ts',
    'src/server/seed/reference-data/index.ts',
    'src/server/seed/steps.ts',
  ],
  ['src/server/storage-s3.ts', 'src/server/storage.ts'],
]

describe('module boundaries', () => {
  it('machines/ imports neither the server nor the web app', () => {
    expect(violations('machines', ['src/server', 'src/web'])).toEqual([])
  })
  it('src/shared imports neither the server nor the web app', () => {
    expect(violations('src/shared', ['src/server', 'src/web'])).toEqual([])
  })
  it('src/web never imports the server', () => {
    expect(violations('src/web', ['src/server'])).toEqual([])
  })
  it('no import cycle crosses areas (machines, src/shared, src/server, src/web)', () => {
    const crossing = importCycles(['src', 'machines']).filter((part) => new Set(part.map(areaOf)).size > 1)
    expect(crossing).toEqual([])
  })
  it('no import cycle within an area besides the three known ones listed above', () => {
    expect(importCycles(['src', 'machines'])).toEqual(KNOWN_CYCLES)
  })
  it('the cycle finder finds a cycle of type-only imports', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'))
    writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b'\nexport type A = B[]\n")
    writeFileSync(path.join(dir, 'b.ts'), "export type B = import('./a').A | string\n")
    writeFileSync(path.join(dir, 'c.ts'), "import type { A } from './a'\nexport type C = A\n")
    try {
      expect(importCycles([dir])).toEqual([[rel(path.join(dir, 'a.ts')), rel(path.join(dir, 'b.ts'))]])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
