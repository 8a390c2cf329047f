// Insurance binds cover only on works that may still be insured, checked on what the server wrote: a work
// sold or counted missing after the process started refuses the policy's SUBMIT and its approval (400 naming
// each artwork and why, in both languages, nothing written), for every cover type; one renewal reminder per
// policy however often it is re-issued; a renewal renews only an active policy, and its lapse never touches a
// void one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverDueReminders } from '../../src/server/modules/messages/send'
import type { ProcessView } from '../../src/shared/contracts/process'
import { formatMessage } from '../../src/shared/errors'
import { assertWorldConsistent, worldProblems } from './invariants'
import {
  approvedPolicy,
  day,
  type Flow,
  openFlow,
  policyNo,
  policyRow,
  premiumPaid,
  reminders,
} from './process-flow'
import { artworkRows, countRows } from './process-helpers'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
})
afterAll(() => f?.close())

const raw = (sql: string, params: unknown[] = []) => f.t.deps.database.raw(sql, params) as Promise<any[]>
const db = () => f.t.deps.database.db

async function inventoryNo(id: string): Promise<string> {
  return (await raw('select inventory_no from artworks where id = $1', [id]))[0].inventory_no
}

/** An event in a language, answered as it is (refusals included). */
function postIn(lang: string, user: string, p: ProcessView, body: Record<string, unknown>) {
  return f.t.call<any>('POST', `/api/process/${p.id}/events`, {
    token: f.tokens[user],
    lang,
    body: { expectedVersion: p.version, ...body },
  })
}

/** Everything an event of this process could have written: the row, its history, policy, reminders, cover. */
async function written(p: ProcessView, ids: string[]) {
  return {
    process: (await raw('select version, state from processes where id = $1', [p.id]))[0],
    history: await countRows(f.t, 'process_history', 'process_id = $1', [p.id]),
    policies: await raw('select status, updated_at from insurance_policies where process_id = $1', [p.id]),
    reminders: await countRows(f.t, 'process_reminders', 'process_id = $1', [p.id]),
    messages: await countRows(f.t, 'messages', 'process_id = $1', [p.id]),
    cover: (await artworkRows(f.t, ids)).map((a) => [a.insurance_status, a.insured_until]),
  }
}

/** A sale of one artwork, paid: the artwork is sold. */
async function sell(id: string) {
  const s = f.samples('OPERATION_SELL_ART', [id])
  let sale = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: [id] })
  sale = await f.pass(sale, s.marketSurvey[0])
  sale = await f.pass(sale, s.contract[0])
  sale = await f.pass(sale, s.collection[0], 'registrar')
  sale = await f.send('finance', sale, 'CONFIRM_PAYMENT', {
    payload: { paidOn: day(0), bankReference: 'S-1' },
  })
  expect(sale.status).toBe('completed')
}

/** A stocktake of the room that counts `gone` as not there: it becomes missing. */
async function countMissing(gone: string) {
  const [seen] = await f.artworks(1)
  const s = f.samples('INVENTORY_CHECK', [seen, gone])
  const p = await f.pass(await f.start('registrar', 'INVENTORY_CHECK', { roomId: f.room }), s.counting[1])
  expect(p.state).toBe('discrepancies.draft')
  expect((await artworkRows(f.t, [gone]))[0].status).toBe('missing')
}

const COVER_TYPES = ['INSURANCE_ANNUAL', 'INSURANCE_OPERATION', 'INSURANCE_RENEWAL'] as const

/** A cover process on `ids` past its first step (quotation, or the decision to renew): its policy is next. */
async function atPolicy(type: string, ids: string[]): Promise<ProcessView> {
  const p = await f.start('registrar', type, { artworkIds: ids })
  const first =
    type === 'INSURANCE_RENEWAL' ? f.samples(type, ids).renewal[0] : f.samples(type, ids).quotation[0]
  const next = await f.pass(p, first)
  expect(next.state).toBe('policy.draft')
  return next
}
const policyData = (ids: string[]) => ({
  ...f.samples('INSURANCE_ANNUAL', ids).policy[0],
  policyNo: policyNo(),
  startDate: day(-1),
  endDate: day(364),
})

