// Money through the API, checked on the payment rows the server wrote: which way the money goes (a purchase
// and a premium are outgoing, a sale's collection and an insurer's payout incoming); a payment is in the
// currency of what it pays (refused at validation with payload.currency, and again inside the transaction
// when the contract's currency changed meanwhile); the second-approval limit of each currency applies only
// to amounts in that currency, and a currency without a limit always needs a second approver; a contract
// signed again after a restart is a new row, the first kept superseded with its payments; a paid-on date
// after the office's today is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'
import type { ContractRow, PaymentRow } from '../../src/shared/contracts/finance'
import type { ProcessView } from '../../src/shared/contracts/process'
import { assertWorldConsistent } from './invariants'
import { approvedPolicy, day, type Flow, openFlow, premiumPaid } from './process-flow'
import { contract, dueDiligence, payment } from './process-helpers'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
})
afterAll(() => f?.close())

async function paymentRows(processId: string) {
  return (await f.t.deps.database.raw(
    `select direction, status, amount::text as amount, currency from payments where process_id = $1
      order by created_at`,
    [processId],
  )) as { direction: string; status: string; amount: string; currency: string }[]
}

/** A purchase up to its payment step, under a contract of this amount and currency. */
async function purchaseToPayment(currency: string, amount: string): Promise<ProcessView> {
  let p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
  p = await f.pass(p, dueDiligence())
  p = await f.pass(p, { ...contract(amount), currency })
  expect(p.currentStep).toBe('payment')
  return p
}
const pay = (currency: string, amount: string) => ({
  ...payment(amount),
  currency,
  details: [{ payingCompany: 'Vitrine Family Holdings', amount }],
})
const confirm = { payload: { paidOn: day(0), bankReference: 'TT-9' } }

describe('direction of the money', () => {
  it('records a purchase payment as outgoing', async () => {
    let p = await purchaseToPayment('CNY', '880000.00')
    p = await f.pass(p, pay('CNY', '880000.00'), 'registrar')
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', confirm)
    expect(await paymentRows(p.id)).toEqual([
      { direction: 'outgoing', status: 'paid', amount: '880000.00', currency: 'CNY' },
    ])
  })

  it('records a premium as outgoing', async () => {
    const ids = await f.artworks(1)
    const p = await premiumPaid(
      f,
      await approvedPolicy(f, ids, { startDate: day(-1), endDate: day(300) }),
      ids,
    )
    expect(await paymentRows(p.id)).toEqual([
      { direction: 'outgoing', status: 'paid', amount: '12000.00', currency: 'CNY' },
    ])
  })

  it("records a sale's collection as incoming", async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_SELL_ART', ids)
    let p = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: ids })
    p = await f.pass(p, s.marketSurvey[0])
    p = await f.pass(p, s.contract[0])
    p = await f.pass(p, s.collection[0], 'registrar')
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', confirm)
    expect(await paymentRows(p.id)).toEqual([
      { direction: 'incoming', status: 'paid', amount: '50000.00', currency: 'CNY' },
    ])
  })

  it("records an insurer's payout as incoming, a failed attempt included", async () => {
    const ids = await f.artworks(1)
    const s = f.samples('INSURANCE_PAYOUT', ids)
    let p = await f.start('registrar', 'INSURANCE_PAYOUT', { artworkIds: ids })
    p = await f.pass(p, s.incident[0])
    p = await f.pass(p, s.claim[0])
    p = await f.pass(p, s.payout[0], 'registrar')
    p = await f.send('finance', p, 'PAYMENT_FAILED', { comment: 'Not received' })
    p = await f.send('finance', p, 'RETRY_PAYMENT')
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', confirm)
    expect(await paymentRows(p.id)).toEqual([
      { direction: 'incoming', status: 'failed', amount: '50000.00', currency: 'CNY' },
      { direction: 'incoming', status: 'paid', amount: '50000.00', currency: 'CNY' },
    ])
  })
})

