// The purchase forms' rules, refused again by the server when the browser is bypassed: each bad input of
// the process screens sent straight to the API is answered 400 with the message at its field, in the
// reader's language, and writes nothing (the process keeps its version and history). Rules already proven
// elsewhere (a bad money string, an unknown field, the full payment) are not repeated here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { png } from '../fixtures/file-samples'
import { createTestContext, type TestContext } from './helpers'
import { contract, countRows, dueDiligence, makePdf, payment } from './process-helpers'

let t: TestContext
const tokens: Record<string, string> = {}

let pdfId = ''
beforeAll(async () => {
  t = await createTestContext()
  pdfId = await makePdf(t)
  for (const u of ['registrar', 'approver']) tokens[u] = await t.login(u)
})
afterAll(() => t?.close())

async function send(user: string, p: ProcessView, type: string, extra: Record<string, unknown> = {}) {
  const res = await t.call<ProcessView>('POST', `/api/process/${p.id}/events`, {
    token: tokens[user],
    body: { type, expectedVersion: p.version, ...extra },
  })
  if (res.code !== 0) throw new Error(`${type}: ${res.code} ${res.msg} ${JSON.stringify(res.data)}`)
  return res.data
}

async function purchaseAt(step: 'dueDiligence' | 'contract' | 'payment'): Promise<ProcessView> {
  const start = await t.call<ProcessView>('POST', '/api/process', {
    token: tokens.registrar,
    body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '测试作品' }] } },
  })
  let p = start.data
  if (step === 'dueDiligence') return p
  p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
  p = await send('approver', p, 'APPROVE')
  if (step === 'contract') return p
  p = await send('registrar', p, 'SUBMIT', { payload: contract('300000.00') })
  return send('approver', p, 'APPROVE')
}

/** Send a refused event; return the field errors and check nothing was written. */
async function refused(p: ProcessView, body: Record<string, unknown>, lang = 'en') {
  const before = {
    history: await countRows(t, 'process_history', 'process_id = $1', [p.id]),
    contracts: await countRows(t, 'contracts', 'process_id = $1', [p.id]),
  }
  const res = await t.call<{ fieldErrors: Record<string, string> }>('POST', `/api/process/${p.id}/events`, {
    token: tokens.registrar,
    lang,
    body: { expectedVersion: p.version, ...body },
  })
  expect(res.status).toBe(400)
  expect(res.code).toBe(400)
  expect({
    history: await countRows(t, 'process_history', 'process_id = $1', [p.id]),
    contracts: await countRows(t, 'contracts', 'process_id = $1', [p.id]),
  }).toEqual(before)
  const [{ version }] = (await t.deps.database.raw('select version from processes where id = $1', [
    p.id,
  ])) as {
    version: number
  }[]
  expect(version).toBe(p.version)
  return res.data.fieldErrors
}

describe('the due-diligence report', () => {
  it('refuses empty required fields, each at its field', async () => {
    const p = await purchaseAt('dueDiligence')
    const errors = await refused(p, {
      type: 'SUBMIT',
      payload: { ...dueDiligence(), seller: '  ', provenance: '', attachments: [] },
    })
    expect(errors).toEqual({
      'payload.seller': 'Required',
      'payload.provenance': 'Required',
      'payload.attachments': 'Required',
    })
  })

  it('refuses over-long text with its limit, in Chinese too', async () => {
    const p = await purchaseAt('dueDiligence')
    const body = { type: 'SUBMIT', payload: { ...dueDiligence(), seller: 'x'.repeat(201) } }
    expect(await refused(p, body)).toEqual({ 'payload.seller': 'At most 200 characters' })
    expect(await refused(p, body, 'zh-CN')).toEqual({ 'payload.seller': '最多 200 个字符' })
  })

  it('refuses letters in the price', async () => {
    const p = await purchaseAt('dueDiligence')
    const errors = await refused(p, { type: 'SUBMIT', payload: { ...dueDiligence(), price: '88o000' } })
    expect(errors).toEqual({ 'payload.price': 'Not a valid amount (at most two decimals)' })
  })
})

describe('the contract', () => {
  it('refuses an expiry date before the effective date', async () => {
    const p = await purchaseAt('contract')
    const errors = await refused(p, {
      type: 'SUBMIT',
      payload: { ...contract(), effectiveDate: '2026-03-01', endDate: '2026-02-28' },
    })
    expect(errors).toEqual({
      'payload.endDate': 'The contract expiry date cannot be earlier than the effective date',
    })
  })

  it('refuses letters in the number of copies and in the amount', async () => {
    const p = await purchaseAt('contract')
    const errors = await refused(p, {
      type: 'SUBMIT',
      payload: { ...contract(), copies: 'two', amount: '9OO000.00' },
    })
    expect(Object.keys(errors).sort()).toEqual(['payload.amount', 'payload.copies'])
    expect(errors['payload.amount']).toBe('Not a valid amount (at most two decimals)')
  })

  it('refuses a date that does not exist', async () => {
    const p = await purchaseAt('contract')
    const errors = await refused(p, {
      type: 'SUBMIT',
      payload: { ...contract(), effectiveDate: '2025-02-30' },
    })
    expect(errors).toEqual({
      'payload.effectiveDate': 'There is no such day: check the month (1–12) and the days of that month',
    })
    const month = await refused(
      p,
      {
        type: 'SUBMIT',
        payload: { ...contract(), effectiveDate: '2024-13-01' },
      },
      'zh-CN',
    )
    expect(month).toEqual({ 'payload.effectiveDate': '日历中没有这一天：请检查月份（1–12）和该月的天数' })
  })
})

