// Under-insurance and schedules of cover through the API, on real insurance processes: the schedule shared
// out when a policy is approved (by the valuations in the policy's currency, the rest equally), a renewal
// following the renewed schedule, the boot backfill of older policies; the under-insured list (flagged,
// unflagged, another currency not comparable, no schedule value), the ratio setting and its bad values,
// schedule adjustments and their bad input (nothing half-stored), and the Excel schedule read back.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tx } from '../../src/server/db/client'
import { recordValuation } from '../../src/server/modules/artworks/record-store'
import { backfillSchedules } from '../../src/server/modules/insurance/schedule'
import type { PolicySchedule, UnderInsuredPage } from '../../src/shared/contracts/insurance-schedule'
import { addMoney } from '../../src/shared/validation'
import { approvedPolicy, day, type Flow, openFlow, policyRow } from './process-flow'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
})
afterAll(() => f?.close())

const db = () => f.t.deps.database.db

/** The valuations module's own way of setting an artwork's latest valuation (no valuation API yet). */
async function value(id: string, amount: string, currency: string, on = '2026-01-15') {
  await db().transaction((tx) =>
    recordValuation(
      tx as unknown as Tx,
      id,
      { latestValuation: amount, latestValuationCurrency: currency, valuationDate: on },
      null,
    ),
  )
}

async function scheduleOf(policyId: string): Promise<Record<string, string | null>> {
  const rows = (await f.t.deps.database.raw(
    'select artwork_id, insured_amount::text as amount from insurance_policy_artworks where policy_id = $1',
    [policyId],
  )) as { artwork_id: string; amount: string | null }[]
  return Object.fromEntries(rows.map((r) => [r.artwork_id, r.amount]))
}

const get = <T>(path: string, user = 'viewer', lang = 'en') =>
  f.t.call<T>('GET', path, { token: f.tokens[user], lang })
const put = <T>(path: string, body: unknown, user: string, lang = 'en') =>
  f.t.call<T>('PUT', path, { token: f.tokens[user], body, lang })
const underInsured = (query = '') => get<UnderInsuredPage>(`/api/insurance/under-insured${query}`)

/** A policy in force on `ids` for `total` CNY; its policy row id. */
async function policyOn(ids: string[], total: string | null, extra: Record<string, unknown> = {}) {
  const p = await approvedPolicy(f, ids, {
    startDate: day(-30),
    endDate: day(300),
    currency: 'CNY',
    ...(total === null ? {} : { insuredAmount: total }),
    ...extra,
  })
  return { process: p, id: (await policyRow(f, p.id)).id }
}

// The world of this file: P1 covers A, B (CNY) and C (USD); P2 covers D and G (CNY) at 80 %.
let A: string, B: string, C: string, D: string, G: string
let P1: { process: any; id: string }
let P2: { process: any; id: string }

