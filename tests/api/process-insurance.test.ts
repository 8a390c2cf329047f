// Insurance through the API, checked on what the server wrote: cover runs from a policy's start date to its
// end date (the daily job, on an injected clock, turns it on and off and tells the operations staff); a
// renewal's lapse ends the policy it renews (by previousProcessId or by policy number) and a later claim
// does not attach to it; one renewal reminder per policy whatever the re-approvals; a policy approved but
// never paid is void when its process is terminated; a sale takes the sold artworks off their policies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyCoverDates } from '../../src/server/modules/process/effects/insurance'
import { startScheduledJobs } from '../../src/server/scheduled-jobs'
import type { ProcessView } from '../../src/shared/contracts/process'
import { calendarDateText } from '../../src/shared/office-time'
import {
  approvedPolicy,
  day,
  type Flow,
  noon,
  openFlow,
  policyNo,
  policyRow,
  premiumApproved,
  premiumPaid,
  reminders,
} from './process-flow'
import { artworkRows, countRows } from './process-helpers'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
})
afterAll(() => f?.close())

const db = () => f.t.deps.database.db
const cover = async (ids: string[]) =>
  (await artworkRows(f.t, ids)).map((a) => ({ status: a.insurance_status, until: a.insured_until }))
const COVERED = (until: string) => ({ status: 'covered', until })
const UNINSURED = { status: 'to_be_insured', until: null }

async function userId(name: string) {
  const rows = (await f.t.deps.database.raw('select id from users where username = $1', [name])) as {
    id: string
  }[]
  return rows[0].id
}
async function coverMessages(user: string, processId: string) {
  return (await f.t.deps.database.raw(
    `select title_en, body_en, body_zh from messages where recipient_id = $1 and process_id = $2 and kind = 'reminder'
      and title_en like 'Insurance cover ended%'`,
    [await userId(user), processId],
  )) as { title_en: string; body_en: string; body_zh: string }[]
}
async function inventoryNo(id: string) {
  const rows = (await f.t.deps.database.raw('select inventory_no from artworks where id = $1', [id])) as {
    inventory_no: string
  }[]
  return rows[0].inventory_no
}

describe('cover follows the policy dates', () => {
  it('does not cover before the start date; the daily job turns cover on, then off with a message', async () => {
    const ids = await f.artworks(1)
    const start = day(10)
    const end = day(375)
    const p = await approvedPolicy(f, ids, { startDate: start, endDate: end })
    expect(p.currentStep).toBe('premiumPayment')
    expect(await policyRow(f, p.id)).toMatchObject({ status: 'active', start_date: start, end_date: end })
    // An annual policy starting in ten days does not cover today.
    expect(await cover(ids)).toEqual([UNINSURED])
    await applyCoverDates(db(), noon(day(0)))
    expect(await cover(ids)).toEqual([UNINSURED])
    await applyCoverDates(db(), noon(day(9)))
    expect(await cover(ids)).toEqual([UNINSURED])

    // Through the scheduler with its injected clock: on the start date the cover starts.
    let clock = noon(start)
    const scheduler = startScheduledJobs(db(), { intervalMs: 3_600_000, now: () => clock })
    try {
      await scheduler.tick()
      expect(await cover(ids)).toEqual([COVERED(end)])
      // The last day of the policy is still covered.
      clock = noon(end)
      await scheduler.tick()
      expect(await cover(ids)).toEqual([COVERED(end)])
      expect(await coverMessages('operations', p.id)).toEqual([])
      // The day after, the cover has expired: to be insured, and the operations staff are told.
      clock = noon(day(376))
      await scheduler.tick()
    } finally {
      scheduler.stop()
    }
    expect(await cover(ids)).toEqual([UNINSURED])
    const told = await coverMessages('operations', p.id)
    expect(told).toHaveLength(1)
    expect(told[0].title_en).toBe(
      `Insurance cover ended: 1 artworks to be insured (${await inventoryNo(ids[0])})`,
    )
    // the day as each language writes it, never yyyy-MM-dd
    expect(told[0].body_en).toBe(
      `As of ${calendarDateText(day(376), 'en')} no policy in force covers them: arrange their insurance`,
    )
    expect(told[0].body_zh).toBe(
      `截至 ${calendarDateText(day(376), 'zh-CN')}，这些作品已没有有效保单，请安排投保`,
    )
    expect(told[0].body_en).not.toContain(day(376))
    // Only users holding devOpsManage:start are told (the viewer does not).
    expect(await coverMessages('viewer', p.id)).toEqual([])
    // A second run the same day (another server) changes and tells nothing more.
    expect(await applyCoverDates(db(), noon(day(376)))).toMatchObject({ ended: 0 })
    expect(await coverMessages('operations', p.id)).toHaveLength(1)
  })

  it('covers at once a policy already in force, and expiry keeps the cover of another policy in force', async () => {
    const ids = await f.artworks(2)
    const short = await approvedPolicy(f, ids, { startDate: day(-100), endDate: day(20) })
    expect(await cover(ids)).toEqual([COVERED(day(20)), COVERED(day(20))])
    // The second artwork also has a later policy, starting in ten days.
    await approvedPolicy(f, [ids[1]], { startDate: day(10), endDate: day(200) })
    expect(await cover(ids)).toEqual([COVERED(day(20)), COVERED(day(20))])
    const result = await applyCoverDates(db(), noon(day(21)))
    expect(result.ended).toBeGreaterThanOrEqual(1)
    expect(await cover(ids)).toEqual([UNINSURED, COVERED(day(200))])
    const told = await coverMessages('operations', short.id)
    expect(told).toHaveLength(1)
    expect(told[0].title_en).toContain(`1 artworks to be insured (${await inventoryNo(ids[0])})`)
  })

  it('does not cover for a policy that has already ended', async () => {
    const ids = await f.artworks(1)
    await approvedPolicy(f, ids, { startDate: day(-400), endDate: day(-35) })
    expect(await cover(ids)).toEqual([UNINSURED])
  })
})

