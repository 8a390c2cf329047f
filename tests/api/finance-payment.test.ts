// FINANCE_PAYMENT through the API: a non-contract payment request started by finance with nothing (or a
// note), approved, paid; a failed attempt then retried; two approvals above the limit; terminated and
// restarted; bad input refused at its field with nothing written; and an operation's cost (a transport's
// shipper) offered in its links, started from them prefilled, and paid with the transport as forProcessId:
// for the cost's amount in its currency (a prefill or a form saying otherwise refused, naming the cost),
// one request per cost (a second refused naming the first; a terminated one frees it); an unknown currency
// refused at its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { dayIn } from '../../src/shared/office-time'
import { assertWorldConsistent } from './invariants'
import { day, type Flow, openFlow } from './process-flow'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
})
afterAll(() => f?.close())

/** The storage company's invoice (the sample request), for this amount in this currency. */
function request(amount: string, currency = 'CNY', extra: Record<string, unknown> = {}) {
  const [sample] = f.samples('FINANCE_PAYMENT', ['x']).payment
  return {
    ...sample,
    amount,
    currency,
    details: [{ payingCompany: 'Vitrine Holdings Ltd', amount }],
    attachments: [f.pdfId],
    ...extra,
  }
}

const confirm = { payload: { paidOn: day(0), bankReference: 'NET-42' } }

async function paymentRows(processId: string) {
  return (await f.t.deps.database.raw(
    `select direction, status, attempt, amount::text as amount, currency, failure_reason, for_process_id,
       (select count(*)::int from payment_details d where d.payment_id = p.id) as details
       from payments p where process_id = $1 order by attempt`,
    [processId],
  )) as {
    direction: string
    status: string
    attempt: number
    amount: string
    currency: string
    failure_reason: string
    for_process_id: string | null
    details: number
  }[]
}

async function view(user: string, id: string): Promise<ProcessView> {
  const res = await f.t.call<ProcessView>('GET', `/api/process/${id}`, { token: f.tokens[user] })
  expect(res.code).toBe(0)
  return res.data
}

