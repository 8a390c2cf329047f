// Starting a process with its first step's draft (POST /api/process with `draft`): one transaction that
// creates the process and saves the draft as a SAVE would (a history row of its own), idempotent with the
// key bound to the whole request; a bad draft is refused naming `draft.<field>` in the request's language,
// and nothing is created. Then the view's `links` (machines' followUps): a purchase and its shipping, a
// loan's insurance, a sale's delivery (on its sold works), a policy's renewal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { day, type Flow, openFlow, premiumPaid } from './process-flow'
import { countRows, dueDiligence } from './process-helpers'

let f: Flow

beforeAll(async () => {
  f = await openFlow()
})
afterAll(() => f?.close())

const startRaw = (body: Record<string, unknown>, lang = 'en', user = 'registrar') =>
  f.t.call<any>('POST', '/api/process', { token: f.tokens[user], body, lang })
const processCount = () => countRows(f.t, 'processes')
const purchase = { artworks: [{ titleZh: '山水', titleEn: 'Landscape' }] }

describe('a start with its first draft', () => {
  it('creates the process and saves the draft in one call: CREATE then SAVE, the draft in the step', async () => {
    const draft = { seller: 'Galerie Nord', price: '880000.00', currency: 'CNY' }
    const res = await startRaw({ type: 'BUY_ART', input: purchase, draft })
    expect(res.code).toBe(0)
    const p = res.data as ProcessView
    expect(p).toMatchObject({ version: 2, historyTotal: 2, state: 'dueDiligence.draft', status: 'draft' })
    expect(p.history.map((h) => h.type)).toEqual(['CREATE', 'SAVE'])
    expect((p.context as any).steps.dueDiligence.draft).toEqual(draft)
    const rows = (await f.t.deps.database.raw(
      'select seq, event_type, payload from process_history where process_id = $1 order by seq',
      [p.id],
    )) as { seq: number; event_type: string; payload: unknown }[]
    expect(rows.map((r) => [r.seq, r.event_type])).toEqual([
      [1, 'CREATE'],
      [2, 'SAVE'],
    ])
    expect(rows[1].payload).toEqual(draft)
    // The draft is the step's draft: the next SUBMIT starts from it like any saved draft.
    const submitted = await f.send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    expect(submitted.state).toBe('dueDiligence.submitted')
  })

  it('refuses a bad draft naming draft.<field>, in the request language, and creates nothing', async () => {
    const before = await processCount()
    const unknown = await startRaw({ type: 'BUY_ART', input: purchase, draft: { colour: 'red' } })
    expect(unknown.status).toBe(400)
    expect(Object.keys(unknown.data.fieldErrors)).toEqual(['draft.colour'])
    const long = { seller: 'x'.repeat(201) }
    const en = await startRaw({ type: 'BUY_ART', input: purchase, draft: long })
    expect(en.status).toBe(400)
    expect(Object.keys(en.data.fieldErrors)).toEqual(['draft.seller'])
    expect(en.data.fieldErrors['draft.seller']).toMatch(/200/)
    const zh = await startRaw({ type: 'BUY_ART', input: purchase, draft: long }, 'zh-CN')
    expect(zh.status).toBe(400)
    expect(zh.data.fieldErrors['draft.seller']).toMatch(/[\u4e00-\u9fff]/)
    // A file the draft names must exist.
    const ghost = await startRaw({
      type: 'BUY_ART',
      input: purchase,
      draft: { attachments: ['00000000-0000-4000-8000-000000000000'] },
    })
    expect(ghost.status).toBe(400)
    expect(Object.keys(ghost.data.fieldErrors)).toEqual(['draft.attachments.0'])
    // A draft for a user who may not fill the step: refused as the SAVE would be.
    const viewer = await startRaw({ type: 'BUY_ART', input: purchase, draft: {} }, 'en', 'viewer')
    expect(viewer.status).toBe(403)
    expect(await processCount()).toBe(before)
  })

  it('answers a repeat (same key, same input and draft) with the first result; another draft under the key is refused', async () => {
    const key = `start-draft-${Date.now()}`
    const body = { type: 'BUY_ART', input: purchase, draft: { seller: 'A' }, idempotencyKey: key }
    const before = await processCount()
    const [a, b] = await Promise.all([startRaw(body), startRaw(body)])
    expect([a.code, b.code]).toEqual([0, 0])
    expect(b.data.id).toBe(a.data.id)
    const again = await startRaw(body)
    expect(again.data).toEqual(a.data)
    expect(await processCount()).toBe(before + 1)
    expect(await countRows(f.t, 'process_history', 'process_id = $1', [a.data.id])).toBe(2)
    const other = await startRaw({ ...body, draft: { seller: 'B' } })
    expect(other.status).toBe(409)
    expect(other.data).toMatchObject({ field: 'idempotencyKey' })
    const none = await startRaw({ type: 'BUY_ART', input: purchase, idempotencyKey: key })
    expect(none.status).toBe(409)
    expect(await processCount()).toBe(before + 1)
  })

  it('rolls the start back when the draft cannot be kept (an artwork the type may not start on)', async () => {
    const ids = await f.artworks(1)
    await f.t.deps.database.raw(`update artworks set status = 'missing' where id = $1`, [ids[0]])
    const before = await processCount()
    const res = await startRaw({
      type: 'OPERATION_SHOT_ART',
      input: { artworkIds: ids },
      draft: {},
    })
    expect(res.status).toBe(400)
    expect(res.data.fieldErrors).toHaveProperty(['input.artworkIds'])
    expect(await processCount()).toBe(before)
  })
})