/** The refusal in both languages: 400, every artwork named with why, and nothing written. */
async function expectRefused(
  p: ProcessView,
  ids: string[],
  user: string,
  body: Record<string, unknown>,
  named: { id: string; why: 'sold' | 'missing' }[],
) {
  const before = await written(p, ids)
  const words = { sold: { en: 'sold', zh: '已售出' }, missing: { en: 'missing', zh: '缺失' } }
  // Named in the order of their inventory numbers.
  const numbered = await Promise.all(named.map(async (n) => ({ ...n, no: await inventoryNo(n.id) })))
  numbered.sort((a, b) => (a.no < b.no ? -1 : 1))
  const list = (lang: 'en' | 'zh') =>
    numbered
      .map((n) => (lang === 'en' ? `${n.no} (${words[n.why].en})` : `${n.no}（${words[n.why].zh}）`))
      .join(lang === 'en' ? ', ' : '、')
  const en = await postIn('en', user, p, body)
  expect(en.status).toBe(400)
  expect(en.msg).toBe(formatMessage('coverRefused', 'en', { artworks: list('en') }))
  expect(en.msg).toContain('can no longer be insured')
  expect(en.data.artworkIds.sort()).toEqual(named.map((n) => n.id).sort())
  const zh = await postIn('zh-CN', user, p, body)
  expect(zh.status).toBe(400)
  expect(zh.msg).toBe(formatMessage('coverRefused', 'zh-CN', { artworks: list('zh') }))
  expect(zh.msg).toContain('已不能投保')
  expect(await written(p, ids)).toEqual(before)
}

describe('cover is bound only on works that may still be insured', () => {
  for (const type of COVER_TYPES) {
    it(`${type}: sold and missing since the start, the policy's SUBMIT is refused naming both`, async () => {
      const ids = await f.artworks(3)
      const p = await atPolicy(type, ids)
      await sell(ids[0])
      await countMissing(ids[1])
      await expectRefused(p, ids, 'registrar', { type: 'SUBMIT', payload: policyData(ids) }, [
        { id: ids[0], why: 'sold' },
        { id: ids[1], why: 'missing' },
      ])
      expect(await countRows(f.t, 'insurance_policies', 'process_id = $1', [p.id])).toBe(0)
      await assertWorldConsistent(f.t)
    })

    it(`${type}: sold between the policy's SUBMIT and its approval, the approval is refused`, async () => {
      const ids = await f.artworks(2)
      const p = await f.send('registrar', await atPolicy(type, ids), 'SUBMIT', { payload: policyData(ids) })
      expect(p.state).toBe('policy.submitted')
      await sell(ids[1])
      await expectRefused(p, ids, 'approver', { type: 'APPROVE' }, [{ id: ids[1], why: 'sold' }])
      expect(await countRows(f.t, 'insurance_policies', 'process_id = $1', [p.id])).toBe(0)
      expect((await artworkRows(f.t, ids)).map((a) => a.insurance_status)).toEqual([
        'to_be_insured',
        'to_be_insured',
      ])
      await assertWorldConsistent(f.t)
    })

    it(`${type}: counted missing between the policy's SUBMIT and its approval, the approval is refused`, async () => {
      const ids = await f.artworks(1)
      const p = await f.send('registrar', await atPolicy(type, ids), 'SUBMIT', { payload: policyData(ids) })
      await countMissing(ids[0])
      await expectRefused(p, ids, 'approver', { type: 'APPROVE' }, [{ id: ids[0], why: 'missing' }])
      expect(await countRows(f.t, 'insurance_policies', 'process_id = $1', [p.id])).toBe(0)
      await assertWorldConsistent(f.t)
    })
  }

  it('re-issuing after a restart checks again: a work sold meanwhile refuses the restart', async () => {
    const ids = await f.artworks(1)
    let p = await approvedPolicy(f, ids, { startDate: day(-1), endDate: day(300) })
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'Wrong insurer' })
    expect((await policyRow(f, p.id)).status).toBe('void')
    await sell(ids[0])
    const restarted = await postIn('en', 'registrar', p, { type: 'RESTART' })
    expect(restarted.status).toBe(400)
    expect(restarted.msg).toContain(await inventoryNo(ids[0]))
    expect((await policyRow(f, p.id)).status).toBe('void')
    await assertWorldConsistent(f.t)
  })

  it('a work out on loan may still be insured (the start rule, not a second list)', async () => {
    const ids = await f.artworks(1)
    const p = await f.send('registrar', await atPolicy('INSURANCE_OPERATION', ids), 'SUBMIT', {
      payload: policyData(ids),
    })
    await raw(`update artworks set status = 'on_loan' where id = $1`, [ids[0]])
    try {
      const approved = await f.send('approver', p, 'APPROVE')
      expect(approved.currentStep).toBe('premiumPayment')
      expect((await policyRow(f, p.id)).status).toBe('active')
    } finally {
      await raw(`update artworks set status = 'in_collection' where id = $1`, [ids[0]])
    }
  })
})

