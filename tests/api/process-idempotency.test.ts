// Idempotency keys bound to their request, over HTTP on the production machines: a key
// is stored with a hash of (user, process, event type, expected version, payload, comment), or of (user,
// type, input) for a start; the same request again gets the first result, another request under the same
// key is refused with 409 idempotencyKeyMismatch and writes nothing; identical requests racing each other
// all get the first result, and exactly one is applied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { createTestContext, type TestContext } from './helpers'
import { countRows, dueDiligence, makePdf } from './process-helpers'

let t: TestContext
let tokens: Record<string, string>

beforeAll(async () => {
  t = await createTestContext()
  await makePdf(t)
  tokens = {}
  for (const u of ['registrar', 'operations']) tokens[u] = await t.login(u)
})
afterAll(() => t?.close())

let n = 0
const purchaseInput = () => ({ artworks: [{ titleZh: `幂等${++n}`, titleEn: `Idempotent ${n}` }] })

const start = (body: Record<string, unknown>, user = 'registrar', lang = 'en') =>
  t.call<ProcessView>('POST', '/api/process', { token: tokens[user], body, lang })

async function newPurchase(): Promise<ProcessView> {
  const res = await start({ type: 'BUY_ART', input: purchaseInput() })
  if (res.code !== 0) throw new Error(`start: ${res.code} ${res.msg}`)
  return res.data
}

const post = (p: ProcessView, body: Record<string, unknown>, user = 'registrar', lang = 'en') =>
  t.call<ProcessView>('POST', `/api/process/${p.id}/events`, {
    token: tokens[user],
    body: { expectedVersion: p.version, ...body },
    lang,
  })

async function written(id: string) {
  const [row] = (await t.deps.database.raw('select version, snapshot from processes where id = $1', [
    id,
  ])) as {
    version: number
    snapshot: { context: { steps: Record<string, { draft?: unknown }> } }
  }[]
  return {
    history: await countRows(t, 'process_history', 'process_id = $1', [id]),
    version: row.version,
    draft: row.snapshot.context.steps.dueDiligence?.draft,
  }
}

const key = (name: string) => `${name}-${Date.now()}-${++n}`