describe('the schedule of cover is recorded with the policy', () => {
  it('shares the insured amount out by the valuations in its currency, the rest equally', async () => {
    ;[A, B, C, D, G] = await f.artworks(5)
    await value(A, '600000.00', 'CNY')
    await value(B, '300000.00', 'CNY')
    await value(C, '50000.00', 'USD')
    await value(D, '500000.00', 'CNY', '2025-11-30')
    await value(G, '1000000.00', 'CNY')
    P1 = await policyOn([A, B, C], '1000000.00')
    // A and B get their valuations; C (valued in USD) gets what is left.
    expect(await scheduleOf(P1.id)).toEqual({ [A]: '600000.00', [B]: '300000.00', [C]: '100000.00' })
    P2 = await policyOn([D, G], '1200000.00')
    // Both valued: in proportion (0.8 of each), the parts adding up to the total.
    expect(await scheduleOf(P2.id)).toEqual({ [D]: '400000.00', [G]: '800000.00' })
  })

  it('a policy recorded without an insured amount (before it was required) has no schedule values', async () => {
    const [x] = await f.artworks(1)
    await value(x, '10000.00', 'CNY')
    const legacy = await policyOn([x], '9000.00')
    await f.t.deps.database.raw('update insurance_policies set insured_amount = null where id = $1', [
      legacy.id,
    ])
    await f.t.deps.database.raw(
      'update insurance_policy_artworks set insured_amount = null where policy_id = $1',
      [legacy.id],
    )
    // The boot backfill has no total to share out: it does not guess.
    await backfillSchedules(db())
    expect(await scheduleOf(legacy.id)).toEqual({ [x]: null })
    const list = await underInsured('?list=notComparable&pageSize=200')
    expect(list.data.list.find((r) => r.artwork.id === x)).toMatchObject({
      reason: 'noScheduleValue',
      insuredAmount: null,
      shortfall: null,
      percent: null,
    })
    const view = await get<PolicySchedule>(`/api/insurance/policies/${legacy.id}/schedule`)
    expect(view.data).toMatchObject({ scheduleTotal: null, policy: { insuredAmount: null } })
    expect(view.data.lines[0]).toMatchObject({
      insuredAmount: null,
      reason: 'noScheduleValue',
      flagged: false,
    })
  })

  it('policies recorded before schedules get theirs at boot, once', async () => {
    await f.t.deps.database.raw(
      'update insurance_policy_artworks set insured_amount = null where policy_id = $1',
      [P2.id],
    )
    expect(await scheduleOf(P2.id)).toEqual({ [D]: null, [G]: null })
    expect(await backfillSchedules(db())).toBeGreaterThanOrEqual(1)
    expect(await scheduleOf(P2.id)).toEqual({ [D]: '400000.00', [G]: '800000.00' })
    // A policy with a schedule is left alone.
    await f.t.deps.database.raw(
      `update insurance_policy_artworks set insured_amount = '1.00' where policy_id = $1 and artwork_id = $2`,
      [P1.id, A],
    )
    await backfillSchedules(db())
    expect((await scheduleOf(P1.id))[A]).toBe('1.00')
    await f.t.deps.database.raw(
      `update insurance_policy_artworks set insured_amount = '600000.00' where policy_id = $1 and artwork_id = $2`,
      [P1.id, A],
    )
  })
})

describe('the under-insured list', () => {
  it('flags the artworks below 90 % of their valuation, largest shortfall first', async () => {
    const res = await underInsured()
    expect(res.code).toBe(0)
    expect(res.data.ratio).toBe(0.9)
    expect(res.data.settingRatio).toBe(0.9)
    const mine = res.data.list.filter((r) => [A, B, C, D, G].includes(r.artwork.id))
    // G: 0.9 × 1,000,000 − 800,000 = 100,000; D: 0.9 × 500,000 − 400,000 = 50,000. A and B are at 100 %.
    expect(mine.map((r) => [r.artwork.id, r.shortfall, r.percent])).toEqual([
      [G, '100000.00', '80.0'],
      [D, '50000.00', '80.0'],
    ])
    const d = mine.find((r) => r.artwork.id === D)!
    expect(d).toMatchObject({
      insuredAmount: '400000.00',
      valuation: { amount: '500000.00', currency: 'CNY', valuedOn: '2025-11-30' },
      reason: null,
    })
    expect(d.policy).toMatchObject({ id: P2.id, currency: 'CNY', insurer: 'AXA XL Art' })
    expect(d.policy.policyNo).toMatch(/^POL-T-/)
    expect(d.artwork.inventoryNo).toMatch(/^T-/)
    expect(res.data.counts.flagged).toBe(res.data.total)
    const p2 = res.data.policies.find((p) => p.id === P2.id)!
    expect(p2).toMatchObject({
      insuredAmount: '1200000.00',
      scheduleTotal: '1200000.00',
      artworkCount: 2,
      flagged: 2,
    })
  })

  it('lists an artwork valued in another currency as not comparable, never converted', async () => {
    const res = await underInsured('?list=notComparable&pageSize=200')
    expect(res.code).toBe(0)
    const c = res.data.list.find((r) => r.artwork.id === C)!
    expect(c).toMatchObject({
      reason: 'currency',
      insuredAmount: '100000.00',
      valuation: { amount: '50000.00', currency: 'USD' },
      percent: null,
      shortfall: null,
    })
    expect(res.data.list.some((r) => [A, B, D, G].includes(r.artwork.id))).toBe(false)
    expect(res.data.total).toBe(res.data.counts.notComparable)
  })

  it('answers for another ratio, and filters by the policy currency', async () => {
    const at = async (ratio: string) =>
      (await underInsured(`?ratio=${ratio}&pageSize=200`)).data.list
        .filter((r) => [A, B, C, D, G].includes(r.artwork.id))
        .map((r) => r.artwork.id)
    expect(await at('0.75')).toEqual([])
    // Exactly at 80 % is not below it.
    expect(await at('0.8')).toEqual([])
    expect(await at('0.801')).toEqual([G, D])
    // At 110 %: G 300,000, D 150,000, A 60,000, B 30,000 short.
    expect(await at('1.1')).toEqual([G, D, A, B])
    expect((await underInsured('?currency=USD')).data.list).toEqual([])
  })

  it('refuses a ratio outside 50–150 % or with more than three decimals, in the request language', async () => {
    for (const bad of ['0.49', '1.51', 'abc', '0.9005', '-1']) {
      const res = await get<any>(`/api/insurance/under-insured?ratio=${bad}`)
      expect(res.status, bad).toBe(400)
      expect(res.data.fieldErrors.ratio, bad).toBe(
        'The ratio is from 50 % to 150 % (0.5 to 1.5, at most three decimals)',
      )
    }
    const zh = await get<any>('/api/insurance/under-insured?ratio=2', 'viewer', 'zh-CN')
    expect(zh.data.fieldErrors.ratio).toContain('比例应在 50% 到 150% 之间')
    expect((await underInsured('?list=all')).status).toBe(400)
  })

  it('is refused without devOpsManage:view', async () => {
    expect((await f.t.call('GET', '/api/insurance/under-insured')).status).toBe(403)
  })
})