describe('currency of a payment', () => {
  it('refuses a JPY payment against a USD contract of the same figure (payload.currency)', async () => {
    const p = await purchaseToPayment('USD', '100000.00')
    const res = await f.post('registrar', p, { type: 'SUBMIT', payload: pay('JPY', '100000.00') })
    expect(res.status).toBe(400)
    expect(res.data.fieldErrors).toEqual({
      'payload.currency': 'The currency must be the currency of the contract (or of the amount due)',
    })
    // Nothing written: the process is at the version it was.
    const same = await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.finance })
    expect(same.data.version).toBe(p.version)
    // A bigger figure in another currency is refused for its currency, never compared with the contract's.
    const big = await f.post('registrar', p, { type: 'SUBMIT', payload: pay('JPY', '15000000.00') })
    expect(Object.keys(big.data.fieldErrors)).toEqual(['payload.currency'])
    // In the contract's currency it goes through; above the contract it is refused for its amount.
    const over = await f.post('registrar', p, { type: 'SUBMIT', payload: pay('USD', '100000.01') })
    expect(Object.keys(over.data.fieldErrors)).toEqual(['payload.amount'])
    const ok = await f.send('registrar', p, 'SUBMIT', { payload: pay('USD', '100000.00') })
    expect(ok.state).toBe('payment.submitted')
  })

  it("refuses a premium in another currency than the policy's, a payout in another than the claim's", async () => {
    const ids = await f.artworks(1)
    const policy = await approvedPolicy(f, ids, { startDate: day(-1), endDate: day(300), currency: 'USD' })
    const s = f.samples('INSURANCE_ANNUAL', ids)
    const premium = await f.post('registrar', policy, { type: 'SUBMIT', payload: s.premiumPayment[0] })
    expect(premium.status).toBe(400)
    expect(Object.keys(premium.data.fieldErrors)).toEqual(['payload.currency'])
    const usd = await f.send('registrar', policy, 'SUBMIT', {
      payload: { ...s.premiumPayment[0], currency: 'USD' },
    })
    expect(usd.state).toBe('premiumPayment.submitted')

    const c = f.samples('INSURANCE_PAYOUT', ids)
    let claim = await f.start('registrar', 'INSURANCE_PAYOUT', { artworkIds: ids })
    claim = await f.pass(claim, c.incident[0])
    claim = await f.pass(claim, { ...c.claim[0], currency: 'EUR' })
    const payout = await f.post('registrar', claim, { type: 'SUBMIT', payload: c.payout[0] })
    expect(payout.status).toBe(400)
    expect(Object.keys(payout.data.fieldErrors)).toEqual(['payload.currency'])
    const eur = await f.send('registrar', claim, 'SUBMIT', { payload: { ...c.payout[0], currency: 'EUR' } })
    expect(eur.state).toBe('payout.submitted')
  })

  it("refuses the sale's collection in another currency than its contract's", async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_SELL_ART', ids)
    let p = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: ids })
    p = await f.pass(p, s.marketSurvey[0])
    p = await f.pass(p, s.contract[0])
    const res = await f.post('finance', p, {
      type: 'SUBMIT',
      payload: { ...s.collection[0], currency: 'HKD' },
    })
    expect(res.status).toBe(400)
    expect(Object.keys(res.data.fieldErrors)).toEqual(['payload.currency'])
  })

  it("refuses again inside the transaction when the contract's currency changed after the approval", async () => {
    let p = await purchaseToPayment('USD', '100000.00')
    p = await f.send('registrar', p, 'SUBMIT', { payload: pay('USD', '100000.00') })
    p = await f.send('approver', p, 'APPROVE')
    p = await f.send('admin', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')
    await f.t.deps.database.raw("update contracts set currency = 'EUR' where process_id = $1", [p.id])
    const res = await f.post('finance', p, { type: 'CONFIRM_PAYMENT', ...confirm })
    expect(res.status).toBe(400)
    expect(Object.keys(res.data.fieldErrors)).toEqual(['currency'])
    // Nothing half-applied: no payment, no artworks, the process where it was.
    expect(await paymentRows(p.id)).toEqual([])
    const now = await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.finance })
    expect(now.data).toMatchObject({ version: p.version, state: 'payment.awaitingPayment' })
  })
})