describe('an event with an idempotency key', () => {
  it('answers 10 identical requests racing each other with one result, applied once', async () => {
    const p = await newPurchase()
    const body = { type: 'SAVE', payload: { seller: 'Raced' }, idempotencyKey: key('race') }
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(p, body)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(0))
    for (const a of answers) expect(a.data).toEqual(answers[0].data)
    expect(answers[0].data.version).toBe(2)
    expect(await written(p.id)).toMatchObject({ history: 2, version: 2, draft: { seller: 'Raced' } })
    expect(await countRows(t, 'process_idempotency_keys', 'key = $1', [body.idempotencyKey])).toBe(1)
  })

  it('answers a racing repeat of an event with effects with the first result, effects applied once', async () => {
    const p = await newPurchase()
    const body = { type: 'SUBMIT', payload: dueDiligence(), idempotencyKey: key('submit') }
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(p, body)))
    expect(answers.every((a) => a.code === 0)).toBe(true)
    for (const a of answers) expect(a.data).toEqual(answers[0].data)
    expect(answers[0].data.status).toBe('approvalOngoing')
    expect(await written(p.id)).toMatchObject({ history: 2, version: 2 })
    // notify(approvers) ran once: one message per approver, not ten.
    const messages = await countRows(t, 'messages', 'process_id = $1', [p.id])
    const approvers = (await t.deps.database.raw(
      `select count(distinct recipient_id)::int as n from messages where process_id = $1`,
      [p.id],
    )) as { n: number }[]
    expect(messages).toBe(approvers[0].n)
  })

  it('refuses the same key with another payload (409, its own message), writing nothing', async () => {
    const p = await newPurchase()
    const idempotencyKey = key('payload')
    const first = await post(p, { type: 'SAVE', payload: { seller: 'First' }, idempotencyKey })
    expect(first.code).toBe(0)
    const before = await written(p.id)
    const other = await post(p, { type: 'SAVE', payload: { seller: 'Second' }, idempotencyKey })
    expect(other).toMatchObject({
      status: 409,
      code: 409,
      msg: 'This idempotency key was already used for a different request; nothing was done',
    })
    expect(await written(p.id)).toEqual(before)
    expect(before.draft).toEqual({ seller: 'First' })
    const zh = await post(
      p,
      { type: 'SAVE', payload: { seller: 'Third' }, idempotencyKey },
      'registrar',
      'zh-CN',
    )
    expect(zh).toMatchObject({ status: 409, msg: '该幂等键已用于另一个不同的请求，未执行本次操作' })
    // The same request again still gets its first result.
    const again = await post(p, { type: 'SAVE', payload: { seller: 'First' }, idempotencyKey })
    expect(again).toMatchObject({ code: 0, data: first.data })
  })

  it('binds the key to the event type, the expected version and the comment too', async () => {
    let p = await newPurchase()
    const idempotencyKey = key('bound')
    const first = await post(p, { type: 'SAVE', payload: { seller: 'A' }, idempotencyKey })
    expect(first.code).toBe(0)
    p = first.data
    const mismatches = [
      { type: 'SUBMIT', payload: { seller: 'A' } },
      { type: 'SAVE', payload: { seller: 'A' }, expectedVersion: 2 },
      { type: 'SAVE', payload: { seller: 'A' }, comment: 'with a comment', expectedVersion: 1 },
    ]
    for (const body of mismatches) {
      const res = await post({ ...p, version: 1 }, { ...body, idempotencyKey })
      expect(res.status, JSON.stringify(body)).toBe(409)
      expect(res.msg).toMatch(/different request/)
    }
    expect(await written(p.id)).toMatchObject({ history: 2, version: 2 })
  })

  it('treats the same payload with its keys in another order as the same request', async () => {
    const p = await newPurchase()
    const idempotencyKey = key('order')
    const first = await post(p, { type: 'SAVE', payload: { seller: 'S', provenance: 'P' }, idempotencyKey })
    const again = await post(p, { type: 'SAVE', payload: { provenance: 'P', seller: 'S' }, idempotencyKey })
    expect(first.code).toBe(0)
    expect(again).toMatchObject({ code: 0, data: first.data })
    expect(await written(p.id)).toMatchObject({ history: 2 })
  })

  it('keeps keys per user: another user sending the same key is another request', async () => {
    const p = await newPurchase()
    const idempotencyKey = key('per-user')
    const mine = await post(p, { type: 'SAVE', payload: { seller: 'Mine' }, idempotencyKey })
    expect(mine.code).toBe(0)
    // The operations user's request is applied on its own (here: stale, so 409 conflict, not a mismatch).
    const theirs = await post(
      p,
      { type: 'SAVE', payload: { seller: 'Theirs' }, idempotencyKey },
      'operations',
    )
    expect(theirs).toMatchObject({
      status: 409,
      msg: 'Operation failed, other ongoing process at the moment',
    })
    const next = await post(
      mine.data,
      { type: 'SAVE', payload: { seller: 'Theirs' }, idempotencyKey },
      'operations',
    )
    expect(next.code).toBe(0)
    expect(await written(p.id)).toMatchObject({ history: 3, draft: { seller: 'Theirs' } })
  })

  it('refuses a malformed key with a 400 naming the field', async () => {
    const p = await newPurchase()
    const res = await post(p, { type: 'SAVE', payload: {}, idempotencyKey: 'has spaces/and slashes' })
    expect(res.status).toBe(400)
    expect(Object.keys((res.data as unknown as { fieldErrors: object }).fieldErrors)).toEqual([
      'idempotencyKey',
    ])
    expect(await written(p.id)).toMatchObject({ history: 1 })
  })
})

describe('a start with an idempotency key', () => {
  const processesOf = (title: string) =>
    countRows(t, 'process_history', `event_type = 'CREATE' and payload::text like $1`, [`%${title}%`])

  it('creates one process for 10 identical starts racing each other, and answers each with it', async () => {
    const input = purchaseInput()
    const body = { type: 'BUY_ART', input, idempotencyKey: key('start-race') }
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(body)))
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(0))
    for (const a of answers) expect(a.data).toEqual(answers[0].data)
    expect(await processesOf(input.artworks[0].titleEn)).toBe(1)
    const again = await start(body)
    expect(again).toMatchObject({ code: 0, data: answers[0].data })
  })

  it('refuses the same key with another input or type (409), creating nothing', async () => {
    const input = purchaseInput()
    const idempotencyKey = key('start')
    const first = await start({ type: 'BUY_ART', input, idempotencyKey })
    expect(first.code).toBe(0)
    const before = await countRows(t, 'processes')
    const otherInput = purchaseInput()
    const other = await start({ type: 'BUY_ART', input: otherInput, idempotencyKey })
    expect(other).toMatchObject({ status: 409, msg: expect.stringMatching(/different request/) })
    const otherType = await start({ type: 'INVENTORY_CHECK', input: {}, idempotencyKey })
    expect(otherType.status).toBe(409)
    expect(await countRows(t, 'processes')).toBe(before)
    expect(await processesOf(otherInput.artworks[0].titleEn)).toBe(0)
  })

  it('stores nothing under the key of a start that was refused: the corrected start may use it', async () => {
    const idempotencyKey = key('start-bad')
    const bad = await start({ type: 'BUY_ART', input: { artworks: [] }, idempotencyKey })
    expect(bad.status).toBe(400)
    expect(await countRows(t, 'process_idempotency_keys', 'key = $1', [idempotencyKey])).toBe(0)
  })
})