describe('a non-contract payment request', () => {
  it('is started by finance with nothing, approved and paid (outgoing, with its details)', async () => {
    let p = await f.start('finance', 'FINANCE_PAYMENT', {})
    expect(p.state).toBe('payment.draft')
    expect(p.nextEvents).toEqual(expect.arrayContaining(['SAVE', 'SUBMIT']))
    p = await f.send('finance', p, 'SUBMIT', { payload: request('3200.00') })
    expect(p.state).toBe('payment.submitted')
    p = await f.send('approver', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')
    // Whoever submitted the request may not confirm that its money moved.
    expect((await view('finance', p.id)).nextEvents).not.toContain('CONFIRM_PAYMENT')
    const own = await f.post('finance', p, { type: 'CONFIRM_PAYMENT', ...confirm })
    expect(own.code).toBe(4031)
    p = await f.send('admin', p, 'CONFIRM_PAYMENT', confirm)
    expect(p.state).toBe('completed')
    expect(p.done).toBe(true)
    expect(await paymentRows(p.id)).toEqual([
      {
        direction: 'outgoing',
        status: 'paid',
        attempt: 1,
        amount: '3200.00',
        currency: 'CNY',
        failure_reason: '',
        for_process_id: null,
        details: 1,
      },
    ])
  })

  it('records a failed payment with its reason, then the retry that is paid', async () => {
    let p = await f.start('registrar', 'FINANCE_PAYMENT', { note: 'Framing invoice 2026-031' })
    p = await f.pass(p, request('5600.50'))
    p = await f.send('finance', p, 'PAYMENT_FAILED', { comment: 'Account name does not match' })
    expect(p.state).toBe('payment.paymentFailed')
    p = await f.send('finance', p, 'RETRY_PAYMENT')
    expect(p.state).toBe('payment.awaitingPayment')
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', confirm)
    expect(p.state).toBe('completed')
    const rows = await paymentRows(p.id)
    expect(rows.map((r) => [r.attempt, r.status, r.failure_reason])).toEqual([
      [1, 'failed', 'Account name does not match'],
      [2, 'paid', ''],
    ])
  })

  it('needs a second approver above the limit of its currency (CNY 1,000,000 by default)', async () => {
    let p = await f.start('registrar', 'FINANCE_PAYMENT', {})
    p = await f.send('registrar', p, 'SUBMIT', { payload: request('1200000.00') })
    p = await f.send('approver', p, 'APPROVE')
    expect(p.state).toBe('payment.submitted')
    p = await f.send('admin', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')
  })

  it('is terminated by its starter with a reason, pays nothing, and may be restarted', async () => {
    let p = await f.start('finance', 'FINANCE_PAYMENT', {})
    p = await f.send('finance', p, 'SUBMIT', { payload: request('800.00') })
    p = await f.send('finance', p, 'TERMINATE', { comment: 'Invoice withdrawn by the supplier' })
    expect(p.state).toBe('terminated')
    expect(await paymentRows(p.id)).toEqual([])
    p = await f.send('finance', p, 'RESTART')
    expect(p.state).toBe('payment.draft')
  })

  it('refuses a viewer starting one (no start or pay privilege)', async () => {
    const res = await f.t.call('POST', '/api/process', {
      token: f.tokens.viewer,
      body: { type: 'FINANCE_PAYMENT', input: {} },
    })
    expect(res.code).toBe(4031)
  })

  it('refuses finance starting any other type (its start privilege is for payment requests only)', async () => {
    const ids = await f.artworks(1)
    const res = await f.t.call('POST', '/api/process', {
      token: f.tokens.finance,
      body: { type: 'OPERATION_SHOT_ART', input: { artworkIds: ids } },
    })
    expect(res.code).toBe(4031)
  })
})

describe('bad input', () => {
  async function refused(p: ProcessView, payload: Record<string, unknown>, lang = 'en') {
    const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
      token: f.tokens.finance,
      headers: { 'accept-language': lang },
      body: { type: 'SUBMIT', expectedVersion: p.version, payload },
    })
    expect(res.status).toBe(400)
    // Nothing written: the process is still at its version, with no payment.
    expect((await view('finance', p.id)).version).toBe(p.version)
    return res.data.fieldErrors as Record<string, string>
  }

  it('refuses details that do not add up to the amount, at payload.details', async () => {
    const p = await f.start('finance', 'FINANCE_PAYMENT', {})
    const errors = await refused(
      p,
      request('1000.00', 'CNY', { details: [{ payingCompany: 'Vitrine Holdings Ltd', amount: '900.00' }] }),
    )
    expect(Object.keys(errors)).toEqual(['payload.details'])
    const zh = await refused(
      p,
      request('1000.00', 'CNY', { details: [{ payingCompany: 'Vitrine Holdings Ltd', amount: '900.00' }] }),
      'zh-CN',
    )
    expect(zh['payload.details']).not.toBe(errors['payload.details'])
    expect(zh['payload.details']).toMatch(/[\u4e00-\u9fff]/)
  })

  it('refuses a negative amount, at payload.amount', async () => {
    const p = await f.start('finance', 'FINANCE_PAYMENT', {})
    const errors = await refused(
      p,
      request('-50.00', 'CNY', { details: [{ payingCompany: 'Vitrine Holdings Ltd', amount: '-50.00' }] }),
    )
    expect(errors).toHaveProperty('payload.amount')
  })

  it('refuses a payee abroad without an English name, at payload.payeeAccountName', async () => {
    const p = await f.start('finance', 'FINANCE_PAYMENT', {})
    const errors = await refused(p, request('1000.00', 'CNY', { payeeCountry: 'HK' }))
    expect(Object.keys(errors)).toEqual(['payload.payeeAccountName'])
  })

  it('refuses a bad start input at its field', async () => {
    for (const [input, field] of [
      [{ prefill: { amount: '-1.00' } }, 'input.prefill.amount'],
      [
        { forProcessId: '0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e9999', forStep: 'transportInfo' },
        'input.forProcessId',
      ],
      [{ artworkIds: [] }, 'input'],
    ] as const) {
      const res = await f.t.call<any>('POST', '/api/process', {
        token: f.tokens.finance,
        body: { type: 'FINANCE_PAYMENT', input },
      })
      expect(res.status, JSON.stringify(input)).toBe(400)
      expect(
        Object.keys(res.data.fieldErrors).some((k) => k.startsWith(field)),
        JSON.stringify(res.data),
      ).toBe(true)
    }
  })
})