describe('a renewal that lapses ends the policy it renews', () => {
  it('by previousProcessId: the policy lapses, its reminders are cancelled, a later claim does not attach', async () => {
    const ids = await f.artworks(3)
    const number = policyNo()
    const old = await premiumPaid(
      f,
      await approvedPolicy(f, ids, { startDate: day(-300), endDate: day(40), policyNo: number }),
      ids,
    )
    expect(old.status).toBe('completed')
    expect((await reminders(f, old.id)).pending).toHaveLength(1)
    // The third artwork has another active policy in force too.
    const other = await approvedPolicy(f, [ids[2]], { startDate: day(-10), endDate: day(300) })
    expect(await cover(ids)).toEqual([COVERED(day(40)), COVERED(day(40)), COVERED(day(300))])
    // An unrelated active policy with the same artworks' neighbour must stay as it is.
    const bystander = await f.artworks(1)
    const kept = await approvedPolicy(f, bystander, { startDate: day(-10), endDate: day(90) })

    let renewal = await f.start('registrar', 'INSURANCE_RENEWAL', {
      artworkIds: ids.slice(0, 2),
      previousProcessId: old.id,
    })
    renewal = await f.pass(renewal, { decision: 'lapse', reason: 'The artworks are being sold' })
    expect(renewal.state).toBe('notRenewed')

    expect((await policyRow(f, old.id)).status).toBe('lapsed')
    expect((await reminders(f, old.id)).pending).toEqual([])
    expect((await reminders(f, old.id)).all[0].cancelled_at).not.toBeNull()
    expect(await cover(ids)).toEqual([UNINSURED, UNINSURED, COVERED(day(300))])
    expect((await policyRow(f, other.id)).status).toBe('active')
    expect((await policyRow(f, kept.id)).status).toBe('active')
    expect(await cover(bystander)).toEqual([COVERED(day(90))])
    // The renewal has no policy of its own.
    expect(await countRows(f.t, 'insurance_policies', 'process_id = $1', [renewal.id])).toBe(0)

    // A claim under the lapsed policy's number does not attach to it.
    const claim = await paidClaim(ids[0], number)
    expect(await claimPolicy(claim.id)).toBeNull()
    // A claim on the artwork still covered attaches to the policy in force.
    const covered = await paidClaim(ids[2], 'POL-UNKNOWN')
    expect(await claimPolicy(covered.id)).toBe((await policyRow(f, other.id)).id)
  })

  it('by previousPolicyNo when no process is named', async () => {
    const ids = await f.artworks(1)
    const number = policyNo()
    const old = await approvedPolicy(f, ids, { startDate: day(-300), endDate: day(40), policyNo: number })
    const same = await f.artworks(1)
    const unrelated = await approvedPolicy(f, same, { startDate: day(-300), endDate: day(60) })
    let renewal = await f.start('registrar', 'INSURANCE_RENEWAL', {
      artworkIds: ids,
      previousPolicyNo: number,
    })
    renewal = await f.pass(renewal, { decision: 'lapse', reason: 'Cover no longer needed' })
    expect((await policyRow(f, old.id)).status).toBe('lapsed')
    expect((await reminders(f, old.id)).pending).toEqual([])
    expect(await cover(ids)).toEqual([UNINSURED])
    expect((await policyRow(f, unrelated.id)).status).toBe('active')
    expect((await reminders(f, unrelated.id)).pending).toHaveLength(1)
  })
})

