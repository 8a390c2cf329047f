// The view an event returns is built on a fast path (one statement that writes and reads what the view
// needs, over a per-server cache of the append-only history), while GET /api/process/:id builds it the
// plain way. These must never differ: each event's answer is compared with GET, through two app instances
// on one database (two servers, each its own process cache), across effects, an idempotency key, a
// refusal, and a user renamed mid-process (names are never cached). A server that holds a row another
// server has since moved on from answers as if it had loaded it: 409, nothing written.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import type { Db } from '../../src/server/db/client'
import * as schema from '../../src/server/db/schema'
import { type HistoryRow, ProcessCache } from '../../src/server/modules/process/process-cache'
import {
  HISTORY_IN_VIEW,
  type ProcessHistoryItem,
  type ProcessStepRecord,
  type ProcessView,
  STEP_ENTRIES_IN_VIEW,
} from '../../src/shared/contracts/process'
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

type App = ReturnType<typeof createApp>

/** POST an event to one server; the envelope as it came. */
async function post(
  app: App,
  user: string,
  p: ProcessView,
  type: string,
  extra: Record<string, unknown> = {},
) {
  const body = JSON.stringify({ type, expectedVersion: p.version, ...extra })
  const headers = {
    'content-type': 'application/json',
    'x-auth-token': tokens[user],
    'accept-language': 'en',
  }
  const res = await app.request(`/api/process/${p.id}/events`, { method: 'POST', headers, body })
  return (await res.json()) as { code: number; msg: string; data: ProcessView }
}

/**
 * Send an event through one server or the other, in turn (or through the one named); the answer must
 * equal GET's view.
 */
async function send(
  user: string,
  p: ProcessView,
  type: string,
  extra: Record<string, unknown> = {},
  app: App = turn++ % 2 === 0 ? t.app : second,
) {
  const res = await post(app, user, p, type, extra)
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
    p = await send('registrar', p, 'SUBMIT', { payload: payment() })
    p = await send('approver', p, 'APPROVE')
    p = await send('finance', p, 'CONFIRM_PAYMENT', {
      payload: { paidOn: '2025-03-10', bankReference: 'TT-0001' },
    })
    // The purchase created and linked its artworks in the event's transaction: the answer lists them.
    expect(p.artworks.length).toBeGreaterThan(0)
    expect(p.history.map((h) => h.seq)).toEqual(Array.from({ length: p.version }, (_, i) => i + 1))
  })

  it('answers from the row it holds, and as a load would once another server moved on', async () => {
    const started = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '缓存', titleEn: 'Held' }] } },
    })
    // Three events in a row on one server: the second and third start from the row it holds.
    let p = await send('registrar', started.data, 'SAVE', { payload: { seller: 'A' } }, t.app)
    p = await send('registrar', p, 'SAVE', { payload: { seller: 'B' } }, t.app)
    const stale = p
    p = await send('registrar', p, 'SAVE', { payload: { seller: 'C' } }, t.app)
    expect(p.history.at(-1)).toMatchObject({ type: 'SAVE', files: [] })
    // The other server submits; the first still holds the draft at the version before.
    const held = p
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() }, second)
    expect(p.history.at(-1)?.files).toEqual([pdfId])
    // A stale version the first server holds: the write refuses it (409), nothing is written.
    const late = await post(t.app, 'registrar', held, 'SAVE', { payload: { seller: 'D' } })
    expect(late.code).toBe(409)
    // APPROVE is not enabled in the held draft, but the process has moved on: a load says 409 too.
    const refused = await post(t.app, 'approver', held, 'APPROVE')
    expect(refused.code).toBe(409)
    expect((await post(t.app, 'registrar', stale, 'SAVE', { payload: {} })).code).toBe(409)
    const got = await t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: tokens.registrar })
    expect(got.data.version).toBe(p.version)
    expect(got.data.history).toHaveLength(p.version)
    // And the first server goes on from the fresh row.
    p = await send('approver', p, 'APPROVE', {}, t.app)
    expect(p.state).toBe('contract.draft')
  })
})

