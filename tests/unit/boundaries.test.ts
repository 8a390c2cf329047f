// Module boundaries (docs/architecture.md § Layers): machines/ and src/shared/ never import the server or the web app;
// src/web never imports src/server.
import { readdirSync, readFileSync, statSync } from 'node:fs'
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
})