describe('a renewal that renews', () => {
  it('once its new policy is approved, the renewed policy is no longer reminded but stays in force', async () => {
    const ids = await f.artworks(1)
    const old = await premiumPaid(
      f,
      await approvedPolicy(f, ids, { startDate: day(-300), endDate: day(40) }),
      ids,
    )
    expect((await reminders(f, old.id)).pending).toHaveLength(1)
    const renewal = await approvedPolicy(
      f,
      ids,
      { startDate: day(40), endDate: day(405) },
      'INSURANCE_RENEWAL',
      { previousProcessId: old.id },
    )
    expect(renewal.state).toBe('premiumPayment.draft')
    expect((await reminders(f, old.id)).pending).toEqual([])
    expect((await policyRow(f, old.id)).status).toBe('active')
    expect((await reminders(f, renewal.id)).pending).toHaveLength(1)
  })
})

async function paidClaim(artworkId: string, number: string): Promise<ProcessView> {
  const s = f.samples('INSURANCE_PAYOUT', [artworkId])
  let p = await f.start('registrar', 'INSURANCE_PAYOUT', { artworkIds: [artworkId] })
  p = await f.pass(p, { ...s.incident[0], incidentDate: day(-1) })
  p = await f.pass(p, { ...s.claim[0], policyNo: number })
  p = await f.pass(p, s.payout[0], 'registrar')
  p = await f.send('finance', p, 'CONFIRM_PAYMENT', { payload: { paidOn: day(0), bankReference: 'X-1' } })
  expect(p.status).toBe('completed')
  return p
}
async function claimPolicy(processId: string): Promise<string | null> {
  const rows = (await f.t.deps.database.raw('select policy_id from insurance_claims where process_id = $1', [
    processId,
  ])) as { policy_id: string | null }[]
  expect(rows).toHaveLength(1)
  return rows[0].policy_id
}

describe('one renewal reminder per policy', () => {
  it('keeps one reminder through terminate, restart and a second approval of the policy', async () => {
    const ids = await f.artworks(1)
    let p = await approvedPolicy(f, ids, { startDate: day(-10), endDate: day(100) })
    expect((await reminders(f, p.id)).all).toHaveLength(1)
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'Wrong insurer' })
    p = await f.send('registrar', p, 'RESTART')
    const s = f.samples('INSURANCE_ANNUAL', ids)
    p = await f.pass(p, s.quotation[0])
    p = await f.pass(p, { ...s.policy[0], policyNo: policyNo(), startDate: day(-10), endDate: day(120) })
    const r = await reminders(f, p.id)
    expect(r.all).toHaveLength(1)
    expect(r.pending).toHaveLength(1)
    // The reminder moved with the new end date (30 days before it).
    expect(r.pending[0].due_at.toISOString().slice(0, 10)).toBe(day(90))
    expect((await policyRow(f, p.id)).status).toBe('active')
    expect(await cover(ids)).toEqual([COVERED(day(120))])
  })
})

