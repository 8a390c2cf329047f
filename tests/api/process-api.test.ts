// The process API's guarantees over HTTP, on the production machines: exactly one of two clients on the
// same version wins; a repeated idempotency key is one transition; refusals (not enabled, forbidden, bad
// payload, stale version) are clear and write nothing; the second approval above the configured amount;
// definitions, per-state counts, list filters, the inbox and the message bell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverDueReminders, scheduleReminder } from '../../src/server/modules/messages/send'
import { IDEMPOTENCY_KEY_DAYS, purgeIdempotencyKeys } from '../../src/server/modules/process/jobs'
import type { ProcessView } from '../../src/shared/contracts/process'
import { calendarDateText, dayIn } from '../../src/shared/office-time'
import { PROCESS_TYPES } from '../../src/shared/process-types'
import { sampleStepData } from '../model/samples'
import { createTestContext, type TestContext } from './helpers'
import {
  artworkRows,
  contract,
  countRows,
  dueDiligence,
  makeArtworks,
  makePdf,
  makeRoom,
  payment,
} from './process-helpers'

let t: TestContext
let tokens: Record<string, string>

let pdfId = ''
beforeAll(async () => {
  t = await createTestContext()
  pdfId = await makePdf(t)
  tokens = {}
  for (const u of ['admin', 'registrar', 'approver', 'finance', 'operations', 'viewer'])
    tokens[u] = await t.login(u)
})
afterAll(() => t?.close())

async function start(user: string, type: string, input: unknown) {
  const res = await t.call<ProcessView>('POST', '/api/process', {
    token: tokens[user],
    body: { type, input },
  })
  if (res.code !== 0) throw new Error(`${type}: ${res.code} ${res.msg} ${JSON.stringify(res.data)}`)
  return res.data
}
const post = (user: string, p: ProcessView, body: Record<string, unknown>) =>
  t.call<any>('POST', `/api/process/${p.id}/events`, {
    token: tokens[user],
    body: { expectedVersion: p.version, ...body },
  })
async function send(user: string, p: ProcessView, type: string, extra: Record<string, unknown> = {}) {
  const res = await post(user, p, { type, ...extra })
  if (res.code !== 0) throw new Error(`${user} ${type} → ${res.code} ${res.msg} ${JSON.stringify(res.data)}`)
  return res.data as ProcessView
}
const newPurchase = () => start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试' }] })
const written = async (id: string) => ({
  history: await countRows(t, 'process_history', 'process_id = $1', [id]),
  version: ((await t.deps.database.raw('select version from processes where id = $1', [id])) as any[])[0]
    .version,
  messages: await countRows(t, 'messages', 'process_id = $1', [id]),
})