describe('second-approval limit per currency', () => {
  it('reads VITRINE_SECOND_APPROVAL_ABOVE as the CNY limit and one variable per other currency', () => {
    expect(loadConfig({}).secondApprovalAbove).toEqual({ CNY: '1000000.00' })
    expect(
      loadConfig({
        VITRINE_SECOND_APPROVAL_ABOVE: '500000',
        VITRINE_SECOND_APPROVAL_ABOVE_USD: '150000.5',
        VITRINE_SECOND_APPROVAL_ABOVE_HKD: '1,200,000.00'.replaceAll(',', ''),
      }).secondApprovalAbove,
    ).toEqual({ CNY: '500000.00', USD: '150000.50', HKD: '1200000.00' })
    expect(() => loadConfig({ VITRINE_SECOND_APPROVAL_ABOVE_USD: 'lots' })).toThrow(
      /VITRINE_SECOND_APPROVAL_ABOVE_USD/,
    )
    expect(() => loadConfig({ VITRINE_SECOND_APPROVAL_ABOVE_usd: '1.00' })).toThrow(/ISO 4217/)
    expect(() => loadConfig({ VITRINE_SECOND_APPROVAL_ABOVE_CNY: '1.00' })).toThrow(
      /VITRINE_SECOND_APPROVAL_ABOVE$/,
    )
  })

  it('compares an amount only with the limit of its own currency; no limit means two approvers', async () => {
    const saved = f.t.deps.config.secondApprovalAbove
    f.t.deps.config.secondApprovalAbove = { CNY: '1000000.00', USD: '150000.00' }
    try {
      // [contract currency, amount paid, approvals needed]
      const cases: [string, string, number][] = [
        ['USD', '100000.00', 1], // below the USD limit (though above nothing else)
        ['USD', '200000.00', 2], // above the USD limit, far below the CNY one
        ['CNY', '200000.00', 1], // above the USD figure, below the CNY limit
        ['CNY', '1000000.01', 2],
        ['HKD', '10.00', 2], // no HKD limit: always a second approver
      ]
      for (const [currency, amount, approvals] of cases) {
        let p = await purchaseToPayment(currency, amount)
        p = await f.send('registrar', p, 'SUBMIT', { payload: pay(currency, amount) })
        p = await f.send('approver', p, 'APPROVE')
        const afterOne = p.state
        if (approvals === 2) p = await f.send('admin', p, 'APPROVE')
        expect({ currency, amount, afterOne, final: p.state }).toEqual({
          currency,
          amount,
          afterOne: approvals === 1 ? 'payment.awaitingPayment' : 'payment.submitted',
          final: 'payment.awaitingPayment',
        })
      }
    } finally {
      f.t.deps.config.secondApprovalAbove = saved
    }
  })
})

describe('a contract signed again after a restart', () => {
  const finance = <T = any>(path: string, lang = 'en') =>
    f.t.call<T>('GET', `/api/finance${path}`, {
      token: f.tokens.finance,
      lang,
      headers: { 'x-system-name': 'financeManage' },
    })
  /** SUBMIT and the approvals a currency without a limit needs (two). */
  const approvedPayment = async (p: ProcessView, currency: string, amount: string) => {
    p = await f.send('registrar', p, 'SUBMIT', { payload: pay(currency, amount) })
    p = await f.send('approver', p, 'APPROVE')
    return f.send('admin', p, 'APPROVE')
  }
  async function contractSheet(no: string, lang: string) {
    const res = await f.t.app.request(`/api/finance/contracts/export?q=${no}`, {
      headers: {
        'x-auth-token': f.tokens.finance,
        'x-system-name': 'financeManage',
        'accept-language': lang,
      },
    })
    expect(res.status).toBe(200)
    const ExcelJS = (await import('exceljs')).default
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    const ws = wb.worksheets[0]
    const rows: string[][] = []
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)))
    return rows
  }

  it("keeps the first contract on record, superseded, with its failed payment; the restart's is a new row", async () => {
    const no = `HT-R-${Date.now()}`
    let p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '重启', titleEn: 'Restart' }] })
    p = await f.pass(p, dueDiligence())
    p = await f.pass(p, { ...contract('100000.00'), currency: 'USD', number: `${no}-USD` })
    p = await approvedPayment(p, 'USD', '100000.00')
    p = await f.send('finance', p, 'PAYMENT_FAILED', { comment: 'The bank returned the transfer' })
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'The seller asks for euros' })
    p = await f.send('registrar', p, 'RESTART')
    p = await f.pass(p, dueDiligence())
    p = await f.pass(p, { ...contract('80000.00'), currency: 'EUR', number: `${no}-EUR` })

    const listed = await finance<{ list: ContractRow[] }>(`/contracts?q=${no}`)
    const byNo = Object.fromEntries(listed.data.list.map((c) => [c.number, c]))
    expect(Object.keys(byNo).sort()).toEqual([`${no}-EUR`, `${no}-USD`])
    expect(byNo[`${no}-USD`]).toMatchObject({ amount: '100000.00', currency: 'USD', outstanding: '0.00' })
    expect(byNo[`${no}-USD`].supersededAt).toEqual(expect.any(String))
    expect(byNo[`${no}-EUR`]).toMatchObject({
      amount: '80000.00',
      currency: 'EUR',
      outstanding: '80000.00',
      supersededAt: null,
    })
    // Only the live contract is outstanding.
    const outstanding = await finance<{ list: ContractRow[] }>(`/contracts?q=${no}&outstanding=1`)
    expect(outstanding.data.list.map((c) => c.number)).toEqual([`${no}-EUR`])
    // The failed attempt still names the contract it was made under.
    const failed = await finance<{ list: PaymentRow[] }>(`/payments?processId=${p.id}`)
    expect(failed.data.list.map((r) => [r.status, r.currency, r.contractNo, r.contractSuperseded])).toEqual([
      ['failed', 'USD', `${no}-USD`, true],
    ])

    // The restart's payment goes under the restart's contract.
    p = await approvedPayment(p, 'EUR', '80000.00')
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', confirm)
    const rows = (await f.t.deps.database.raw(
      `select p.status, p.currency, c.number, c.superseded_at is not null as superseded
         from payments p join contracts c on c.id = p.contract_id where p.process_id = $1 order by p.created_at`,
      [p.id],
    )) as { status: string; currency: string; number: string; superseded: boolean }[]
    expect(rows).toEqual([
      { status: 'failed', currency: 'USD', number: `${no}-USD`, superseded: true },
      { status: 'paid', currency: 'EUR', number: `${no}-EUR`, superseded: false },
    ])
    const after = await finance<{ list: ContractRow[] }>(`/contracts?q=${no}&outstanding=1`)
    expect(after.data.list).toEqual([])

    // The register's export says which is superseded, in both languages.
    const en = await contractSheet(no, 'en')
    expect(en[0].at(-1)).toBe('Status')
    expect(
      en
        .slice(1)
        .map((r) => [r[0], r.at(-1)])
        .sort(),
    ).toEqual([
      [`${no}-EUR`, 'In force'],
      [`${no}-USD`, 'Superseded (signed again after a restart)'],
    ])
    const zh = await contractSheet(no, 'zh-CN')
    expect(zh[0].at(-1)).toBe('状态')
    expect(
      zh
        .slice(1)
        .map((r) => [r[0], r.at(-1)])
        .sort(),
    ).toEqual([
      [`${no}-EUR`, '有效'],
      [`${no}-USD`, '已被取代（流程重新发起后另签）'],
    ])
    await assertWorldConsistent(f.t)
  })

  it("refuses a paid-on date after the office's today at payload.paidOn, in both languages, writing nothing", async () => {
    let p = await purchaseToPayment('CNY', '880000.00')
    p = await f.pass(p, pay('CNY', '880000.00'), 'registrar')
    for (const [lang, words] of [
      ['en', 'The payment date cannot be after today'],
      ['zh-CN', '付款日期不能晚于今天'],
    ]) {
      const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.finance,
        lang,
        body: { type: 'CONFIRM_PAYMENT', expectedVersion: p.version, payload: { paidOn: day(2) } },
      })
      expect(res.status).toBe(400)
      expect(res.data.fieldErrors).toEqual({ 'payload.paidOn': words })
    }
    expect(await paymentRows(p.id)).toEqual([])
    const same = await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.finance })
    expect(same.data).toMatchObject({ version: p.version, state: 'payment.awaitingPayment' })
    // Today (UTC today is never after the office's) is accepted.
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', confirm)
    expect(p.state).toBe('completed')
  })
})