describe('a long history', () => {
  it('shows its latest rows in the view and pages through all of them, names and all', async () => {
    const started = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '长', titleEn: 'Long' }] } },
    })
    let p = started.data
    const total = HISTORY_IN_VIEW + 12
    // Most events through one server (its cache holds a window), every fifth through the other.
    for (let i = 2; i < total; i++) {
      const app = i % 5 === 0 ? second : t.app
      p = await send('registrar', p, 'SAVE', { payload: { seller: `Seller ${i}` } }, app)
    }
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() }, t.app)
    expect(p.historyTotal).toBe(total)
    expect(p.history.map((h) => h.seq)).toEqual(
      Array.from({ length: HISTORY_IN_VIEW }, (_, i) => total - HISTORY_IN_VIEW + 1 + i),
    )
    expect(Object.keys(p.people)).toEqual([p.createdBy])

    const pages: ProcessHistoryItem[] = []
    for (let page = 1; page <= 4; page++) {
      const res = await t.call<{ list: ProcessHistoryItem[]; total: number }>(
        'GET',
        `/api/process/${p.id}/history?page=${page}&pageSize=20`,
        { token: tokens.approver },
      )
      expect(res.code, res.msg).toBe(0)
      expect(res.data.total).toBe(total)
      pages.push(...res.data.list)
    }
    expect(pages.map((h) => h.seq)).toEqual(Array.from({ length: total }, (_, i) => total - i))
    expect(pages[0]).toMatchObject({ type: 'SUBMIT', files: [pdfId], byName: p.people[p.createdBy] })
    expect(pages.at(-1)).toMatchObject({ seq: 1, type: 'CREATE', fromState: null })
    // The newest page is the view's history, newest first.
    expect(pages.slice(0, HISTORY_IN_VIEW)).toEqual([...p.history].reverse())

    // An approver's decision adds them to the people, on either server.
    p = await send('approver', p, 'APPROVE', {}, second)
    expect(p.people[p.history.at(-1)!.by]).toBe(p.history.at(-1)!.byName)
    expect(Object.keys(p.people)).toHaveLength(2)
  })

  it('refuses a bad page and an unknown process, and asks for the privilege to view processes', async () => {
    const bad = await t.call('GET', '/api/process/00000000-0000-4000-8000-000000000000/history?page=0', {
      token: tokens.approver,
    })
    expect(bad.code).toBe(400)
    const unknown = await t.call('GET', '/api/process/00000000-0000-4000-8000-000000000000/history', {
      token: tokens.approver,
    })
    expect(unknown.code).toBe(404)
    const anonymous = await t.call('GET', '/api/process/00000000-0000-4000-8000-000000000000/history')
    expect(anonymous.code).toBe(403)
  })
})