describe('concurrency and idempotency', () => {
  it('lets exactly one of two clients sending on the same version win; the other gets 409', async () => {
    const p = await newPurchase()
    const [a, b] = await Promise.all([
      post('registrar', p, { type: 'SUBMIT', payload: dueDiligence() }),
      post('admin', p, { type: 'SAVE', payload: { seller: 'x' } }),
    ])
    expect([a.code, b.code].sort()).toEqual([0, 409])
    const lost = a.code === 409 ? a : b
    expect(lost).toMatchObject({ status: 409, msg: 'Operation failed, other ongoing process at the moment' })
    expect(await written(p.id)).toMatchObject({ history: 2, version: 2 })
  })

  it('answers a repeated idempotency key with the first result: one transition, one history row', async () => {
    const p = await newPurchase()
    const body = { type: 'SUBMIT', payload: dueDiligence(), idempotencyKey: `submit-${p.id}` }
    const first = await post('registrar', p, body)
    const again = await post('registrar', p, body)
    expect(first.code).toBe(0)
    expect(again).toMatchObject({ code: 0, data: first.data })
    expect(await written(p.id)).toMatchObject({ history: 2, version: 2 })
  })

  it('keeps a key for its retry window, then drops it: a late repeat is then a stale request (409)', async () => {
    const p = await newPurchase()
    const body = { type: 'SAVE', payload: { seller: 'Kept' }, idempotencyKey: `save-${p.id}` }
    expect((await post('registrar', p, body)).code).toBe(0)
    const db = t.deps.database.db
    const stored = `user_id = (select id from users where username = 'registrar') and key = $1`
    // Within the window nothing is dropped; a week and a day later the key is gone, and only it.
    expect(
      await purgeIdempotencyKeys(db, new Date(Date.now() + IDEMPOTENCY_KEY_DAYS * 86_400_000 - 60_000)),
    ).toBe(0)
    expect(await countRows(t, 'process_idempotency_keys', stored, [body.idempotencyKey])).toBe(1)
    const keys = await countRows(t, 'process_idempotency_keys', 'true', [])
    await t.deps.database.raw(
      `update process_idempotency_keys set created_at = now() - interval '8 days' where ${stored}`,
      [body.idempotencyKey],
    )
    expect(await purgeIdempotencyKeys(db)).toBe(1)
    expect(await countRows(t, 'process_idempotency_keys', 'true', [])).toBe(keys - 1)
    expect((await post('registrar', p, body)).code).toBe(409)
    expect(await written(p.id)).toMatchObject({ history: 2, version: 2 })
  })
})

describe('refusals write nothing', () => {
  it('refuses an event the state does not offer with a clear 400', async () => {
    const p = await newPurchase()
    const before = await written(p.id)
    const res = await post('approver', p, { type: 'APPROVE' })
    expect(res).toMatchObject({
      status: 400,
      code: 400,
      msg: 'This action is not possible in the current state',
    })
    expect(res.data.fieldErrors.type).toBe('This action is not possible in the current state')
    const zh = await t.call('POST', `/api/process/${p.id}/events`, {
      token: tokens.registrar,
      lang: 'zh-CN',
      body: { type: 'DEPART', expectedVersion: 1 },
    })
    expect(zh.msg).toBe('当前状态下不能执行该操作')
    expect(await written(p.id)).toEqual(before)
  })

  it('refuses approval without the privilege, and by the submitter, with 4031', async () => {
    let p = await newPurchase()
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    const before = await written(p.id)
    for (const user of ['registrar', 'operations', 'finance']) {
      const res = await post(user, p, { type: 'APPROVE' })
      expect(res, user).toMatchObject({ status: 403, code: 4031 })
    }
    // viewer may read but not act; and a user without devOpsManage:view may not even send.
    expect((await post('viewer', p, { type: 'REJECT', comment: 'no' })).code).toBe(4031)
    expect(await written(p.id)).toEqual(before)
  })

  it('refuses a bad payload with field errors per field', async () => {
    const p = await newPurchase()
    const res = await post('registrar', p, {
      type: 'SUBMIT',
      payload: { ...dueDiligence(), price: '12,00.0.1', recommendation: 'maybe', surprise: 1 },
    })
    expect(res.status).toBe(400)
    expect(res.data.fieldErrors).toMatchObject({
      'payload.price': 'Not a valid amount (at most two decimals)',
      'payload.recommendation': expect.any(String),
      'payload.surprise': 'Field not allowed',
    })
    const noComment = await post('registrar', p, { type: 'TERMINATE' })
    expect(noComment.data.fieldErrors).toEqual({ comment: 'A comment or reason is required' })
    const badBody = await post('registrar', p, { type: 'submit', expectedVersion: 'one' })
    expect(Object.keys(badBody.data.fieldErrors).sort()).toEqual(['expectedVersion', 'type'])
    expect(await written(p.id)).toMatchObject({ history: 1, version: 1 })
  })

  it('refuses a stale version with 409 and an unknown process with 404', async () => {
    const p = await newPurchase()
    await send('registrar', p, 'SAVE', { payload: { seller: 'a' } })
    const stale = await post('registrar', p, { type: 'SAVE', payload: { seller: 'b' } })
    expect(stale).toMatchObject({ status: 409, code: 409 })
    const missing = await t.call('GET', '/api/process/00000000-0000-4000-8000-000000000000', {
      token: tokens.viewer,
    })
    expect(missing.code).toBe(404)
    expect(await written(p.id)).toMatchObject({ history: 2, version: 2 })
  })

  it('refuses to start without the start privilege, or with a bad input', async () => {
    const denied = await t.call('POST', '/api/process', {
      token: tokens.approver,
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: 'x' }] } },
    })
    expect(denied.code).toBe(4031)
    const bad = await t.call('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'BUY_ART', input: { artworks: [] } },
    })
    expect(bad).toMatchObject({ status: 400, data: { fieldErrors: { 'input.artworks': 'Required' } } })
    const unknown = await t.call('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'NOPE', input: {} },
    })
    expect(unknown.data.fieldErrors).toHaveProperty('type')
  })
})