describe("an operation's cost becomes a payable", () => {
  it("offers a transport's cost once approved, starts it prefilled from the links, and pays it for the transport", async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_TRANS_ART', ids)
    let t = await f.start('registrar', 'OPERATION_TRANS_ART', { artworkIds: ids })
    t = await f.send('registrar', t, 'SUBMIT', { payload: s.transportInfo[0] })
    // Not before the cost is approved.
    expect((await view('finance', t.id)).links?.mayStart.map((m) => m.type)).not.toContain('FINANCE_PAYMENT')
    t = await f.send('approver', t, 'APPROVE')
    const offered = (await view('finance', t.id)).links?.mayStart.find((m) => m.type === 'FINANCE_PAYMENT')
    expect(offered?.input).toEqual({
      forProcessId: t.id,
      forStep: 'transportInfo',
      prefill: {
        amount: '8800.00',
        currency: 'CNY',
        payeeAccountName: 'Fine Art Logistics Ltd',
        costAttribution: 'TRANSPORT',
      },
    })
    // A viewer may neither start nor pay: nothing offered.
    expect((await view('viewer', t.id)).links?.mayStart ?? []).toEqual([])
    // A step the transport does not record a cost in is refused.
    const wrongStep = await f.t.call<any>('POST', '/api/process', {
      token: f.tokens.finance,
      body: { type: 'FINANCE_PAYMENT', input: { ...offered?.input, forStep: 'transport' } },
    })
    expect(Object.keys(wrongStep.data.fieldErrors ?? {})).toEqual(['input.forStep'])

    let p = await f.start('finance', 'FINANCE_PAYMENT', offered?.input)
    expect(p.links?.follows.map((l) => l.id)).toEqual([t.id])
    const after = await view('finance', t.id)
    expect(after.links?.followedBy.map((l) => l.id)).toContain(p.id)
    // One request per cost while it runs (or once it is paid).
    expect(after.links?.mayStart.map((m) => m.type)).not.toContain('FINANCE_PAYMENT')

    // Paid in the cost's currency: another one is refused at payload.currency.
    const other = await f.post('finance', p, {
      type: 'SUBMIT',
      payload: {
        ...request('1100.00', 'HKD'),
        payeeAccountName: 'Fine Art Logistics Ltd',
      },
    })
    expect(other.status).toBe(400)
    expect(Object.keys(other.data.fieldErrors)).toEqual(['payload.currency'])

    p = await f.send('finance', p, 'SUBMIT', {
      payload: {
        ...request('8800.00'),
        payeeAccountName: 'Fine Art Logistics Ltd',
        costAttribution: 'TRANSPORT',
      },
    })
    p = await f.send('approver', p, 'APPROVE')
    p = await f.send('admin', p, 'CONFIRM_PAYMENT', confirm)
    const [row] = await paymentRows(p.id)
    expect(row).toMatchObject({ status: 'paid', amount: '8800.00', currency: 'CNY', for_process_id: t.id })
  })
})

