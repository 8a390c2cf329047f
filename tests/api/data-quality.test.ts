// The documentation backlog (/api/datacentre/data-quality) on the seeded demo database: each rule's count equals
// what the tables say when asked another way; bare artworks added to a room count under every rule but location,
// and fixing one record takes it off exactly the rule it fixes; the works behind a rule are listed by title a
// page at a time; the daily job keeps the counts as the trend; bad thresholds are refused at the field in both
// languages; the privilege is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  conditionCheckSteps,
  cutoffs,
  DEFAULT_THRESHOLDS,
} from '../../src/server/modules/datacentre/data-quality'
import { dataQualitySnapshotJob } from '../../src/server/modules/datacentre/jobs'
import { officeToday } from '../../src/server/office-day'
import { SCHEDULED_JOBS } from '../../src/server/scheduled-jobs'
import type { DataQualityArtworks, DataQualityReport } from '../../src/shared/contracts/data-quality'
import { MESSAGES } from '../../src/shared/errors'
import { createTestContext, type TestContext } from './helpers'
import { makeArtworks, makeRoom } from './process-helpers'

let t: TestContext
const tokens: Record<string, string> = {}
const sys = { 'x-system-name': 'art-data-center' }
const get = <T = any>(path: string, lang = 'en', user = 'admin') =>
  t.call<T>('GET', `/api/datacentre/data-quality${path}`, { token: tokens[user], lang, headers: sys })
const raw = (text: string, params: unknown[] = []) => t.deps.database.raw(text, params) as Promise<any[]>
const n = async (text: string, params: unknown[] = []) => Number((await raw(text, params))[0].n)
const countsOf = (r: DataQualityReport) => Object.fromEntries(r.rules.map((x) => [x.key, x.count]))

const HELD = `status in ('purchased', 'in_collection', 'on_loan')`

