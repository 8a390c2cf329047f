// A purchase or a sale completes with its one payment, so that payment settles the contract: a full payment
// below what the contract leaves due would complete it with money still owed, one above would pay beyond
// what was agreed. Both are refused at SUBMIT with a 400 at payload.amount naming what is due, in the
// reader's language, and nothing is written; the paid total is checked again inside the transaction that
// confirms the money; and the world invariant finds a completed purchase or sale with money outstanding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { assertWorldConsistent, worldProblems } from './invariants'
import { day, type Flow, openFlow } from './process-flow'
import { contract, countRows, dueDiligence, payment } from './process-helpers'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
})
afterAll(() => f?.close())

const confirm = { payload: { paidOn: day(0), bankReference: 'TT-31' } }
const OUTSTANDING = 'a completed purchase or sale whose contract still has an amount outstanding'

/** A sale at its collection step, under a contract of CNY 300,000.00. */
async function saleToCollection(): Promise<{ p: ProcessView; collection: Record<string, unknown> }> {
  const ids = await f.artworks(1)
  const s = f.samples('OPERATION_SELL_ART', ids)
  let p = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: ids })
  p = await f.pass(p, s.marketSurvey[0])
  p = await f.pass(p, { ...s.contract[0], amount: '300000.00', number: `HT-S-${p.id.slice(0, 8)}` })
  expect(p.state).toBe('collection.draft')
  return { p, collection: s.collection[0] }
}

/** A purchase at its payment step, under a contract of CNY 880,000.00. */
async function purchaseToPayment(): Promise<ProcessView> {
  let p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '全款', titleEn: 'Full payment' }] })
  p = await f.pass(p, dueDiligence())
  p = await f.pass(p, contract('880000.00'))
  expect(p.state).toBe('payment.draft')
  return p
}

const fullPayment = (amount: string) => ({
  ...payment(amount),
  paymentType: 'FULL',
  details: [{ payingCompany: 'Vitrine Family Holdings', amount }],
})

async function written(p: ProcessView) {
  return {
    history: await countRows(f.t, 'process_history', 'process_id = $1', [p.id]),
    payments: await countRows(f.t, 'payments', 'process_id = $1', [p.id]),
    tasks: await countRows(f.t, 'process_tasks', 'process_id = $1', [p.id]),
  }
}

/** SUBMIT refused with a 400 in `lang`: the field errors; the process, its history and payments unchanged. */
async function refusedSubmit(p: ProcessView, payload: Record<string, unknown>, lang: string) {
  const before = await written(p)
  const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
    token: f.tokens.registrar,
    lang,
    body: { type: 'SUBMIT', expectedVersion: p.version, payload },
  })
  expect(res.status).toBe(400)
  expect(res.code).toBe(400)
  expect(await written(p)).toEqual(before)
  const now = await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.viewer })
  expect(now.data).toMatchObject({ version: p.version, state: p.state })
  return res.data.fieldErrors as Record<string, string>
}

describe("a sale's full payment", () => {
  it('below or above what the contract leaves due is refused at the amount, in both languages', async () => {
    const { p, collection } = await saleToCollection()
    for (const amount of ['50000.00', '300000.01'])
      for (const [lang, words] of [
        ['zh-CN', '全款应为 CNY 300,000.00'],
        ['en', 'A full payment must be the CNY 300,000.00 still due'],
      ])
        expect(await refusedSubmit(p, { ...collection, paymentType: 'FULL', amount }, lang)).toEqual({
          'payload.amount': words,
        })
  })

  it('a deposit cannot complete the sale either: its one collection is what is due', async () => {
    const { p, collection } = await saleToCollection()
    for (const [lang, words] of [
      ['zh-CN', '本流程只收付一笔款，应为尚欠的 CNY 300,000.00'],
      ['en', 'This process takes a single payment: it must be the CNY 300,000.00 still due'],
    ])
      expect(
        await refusedSubmit(p, { ...collection, paymentType: 'DEPOSIT', amount: '50000.00' }, lang),
      ).toEqual({ 'payload.amount': words })
  })

  it('the amount due completes the sale paid in full', async () => {
    const { p: atCollection, collection } = await saleToCollection()
    let p = await f.pass(atCollection, { ...collection, paymentType: 'FULL', amount: '300000.00' })
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', confirm)
    expect(p).toMatchObject({ state: 'completed', done: true })
    const [row] = (await f.t.deps.database.raw(
      `select c.amount::text as contract, (select sum(y.amount)::text from payments y
         where y.contract_id = c.id and y.status = 'paid') as paid
       from contracts c where c.process_id = $1 and c.superseded_at is null`,
      [p.id],
    )) as { contract: string; paid: string }[]
    expect(row).toEqual({ contract: '300000.00', paid: '300000.00' })
    await assertWorldConsistent(f.t)

    // The invariant finds a completed sale whose contract is not paid in full (a payment row tampered with).
    await f.t.deps.database.raw(`update payments set amount = 50000 where process_id = $1`, [p.id])
    try {
      const found = (await worldProblems(f.t)).filter((w) => w.rule === OUTSTANDING)
      expect(found.map((w) => [w.id, w.what])).toEqual([
        [p.id, 'OPERATION_SELL_ART completed, CNY 250000.00 outstanding'],
      ])
    } finally {
      await f.t.deps.database.raw(`update payments set amount = 300000 where process_id = $1`, [p.id])
    }
    await assertWorldConsistent(f.t)
  })
})

describe("a purchase's full payment", () => {
  it('below or above what the contract leaves due is refused at the amount, in both languages', async () => {
    const p = await purchaseToPayment()
    for (const amount of ['100000.00', '880000.01'])
      for (const [lang, words] of [
        ['zh-CN', '全款应为 CNY 880,000.00'],
        ['en', 'A full payment must be the CNY 880,000.00 still due'],
      ])
        expect(await refusedSubmit(p, fullPayment(amount), lang)).toEqual({ 'payload.amount': words })
    const ok = await f.send('registrar', p, 'SUBMIT', { payload: fullPayment('880000.00') })
    expect(ok.state).toBe('payment.submitted')
  })

  it('is checked again when the money is confirmed: the recorded contract must then be paid in full', async () => {
    let p = await purchaseToPayment()
    p = await f.pass(p, fullPayment('880000.00'))
    expect(p.state).toBe('payment.awaitingPayment')
    // The contract on record says more than the payment approved (changed since the approval).
    await f.t.deps.database.raw(
      'update contracts set amount = 900000 where process_id = $1 and superseded_at is null',
      [p.id],
    )
    for (const [lang, words] of [
      ['zh-CN', '全款应为 CNY 900,000.00'],
      ['en', 'A full payment must be the CNY 900,000.00 still due'],
    ]) {
      const before = await written(p)
      const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.finance,
        lang,
        body: { type: 'CONFIRM_PAYMENT', expectedVersion: p.version, ...confirm },
      })
      expect(res.status).toBe(400)
      expect(res.data.fieldErrors).toEqual({ amount: words })
      // Nothing half-applied: no payment, no artworks, the process where it was.
      expect(await written(p)).toEqual(before)
      expect(await countRows(f.t, 'process_artworks', 'process_id = $1', [p.id])).toBe(0)
    }
    await f.t.deps.database.raw(
      'update contracts set amount = 880000 where process_id = $1 and superseded_at is null',
      [p.id],
    )
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', confirm)
    expect(p).toMatchObject({ state: 'completed', done: true })
    await assertWorldConsistent(f.t)
  })
})