describe('a policy approved but never paid is void when its process is terminated', () => {
  for (const where of ['awaitingPayment', 'paymentFailed'] as const)
    it(`from premiumPayment.${where}`, async () => {
      const ids = await f.artworks(2)
      // The second artwork is also covered by another active policy in force.
      const other = await approvedPolicy(f, [ids[1]], { startDate: day(-5), endDate: day(50) })
      let p = await premiumApproved(
        f,
        await approvedPolicy(f, ids, { startDate: day(-1), endDate: day(364) }),
        ids,
      )
      expect(p.state).toBe('premiumPayment.awaitingPayment')
      if (where === 'paymentFailed') {
        p = await f.send('finance', p, 'PAYMENT_FAILED', { comment: 'Account closed' })
        expect(p.state).toBe('premiumPayment.paymentFailed')
      }
      expect(await cover(ids)).toEqual([COVERED(day(364)), COVERED(day(364))])
      p = await f.send('registrar', p, 'TERMINATE', { comment: 'Premium too high' })
      expect(p.status).toBe('terminated')
      expect((await policyRow(f, p.id)).status).toBe('void')
      expect((await reminders(f, p.id)).pending).toEqual([])
      expect(await cover(ids)).toEqual([UNINSURED, COVERED(day(50))])
      expect((await policyRow(f, other.id)).status).toBe('active')
      // A claim never attaches to the void policy.
      const claim = await paidClaim(ids[0], (await policyRow(f, p.id)).policy_no)
      expect(await claimPolicy(claim.id)).toBeNull()
    })

  it('cancels every pending reminder of a terminated process (remindersCancelled)', async () => {
    const ids = await f.artworks(1)
    let p = await approvedPolicy(f, ids, { startDate: day(-1), endDate: day(200) })
    expect((await reminders(f, p.id)).pending).toHaveLength(1)
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'Cancelled' })
    expect((await reminders(f, p.id)).pending).toEqual([])
    // The cancelled reminder is never delivered, even long after its due time.
    const { deliverDueReminders } = await import('../../src/server/modules/messages/send')
    await deliverDueReminders(db(), noon(day(400)))
    expect((await reminders(f, p.id)).all[0].delivered_at).toBeNull()
    expect(await countRows(f.t, 'messages', "process_id = $1 and kind = 'reminder'", [p.id])).toBe(0)
  })
})

describe('a sale ends cover', () => {
  it('takes the sold artwork off its active policy with an endorsement; it no longer reads insured', async () => {
    const ids = await f.artworks(2)
    const policy = await approvedPolicy(f, ids, { startDate: day(-30), endDate: day(300) })
    expect(await cover(ids)).toEqual([COVERED(day(300)), COVERED(day(300))])
    const s = f.samples('OPERATION_SELL_ART', [ids[0]])
    let sale = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: [ids[0]] })
    sale = await f.pass(sale, s.marketSurvey[0])
    sale = await f.pass(sale, s.contract[0])
    sale = await f.pass(sale, s.collection[0], 'registrar')
    sale = await f.send('finance', sale, 'CONFIRM_PAYMENT', {
      payload: { paidOn: day(0), bankReference: 'S-1' },
    })
    expect(sale.status).toBe('completed')
    expect(await cover(ids)).toEqual([UNINSURED, COVERED(day(300))])
    const links = (await f.t.deps.database.raw(
      `select artwork_id, removed_on::text as removed_on, removed_reason, removed_by_process_id
         from insurance_policy_artworks where policy_id = $1`,
      [(await policyRow(f, policy.id)).id],
    )) as any[]
    expect(links.find((l) => l.artwork_id === ids[0])).toEqual({
      artwork_id: ids[0],
      removed_on: day(0),
      removed_reason: 'sold',
      removed_by_process_id: sale.id,
    })
    expect(links.find((l) => l.artwork_id === ids[1])).toMatchObject({ removed_on: null, removed_reason: '' })
    expect((await policyRow(f, policy.id)).status).toBe('active')
    // The daily job does not cover the sold artwork again.
    await applyCoverDates(db(), noon(day(1)))
    expect(await cover(ids)).toEqual([UNINSURED, COVERED(day(300))])
  })
})

describe('a payout is money received', () => {
  it('refuses a payout typed as a payment the office makes (a deposit, a refund), and takes a full one', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('INSURANCE_PAYOUT', ids)
    let p = await f.start('registrar', 'INSURANCE_PAYOUT', { artworkIds: ids })
    p = await f.pass(p, { ...s.incident[0], incidentDate: day(-1) })
    p = await f.pass(p, { ...s.claim[0], policyNo: policyNo() })
    for (const paymentType of ['DEPOSIT', 'GUARANTEE', 'REFUND', 'NON_CONTRACT']) {
      const res = await f.post('registrar', p, {
        type: 'SUBMIT',
        payload: { ...s.payout[0], paymentType },
      })
      expect(res.code, paymentType).not.toBe(0)
      expect(res.data.fieldErrors, paymentType).toEqual({
        'payload.paymentType': 'Not one of the allowed values',
      })
    }
    p = await f.send('registrar', p, 'SUBMIT', { payload: { ...s.payout[0], paymentType: 'FINAL' } })
    expect(p.state).toMatch(/^payout\./)
  })
})
