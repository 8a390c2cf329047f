// The view an event returns is built on a fast path (one statement that writes and reads what the view
// needs, over a per-server cache of the append-only history), while GET /api/process/:id builds it the
// plain way. These must never differ: each event's answer is compared with GET, through two app instances
// on one database (two servers, each its own history cache), across effects, an idempotency key, a
// refusal, and a user renamed mid-process (names are never cached).
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import type { Db } from '../../src/server/db/client'
import * as schema from '../../src/server/db/schema'
import { HistoryCache, type HistoryRow } from '../../src/server/modules/process/history-cache'
import type { ProcessView } from '../../src/shared/contracts/process'
import { createTestContext, type TestContext } from './helpers'
import { contract, dueDiligence, makePdf, payment } from './process-helpers'

let t: TestContext
let second: ReturnType<typeof createApp>
const tokens: Record<string, string> = {}

let pdfId = ''
beforeAll(async () => {
  t = await createTestContext()
  pdfId = await makePdf(t)
  for (const u of ['registrar', 'approver', 'finance']) tokens[u] = await t.login(u)
  // Another Db object on the same client: a second server with its own caches.
  const client = (t.deps.database.db as unknown as { $client: never }).$client
  const config = { client, schema, casing: 'snake_case' as const }
  const db = (t.deps.database.mode === 'postgres'
    ? drizzlePg(config)
    : drizzlePglite(config)) as unknown as Db
  second = createApp({ ...t.deps, database: { ...t.deps.database, db } })
})
afterAll(() => t?.close())

let turn = 0

/** Send an event through one server or the other, in turn; the answer must equal GET's view. */
async function send(user: string, p: ProcessView, type: string, extra: Record<string, unknown> = {}) {
  const body = JSON.stringify({ type, expectedVersion: p.version, ...extra })
  const headers = {
    'content-type': 'application/json',
    'x-auth-token': tokens[user],
    'accept-language': 'en',
  }
  const app = turn++ % 2 === 0 ? t.app : second
  const res = (await (
    await app.request(`/api/process/${p.id}/events`, { method: 'POST', headers, body })
  ).json()) as {
    code: number
    msg: string
    data: ProcessView
  }
  if (res.code !== 0) throw new Error(`${user} ${type} → ${res.code} ${res.msg}`)
  const got = await t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: tokens[user] })
  expect(res.data, `${type} by ${user}`).toEqual(got.data)
  return res.data
}

describe('the view an event returns', () => {
  it('equals the view GET builds, event after event, on either server', async () => {
    const started = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '视图', titleEn: 'View' }] } },
    })
    let p = started.data
    p = await send('registrar', p, 'SAVE', { payload: { seller: 'Galerie Nord' } })
    p = await send('registrar', p, 'SAVE', { payload: { seller: 'Galerie Nord', sellerCountry: 'FR' } })
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence(), comment: '  checked  ' })
    // A refusal writes nothing and leaves both servers' next answers right.
    const refused = await t.call('POST', `/api/process/${p.id}/events`, {
      token: tokens.registrar,
      body: { type: 'APPROVE', expectedVersion: p.version },
    })
    expect(refused.code).toBe(4031)
    p = await send('approver', p, 'APPROVE')
    // A renamed user shows under the new name in every history row, on both servers.
    await t.deps.database.raw(
      `update users set display_name = 'Renamed Registrar' where username = 'registrar'`,
    )
    p = await send('registrar', p, 'SUBMIT', { payload: contract(), idempotencyKey: `contract-${p.id}` })
    expect(p.history.filter((h) => h.by === p.createdBy).map((h) => h.byName)).toEqual(
      Array(5).fill('Renamed Registrar'),
    )
    expect(p.createdByName).toBe('Renamed Registrar')
    p = await send('approver', p, 'APPROVE')
    p = await send('finance', p, 'SUBMIT', { payload: payment() })
    p = await send('approver', p, 'APPROVE')
    p = await send('finance', p, 'CONFIRM_PAYMENT', {
      payload: { paidOn: '2025-03-10', bankReference: 'TT-0001' },
    })
    // The purchase created and linked its artworks in the event's transaction: the answer lists them.
    expect(p.artworks.length).toBeGreaterThan(0)
    expect(p.history.map((h) => h.seq)).toEqual(Array.from({ length: p.version }, (_, i) => i + 1))
  })
})

describe('the history cache', () => {
  const rows = (n: number): HistoryRow[] =>
    Array.from({ length: n }, (_, i) => ({
      seq: i + 1,
      type: 'SAVE',
      fromState: 'a',
      toState: 'a',
      by: 'u',
      at: new Date(0).toISOString(),
      comment: '',
    }))

  it('keeps the longest prefix it was given', () => {
    const cache = new HistoryCache()
    expect(cache.get('p')).toEqual([])
    cache.set('p', rows(3))
    cache.set('p', rows(2))
    expect(cache.get('p')).toHaveLength(3)
    cache.set('p', rows(4))
    expect(cache.get('p')).toHaveLength(4)
  })

  it('holds at most its limit, dropping the least recently used', () => {
    const cache = new HistoryCache(2)
    cache.set('a', rows(1))
    cache.set('b', rows(1))
    cache.get('a')
    cache.set('c', rows(1))
    expect(cache.size).toBe(2)
    expect(cache.get('b')).toEqual([])
    expect(cache.get('a')).toHaveLength(1)
  })
})
