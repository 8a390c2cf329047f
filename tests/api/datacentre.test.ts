// The data centre API (/api/datacentre) on a real database: the collection's value per currency
// and in the reporting currency (a rate used and named, an amount without a rate kept apart), the breakdowns
// and their cross-filtering, the value over time from valuations added through the API, insurance and
// activity; process mining from history rows written by running real processes through the process API (a
// step rejected once shows its rejection share, a process terminated in a step its termination share,
// completed and terminated per month); every bad input refused in both languages; the privilege checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  Breakdown,
  CollectionDashboard,
  ProcessMining,
  ValueHistory,
} from '../../src/shared/contracts/datacentre'
import type { ProcessView } from '../../src/shared/contracts/process'
import { MESSAGES } from '../../src/shared/errors'
import { type Flow, openFlow } from './process-flow'
import { makeArtworks } from './process-helpers'

let f: Flow
const sys = { 'x-system-name': 'art-data-center' }
const get = <T = any>(path: string, lang = 'en', user = 'admin') =>
  f.t.call<T>('GET', `/api/datacentre${path}`, { token: f.tokens[user], lang, headers: sys })
const raw = (text: string, params: unknown[] = []) => f.t.deps.database.raw(text, params) as Promise<any[]>

let room: string
let m1: number
let m2: number
let periodTag: number
let artist: string
let a: string[]
const thisYear = new Date().getUTCFullYear()

async function tagOf(code: string): Promise<number> {
  const [row] = await raw(
    `select t.id from tags t join tags p on p.id = t.parent_id where p.code = $1 order by t.sort, t.id limit 2`,
    [code],
  )
  return row.id
}

beforeAll(async () => {
  f = await openFlow()
  room = f.room
  const mediums = await raw(
    `select t.id from tags t join tags p on p.id = t.parent_id where p.code = 'CREATION_MEDIUM' order by t.id limit 2`,
  )
  m1 = mediums[0].id
  m2 = mediums[1].id
  periodTag = await tagOf('PERIOD')
  const [ar] = await raw(
    `insert into artists (name_zh, name_en) values ('测试画家', 'Test Painter') returning id`,
  )
  artist = ar.id
  // A1, A2 in the room (medium 1, the artist), A3 out of the warehouse (medium 2), A4 never valued.
  a = [...(await makeArtworks(f.t, 2, room)), ...(await makeArtworks(f.t, 2))]
  await raw(`update artworks set medium_tag_id = $1, artist_id = $2 where id = any($3::uuid[])`, [
    m1,
    artist,
    [a[0], a[1]],
  ])
  await raw(`update artworks set medium_tag_id = $1, location_text = 'Studio' where id = $2`, [m2, a[2]])
  await raw(`update artworks set status = 'sold' where id = any($1::uuid[])`, [await makeArtworks(f.t, 1)])
  // USD has a rate into CNY; JPY none.
  await raw(
    `insert into exchange_rates (base, quote, "on", rate) values ('USD', 'CNY', '2020-01-01', 7.1),
    ('USD', 'CNY', $1::date, 7.2)`,
    [`${thisYear - 1}-06-30`],
  )
  const value = async (artworkId: string, amount: string, currency: string, valuedOn: string) => {
    const res = await f.t.call('POST', '/api/valuations', {
      token: f.tokens.admin,
      headers: { 'x-system-name': 'valueManage' },
      body: { artworkId, amount, currency, valuedOn, method: 'appraisal', valuer: 'Test valuer' },
    })
    expect(res.code, res.msg).toBe(0)
  }
  // A1 was worth 800 CNY, then 1000 CNY; A2 100 USD; A3 5000 JPY.
  await value(a[0], '800.00', 'CNY', `${thisYear - 1}-01-15`)
  await value(a[0], '1000.00', 'CNY', `${thisYear - 1}-03-10`)
  await value(a[1], '100.00', 'USD', `${thisYear - 1}-02-01`)
  await value(a[2], '5000.00', 'JPY', `${thisYear - 1}-02-01`)
}, 180_000)
afterAll(async () => {
  await f?.close()
})

const dimension = (d: CollectionDashboard, name: Breakdown['dimension']) =>
  d.breakdowns.find((b) => b.dimension === name) as Breakdown