describe('the ratio setting', () => {
  const settings = '/api/insurance/settings'
  it('is 90 % by default; an administrator changes it and the list follows', async () => {
    const before = await get<any>(settings)
    expect(before.data).toEqual({
      underInsuranceRatio: 0.9,
      isDefault: true,
      updatedAt: null,
      updatedByName: null,
    })
    // Operations and approvers read it; only authManage:edit writes it.
    for (const who of ['viewer', 'operations', 'approver', 'registrar'])
      expect((await put(settings, { underInsuranceRatio: 0.75 }, who)).code, who).toBe(4031)
    const saved = await put<any>(settings, { underInsuranceRatio: 0.75 }, 'admin')
    expect(saved.code).toBe(0)
    expect(saved.data).toMatchObject({ underInsuranceRatio: 0.75, isDefault: false })
    expect(saved.data.updatedByName).toBeTruthy()
    const list = await underInsured('?pageSize=200')
    expect(list.data.ratio).toBe(0.75)
    expect(list.data.list.some((r) => [D, G].includes(r.artwork.id))).toBe(false)
  })

  it('refuses bad values and keeps the one in force', async () => {
    for (const bad of [0.49, 1.51, '0.9', null, 0.12345, Number.NaN]) {
      const res = await put<any>(settings, { underInsuranceRatio: bad }, 'admin')
      expect(res.status, String(bad)).toBe(400)
      expect(res.data.fieldErrors.underInsuranceRatio, String(bad)).toBeTruthy()
    }
    const zh = await put<any>(settings, { underInsuranceRatio: 2 }, 'admin', 'zh-CN')
    expect(zh.data.fieldErrors.underInsuranceRatio).toContain('比例应在')
    expect((await put<any>(settings, {}, 'admin')).status).toBe(400)
    expect((await get<any>(settings)).data.underInsuranceRatio).toBe(0.75)
    expect((await put<any>(settings, { underInsuranceRatio: 0.9 }, 'admin')).data.underInsuranceRatio).toBe(
      0.9,
    )
  })
})