const ids = (v: ProcessView['links']) => ({
  follows: v?.follows.map((l) => [l.type, l.id]) ?? [],
  followedBy: v?.followedBy.map((l) => [l.type, l.id]) ?? [],
  mayStart: v?.mayStart.map((m) => m.type) ?? [],
})
const view = async (id: string, user = 'registrar') =>
  (await f.t.call<ProcessView>('GET', `/api/process/${id}`, { token: f.tokens[user] })).data

describe('links between processes', () => {
  it('links a purchase and the shipping it opened, both ways', async () => {
    let p = await f.start('registrar', 'BUY_ART', purchase)
    expect(ids(p.links)).toEqual({ follows: [], followedBy: [], mayStart: [] })
    const s = f.samples('BUY_ART', [])
    p = await f.pass(p, { ...dueDiligence(), attachments: [f.pdfId] })
    p = await f.pass(p, s.contract[0])
    p = await f.pass(p, s.payment[0], 'registrar')
    if (p.state === 'payment.submitted') p = await f.send('admin', p, 'APPROVE') // above the second-approval limit
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', { payload: { paidOn: day(0), bankReference: 'TT-1' } })
    expect(p.done).toBe(true)
    expect(p.links?.followedBy.map((l) => l.type)).toEqual(['BUY_ART_TRANS'])
    const shipping = p.links?.followedBy[0].id as string
    expect(ids((await view(shipping)).links)).toEqual({
      follows: [['BUY_ART', p.id]],
      followedBy: [],
      mayStart: [],
    })
    // Lists carry no links (a page of views stays one query per table).
    const list = await f.t.call<any>('GET', `/api/process?type=BUY_ART&pageSize=5`, {
      token: f.tokens.registrar,
    })
    expect(list.data.list[0].links).toBeUndefined()
  })

  it("offers a loan's insurance once the loan says it needs it, links it, then offers it no more", async () => {
    const art = await f.artworks(1)
    const s = f.samples('OPERATION_LOAN_EXHIBITION_ART', art)
    let loan = await f.start('registrar', 'OPERATION_LOAN_EXHIBITION_ART', { artworkIds: art })
    expect(loan.links?.mayStart).toEqual([])
    loan = await f.send('registrar', loan, 'SUBMIT', { payload: { ...s.loan[0], insuranceRequired: true } })
    expect(loan.links?.mayStart).toEqual([
      { type: 'INSURANCE_OPERATION', input: { artworkIds: art, operationProcessId: loan.id } },
    ])
    // Only for who may start processes.
    expect((await view(loan.id, 'viewer')).links?.mayStart).toEqual([])
    const cover = await f.start('registrar', 'INSURANCE_OPERATION', loan.links?.mayStart[0].input)
    expect(ids(cover.links).follows).toEqual([['OPERATION_LOAN_EXHIBITION_ART', loan.id]])
    expect(ids((await view(loan.id)).links)).toMatchObject({
      followedBy: [['INSURANCE_OPERATION', cover.id]],
      mayStart: [],
    })
  })

  it('does not offer insurance for a loan that needs none', async () => {
    const art = await f.artworks(1)
    const s = f.samples('OPERATION_LOAN_EXHIBITION_ART', art)
    let loan = await f.start('registrar', 'OPERATION_LOAN_EXHIBITION_ART', { artworkIds: art })
    loan = await f.send('registrar', loan, 'SUBMIT', { payload: { ...s.loan[0], insuranceRequired: false } })
    expect(loan.links?.mayStart).toEqual([])
  })

  it("offers a sale's delivery once sold; the delivery moves the sold work, a plain transport may not", async () => {
    const art = await f.artworks(1)
    const s = f.samples('OPERATION_SELL_ART', art)
    let sale = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: art })
    sale = await f.pass(sale, s.marketSurvey[0])
    sale = await f.pass(sale, s.contract[0])
    expect(sale.links?.mayStart).toEqual([])
    sale = await f.pass(sale, s.collection[0], 'registrar')
    sale = await f.send('finance', sale, 'CONFIRM_PAYMENT', {
      payload: { paidOn: day(0), bankReference: 'TT-2' },
    })
    expect(sale.done).toBe(true)
    // Finance confirmed the money: what follows is offered to who may start processes.
    expect(sale.links?.mayStart).toEqual([])
    sale = await view(sale.id)
    expect(sale.links?.mayStart).toEqual([
      { type: 'OPERATION_TRANS_ART', input: { artworkIds: art, sourceProcessId: sale.id } },
    ])
    const plain = await startRaw({ type: 'OPERATION_TRANS_ART', input: { artworkIds: art } })
    expect(plain.status).toBe(400)
    expect(plain.data.fieldErrors).toHaveProperty(['input.artworkIds'])
    const delivery = await f.start('registrar', 'OPERATION_TRANS_ART', sale.links?.mayStart[0].input)
    expect(ids(delivery.links).follows).toEqual([['OPERATION_SELL_ART', sale.id]])
    expect(ids((await view(sale.id)).links)).toMatchObject({
      followedBy: [['OPERATION_TRANS_ART', delivery.id]],
      mayStart: [],
    })
  })

  it("offers a policy's renewal once its premium is paid", async () => {
    const art = await f.artworks(1)
    const s = f.samples('INSURANCE_ANNUAL', art)
    let p = await f.start('registrar', 'INSURANCE_ANNUAL', { artworkIds: art })
    p = await f.pass(p, s.quotation[0])
    p = await f.pass(p, { ...s.policy[0], policyNo: `POL-LINK-${Date.now()}` })
    expect(p.links?.mayStart).toEqual([])
    p = await view((await premiumPaid(f, p, art)).id)
    expect(p.links?.mayStart.map((m) => m.type)).toEqual(['INSURANCE_RENEWAL'])
    const renewal = await f.start('registrar', 'INSURANCE_RENEWAL', p.links?.mayStart[0].input)
    expect(ids(renewal.links).follows).toEqual([['INSURANCE_ANNUAL', p.id]])
  })

  it('refuses a start naming a process it cannot follow, at that field', async () => {
    const art = await f.artworks(1)
    const shot = await f.start('registrar', 'OPERATION_SHOT_ART', { artworkIds: art })
    await f.send('registrar', shot, 'TERMINATE', { comment: 'test' })
    for (const operationProcessId of [shot.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await startRaw({
        type: 'INSURANCE_OPERATION',
        input: { artworkIds: art, operationProcessId },
      })
      expect(res.status).toBe(400)
      expect(Object.keys(res.data.fieldErrors)).toEqual(['input.operationProcessId'])
    }
  })
})
