// The backup manifest's checks: what a restore refuses from the manifest alone, before a byte is extracted,
// and the only entry names it ever writes to disk (no path leaves the staging folder).
import { describe, expect, it } from 'vitest'
import {
  BACKUP_FORMAT,
  EMBEDDED_DB_PART,
  knownMigrations,
  type Manifest,
  POSTGRES_DB_PART,
  parseManifest,
  partNameOk,
} from '../../src/server/backup/manifest'

const newest = knownMigrations().at(-1)
const sha = 'a'.repeat(64)

function manifest(change: (m: Manifest) => unknown = (m) => m): string {
  const m: Manifest = {
    format: BACKUP_FORMAT,
    formatVersion: 1,
    driver: 'embedded',
    createdAt: '2026-11-28T07:00:00.000Z',
    appVersion: '0.1.0',
    schema: {
      migrations: knownMigrations().length,
      lastMigrationAt: newest?.when ?? 0,
      lastMigration: newest?.tag ?? null,
    },
    files: { storage: 'disk', count: 1 },
    parts: [
      { name: EMBEDDED_DB_PART, bytes: 10, sha256: sha },
      { name: 'files/ab/abcdef0123', bytes: 3, sha256: sha },
    ],
  }
  return JSON.stringify(change(m))
}

describe('backup manifest', () => {
  it('reads a manifest of this format and schema, and of an older schema', () => {
    expect(parseManifest(manifest(), 'b.tar').driver).toBe('embedded')
    const older = manifest((m) => ({
      ...m,
      schema: { migrations: 3, lastMigrationAt: 1, lastMigration: null },
    }))
    expect(parseManifest(older, 'b.tar').schema.migrations).toBe(3)
  })

  it('refuses what is not a backup manifest, naming the file', () => {
    expect(() => parseManifest('not json', 'x.tar')).toThrow(
      'x.tar is not a Vitrine backup (its manifest is not readable)',
    )
    expect(() => parseManifest('{"format":"zip"}', 'x.tar')).toThrow(
      'x.tar is not a Vitrine backup (no backup manifest)',
    )
    expect(() =>
      parseManifest(
        manifest((m) => ({ ...m, parts: undefined })),
        'x.tar',
      ),
    ).toThrow('is not a Vitrine backup (its manifest is incomplete)')
    expect(() =>
      parseManifest(
        manifest((m) => ({ ...m, parts: m.parts.filter((p) => p.name !== EMBEDDED_DB_PART) })),
        'x.tar',
      ),
    ).toThrow('x.tar is not a Vitrine backup (it holds no database)')
    expect(() =>
      parseManifest(
        manifest((m) => ({ ...m, driver: 'postgres' })),
        'x.tar',
      ),
    ).toThrow('it holds no database')
  })

  it('refuses a newer format and a newer schema, saying which version reads it', () => {
    expect(() =>
      parseManifest(
        manifest((m) => ({ ...m, formatVersion: 2 })),
        'x.tar',
      ),
    ).toThrow('x.tar is a backup of format 2, newer than this Vitrine reads (1)')
    const future = manifest((m) => ({
      ...m,
      appVersion: '9.0.0',
      schema: { migrations: 99, lastMigrationAt: (newest?.when ?? 0) + 1, lastMigration: '0099_future' },
    }))
    expect(() => parseManifest(future, 'x.tar')).toThrow(
      `x.tar holds a database of a newer schema (0099_future) than this Vitrine knows (${newest?.tag}): restore it with Vitrine 9.0.0 or later`,
    )
  })

  it('refuses a part name that could leave the staging folder, or a name twice', () => {
    for (const name of [
      '../db',
      'files/../../etc/passwd',
      'files/ab/../x',
      '/etc/passwd',
      'files/ab/cd01',
      'files/ab/ab.part-1',
      'db/other',
    ])
      expect(partNameOk(name), name).toBe(false)
    for (const name of [EMBEDDED_DB_PART, POSTGRES_DB_PART, 'files/ab/abcdef0123', 'files/9f/9f00_t'])
      expect(partNameOk(name), name).toBe(true)
    const traversal = manifest((m) => ({
      ...m,
      parts: [...m.parts, { name: 'files/../x', bytes: 1, sha256: sha }],
    }))
    expect(() => parseManifest(traversal, 'x.tar')).toThrow('its manifest names an unexpected part')
    const twice = manifest((m) => ({ ...m, parts: [...m.parts, m.parts[1]] }))
    expect(() => parseManifest(twice, 'x.tar')).toThrow('its manifest names an unexpected part')
  })
})