describe('adjusting a schedule', () => {
  const path = () => `/api/insurance/policies/${P2.id}/schedule`

  it('shows the schedule with both totals; an approver adjusts it and the flag follows', async () => {
    const before = await get<PolicySchedule>(path())
    expect(before.code).toBe(0)
    expect(before.data).toMatchObject({
      scheduleTotal: '1200000.00',
      ratio: 0.9,
      editable: true,
      policy: { id: P2.id, insuredAmount: '1200000.00', currency: 'CNY', status: 'active' },
    })
    expect(
      Object.fromEntries(before.data.lines.map((l) => [l.artwork.id, [l.insuredAmount, l.flagged]])),
    ).toEqual({ [D]: ['400000.00', true], [G]: ['800000.00', true] })
    const res = await put<PolicySchedule>(
      path(),
      { items: [{ artworkId: D, insuredAmount: '460000' }] },
      'approver',
    )
    expect(res.code).toBe(0)
    // The schedule now adds up to more than the policy's insured amount: both are shown.
    expect(res.data.scheduleTotal).toBe('1260000.00')
    expect(res.data.policy.insuredAmount).toBe('1200000.00')
    const d = res.data.lines.find((l) => l.artwork.id === D)!
    expect(d).toMatchObject({ insuredAmount: '460000.00', percent: '92.0', flagged: false })
    const list = await underInsured('?pageSize=200')
    expect(list.data.list.some((r) => r.artwork.id === D)).toBe(false)
    expect(list.data.list.some((r) => r.artwork.id === G)).toBe(true)
  })

  it('refuses bad input and stores nothing', async () => {
    const stored = await scheduleOf(P2.id)
    const cases: [unknown, string, string][] = [
      [
        { items: [{ artworkId: '00000000-0000-4000-8000-000000000000', insuredAmount: '1.00' }] },
        'items.0.artworkId',
        "This artwork is not on the policy's schedule",
      ],
      [
        {
          items: [
            { artworkId: G, insuredAmount: '900000.00' },
            { artworkId: A, insuredAmount: '1.00' },
          ],
        },
        'items.1.artworkId',
        "This artwork is not on the policy's schedule",
      ],
      [
        { items: [{ artworkId: G, insuredAmount: '-5.00' }] },
        'items.0.insuredAmount',
        'An amount above zero (at most two decimals)',
      ],
      [
        { items: [{ artworkId: G, insuredAmount: '0' }] },
        'items.0.insuredAmount',
        'An amount above zero (at most two decimals)',
      ],
      [
        { items: [{ artworkId: G, insuredAmount: '12.345' }] },
        'items.0.insuredAmount',
        'An amount above zero (at most two decimals)',
      ],
      [
        { items: [{ artworkId: G, insuredAmount: 900000 }] },
        'items.0.insuredAmount',
        'An amount above zero (at most two decimals)',
      ],
      [{ items: [{ artworkId: 'G', insuredAmount: '1.00' }] }, 'items.0.artworkId', 'Invalid value'],
      [
        {
          items: [
            { artworkId: G, insuredAmount: '900000.00' },
            { artworkId: G, insuredAmount: '1.00' },
          ],
        },
        'items.1.artworkId',
        'An artwork may appear only once',
      ],
      [{ items: [] }, 'items', 'Required'],
    ]
    for (const [body, field, message] of cases) {
      const res = await put<any>(path(), body, 'approver')
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.data.fieldErrors[field], JSON.stringify(body)).toBe(message)
    }
    const zh = await put<any>(
      path(),
      { items: [{ artworkId: G, insuredAmount: 'abc' }] },
      'approver',
      'zh-CN',
    )
    expect(zh.data.fieldErrors['items.0.insuredAmount']).toBe('金额须大于零（最多两位小数）')
    expect(await scheduleOf(P2.id)).toEqual(stored)
    // Whoever records policies does not adjust their agreed values.
    for (const who of ['registrar', 'operations', 'viewer'])
      expect((await put(path(), { items: [{ artworkId: G, insuredAmount: '1.00' }] }, who)).code, who).toBe(
        4031,
      )
    expect(
      (
        await put(
          '/api/insurance/policies/00000000-0000-4000-8000-000000000000/schedule',
          { items: [{ artworkId: G, insuredAmount: '1.00' }] },
          'approver',
        )
      ).status,
    ).toBe(404)
    expect(await scheduleOf(P2.id)).toEqual(stored)
  })

  it('refuses a lapsed policy', async () => {
    const [x] = await f.artworks(1)
    await value(x, '10000.00', 'CNY')
    const old = await policyOn([x], '9000.00')
    let renewal = await f.start('registrar', 'INSURANCE_RENEWAL', {
      artworkIds: [x],
      previousProcessId: old.process.id,
    })
    renewal = await f.pass(renewal, { decision: 'lapse', reason: 'Sold' })
    expect((await policyRow(f, old.process.id)).status).toBe('lapsed')
    const res = await put<any>(
      `/api/insurance/policies/${old.id}/schedule`,
      { items: [{ artworkId: x, insuredAmount: '10000.00' }] },
      'approver',
    )
    expect(res.status).toBe(400)
    expect(res.msg).toBe('The policy has lapsed or is void: its schedule of cover can no longer be changed')
    expect(await scheduleOf(old.id)).toEqual({ [x]: '9000.00' })
    const view = await get<PolicySchedule>(`/api/insurance/policies/${old.id}/schedule`)
    expect(view.data.editable).toBe(false)
    // A lapsed policy's artworks are not in the check.
    expect(
      (await underInsured('?list=notComparable&pageSize=200')).data.list.some((r) => r.artwork.id === x),
    ).toBe(false)
  })
})