describe('a request for a recorded cost', () => {
  const inLang = (lang: string, user: string, path: string, body: Record<string, unknown>) =>
    f.t.call<any>('POST', path, { token: f.tokens[user], lang, body })
  const startIn = (lang: string, input: Record<string, unknown>, user = 'finance') =>
    inLang(lang, user, '/api/process', { type: 'FINANCE_PAYMENT', input })
  /** The requests (any state) started for a process's cost. */
  const requestsFor = async (processId: string) =>
    (
      (await f.t.deps.database.raw(
        `select count(*)::int as n from processes
          where type = 'FINANCE_PAYMENT' and snapshot->'context'->'subject'->>'forProcessId' = $1`,
        [processId],
      )) as { n: number }[]
    )[0].n

  /** A transport whose cost (8,800.00 CNY to Fine Art Logistics) is approved. */
  async function approvedTransport(): Promise<ProcessView> {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_TRANS_ART', ids)
    const t = await f.start('registrar', 'OPERATION_TRANS_ART', { artworkIds: ids })
    return f.pass(t, s.transportInfo[0])
  }
  const costOf = (t: ProcessView) => ({ forProcessId: t.id, forStep: 'transportInfo' })
  const paying = (amount: string, currency = 'CNY') => ({
    ...request(amount, currency),
    payeeAccountName: 'Fine Art Logistics Ltd',
  })

  it('takes the cost amount and currency: a prefill saying otherwise is refused naming the cost', async () => {
    const t = await approvedTransport()
    for (const [prefill, field] of [
      [{ currency: 'USD' }, 'input.prefill.currency'],
      [{ amount: '9000.00', currency: 'CNY' }, 'input.prefill.amount'],
      [{ amount: '8800.00', currency: 'USD' }, 'input.prefill.currency'],
    ] as const) {
      const en = await startIn('en', { ...costOf(t), prefill })
      expect(en.status, JSON.stringify(prefill)).toBe(400)
      expect(en.data.fieldErrors).toEqual({
        [field]:
          'This request pays a recorded cost of 8800.00 CNY: its amount and currency are those of the cost',
      })
      const zh = await startIn('zh-CN', { ...costOf(t), prefill })
      expect(zh.data.fieldErrors).toEqual({
        [field]: '该付款申请支付已登记的费用 8800.00 CNY，金额和币种须与之一致',
      })
    }
    expect(await requestsFor(t.id)).toBe(0)
    // Without amount and currency the request takes the cost's.
    const p = await f.start('finance', 'FINANCE_PAYMENT', costOf(t))
    expect(p.context.subject.prefill).toMatchObject({ amount: '8800.00', currency: 'CNY' })
  })

  it('keeps the amount and currency at SUBMIT, refused at their field in both languages, nothing written', async () => {
    const t = await approvedTransport()
    const p = await f.start('finance', 'FINANCE_PAYMENT', { ...costOf(t), prefill: { currency: 'CNY' } })
    for (const [payload, field] of [
      [paying('9000.00'), 'payload.amount'],
      [paying('8800.00', 'USD'), 'payload.currency'],
    ] as const) {
      for (const [lang, words] of [
        [
          'en',
          'This request pays a recorded cost of 8800.00 CNY: its amount and currency are those of the cost',
        ],
        ['zh-CN', '该付款申请支付已登记的费用 8800.00 CNY，金额和币种须与之一致'],
      ]) {
        const res = await inLang(lang, 'finance', `/api/process/${p.id}/events`, {
          type: 'SUBMIT',
          expectedVersion: p.version,
          payload,
        })
        expect(res.status).toBe(400)
        expect(res.data.fieldErrors).toEqual({ [field]: words })
      }
    }
    expect((await view('finance', p.id)).version).toBe(p.version)
    const ok = await f.send('finance', p, 'SUBMIT', { payload: paying('8800.00') })
    expect(ok.state).toBe('payment.submitted')
  })

  it('is one per cost: a second is refused naming the first; a terminated request frees the cost', async () => {
    const t = await approvedTransport()
    const first = await f.start('finance', 'FINANCE_PAYMENT', costOf(t))
    const today = dayIn(new Date(first.createdAt), f.t.deps.config.timeZone)
    const en = await startIn('en', costOf(t), 'registrar')
    expect(en.status).toBe(409)
    expect(en.msg).toMatch(/^This cost already has a payment request \(.+, started .+, Draft\)/)
    expect(en.msg).toContain(today)
    expect(en.data).toMatchObject({ processId: first.id })
    const zh = await startIn('zh-CN', costOf(t), 'registrar')
    expect(zh.status).toBe(409)
    expect(zh.msg).toMatch(/^该费用已有付款申请（.+ 于 .+ 发起，填写中）/)
    expect(await requestsFor(t.id)).toBe(1)

    // Terminated, the cost is free again; restarting the terminated one is then refused.
    let firstNow = await f.send('finance', first, 'TERMINATE', { comment: 'Raised twice by mistake' })
    let second = await f.start('registrar', 'FINANCE_PAYMENT', costOf(t))
    const restart = await f.post('finance', firstNow, { type: 'RESTART' })
    expect(restart.status).toBe(409)
    expect(restart.data).toMatchObject({ processId: second.id })
    firstNow = await view('finance', first.id)
    expect(firstNow).toMatchObject({ state: 'terminated', version: firstNow.version })

    // Paid, it still holds the cost.
    second = await f.send('registrar', second, 'SUBMIT', { payload: paying('8800.00') })
    second = await f.send('approver', second, 'APPROVE')
    second = await f.send('finance', second, 'CONFIRM_PAYMENT', confirm)
    expect(second.state).toBe('completed')
    const third = await startIn('en', costOf(t))
    expect(third.status).toBe(409)
    expect(third.data).toMatchObject({ processId: second.id })
    expect(third.msg).toContain('Completed')
    expect(await requestsFor(t.id)).toBe(2)
    const [paid] = await paymentRows(second.id)
    expect(paid).toMatchObject({ amount: '8800.00', currency: 'CNY', for_process_id: t.id })
    await assertWorldConsistent(f.t)
  })

  it('is refused before the cost is approved, at input.forStep', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_TRANS_ART', ids)
    let t = await f.start('registrar', 'OPERATION_TRANS_ART', { artworkIds: ids })
    t = await f.send('registrar', t, 'SUBMIT', { payload: s.transportInfo[0] })
    for (const [lang, words] of [
      ['en', 'That step has no approved cost to pay yet'],
      ['zh-CN', '该步骤尚无经审批的费用可付'],
    ]) {
      const res = await startIn(lang, costOf(t))
      expect(res.status).toBe(400)
      expect(res.data.fieldErrors).toEqual({ 'input.forStep': words })
    }
    expect(await requestsFor(t.id)).toBe(0)
  })
})

