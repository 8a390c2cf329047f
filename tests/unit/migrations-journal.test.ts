// Drizzle's migrator applies a migration only when its journal time (`when`) is later than the last one the
// database recorded: a migration dated before an earlier one would be skipped on every database made before
// it (found when four migrations made on branches the same day were renumbered after a later-dated one).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const journal = JSON.parse(
  readFileSync(new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { idx: number; when: number; tag: string }[] }

describe('the migrations journal', () => {
  it('numbers the migrations in order and dates each after the one before', () => {
    const late = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1].when)
    expect(late.map((e) => e.tag)).toEqual([])
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i))
    for (const e of journal.entries) expect(e.tag.startsWith(String(e.idx).padStart(4, '0'))).toBe(true)
  })
})