describe('renewals', () => {
  it('follow the renewed schedule when the artworks are the same, else share out again', async () => {
    const ids = await f.artworks(2)
    await value(ids[0], '100000.00', 'CNY')
    await value(ids[1], '100000.00', 'CNY')
    const old = await policyOn(ids, '200000.00')
    const adjusted = await put<PolicySchedule>(
      `/api/insurance/policies/${old.id}/schedule`,
      {
        items: [
          { artworkId: ids[0], insuredAmount: '150000.00' },
          { artworkId: ids[1], insuredAmount: '50000.00' },
        ],
      },
      'approver',
    )
    expect(adjusted.code).toBe(0)
    const same = await approvedPolicy(
      f,
      ids,
      { startDate: day(300), endDate: day(665), currency: 'CNY', insuredAmount: '200000.00' },
      'INSURANCE_RENEWAL',
      { previousProcessId: old.process.id },
    )
    expect(await scheduleOf((await policyRow(f, same.id)).id)).toEqual({
      [ids[0]]: '150000.00',
      [ids[1]]: '50000.00',
    })
    // Other artworks: shared out again by the valuations.
    const [other] = await f.artworks(1)
    await value(other, '100000.00', 'CNY')
    const changed = await approvedPolicy(
      f,
      [...ids, other],
      { startDate: day(300), endDate: day(665), currency: 'CNY', insuredAmount: '300000.00' },
      'INSURANCE_RENEWAL',
      { previousProcessId: old.process.id },
    )
    expect(await scheduleOf((await policyRow(f, changed.id)).id)).toEqual({
      [ids[0]]: '100000.00',
      [ids[1]]: '100000.00',
      [other]: '100000.00',
    })
  })
})