describe('a step retried many times', () => {
  it('carries its latest entries in the view and the whole record behind its own call', async () => {
    const started = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '重试', titleEn: 'Retried' }] } },
    })
    let p = await send('registrar', started.data, 'SUBMIT', { payload: dueDiligence() })
    p = await send('approver', p, 'APPROVE')
    p = await send('registrar', p, 'SUBMIT', { payload: contract() })
    p = await send('approver', p, 'APPROVE')
    p = await send('registrar', p, 'SUBMIT', { payload: payment() })
    p = await send('approver', p, 'APPROVE')
    const rounds = STEP_ENTRIES_IN_VIEW + 3
    for (let i = 1; i <= rounds; i++) {
      p = await send('finance', p, 'PAYMENT_FAILED', { comment: `Refused ${i}` })
      p = await send('finance', p, 'RETRY_PAYMENT')
    }
    const inView = p.context.steps.payment
    expect(inView.paymentFailures?.map((f) => f.comment)).toEqual(
      Array.from(
        { length: STEP_ENTRIES_IN_VIEW },
        (_, i) => `Refused ${rounds - STEP_ENTRIES_IN_VIEW + 1 + i}`,
      ),
    )
    expect(inView.events).toHaveLength(STEP_ENTRIES_IN_VIEW)
    expect(p.stepTotals).toEqual({ payment: { events: rounds, paymentFailures: rounds, approvals: 1 } })
    // The steps that were not cut are whole, and carry no totals.
    expect(p.stepTotals).not.toHaveProperty('contract')

    const whole = await t.call<ProcessStepRecord>('GET', `/api/process/${p.id}/steps/payment`, {
      token: tokens.approver,
    })
    expect(whole.code, whole.msg).toBe(0)
    expect(whole.data.paymentFailures?.map((f) => f.comment)).toEqual(
      Array.from({ length: rounds }, (_, i) => `Refused ${i + 1}`),
    )
    expect(whole.data.events?.map((e) => e.type)).toEqual(Array(rounds).fill('RETRY_PAYMENT'))
    expect(whole.data).toMatchObject({ step: 'payment', data: { amount: '880000.00' } })

    // A step the process has not reached reads empty; one its machine lacks, or another process, is 404.
    const notYet = await t.call<ProcessStepRecord>(
      'GET',
      `/api/process/${started.data.id}/steps/dueDiligence`,
      {
        token: tokens.approver,
      },
    )
    expect(notYet.data).toMatchObject({ step: 'dueDiligence', approvals: [{ by: expect.any(String) }] })
    const unknownStep = await t.call('GET', `/api/process/${p.id}/steps/warehousing`, {
      token: tokens.approver,
    })
    expect(unknownStep.code).toBe(404)
    const unknown = await t.call('GET', '/api/process/00000000-0000-4000-8000-000000000000/steps/payment', {
      token: tokens.approver,
    })
    expect(unknown.code).toBe(404)
    const malformed = await t.call('GET', `/api/process/${p.id}/steps/pay%20ment`, { token: tokens.approver })
    expect(malformed.code).toBe(400)
    const anonymous = await t.call('GET', `/api/process/${p.id}/steps/payment`)
    expect(anonymous.code).toBe(403)
  })
})

describe('the process cache', () => {
  const rows = (n: number, from = 1): HistoryRow[] =>
    Array.from({ length: n }, (_, i) => ({
      seq: from + i,
      type: 'SAVE',
      fromState: 'a',
      toState: 'a',
      by: `u${from + i}`,
      at: new Date(0).toISOString(),
      comment: '',
      files: [],
      definitionVersion: 1,
      allowedBy: 'devOpsManage:start',
      onBehalfOf: null,
    }))
  const history = (n: number) => ({ rows: rows(n), authors: new Set(rows(n).map((r) => r.by)) })
  const held = (version: number) => ({ row: { version } as never, snapshot: {} as never })

  it('keeps the newest history it was given, at most a view of it, with everyone it names', () => {
    const cache = new ProcessCache()
    expect(cache.history('p').rows).toEqual([])
    cache.hold('p', history(3))
    cache.hold('p', history(2))
    expect(cache.history('p').rows).toHaveLength(3)
    cache.hold('p', history(HISTORY_IN_VIEW + 5))
    const { rows: kept, authors } = cache.history('p')
    expect(kept.map((r) => r.seq)).toEqual(rows(HISTORY_IN_VIEW, 6).map((r) => r.seq))
    expect(authors.size).toBe(HISTORY_IN_VIEW + 5)
  })

  it('gives the row only at the version it holds, and never an older one over a newer', () => {
    const cache = new ProcessCache()
    expect(cache.row('p', 1)).toBeUndefined()
    cache.hold('p', history(2), held(2))
    expect(cache.row('p', 2)?.row.version).toBe(2)
    expect(cache.row('p', 1)).toBeUndefined()
    expect(cache.row('p', 3)).toBeUndefined()
    cache.hold('p', history(1), held(1))
    expect(cache.row('p', 2)?.row.version).toBe(2)
    expect(cache.history('p').rows).toHaveLength(2)
    cache.hold('p', history(3), held(3))
    expect(cache.row('p', 2)).toBeUndefined()
    expect(cache.row('p', 3)?.row.version).toBe(3)
  })

  it('holds at most its limit, dropping the least recently used', () => {
    const cache = new ProcessCache(2)
    cache.hold('a', history(1))
    cache.hold('b', history(1))
    cache.history('a')
    cache.hold('c', history(1))
    expect(cache.size).toBe(2)
    expect(cache.history('b').rows).toEqual([])
    expect(cache.history('a').rows).toHaveLength(1)
  })
})