describe('an unknown currency', () => {
  it('is refused at SUBMIT and in a start prefill, at its field in both languages, nothing written', async () => {
    const p = await f.start('finance', 'FINANCE_PAYMENT', {})
    for (const [lang, words] of [
      ['en', 'Not a currency of the system'],
      ['zh-CN', '不是系统中的币种'],
    ]) {
      const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.finance,
        lang,
        body: { type: 'SUBMIT', expectedVersion: p.version, payload: request('100.00', 'QQQ') },
      })
      expect(res.status).toBe(400)
      expect(res.data.fieldErrors).toEqual({ 'payload.currency': words })
      const started = await f.t.call<any>('POST', '/api/process', {
        token: f.tokens.finance,
        lang,
        body: { type: 'FINANCE_PAYMENT', input: { note: 'QQQ test', prefill: { currency: 'QQQ' } } },
      })
      expect(started.status).toBe(400)
      expect(started.data.fieldErrors).toEqual({ 'input.prefill.currency': words })
    }
    expect((await view('finance', p.id)).version).toBe(p.version)
    const [{ n }] = (await f.t.deps.database.raw(
      `select count(*)::int as n from processes where snapshot->'context'->'subject'->>'note' = 'QQQ test'`,
    )) as { n: number }[]
    expect(n).toBe(0)
  })
})