describe('a failed payment', () => {
  it('is told to the starter of the process as well as to whoever filled the request', async () => {
    let p = await purchaseToPayment('CNY', '120000.00')
    p = await f.send('finance', p, 'SUBMIT', { payload: pay('CNY', '120000.00') })
    p = await f.send('approver', p, 'APPROVE')
    expect(p.currentStep).toBe('payment')
    p = await f.send('admin', p, 'PAYMENT_FAILED', { comment: 'The bank returned the transfer' })
    const told = (await f.t.deps.database.raw(
      `select u.username, m.title_en, m.title_zh from messages m join users u on u.id = m.recipient_id
        where m.process_id = $1 and m.kind = 'paymentFailed' order by u.username`,
      [p.id],
    )) as { username: string; title_en: string; title_zh: string }[]
    expect(told.map((m) => m.username)).toEqual(['finance', 'registrar'])
    expect(told[1].title_en).toMatch(/^Payment failed: /)
    expect(told[1].title_zh).toMatch(/^付款失败：/)

    // the payment's related event is a purchase, a choice of the dictionary, named in words in both languages
    for (const [lang, label] of [
      ['en', 'Purchase'],
      ['zh-CN', '购入'],
    ]) {
      const history = await f.t.call<{ list: PaymentRow[] }>(
        'GET',
        `/api/finance/payments?processId=${p.id}`,
        {
          token: f.tokens.finance,
          lang,
          headers: { 'x-system-name': 'financeManage' },
        },
      )
      expect(history.data.list.map((r) => [r.relatedEvent, r.relatedEventLabel])).toEqual([
        ['PURCHASE', label],
      ])
    }
    const events = await f.t.call<{ value: string; labelZh: string; labelEn: string }[]>(
      'GET',
      '/api/data_dictionary/get_data_dictionary?dictCode=EVENT_TYPE',
      { token: f.tokens.finance },
    )
    expect(events.data.find((d) => d.value === 'PURCHASE')).toMatchObject({
      labelZh: '购入',
      labelEn: 'Purchase',
    })
  })
})