beforeAll(async () => {
  t = await createTestContext({ collection: true })
  for (const u of ['admin', 'operations']) tokens[u] = await t.login(u)
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('the documentation backlog on the seeded collection', () => {
  it('counts what the tables say, rule by rule', async () => {
    const res = await get<DataQualityReport>('')
    expect(res.code, res.msg).toBe(0)
    const r = res.data
    expect(r.valuationYears).toBe(3)
    expect(r.conditionMonths).toBe(12)
    expect(r.rules.map((x) => x.key)).toEqual([
      'noImage',
      'noValuation',
      'noDimensions',
      'noLocation',
      'noConditionCheck',
      'noProvenance',
    ])
    const held = await n(`select count(*) as n from artworks where ${HELD}`)
    expect(held).toBeGreaterThan(100)
    expect(r.held).toBe(held)
    const { valuationFrom, conditionFrom } = cutoffs(officeToday(), DEFAULT_THRESHOLDS)
    const withImage = await n(
      `select count(distinct a.id) as n from artworks a join artwork_media m on m.artwork_id = a.id
       where a.${HELD} and m.kind = 'image'`,
    )
    const valued = await n(
      `select count(*) as n from artworks a where a.${HELD} and (a.valuation_date >= $1::date
         or a.id in (select artwork_id from valuations where valued_on >= $1::date))`,
      [valuationFrom],
    )
    const measured = await n(`select count(*) as n from artworks where ${HELD} and dimensions::text <> '{}'`)
    const placed = await n(
      `select count(*) as n from artworks where ${HELD} and ((in_warehouse and room_id is not null) or location_text <> '')`,
    )
    const steps = conditionCheckSteps()
    expect(steps).toContain('BUY_ART_TRANS:warehousing')
    const checked = await n(
      `select count(distinct pa.artwork_id) as n from process_artworks pa
         join artworks a on a.id = pa.artwork_id
         join processes p on p.id = pa.process_id
         join process_history h on h.process_id = p.id
       where a.${HELD} and h.at >= ($1::date)::timestamp at time zone 'Asia/Shanghai'
         and (h.event_type in ('DEPART', 'ARRIVE', 'RETURN')
           or (h.event_type = 'SUBMIT' and p.type || ':' || split_part(h.from_state, '.', 1) = any($2::text[])))`,
      [conditionFrom, steps],
    )
    const provenanced = await n(
      `select count(*) as n from artworks a where a.${HELD} and (a.source_zh <> '' or a.source_en <> ''
         or exists (select 1 from artwork_records r where r.artwork_id = a.id and r.kind = 'private_collection'))`,
    )
    expect(countsOf(r)).toEqual({
      noImage: held - withImage,
      noValuation: held - valued,
      noDimensions: held - measured,
      noLocation: held - placed,
      noConditionCheck: held - checked,
      noProvenance: held - provenanced,
    })
    // The demo office's processes checked some works' condition; not every work has been.
    expect(checked).toBeGreaterThan(0)
  })

  it('counts bare works under every rule but location, and a fixed record leaves exactly its rule', async () => {
    const before = countsOf((await get<DataQualityReport>('')).data)
    const room = await makeRoom(t)
    const bare = await makeArtworks(t, 3, room)
    const [lost] = await makeArtworks(t, 1)
    const mid = countsOf((await get<DataQualityReport>('')).data)
    expect(mid).toEqual({
      noImage: before.noImage + 4,
      noValuation: before.noValuation + 4,
      noDimensions: before.noDimensions + 4,
      noLocation: before.noLocation + 1,
      noConditionCheck: before.noConditionCheck + 4,
      noProvenance: before.noProvenance + 4,
    })
    // One fix each: dimensions, a valuation today, a provenance entry, a place written for the one outside a room.
    await raw(
      `update artworks set dimensions = '{"core":{"values":["60","80"],"unit":"cm"}}' where id = $1`,
      [bare[0]],
    )
    await raw(
      `insert into valuations (artwork_id, amount, currency, valued_on, method) values ($1, 1000, 'CNY', $2, 'appraisal')`,
      [bare[1], officeToday()],
    )
    await raw(
      `insert into artwork_records (artwork_id, kind, seq, date, title_zh) values ($1, 'private_collection', 0, '1990', '私人收藏')`,
      [bare[2]],
    )
    await raw(`update artworks set location_text = '艺术家工作室' where id = $1`, [lost])
    // An old valuation does not count as one.
    await raw(
      `insert into valuations (artwork_id, amount, currency, valued_on, method) values ($1, 900, 'CNY', '2001-01-01', 'appraisal')`,
      [bare[0]],
    )
    const after = countsOf((await get<DataQualityReport>('')).data)
    expect(after).toEqual({
      ...mid,
      noDimensions: mid.noDimensions - 1,
      noValuation: mid.noValuation - 1,
      noProvenance: mid.noProvenance - 1,
      noLocation: mid.noLocation - 1,
    })
    // A longer valuation window takes in the 2001 valuation.
    const wide = countsOf((await get<DataQualityReport>('?valuationYears=50')).data)
    expect(wide.noValuation).toBeLessThanOrEqual(after.noValuation - 1)
  })

  it('lists the works behind a rule by title, a page at a time', async () => {
    const [a] = await makeArtworks(t, 1, await makeRoom(t))
    await raw(
      `update artworks set inventory_no = '0000-DQ-FIRST', title_zh = '无尺寸之作', title_en = 'Work without size' where id = $1`,
      [a],
    )
    const count = countsOf((await get<DataQualityReport>('')).data).noDimensions
    const page1 = await get<DataQualityArtworks>('/noDimensions/artworks?pageSize=2')
    expect(page1.code, page1.msg).toBe(0)
    expect(page1.data.total).toBe(count)
    expect(page1.data.items).toHaveLength(2)
    expect(page1.data.items[0]).toMatchObject({
      id: a,
      inventoryNo: '0000-DQ-FIRST',
      titleZh: '无尺寸之作',
      titleEn: 'Work without size',
    })
    const page2 = await get<DataQualityArtworks>('/noDimensions/artworks?pageSize=2&page=2')
    expect(page2.data.items.map((x) => x.id)).not.toContain(a)
    expect(page2.data.page).toBe(2)
  })

  it('keeps the daily counts as the trend through the scheduled job', async () => {
    expect(SCHEDULED_JOBS).toContain(dataQualitySnapshotJob)
    const context = { now: () => new Date(), timeZone: 'Asia/Shanghai' }
    await dataQualitySnapshotJob.run(t.deps.database.db, new Date('2026-01-10T04:00:00Z'), context)
    await dataQualitySnapshotJob.run(t.deps.database.db, new Date('2026-01-11T04:00:00Z'), context)
    // A second run the same day replaces that day's counts.
    await dataQualitySnapshotJob.run(t.deps.database.db, new Date('2026-01-11T05:00:00Z'), context)
    const r = (await get<DataQualityReport>('')).data
    const days = r.trend.map((p) => p.on)
    expect(days).toEqual([...days].sort())
    expect(days.filter((d) => d === '2026-01-11')).toHaveLength(1)
    expect(days).toContain('2026-01-10')
    const point = r.trend.find((p) => p.on === '2026-01-11')!
    expect(point.held).toBe(r.held)
    expect(point.counts.noImage).toBe(countsOf(r).noImage)
  })

  it('refuses bad thresholds and an unknown rule at the field, in both languages', async () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const years = await get('?valuationYears=0', lang)
      expect(years.status).toBe(400)
      expect(years.data.fieldErrors.valuationYears).toBe(MESSAGES.badValuationYears[lang])
      const months = await get('?conditionMonths=abc', lang)
      expect(months.status).toBe(400)
      expect(months.data.fieldErrors.conditionMonths).toBe(MESSAGES.badConditionMonths[lang])
      const size = await get('/noImage/artworks?pageSize=500', lang)
      expect(size.status).toBe(400)
      expect(size.data.fieldErrors.pageSize).toBe(MESSAGES.badPageSize[lang])
      const rule = await get('/noColour/artworks', lang)
      expect(rule.status).toBe(400)
      expect(rule.data.fieldErrors.rule).toBe(MESSAGES.invalidValue[lang])
    }
  })

  it('answers only holders of the data centre privilege', async () => {
    expect((await get('', 'en', 'operations')).code).toBe(4031)
    expect((await get('/noImage/artworks', 'en', 'operations')).code).toBe(4031)
  })
})