describe('collection dashboard', () => {
  it('totals per original currency, and in the reporting currency with the rate used; JPY without a rate kept apart', async () => {
    const res = await get<CollectionDashboard>('/collection')
    expect(res.code, res.msg).toBe(0)
    const t = res.data.totals
    expect(t.reportingCurrency).toBe('CNY')
    expect(t.artworks).toBe(4) // the sold one is not held
    expect(t.valued).toBe(3)
    expect(t.perCurrency.map((c) => [c.currency, c.amount, c.count, c.converted])).toEqual([
      ['CNY', '1000.00', 1, '1000.00'],
      ['JPY', '5000.00', 1, null],
      ['USD', '100.00', 1, '720.00'],
    ])
    expect(t.total).toBe('1720.00')
    expect(t.ratesUsed).toEqual([
      {
        base: 'USD',
        quote: 'CNY',
        on: `${thisYear - 1}-06-30`,
        rate: '7.2',
        inverse: false,
        currency: 'USD',
      },
    ])
    expect(t.unconverted).toMatchObject([{ currency: 'JPY', amount: '5000.00', count: 1 }])
  })

  it('groups by location, medium and artist, with values per currency and converted', async () => {
    const d = (await get<CollectionDashboard>('/collection', 'zh-CN')).data
    const location = dimension(d, 'location')
    const inRoom = location.rows.find((r) => r.key === room)
    expect(inRoom).toMatchObject({ count: 2, converted: '1720.00'.replace('1720', '1720') })
    expect(inRoom?.label).toMatch(/^库房/)
    expect(inRoom?.values).toEqual([
      { currency: 'CNY', amount: '1000.00' },
      { currency: 'USD', amount: '100.00' },
    ])
    const out = location.rows.find((r) => r.key === 'out')
    expect(out).toMatchObject({ count: 2, converted: '0.00', unconverted: ['JPY'] })
    const medium = dimension(d, 'medium')
    expect(medium.rows.find((r) => r.key === String(m1))).toMatchObject({ count: 2, converted: '1720.00' })
    expect(medium.rows.find((r) => r.key === String(m2))).toMatchObject({ count: 1, unconverted: ['JPY'] })
    expect(medium.rows.find((r) => r.key === null)).toMatchObject({ count: 1, values: [] })
    expect(dimension(d, 'artist').rows.find((r) => r.key === artist)).toMatchObject({
      label: '测试画家',
      count: 2,
    })
    expect(d.activity.rows.map((r) => r.count)).toEqual([0, 0, 0])
    expect(d.insurance.rows.find((r) => r.status === 'to_be_insured')).toMatchObject({
      count: 4,
      converted: '1720.00',
    })
    expect(d.insurance.underInsured).toBe(0)
  })

  it('filters every chart but the one that set the filter', async () => {
    const d = (await get<CollectionDashboard>(`/collection?medium=${m1}`)).data
    expect(d.totals.artworks).toBe(2)
    expect(d.totals.total).toBe('1720.00')
    expect(d.totals.unconverted).toEqual([])
    // The medium chart keeps its other bars; the location chart only shows the room.
    expect(dimension(d, 'medium').rows.length).toBe(3)
    expect(dimension(d, 'location').rows.map((r) => r.key)).toEqual([room])
    const out = (await get<CollectionDashboard>('/collection?location=out&valuationCurrency=JPY')).data
    expect(out.totals).toMatchObject({ artworks: 1, total: '0.00' })
    expect(out.totals.unconverted).toMatchObject([{ currency: 'JPY', amount: '5000.00' }])
    const inUsd = (await get<CollectionDashboard>('/collection?reportingCurrency=USD')).data
    // CNY into USD through the reverse pair: 1000 / 7.2.
    expect(inUsd.totals.perCurrency.find((c) => c.currency === 'CNY')?.converted).toBe('138.89')
    expect(inUsd.totals.total).toBe('238.89')
    expect(inUsd.totals.ratesUsed[0]).toMatchObject({ base: 'USD', quote: 'CNY', inverse: true })
  })

  it('gives the value over time per currency and in the reporting currency', async () => {
    const from = `${thisYear - 1}-01-01`
    const to = `${thisYear - 1}-04-30`
    const res = await get<ValueHistory>(`/value-history?by=month&from=${from}&to=${to}`)
    expect(res.code, res.msg).toBe(0)
    const h = res.data
    expect(h.points.map((p) => p.period)).toEqual(['01', '02', '03', '04'].map((m) => `${thisYear - 1}-${m}`))
    expect(h.points.map((p) => p.values)).toEqual([
      [{ currency: 'CNY', amount: '800.00' }],
      [
        { currency: 'CNY', amount: '800.00' },
        { currency: 'JPY', amount: '5000.00' },
        { currency: 'USD', amount: '100.00' },
      ],
      [
        { currency: 'CNY', amount: '1000.00' },
        { currency: 'JPY', amount: '5000.00' },
        { currency: 'USD', amount: '100.00' },
      ],
      [
        { currency: 'CNY', amount: '1000.00' },
        { currency: 'JPY', amount: '5000.00' },
        { currency: 'USD', amount: '100.00' },
      ],
    ])
    // Before the second USD rate: 7.1; JPY never converted.
    expect(h.points[1]).toMatchObject({
      converted: '1510.00',
      unconverted: ['JPY'],
      on: `${thisYear - 1}-02-${thisYear - 1 === 2024 ? '29' : '28'}`,
    })
    expect(h.currencies).toEqual(['CNY', 'JPY', 'USD'])
    // The unfiltered default view is kept as a snapshot and says when it was computed.
    const first = (await get<ValueHistory>('/value-history')).data
    expect(first.computedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(first.points).toHaveLength(24)
    expect((await get<ValueHistory>('/value-history')).data.computedAt).toBe(first.computedAt)
    expect(h.computedAt).toBeNull()
    const years = (await get<ValueHistory>(`/value-history?by=year&from=${thisYear - 1}-01-01&medium=${m1}`))
      .data
    expect(years.points.map((p) => p.period)).toEqual([String(thisYear - 1), String(thisYear)])
    expect(years.points[1]).toMatchObject({ converted: '1720.00', unconverted: [] })
  })

  it('refuses bad input with a clear message in both languages', async () => {
    const cases: [string, string, keyof typeof MESSAGES][] = [
      ['/value-history?from=2025-05-01&to=2025-01-01', 'to', 'endBeforeStart'],
      ['/processes/BUY_ART?from=2025-05-01&to=2025-01-01', 'to', 'endBeforeStart'],
      ['/value-history?from=2999-01-01', 'to', 'endBeforeStart'],
      ['/collection?reportingCurrency=XYZ', 'reportingCurrency', 'unknownCurrency'],
      ['/collection?valuationCurrency=QQQ', 'valuationCurrency', 'unknownCurrency'],
      ['/collection?medium=999999', 'medium', 'filterValueNotFound'],
      [`/collection?medium=${periodTag}`, 'medium', 'filterValueNotFound'],
      ['/collection?location=00000000-0000-4000-8000-000000000000', 'location', 'filterValueNotFound'],
      ['/collection?artist=00000000-0000-4000-8000-000000000000', 'artist', 'filterValueNotFound'],
      ['/value-history?by=month&from=1900-01-01&to=2025-01-01', 'from', 'rangeTooLong'],
    ]
    for (const [path, field, key] of cases) {
      for (const lang of ['en', 'zh-CN'] as const) {
        const res = await get(path, lang)
        expect(res.status, path).toBe(400)
        expect(res.data.fieldErrors[field], path).toBe(MESSAGES[key][lang].replace('{max}', '240'))
      }
    }
    const bad = await get('/collection?location=nowhere')
    expect(bad.status).toBe(400)
    expect(bad.data.fieldErrors.location).toBe(MESSAGES.invalidValue.en)
    expect((await get('/processes/NOT_A_TYPE')).status).toBe(400)
  })

  it('needs art-data-center:view', async () => {
    expect((await get('/collection', 'en', 'operations')).code).toBe(4031)
    expect((await get('/processes/BUY_ART', 'en', 'operations')).code).toBe(4031)
    expect((await get('/collection', 'en', 'registrar')).code).toBe(0)
  })
})

describe('process mining', () => {
  const shot = async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_SHOT_ART', ids)
    return { p: await f.start('registrar', 'OPERATION_SHOT_ART', { artworkIds: ids }), s }
  }

  it('computes time per step, rejection and termination shares and throughput from the history', async () => {
    // One shoot runs to the end with the shooting step rejected once; another is terminated at its first step.
    let { p, s } = await shot()
    p = await f.pass(p, s.shootingInfo[0])
    p = await f.send('registrar', p, 'SUBMIT', { payload: s.shooting[0] })
    p = await f.send('approver', p, 'REJECT', { comment: 'Too few photographs' })
    p = await f.pass(p, s.shooting[0])
    p = await f.pass(p, s.delivery[0])
    expect(p.state).toBe('completed')
    const second = await shot()
    const ended: ProcessView = await f.send('admin', second.p, 'TERMINATE', { comment: 'Called off' })
    expect(ended.state).toBe('terminated')
    const live = await shot() // waits in its first step

    const res = await get<ProcessMining>('/processes/OPERATION_SHOT_ART')
    expect(res.code, res.msg).toBe(0)
    const m = res.data
    const step = (key: string) => m.steps.find((x) => x.step === key)
    expect(m.steps.map((x) => x.step)).toEqual(['shootingInfo', 'shooting', 'delivery'])
    expect(step('shootingInfo')).toMatchObject({
      entered: 3,
      left: 2,
      terminations: 1,
      terminationShare: 0.333,
      rejections: 0,
      rejectionShare: 0,
      live: 1,
    })
    expect(step('shooting')).toMatchObject({ entered: 1, left: 1, rejections: 1, rejectionShare: 1, live: 0 })
    expect(step('shooting')?.medianSeconds).toBeGreaterThanOrEqual(0)
    expect(step('delivery')).toMatchObject({ entered: 1, left: 1, rejectionShare: 0 })
    expect(m.live).toBe(1)
    // 9 rows for the completed shoot (start, 4 submits, 3 approvals, 1 rejection), 2 and 1 for the others.
    expect(m.historyRows).toBe(12)
    const month = new Date().toISOString().slice(0, 7)
    expect(m.throughput).toEqual([{ month, completed: 1, terminated: 1 }])
    expect(m.computedAt).not.toBeNull() // the history figures are a snapshot (live counts are not)
    // The bottleneck needs a live process in a step that took time: the first step, or none if it took 0 s.
    expect([null, 'shootingInfo']).toContain(m.bottleneck)
    // Started in a range that holds none of them: nothing measured, every step still listed.
    const none = (await get<ProcessMining>('/processes/OPERATION_SHOT_ART?from=2001-01-01&to=2001-12-31'))
      .data
    expect(
      none.steps.every((x) => x.entered === 0 && x.medianSeconds === null && x.rejectionShare === null),
    ).toBe(true)
    expect(none.throughput).toEqual([])
    // What is moving: the live shoot holds its artwork.
    const d = (await get<CollectionDashboard>('/collection?activity=operation')).data
    expect(d.activity.rows.find((r) => r.activity === 'operation')?.count).toBe(1)
    expect(d.totals.artworks).toBe(1)
    expect(live.p.id).toBeTruthy()
  })

  it('counts open tasks past their due date per step', async () => {
    await raw(
      `update process_tasks set due_at = now() - interval '2 days' where type = 'OPERATION_SHOT_ART' and closed_at is null`,
    )
    const m = (await get<ProcessMining>('/processes/OPERATION_SHOT_ART')).data
    expect(m.overdue).toBeGreaterThanOrEqual(1)
    expect(m.steps.find((x) => x.step === 'shootingInfo')?.overdue).toBe(m.overdue)
  })
})

describe('the value over time after a rate is added', () => {
  it('computes afresh at once: the kept snapshot no longer says the rate is missing', async () => {
    const kept = (await get<ValueHistory>('/value-history')).data
    expect(kept.points.at(-1)?.unconverted).toContain('JPY')
    const added = await f.t.call('POST', '/api/finance/rates', {
      token: f.tokens.finance,
      headers: { 'x-system-name': 'financeManage' },
      body: { base: 'JPY', quote: 'CNY', on: `${thisYear - 1}-01-01`, rate: '0.05' },
    })
    expect(added.code, added.msg).toBe(0)
    const after = (await get<ValueHistory>('/value-history')).data
    expect(after.points.at(-1)?.unconverted).toEqual([])
    expect(after.computedAt).not.toBe(kept.computedAt)
  })
})