describe('one renewal reminder per policy', () => {
  const sent = (processId: string) =>
    countRows(
      f.t,
      'messages',
      "process_id = $1 and kind = 'reminder' and title_en like 'Insurance ends soon%'",
      [processId],
    )

  it('approve → terminate → restart → approve, three times over: one reminder message', async () => {
    const ids = await f.artworks(1)
    const terms = { startDate: day(-300), endDate: day(20) }
    let p = await approvedPolicy(f, ids, terms)
    // Ending within 30 days: the reminder is due at once.
    await deliverDueReminders(db(), new Date())
    expect(await sent(p.id)).toBe(1)
    for (let round = 0; round < 2; round++) {
      p = await f.send('registrar', p, 'TERMINATE', { comment: 'Re-issue' })
      expect((await policyRow(f, p.id)).status).toBe('void')
      p = await f.send('registrar', p, 'RESTART')
      const s = f.samples('INSURANCE_ANNUAL', ids)
      p = await f.pass(p, s.quotation[0])
      p = await f.pass(p, { ...s.policy[0], policyNo: policyNo(), ...terms })
      expect((await policyRow(f, p.id)).status).toBe('active')
      await deliverDueReminders(db(), new Date())
      expect(await sent(p.id)).toBe(1)
    }
    const r = await reminders(f, p.id)
    expect(r.all).toHaveLength(1)
    expect(r.all[0].delivered_at).not.toBeNull()
    await assertWorldConsistent(f.t)
  })

  it('terminated before it was delivered, the reminder is cancelled; re-issued, it is delivered once', async () => {
    const ids = await f.artworks(1)
    const terms = { startDate: day(-300), endDate: day(25) }
    let p = await approvedPolicy(f, ids, terms)
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'Re-issue' })
    expect((await reminders(f, p.id)).pending).toEqual([])
    await deliverDueReminders(db(), new Date())
    expect(await sent(p.id)).toBe(0)
    p = await f.send('registrar', p, 'RESTART')
    const s = f.samples('INSURANCE_ANNUAL', ids)
    p = await f.pass(p, s.quotation[0])
    p = await f.pass(p, { ...s.policy[0], policyNo: policyNo(), ...terms })
    expect((await reminders(f, p.id)).pending).toHaveLength(1)
    await deliverDueReminders(db(), new Date())
    await deliverDueReminders(db(), new Date())
    expect(await sent(p.id)).toBe(1)
  })
})

describe('a renewal renews only an active policy', () => {
  /** A start in a language, answered as it is. */
  const startIn = (lang: string, input: Record<string, unknown>) =>
    f.t.call<any>('POST', '/api/process', {
      token: f.tokens.registrar,
      lang,
      body: { type: 'INSURANCE_RENEWAL', input },
    })
  const renewals = () => countRows(f.t, 'processes', "type = 'INSURANCE_RENEWAL'")

  async function expectStartRefused(input: Record<string, unknown>, field: string, en: string, zh: string) {
    const before = { renewals: await renewals(), history: await countRows(f.t, 'process_history') }
    const a = await startIn('en', input)
    expect(a.status).toBe(400)
    expect(a.msg).toBe(en)
    expect(a.data.fieldErrors).toEqual({ [field]: en })
    const b = await startIn('zh-CN', input)
    expect(b.status).toBe(400)
    expect(b.msg).toBe(zh)
    expect(b.data.fieldErrors).toEqual({ [field]: zh })
    expect({ renewals: await renewals(), history: await countRows(f.t, 'process_history') }).toEqual(before)
  }

  /** An annual policy approved, then its process terminated before the premium was paid: void. */
  async function voidPolicy(ids: string[]) {
    const number = policyNo()
    let p = await approvedPolicy(f, ids, { startDate: day(-10), endDate: day(300), policyNo: number })
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'Premium too high' })
    expect((await policyRow(f, p.id)).status).toBe('void')
    return { p, number }
  }

  it('refuses a terminated process whose policy is void, by process and by number', async () => {
    const ids = await f.artworks(1)
    const { p, number } = await voidPolicy(ids)
    await expectStartRefused(
      { artworkIds: ids, previousProcessId: p.id },
      'input.previousProcessId',
      formatMessage('renewedPolicyVoid', 'en', { policy: number }),
      formatMessage('renewedPolicyVoid', 'zh-CN', { policy: number }),
    )
    await expectStartRefused(
      { artworkIds: ids, previousPolicyNo: number },
      'input.previousPolicyNo',
      formatMessage('renewedPolicyVoid', 'en', { policy: number }),
      formatMessage('renewedPolicyVoid', 'zh-CN', { policy: number }),
    )
    expect((await policyRow(f, p.id)).status).toBe('void')
    await assertWorldConsistent(f.t)
  })

  it('refuses a policy that has lapsed, and a process that issued no policy', async () => {
    const ids = await f.artworks(1)
    const number = policyNo()
    const old = await premiumPaid(
      f,
      await approvedPolicy(f, ids, { startDate: day(-300), endDate: day(40), policyNo: number }),
      ids,
    )
    const lapse = await f.start('registrar', 'INSURANCE_RENEWAL', {
      artworkIds: ids,
      previousProcessId: old.id,
    })
    expect((await f.pass(lapse, { decision: 'lapse', reason: 'Sold soon' })).state).toBe('notRenewed')
    expect((await policyRow(f, old.id)).status).toBe('lapsed')
    await expectStartRefused(
      { artworkIds: ids, previousProcessId: old.id },
      'input.previousProcessId',
      formatMessage('renewedPolicyLapsed', 'en', { policy: number }),
      formatMessage('renewedPolicyLapsed', 'zh-CN', { policy: number }),
    )
    // Terminated at its quotation: it never issued a policy.
    let never = await f.start('registrar', 'INSURANCE_ANNUAL', { artworkIds: ids })
    never = await f.send('registrar', never, 'TERMINATE', { comment: 'Not needed' })
    await expectStartRefused(
      { artworkIds: ids, previousProcessId: never.id },
      'input.previousProcessId',
      formatMessage('renewedPolicyNone', 'en'),
      formatMessage('renewedPolicyNone', 'zh-CN'),
    )
  })

  it('renews a policy that ended at its end date (still active), and one numbered outside Vitrine', async () => {
    const ids = await f.artworks(1)
    const ended = await premiumPaid(
      f,
      await approvedPolicy(f, ids, { startDate: day(-400), endDate: day(-5) }),
      ids,
    )
    const renewal = await f.start('registrar', 'INSURANCE_RENEWAL', {
      artworkIds: ids,
      previousProcessId: ended.id,
    })
    expect(renewal.state).toBe('renewal.draft')
    const outside = await f.start('registrar', 'INSURANCE_RENEWAL', {
      artworkIds: ids,
      previousPolicyNo: `EXT-${Date.now()}`,
    })
    expect(outside.state).toBe('renewal.draft')
  })

  it('a lapse never touches a policy made void after the renewal started', async () => {
    const ids = await f.artworks(1)
    let annual = await approvedPolicy(f, ids, { startDate: day(-10), endDate: day(300) })
    const renewal = await f.start('registrar', 'INSURANCE_RENEWAL', {
      artworkIds: ids,
      previousProcessId: annual.id,
    })
    annual = await f.send('registrar', annual, 'TERMINATE', { comment: 'Premium too high' })
    const voided = await policyRow(f, annual.id)
    expect(voided.status).toBe('void')
    const lapsed = await f.pass(renewal, { decision: 'lapse', reason: 'Not needed' })
    expect(lapsed.state).toBe('notRenewed')
    expect((await policyRow(f, annual.id)).status).toBe('void')
    await assertWorldConsistent(f.t)
  })
})