describe('the payment', () => {
  it('refuses a payee name in Chinese outside mainland China, and accepts it inside', async () => {
    const p = await purchaseAt('payment')
    const foreign = { ...payment('300000.00'), payeeAccountName: '北方画廊有限公司' }
    expect(await refused(p, { type: 'SUBMIT', payload: foreign })).toEqual({
      'payload.payeeAccountName': 'Payee names outside mainland China must be in English',
    })
    expect(await refused(p, { type: 'SUBMIT', payload: foreign }, 'zh-CN')).toEqual({
      'payload.payeeAccountName': '中国大陆以外的收款人名称须为英文',
    })
    const mainland = { ...foreign, payeeCountry: 'CN', method: 'online_banking', depositBankName: '中国银行' }
    const ok = await send('registrar', p, 'SUBMIT', { payload: mainland })
    expect(ok.state).toBe('payment.submitted')
  })

  it('refuses letters in the amount and in a detail (a field error, never a server error)', async () => {
    const p = await purchaseAt('payment')
    const letters = {
      ...payment('300000.00'),
      amount: '3OOOOO.00',
      details: [{ payingCompany: 'Vitrine Family Holdings', amount: '3e5' }],
    }
    expect(await refused(p, { type: 'SUBMIT', payload: letters })).toEqual({
      'payload.amount': 'Not a valid amount (at most two decimals)',
      'payload.details.0.amount': 'Not a valid amount (at most two decimals)',
    })
  })

  it('refuses a method without its own fields (T/T without SWIFT, cheque without payee)', async () => {
    const p = await purchaseAt('payment')
    const { swiftBic: _swift, ...noSwift } = payment('300000.00')
    expect(await refused(p, { type: 'SUBMIT', payload: noSwift })).toEqual({
      'payload.swiftBic': 'Payee information must be complete',
    })
    const cheque = { ...payment('300000.00'), method: 'cheque' }
    expect(await refused(p, { type: 'SUBMIT', payload: cheque })).toEqual({
      'payload.chequePayableTo': 'Payee information must be complete',
      'payload.mailingAddress': 'Payee information must be complete',
      'payload.chequeAttachments': 'Payee information must be complete',
    })
  })

  it('refuses a payment other than what the contract leaves due, and details that do not add up or lack a company', async () => {
    const p = await purchaseAt('payment')
    expect(await refused(p, { type: 'SUBMIT', payload: payment('300000.01') })).toEqual({
      'payload.amount': 'This process takes a single payment: it must be the CNY 300,000.00 still due',
    })
    const split = {
      ...payment('300000.00'),
      details: [
        { payingCompany: 'Vitrine Family Holdings', amount: '200000.00' },
        { payingCompany: '', amount: '50000.00' },
      ],
    }
    expect(await refused(p, { type: 'SUBMIT', payload: split })).toEqual({
      'payload.details.1.payingCompany': 'A payment detail needs a paying company and an amount',
      'payload.details': 'The payment details must add up to the amount',
    })
  })
})

describe('decisions and attachments', () => {
  it('refuses a rejection without a comment and a termination without a reason', async () => {
    let p = await purchaseAt('dueDiligence')
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    const res = await t.call<{ fieldErrors: Record<string, string> }>('POST', `/api/process/${p.id}/events`, {
      token: tokens.approver,
      body: { type: 'REJECT', expectedVersion: p.version, comment: '   ' },
    })
    expect(res.data.fieldErrors).toEqual({ comment: 'A comment or reason is required' })
    expect(await refused(p, { type: 'TERMINATE' })).toEqual({ comment: 'A comment or reason is required' })
  })

  it('refuses an attachment id that is not a stored file id, and a picture uploaded as a PDF', async () => {
    const p = await purchaseAt('dueDiligence')
    expect(
      await refused(p, { type: 'SUBMIT', payload: { ...dueDiligence(), attachments: ['report.png'] } }),
    ).toEqual({
      'payload.attachments.0': 'Invalid value',
    })
    const form = new FormData()
    form.append('purpose', 'pdf')
    form.append('file', new Blob([new Uint8Array(await png(40, 30))]), 'report.pdf')
    const upload = await t.call('POST', '/api/file/upload', { token: tokens.registrar, body: form })
    expect(upload).toMatchObject({ status: 415, code: 415, msg: 'Incorrect file format' })
  })

  it('refuses, when the browser is bypassed, a file that does not exist and an image where a PDF is due', async () => {
    const p = await purchaseAt('dueDiligence')
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(
      await refused(p, { type: 'SUBMIT', payload: { ...dueDiligence(), attachments: [unknown] } }),
    ).toEqual({
      'payload.attachments.0': 'No such file',
    })
    const form = new FormData()
    form.append('purpose', 'image')
    form.append('file', new Blob([new Uint8Array(await png(40, 30))]), 'photo.png')
    const image = await t.call('POST', '/api/file/upload', { token: tokens.registrar, body: form })
    expect(image.code).toBe(0)
    expect(
      await refused(p, {
        type: 'SUBMIT',
        payload: { ...dueDiligence(), attachments: [pdfId, image.data.id] },
      }),
    ).toEqual({ 'payload.attachments.1': 'Incorrect file format' })
  })

  it('refuses a purchase started without a title, or with an over-long one', async () => {
    const empty = await t.call('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: ' ', titleEn: 'Landscape' }] } },
    })
    expect(empty).toMatchObject({
      status: 400,
      data: { fieldErrors: { 'input.artworks.0.titleZh': 'Required' } },
    })
    const long = await t.call('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '山'.repeat(201) }] } },
    })
    expect(long.data.fieldErrors).toEqual({ 'input.artworks.0.titleZh': 'At most 200 characters' })
  })
})
