// The canonical text a chained row is hashed over: keys sorted at every depth, nothing undefined, timestamps
// in UTC with six decimals, the same text whether the row is the one about to be inserted (schema keys, Date
// values) or the one read back (database names, the formatted timestamp); every column of each chained table
// is covered but its chain position and hash; a link is sha256(previous hash ‖ canonical text).
import { createHash } from 'node:crypto'
import { getTableColumns } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import { describe, expect, it } from 'vitest'
import {
  CHAIN_COLUMNS,
  CHAINED_TABLES,
  canonicalJson,
  canonicalRow,
  canonicalTime,
} from '../../src/server/audit/canonical'
import { GENESIS_HASH } from '../../src/server/audit/chain'
import { linkHash } from '../../src/server/audit/verify'
import { CHAIN_NAMES } from '../../src/shared/audit'

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops undefined, as JSON does', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, undefined, 'x'], c: null }, e: undefined })).toBe(
      '{"a":{"c":null,"d":[3,null,"x"]},"b":1}',
    )
    expect(canonicalJson({ z: 'é中', Z: true, _: 1.5 })).toBe('{"Z":true,"_":1.5,"z":"é中"}')
    expect(canonicalJson(new Date('2026-01-02T03:04:05.678Z'))).toBe('"2026-01-02T03:04:05.678Z"')
    expect(canonicalJson(Number.NaN)).toBe('null')
  })

  it('writes timestamps in UTC with six decimals', () => {
    expect(canonicalTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05.678000Z')
  })
})

describe('canonical rows', () => {
  it('covers every column of each chained table but its position and hash, in name order', () => {
    for (const chain of CHAIN_NAMES) {
      const names = CHAIN_COLUMNS[chain].map((c) => c.name)
      const expected = Object.keys(getTableColumns(CHAINED_TABLES[chain]))
        .filter((k) => k !== 'chainNo' && k !== 'hash')
        .map(toSnakeCase)
        .sort()
      expect(names).toEqual(expected)
    }
  })

  it('gives one text for the row written and the row read back', () => {
    const at = new Date('2026-03-04T05:06:07.089Z')
    const written = canonicalRow('process_history', {
      processId: '00000000-0000-4000-8000-000000000001',
      seq: 2,
      eventType: 'SAVE',
      fromState: 'a',
      toState: 'a',
      byUserId: null,
      at,
      payload: { seller: 'X', amount: '1.50' },
      definitionVersion: 1,
      allowedBy: 'starter',
      comment: '',
    })
    const read = canonicalRow(
      'process_history',
      {
        process_id: '00000000-0000-4000-8000-000000000001',
        seq: 2,
        event_type: 'SAVE',
        from_state: 'a',
        to_state: 'a',
        by_user_id: null,
        on_behalf_of: null,
        at: '2026-03-04T05:06:07.089000Z',
        payload: { amount: '1.50', seller: 'X' },
        definition_version: 1,
        allowed_by: 'starter',
        comment: '',
      },
      'name',
    )
    expect(written).toBe(read)
    expect(written).toBe(
      '{"allowed_by":"starter","at":"2026-03-04T05:06:07.089000Z","by_user_id":null,"comment":"",' +
        '"definition_version":1,"event_type":"SAVE","from_state":"a","on_behalf_of":null,' +
        '"payload":{"amount":"1.50","seller":"X"},"process_id":"00000000-0000-4000-8000-000000000001",' +
        '"seq":2,"to_state":"a"}',
    )
    expect(linkHash(GENESIS_HASH, written)).toBe(
      createHash('sha256').update(`${GENESIS_HASH}${written}`, 'utf8').digest('hex'),
    )
  })
})
