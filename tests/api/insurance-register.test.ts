// The insurance register through the API, on policies made by real insurance processes: each segment's
// membership (active, expiring within 30/60/90 days at their boundaries, expired, lapsed after a renewal's
// lapse, every policy), a renewal under way on its policy's row and off the renewals due, one policy's
// schedule, claims and renewal chain, the covered and to-be-insured artworks, the claims with their payouts,
// and bad input refused in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import {
  approvedPolicy,
  day,
  type Flow,
  openFlow,
  policyRow,
  premiumApproved,
  premiumPaid,
} from './process-flow'

let f: Flow
/** Every policy of this file has a number starting with this (the register's `q` then holds only them). */
const PREFIX = `REG-${Date.now()}-`
let seq = 0
const processes: Record<string, ProcessView> = {}
const artworksOf: Record<string, string[]> = {}
const policyIds: Record<string, string> = {}

async function policy(name: string, startDate: string, endDate: string, n = 1) {
  const ids = await f.artworks(n)
  seq += 1
  const p = await approvedPolicy(f, ids, {
    startDate,
    endDate,
    policyNo: `${PREFIX}${name}-${seq}`,
    insurer: 'Hiscox',
    currency: 'CNY',
    premium: '12000.00',
    insuredAmount: '500000.00',
  })
  processes[name] = p
  artworksOf[name] = ids
  policyIds[name] = (await policyRow(f, p.id)).id
  return p
}

async function get(path: string, lang: 'en' | 'zh-CN' = 'en', user = 'viewer') {
  return f.t.call<any>('GET', path, { token: f.tokens[user], lang })
}
async function register(show: string, within = '30') {
  const res = await get(
    `/api/insurance/policies?show=${show}&within=${within}&q=${encodeURIComponent(PREFIX)}&pageSize=200`,
  )
  expect(res.code).toBe(0)
  return res.data as { list: any[]; total: number; counts: Record<string, number> }
}
const names = (list: { id: string }[]) => {
  const byId = new Map(Object.entries(policyIds).map(([k, v]) => [v, k]))
  return list.map((p) => byId.get(p.id) ?? '?').sort()
}

beforeAll(async () => {
  f = await openFlow()
  await policy('endsToday', day(-300), day(0))
  await policy('ends30', day(-300), day(30))
  await policy('ends31', day(-300), day(31))
  await policy('ends90', day(-200), day(90), 2)
  await policy('ends91', day(-200), day(91))
  await policy('upcoming', day(10), day(300))
  await policy('expired', day(-400), day(-1))
  // Paid in full, then a renewal lets it lapse.
  const old = await policy('lapsed', day(-300), day(20), 2)
  processes.lapsed = await premiumPaid(f, old, artworksOf.lapsed)
  expect(processes.lapsed.status).toBe('completed')
  let renewal = await f.start('registrar', 'INSURANCE_RENEWAL', {
    artworkIds: artworksOf.lapsed,
    previousProcessId: old.id,
  })
  renewal = await f.pass(renewal, { decision: 'lapse', reason: 'The works are being sold' })
  expect(renewal.state).toBe('notRenewed')
  processes.lapseRenewal = renewal
  // Approved, never paid, terminated: void.
  const voided = await policy('void', day(-5), day(200))
  const premium = await premiumApproved(f, voided, artworksOf.void)
  expect((await f.send('registrar', premium, 'TERMINATE', { comment: 'Too dear' })).status).toBe('terminated')
}, 120_000)
afterAll(() => f?.close())