describe('approval rules', () => {
  it('needs a second, different approver for a payment above the configured amount', async () => {
    expect(t.deps.config.secondApprovalAbove).toEqual({ CNY: '1000000.00' })
    let p = await newPurchase()
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    p = await send('approver', p, 'APPROVE')
    p = await send('registrar', p, 'SUBMIT', { payload: contract('2500000.00') })
    p = await send('approver', p, 'APPROVE')
    p = await send('registrar', p, 'SUBMIT', { payload: payment('2500000.00') })
    p = await send('approver', p, 'APPROVE')
    expect(p).toMatchObject({ state: 'payment.submitted', status: 'approvalOngoing' })
    expect(p.nextEvents).not.toContain('APPROVE') // the same approver cannot give the second approval
    const again = await post('approver', p, { type: 'APPROVE' })
    expect(again.code).toBe(4031)
    p = await send('admin', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')
    expect(p.history.filter((h) => h.type === 'APPROVE').map((h) => h.byName)).toHaveLength(4)
  })
})

describe('reading', () => {
  it('serves every definition with steps in both languages and a graph', async () => {
    const res = await t.call<any[]>('GET', '/api/process/definitions', { token: tokens.viewer })
    expect(res.code).toBe(0)
    expect(res.data.map((d) => d.type).sort()).toEqual([...PROCESS_TYPES].sort())
    for (const d of res.data) {
      expect(d.version).toBeGreaterThanOrEqual(1)
      expect(d.steps.length).toBeGreaterThan(0)
      for (const s of d.steps) expect(s.labelZh && s.labelEn).toBeTruthy()
      const ids = new Set(d.graph.nodes.map((n: any) => n.id))
      expect(d.graph.edges.length).toBeGreaterThan(0)
      for (const e of d.graph.edges)
        expect(ids.has(e.source) && ids.has(e.target), `${d.type} ${e.id}`).toBe(true)
    }
    const buy = res.data.find((d) => d.type === 'BUY_ART')
    expect(buy.steps.map((s: any) => s.key)).toEqual(['dueDiligence', 'contract', 'payment'])
    expect(buy.graph.nodes.map((n: any) => n.path)).toContain('payment.awaitingPayment')
  })

  it('counts live processes per state, and lists with every filter', async () => {
    const room = await makeRoom(t)
    const [a] = await makeArtworks(t, 1, room)
    const statsOf = async () =>
      (
        await t.call<any>('GET', '/api/process/definitions/OPERATION_TRANS_ART/stats', {
          token: tokens.viewer,
        })
      ).data
    const q = async (query: string) =>
      (await t.call<any>('GET', `/api/process?${query}`, { token: tokens.viewer })).data
    const operations = (
      (await t.deps.database.raw("select id from users where username = 'operations'")) as any[]
    )[0]
    const today = dayIn(new Date(), t.deps.config.timeZone)
    const filters = [
      'type=OPERATION_TRANS_ART&status=draft&step=transportInfo',
      `createdBy=${operations.id}`,
      `from=${today}&to=${today}&type=OPERATION_TRANS_ART`,
    ]
    // The demo database already holds the demo office's processes: each count grows by this one.
    const before = await statsOf()
    const totals = await Promise.all(filters.map(async (f) => (await q(f)).total))
    const op = await start('operations', 'OPERATION_TRANS_ART', { artworkIds: [a] })
    expect(op.currentStep).toBe('transportInfo')
    const stats = await statsOf()
    const inState = (s: any) =>
      s.states.find((x: any) => x.state === op.state && x.definitionVersion === op.definitionVersion)
        ?.count ?? 0
    expect(inState(stats)).toBe(inState(before) + 1)
    expect(stats.total).toBe(before.total + 1)

    expect((await q(`artworkId=${a}`)).list.map((p: ProcessView) => p.id)).toEqual([op.id])
    for (const [i, f] of filters.entries()) expect((await q(f)).total, f).toBe(totals[i] + 1)
    expect((await q('from=2000-01-01&to=2000-01-02')).total).toBe(0)
    const page = await q('page=1&pageSize=2')
    expect(page.list).toHaveLength(2)
    expect(page.total).toBeGreaterThan(2)
    const bad = await t.call('GET', '/api/process?from=2025-02-01&to=2025-01-01&pageSize=500', {
      token: tokens.viewer,
    })
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['pageSize', 'to'])

    // A terminated process is not live, though it is not done either (it may be restarted).
    const ended = await send('admin', op, 'TERMINATE', { comment: 'Called off' })
    expect(ended.status).toBe('terminated')
    const after = await statsOf()
    expect(after.total).toBe(before.total)
    expect(after.states).toEqual(before.states)
    // Every type in one answer says the same as the type's own.
    const all = (await t.call<any>('GET', '/api/process/definitions/stats', { token: tokens.viewer })).data
    expect(all.find((x: any) => x.type === 'OPERATION_TRANS_ART')).toEqual(after)
    expect(after.statuses.find((x: any) => x.status === 'terminated')?.count).toBeGreaterThan(0)
  })

  it('keeps the message bell: list, unread count, mark read', async () => {
    let p = await newPurchase()
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    const count = async (u: string) =>
      (await t.call<any>('GET', '/api/message/unread-count', { token: tokens[u] })).data.count
    const before = await count('approver')
    expect(before).toBeGreaterThan(0)
    const list = await t.call<any>('GET', '/api/message?unread=1', { token: tokens.approver, lang: 'zh-CN' })
    const mine = list.data.list.find((m: any) => m.processId === p.id)
    expect(mine).toMatchObject({ kind: 'approvalRequested', processType: 'BUY_ART', read: false })
    expect(mine.title).toBe('待审批：尽调购买·尽调报告')
    expect(mine.titleEn).toBe('Waiting for approval: Purchase, Due-diligence report')
    // Nobody reads another's message; the recipient can.
    expect((await t.call('POST', `/api/message/${mine.id}/read`, { token: tokens.registrar })).code).toBe(404)
    expect((await t.call('POST', `/api/message/${mine.id}/read`, { token: tokens.approver })).code).toBe(0)
    expect(await count('approver')).toBe(before - 1)
    await t.call('POST', '/api/message/read-all', { token: tokens.approver })
    expect(await count('approver')).toBe(0)
    // The submitter is told when it is rejected, with the approver's comment.
    p = await send('approver', p, 'REJECT', { comment: 'Price too high' })
    const back = await t.call<any>('GET', '/api/message', { token: tokens.registrar })
    const rejected = back.data.list.find((m: any) => m.processId === p.id && m.kind === 'rejected')
    expect(rejected.bodyEn).toMatch(/wrote: Price too high$/)
  })
})