describe('the schedule as Excel', () => {
  async function download(policyId: string, lang: string) {
    const res = await f.t.app.request(`/api/insurance/policies/${policyId}/schedule.xlsx`, {
      headers: { 'x-auth-token': f.tokens.viewer, 'accept-language': lang },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never)
    return { wb, disposition: res.headers.get('content-disposition') ?? '' }
  }
  const cellsOf = (ws: ExcelJS.Worksheet, row: number) =>
    (ws.getRow(row).values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : v))

  it('opens, with the policy above, one row per artwork and an exact total, in English', async () => {
    const { wb, disposition } = await download(P1.id, 'en')
    expect(disposition).toContain('schedule-of-cover-POL-T-')
    const ws = wb.worksheets[0]
    expect(ws.name).toBe('Schedule of cover')
    const policy = await get<PolicySchedule>(`/api/insurance/policies/${P1.id}/schedule`)
    expect(cellsOf(ws, 2)).toEqual(['Policy no.', policy.data.policy.policyNo])
    expect(cellsOf(ws, 3)).toEqual(['Insurer', 'AXA XL Art'])
    expect(cellsOf(ws, 5)).toEqual(['Currency', 'CNY'])
    expect(cellsOf(ws, 6)).toEqual(['Sum insured (policy)', 1000000])
    expect(ws.getRow(6).getCell(2).numFmt).toBe('#,##0.00 "CNY"')
    const header = cellsOf(ws, 10)
    expect(header).toEqual([
      'Inventory no.',
      'Title',
      'Artist',
      'Medium',
      'Dimensions',
      'Insured amount',
      'Latest valuation',
      'Valuation currency',
      'Valuation date',
      'Insured / valuation',
      'Flag',
    ])
    const rows = [11, 12, 13].map((r) => cellsOf(ws, r))
    const byTitle = new Map(rows.map((r) => [r[1], r]))
    const titleOf = (id: string) => policy.data.lines.find((l) => l.artwork.id === id)!.artwork.titleEn
    expect(byTitle.get(titleOf(A))!.slice(5, 11)).toEqual([600000, 600000, 'CNY', '2026-01-15', 1, ''])
    expect(byTitle.get(titleOf(C))!.slice(5, 11)).toEqual([
      100000,
      50000,
      'USD',
      '2026-01-15',
      '',
      'Cannot compare: valuation in USD',
    ])
    expect(ws.getRow(11).getCell(6).numFmt).toBe('#,##0.00 "CNY"')
    const cRow = 11 + rows.findIndex((r) => r[1] === titleOf(C))
    expect(ws.getRow(cRow).getCell(7).numFmt).toBe('#,##0.00 "USD"')
    expect(cellsOf(ws, 14)).toEqual(['Total', '', '', '', '', 1000000])
  })

  it('has its headings in Chinese for a Chinese request, and flags below the ratio', async () => {
    const { wb, disposition } = await download(P2.id, 'zh-CN')
    expect(decodeURIComponent(disposition)).toContain('承保清单-POL-T-')
    const ws = wb.worksheets[0]
    expect(ws.name).toBe('承保清单')
    expect(cellsOf(ws, 10)[0]).toBe('库存编号')
    expect(cellsOf(ws, 10)[5]).toBe('约定保额')
    const rows = [11, 12].map((r) => cellsOf(ws, r))
    const g = rows.find((r) => r[6] === 1000000)!
    expect(g[5]).toBe(800000)
    expect(g[9]).toBe(0.8)
    expect(g[10]).toBe('低于 90 %')
    const total = cellsOf(ws, 13)
    expect(total[0]).toBe('合计')
    expect(total[5]).toBe(Number(addMoney('460000.00', '800000.00')))
  })

  it('answers 404 for an unknown policy and 403 without a session', async () => {
    const res = await f.t.call(
      'GET',
      '/api/insurance/policies/00000000-0000-4000-8000-000000000000/schedule.xlsx',
      {
        token: f.tokens.viewer,
      },
    )
    expect(res.status).toBe(404)
    expect((await f.t.call('GET', `/api/insurance/policies/${P1.id}/schedule.xlsx`)).status).toBe(403)
  })
})

describe('the demo office', () => {
  it('has under-insured artworks (revalued since their policy) and artworks that cannot be compared', async () => {
    const { createTestContext } = await import('./helpers')
    const t = await createTestContext({ collection: true })
    try {
      const token = await t.login('viewer')
      const flagged = await t.call<UnderInsuredPage>('GET', '/api/insurance/under-insured', { token })
      expect(flagged.data.counts.flagged).toBeGreaterThanOrEqual(2)
      expect(flagged.data.list.every((r) => r.reason === null && Number(r.percent) < 90)).toBe(true)
      // At 80 % the least under-insured of them is no longer flagged.
      const at80 = await t.call<UnderInsuredPage>('GET', '/api/insurance/under-insured?ratio=0.8', { token })
      expect(at80.data.counts.flagged).toBeLessThan(flagged.data.counts.flagged)
      const other = await t.call<UnderInsuredPage>('GET', '/api/insurance/under-insured?list=notComparable', {
        token,
      })
      expect(other.data.list.some((r) => r.reason === 'currency' && r.valuation?.currency !== 'CNY')).toBe(
        true,
      )
      // Each annual policy's schedule adds up to its sum insured.
      for (const p of flagged.data.policies) expect(p.scheduleTotal).toBe(p.insuredAmount)
    } finally {
      await t.close()
    }
  }, 120_000)
})