describe('the policy register', () => {
  it('puts each policy in its segments, the expiring window counted in whole days from today', async () => {
    const active = await register('active')
    expect(names(active.list)).toEqual(['ends30', 'ends31', 'ends90', 'ends91', 'endsToday', 'upcoming'])
    // In force ending soonest first.
    expect(active.list[0].id).toBe(policyIds.endsToday)
    expect(names((await register('expiring', '30')).list)).toEqual(['ends30', 'endsToday'])
    expect(names((await register('expiring', '60')).list)).toEqual(['ends30', 'ends31', 'endsToday'])
    expect(names((await register('expiring', '90')).list)).toEqual([
      'ends30',
      'ends31',
      'ends90',
      'endsToday',
    ])
    expect(names((await register('expired')).list)).toEqual(['expired'])
    expect(names((await register('lapsed')).list)).toEqual(['lapsed'])
    const all = await register('all')
    expect(all.list).toHaveLength(9)
    expect(all.counts).toEqual({ active: 6, expiring: 2, expired: 1, lapsed: 1, all: 9 })
    expect((await register('expiring', '90')).counts.expiring).toBe(4)
    expect(all.total).toBe(9)
  })

  it('describes each row: dates, money with its currency, artworks, standing, its process', async () => {
    const all = await register('all')
    const row = (name: string) => all.list.find((p) => p.id === policyIds[name])
    expect(row('ends90')).toMatchObject({
      policyNo: expect.stringContaining('ends90'),
      insurer: 'Hiscox',
      kind: 'annual',
      status: 'active',
      standing: 'inForce',
      startDate: day(-200),
      endDate: day(90),
      daysLeft: 90,
      premium: '12000.00',
      insuredAmount: '500000.00',
      currency: 'CNY',
      artworkCount: 2,
      process: { id: processes.ends90.id, type: 'INSURANCE_ANNUAL' },
      renewal: null,
    })
    expect(row('upcoming').standing).toBe('upcoming')
    expect(row('expired')).toMatchObject({ status: 'active', standing: 'expired', daysLeft: -1 })
    expect(row('lapsed')).toMatchObject({ status: 'lapsed', standing: 'lapsed' })
    expect(row('void')).toMatchObject({ status: 'void', standing: 'void' })
  })

  it('filters by kind and by policy number or insurer', async () => {
    const operation = await get(`/api/insurance/policies?show=all&kind=operation&q=${PREFIX}`)
    expect(operation.data.total).toBe(0)
    const one = await get(`/api/insurance/policies?show=all&q=${encodeURIComponent(`${PREFIX}ends31`)}`)
    expect(names(one.data.list)).toEqual(['ends31'])
    const byInsurer = await get('/api/insurance/policies?show=all&q=hisc&pageSize=200')
    expect(byInsurer.data.total).toBeGreaterThanOrEqual(9)
  })

  it('shows a renewal under way on its row, and takes the policy off the renewals due', async () => {
    const due = async () => {
      const res = await get('/api/insurance/renewals-due?within=90&pageSize=200')
      expect(res.code).toBe(0)
      return names(res.data.list).filter((n) => n !== '?')
    }
    // Ended, lapsed and void policies are never due; the upcoming one ends in 300 days.
    expect(await due()).toEqual(['ends30', 'ends31', 'ends90', 'endsToday'])
    const renewal = await f.start('registrar', 'INSURANCE_RENEWAL', {
      artworkIds: artworksOf.ends90,
      previousProcessId: processes.ends90.id,
    })
    expect(await due()).toEqual(['ends30', 'ends31', 'endsToday'])
    const row = (await register('active')).list.find((p) => p.id === policyIds.ends90)
    expect(row.renewal).toMatchObject({ id: renewal.id, type: 'INSURANCE_RENEWAL', done: false })
    // A terminated renewal is no renewal: the policy is due again.
    await f.send('registrar', renewal, 'TERMINATE', { comment: 'Started by mistake' })
    expect(await due()).toEqual(['ends30', 'ends31', 'ends90', 'endsToday'])
    expect((await register('active')).list.find((p) => p.id === policyIds.ends90).renewal).toBeNull()
  })

  it('refuses bad input with a clear message in the language asked', async () => {
    const cases: [string, string, string, string][] = [
      ['show=bogus', 'show', 'Show one of: active, expiring, expired, lapsed or all policies', '只能查看'],
      ['within=45', 'within', 'Within is 30, 60 or 90 days', '30、60 或 90'],
      ['page=0', 'page', 'The page is a whole number from 1', '页码'],
      ['page=abc', 'page', 'The page is a whole number from 1', '页码'],
      ['pageSize=500', 'pageSize', 'The page size is a whole number from 1 to 200', '每页条数'],
    ]
    for (const [query, field, en, zh] of cases) {
      const res = await get(`/api/insurance/policies?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.data.fieldErrors[field]).toBe(en)
      const zhRes = await get(`/api/insurance/policies?${query}`, 'zh-CN')
      expect(zhRes.msg).toBe('输入有误，请检查标出的字段')
      expect(zhRes.data.fieldErrors[field]).toContain(zh)
    }
    expect((await get('/api/insurance/renewals-due?within=7')).data.fieldErrors.within).toBe(
      'Within is 30, 60 or 90 days',
    )
    expect((await get('/api/insurance/artworks?cover=all')).data.fieldErrors.cover).toBe(
      'Show covered or to-be-insured artworks',
    )
    expect((await get('/api/insurance/claims?status=won')).status).toBe(400)
    expect((await get('/api/insurance/policies/not-an-id')).status).toBe(400)
    expect((await get('/api/insurance/policies/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    // Signed out: refused.
    expect((await f.t.call('GET', '/api/insurance/policies')).status).toBe(403)
  })
})

describe('one policy', () => {
  it('lists its artworks with the schedule, and the renewal chain ending in the lapse', async () => {
    const res = await get(`/api/insurance/policies/${policyIds.lapsed}`)
    expect(res.code).toBe(0)
    const p = res.data
    expect(p).toMatchObject({ standing: 'lapsed', artworkCount: 2, policyFileId: expect.any(String) })
    expect(p.artworks.map((a: any) => a.artwork.id).sort()).toEqual([...artworksOf.lapsed].sort())
    expect(p.artworks[0]).toMatchObject({ removedOn: null, removedBy: null })
    expect(p).toMatchObject({ artworksTotal: 2, artworksPage: 1, artworksPageSize: 50 })
    // The schedule comes a page at a time.
    const second = (await get(`/api/insurance/policies/${policyIds.lapsed}?page=2&pageSize=1`)).data
    expect(second).toMatchObject({ artworksTotal: 2, artworksPage: 2, artworksPageSize: 1 })
    expect(second.artworks.map((a: any) => a.artwork.id)).toEqual([p.artworks[1].artwork.id])
    expect(
      (await get(`/api/insurance/policies/${policyIds.lapsed}?pageSize=0`)).data.fieldErrors.pageSize,
    ).toBe('The page size is a whole number from 1 to 200')
    expect(p.chain).toHaveLength(2)
    expect(p.chain[0]).toMatchObject({
      current: true,
      process: { id: processes.lapsed.id, type: 'INSURANCE_ANNUAL', status: 'completed' },
      policy: { id: policyIds.lapsed, standing: 'lapsed' },
    })
    expect(p.chain[1]).toMatchObject({
      current: false,
      decision: 'lapse',
      process: { id: processes.lapseRenewal.id, type: 'INSURANCE_RENEWAL' },
      policy: null,
    })
  })

  it('keeps an artwork taken off by an endorsement, after those still on it, with its process', async () => {
    // As a sale's endCoverOnSale writes it (the sale itself is driven in process-insurance.test.ts).
    const [off, on] = artworksOf.lapsed
    await f.t.deps.database.raw(
      `update insurance_policy_artworks set removed_on = $1, removed_reason = 'sold', removed_by_process_id = $2
        where policy_id = $3 and artwork_id = $4`,
      [day(-1), processes.lapseRenewal.id, policyIds.lapsed, off],
    )
    const p = (await get(`/api/insurance/policies/${policyIds.lapsed}`)).data
    expect(p.artworkCount).toBe(1)
    expect(p.artworksTotal).toBe(2)
    expect(p.artworks.map((a: any) => [a.artwork.id, a.removedOn, a.removedReason])).toEqual([
      [on, null, ''],
      [off, day(-1), 'sold'],
    ])
    expect(p.artworks[1].removedBy).toMatchObject({
      id: processes.lapseRenewal.id,
      type: 'INSURANCE_RENEWAL',
    })
    const row = (await register('lapsed')).list.find((x) => x.id === policyIds.lapsed)
    expect(row.artworkCount).toBe(1)
  })

  it('follows a renewal that issued a new policy both ways', async () => {
    const ids = artworksOf.ends31
    let renewal = await f.start('registrar', 'INSURANCE_RENEWAL', {
      artworkIds: ids,
      previousProcessId: processes.ends31.id,
    })
    renewal = await f.pass(renewal, f.samples('INSURANCE_RENEWAL', ids).renewal[0])
    renewal = await f.pass(renewal, {
      ...f.samples('INSURANCE_ANNUAL', ids).policy[0],
      policyNo: `${PREFIX}renewed`,
      startDate: day(32),
      endDate: day(396),
    })
    const renewed = (await policyRow(f, renewal.id)).id
    const old = (await get(`/api/insurance/policies/${policyIds.ends31}`)).data
    expect(old.chain.map((l: any) => [l.current, l.policy?.id])).toEqual([
      [true, policyIds.ends31],
      [false, renewed],
    ])
    const next = (await get(`/api/insurance/policies/${renewed}`)).data
    expect(next.chain.map((l: any) => [l.current, l.decision])).toEqual([
      [false, null],
      [true, 'renew'],
    ])
  })
})

describe('artworks and claims', () => {
  it('lists covered artworks with their policy and to-be-insured ones', async () => {
    const covered = await get('/api/insurance/artworks?cover=covered&pageSize=200')
    expect(covered.code).toBe(0)
    const a = covered.data.list.find((r: any) => r.artwork.id === artworksOf.ends90[0])
    expect(a).toMatchObject({
      insuredUntil: day(90),
      policy: { id: policyIds.ends90, endDate: day(90) },
    })
    const coveredIds = covered.data.list.map((r: any) => r.artwork.id)
    const toBe = await get('/api/insurance/artworks?cover=toBeInsured&pageSize=200')
    const toBeIds = toBe.data.list.map((r: any) => r.artwork.id)
    // Not yet started, ended, lapsed, void: to be insured.
    for (const name of ['upcoming', 'expired', 'lapsed', 'void'])
      for (const id of artworksOf[name]) {
        expect(toBeIds, name).toContain(id)
        expect(coveredIds, name).not.toContain(id)
      }
    expect(toBeIds).not.toContain(artworksOf.ends90[0])
    expect(covered.data.counts).toEqual({ covered: covered.data.total, toBeInsured: toBe.data.total })
  })

  it('lists claims with the amounts claimed and paid, and the payout on the policy', async () => {
    const art = artworksOf.ends90[0]
    const s = f.samples('INSURANCE_PAYOUT', [art])
    let open = await f.start('registrar', 'INSURANCE_PAYOUT', { artworkIds: [art] })
    open = await f.pass(open, { ...s.incident[0], incidentDate: day(-3) })
    let paid = await f.start('registrar', 'INSURANCE_PAYOUT', { artworkIds: [art] })
    paid = await f.pass(paid, { ...s.incident[0], incidentDate: day(-2) })
    paid = await f.pass(paid, { ...s.claim[0], policyNo: `${PREFIX}ends90-4` })
    paid = await f.pass(paid, s.payout[0], 'registrar')
    paid = await f.send('finance', paid, 'CONFIRM_PAYMENT', {
      payload: { paidOn: day(0), bankReference: 'C-1' },
    })
    expect(paid.status).toBe('completed')

    const all = (await get('/api/insurance/claims?pageSize=200')).data
    const mine = (id: string) => all.list.find((c: any) => c.process.id === id)
    expect(mine(open.id)).toMatchObject({ stage: 'claim', incidentDate: day(-3), paidAmount: null })
    expect(mine(paid.id)).toMatchObject({
      stage: 'paid',
      incidentDate: day(-2),
      claimedAmount: s.claim[0].claimedAmount,
      paidAmount: s.payout[0].amount,
      paidOn: day(0),
      currency: 'CNY',
      policyId: policyIds.ends90,
    })
    expect(mine(paid.id).artworks.map((a: any) => a.id)).toEqual([art])
    const paidOnly = (await get('/api/insurance/claims?status=paid&pageSize=200')).data
    expect(paidOnly.list.map((c: any) => c.process.id)).toContain(paid.id)
    expect(paidOnly.list.map((c: any) => c.process.id)).not.toContain(open.id)
    expect(all.total).toBe(all.counts.open + all.counts.paid + all.counts.closed)

    const detail = (await get(`/api/insurance/policies/${policyIds.ends90}`)).data
    expect(detail.claims.map((c: any) => c.process.id)).toEqual([paid.id])
  })
})