describe('insurance records and reminders', () => {
  it('covers the artworks when the policy is approved and schedules the renewal reminder', async () => {
    const room = await makeRoom(t)
    const ids = await makeArtworks(t, 2, room)
    const samples = sampleStepData('INSURANCE_ANNUAL', {
      artworkIds: ids as [string, string],
      roomId: room,
      fileId: pdfId,
    })
    const today = new Date()
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
    let p = await start('registrar', 'INSURANCE_ANNUAL', { artworkIds: ids })
    p = await send('registrar', p, 'SUBMIT', { payload: samples.quotation[0] })
    p = await send('approver', p, 'APPROVE')
    // A policy ending in ten days: its reminder (30 days before the end) is due at once.
    p = await send('registrar', p, 'SUBMIT', {
      payload: { ...samples.policy[0], startDate: day(-355), endDate: day(10) },
    })
    p = await send('approver', p, 'APPROVE')
    expect(p.currentStep).toBe('premiumPayment')
    const arts = await artworkRows(t, ids)
    expect(arts.every((a) => a.insurance_status === 'covered' && a.insured_until === day(10))).toBe(true)
    const policies = (await t.deps.database.raw(
      `select kind, status, premium::text as premium, end_date::text as end_date,
              (select count(*)::int from insurance_policy_artworks pa where pa.policy_id = p.id) as artworks
         from insurance_policies p where process_id = $1`,
      [p.id],
    )) as any[]
    expect(policies).toEqual([
      { kind: 'annual', status: 'active', premium: '12000.00', end_date: day(10), artworks: 2 },
    ])
    expect(await countRows(t, 'process_reminders', 'process_id = $1 and delivered_at is null', [p.id])).toBe(
      1,
    )
    const list = await t.call<any>('GET', '/api/message', { token: tokens.registrar })
    const reminder = list.data.list.find((m: any) => m.processId === p.id && m.kind === 'reminder')
    expect(reminder.titleEn).toContain(calendarDateText(day(10), 'en'))
    expect(reminder.titleEn).not.toContain(day(10))
    expect(
      await countRows(t, 'process_reminders', 'process_id = $1 and delivered_at is not null', [p.id]),
    ).toBe(1)
  })

  it('delivers a due reminder exactly once, and not before it is due', async () => {
    const registrar = (
      (await t.deps.database.raw("select id from users where username = 'registrar'")) as any[]
    )[0].id
    const db = t.deps.database.db
    const base = {
      processId: null,
      processType: 'INSURANCE_ANNUAL' as const,
      recipientId: registrar,
      kind: 'custom' as const,
    }
    await scheduleReminder(db, { ...base, dueAt: new Date(Date.now() + 86_400_000), params: {} })
    await scheduleReminder(db, { ...base, dueAt: new Date(Date.now() - 1000), params: {} })
    const before = await countRows(t, 'messages', "recipient_id = $1 and kind = 'reminder'", [registrar])
    const [a, b] = await Promise.all([deliverDueReminders(db), deliverDueReminders(db)])
    expect(a + b).toBe(1)
    expect(await deliverDueReminders(db)).toBe(0)
    expect(await countRows(t, 'messages', "recipient_id = $1 and kind = 'reminder'", [registrar])).toBe(
      before + 1,
    )
    expect(await deliverDueReminders(db, new Date(Date.now() + 2 * 86_400_000))).toBe(1)
  })

  it('documents the process API in the OpenAPI document', async () => {
    const res = await t.app.request('/api/openapi.json')
    const doc = (await res.json()) as { paths: Record<string, unknown> }
    for (const path of [
      '/process',
      '/process/{id}',
      '/process/{id}/events',
      '/process/definitions',
      '/process/definitions/{type}/stats',
      '/process/definitions/stats',
      '/process/inbox',
      '/message',
      '/message/unread-count',
    ])
      expect(Object.keys(doc.paths), path).toContain(`/api${path}`)
  })
})