describe('the world invariant names each insurance breach', () => {
  const problems = async (rule: string) => (await worldProblems(f.t)).filter((p) => p.rule.startsWith(rule))

  it('a policy issued after its artwork was counted missing (not one issued before)', async () => {
    const ids = await f.artworks(1)
    const p = await approvedPolicy(f, ids, { startDate: day(-1), endDate: day(300) })
    await countMissing(ids[0])
    // Issued before the stocktake: its cover may stand.
    expect(await problems('policy issued after')).toEqual([])
    const id = (await policyRow(f, p.id)).id
    await raw(`update insurance_policies set updated_at = now() + interval '1 minute' where id = $1`, [id])
    try {
      expect((await problems('policy issued after')).map((x) => x.who)).toEqual([await inventoryNo(ids[0])])
    } finally {
      await raw(`update insurance_policies set updated_at = now() - interval '1 minute' where id = $1`, [id])
    }
    expect(await problems('policy issued after')).toEqual([])
  })

  it('a second renewal reminder of one policy, and a void policy lapsed', async () => {
    const ids = await f.artworks(1)
    const number = policyNo()
    let p = await approvedPolicy(f, ids, { startDate: day(-300), endDate: day(10), policyNo: number })
    await deliverDueReminders(db(), new Date())
    const copy = `insert into messages (recipient_id, kind, process_id, title_zh, title_en, body_zh, body_en)
      select recipient_id, kind, process_id, title_zh, title_en, body_zh, body_en from messages
       where process_id = $1 and kind = 'reminder' returning id`
    const [{ id: extra }] = await raw(copy, [p.id])
    try {
      expect((await problems('more than one renewal reminder')).map((x) => x.who)).toEqual([number])
    } finally {
      await raw('delete from messages where id = $1', [extra])
    }
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'Void' })
    const id = (await policyRow(f, p.id)).id
    await raw(`update insurance_policies set status = 'lapsed', updated_at = now() where id = $1`, [id])
    try {
      expect((await problems('policy lapsed although')).map((x) => x.who)).toEqual([number])
    } finally {
      await raw(`update insurance_policies set status = 'void' where id = $1`, [id])
    }
    await assertWorldConsistent(f.t)
  })
})
