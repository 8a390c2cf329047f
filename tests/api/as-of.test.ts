// The collection as it was on a day, on a real database: one artwork's history built through the API — created,
// its record changed, moved to another room, valued, insured, sold — each step then dated back (its history
// and movement rows moved into the past, as if the weeks had passed), and every day between asked of
// GET /api/artworks/:id/as-of and GET /api/collection/as-of; then every bad input refused in both languages.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArtworkAsOf, CollectionAsOf } from '../../src/shared/contracts/as-of'
import { MESSAGES } from '../../src/shared/errors'
import { todayIn } from '../../src/shared/office-time'
import { fullRecord, type Media, type RefIds, referenceIds, uploadMedia } from './artworks-fixtures'
import { approvedPolicy, type Flow, openFlow, premiumPaid, USERS } from './process-flow'
import { makeArtworks, makeRoom, userOf } from './process-helpers'

let f: Flow
let refs: RefIds
let media: Media
let roomA: string
let roomB: string
let today: string
let art: string
let other: string
let policyNo = ''
let policyId = ''
let holding = ''
let trust = ''

const ARCHIVE = { 'x-system-name': 'artworkArchive' }
const DATA = { 'x-system-name': 'art-data-center' }
const raw = (text: string, params: unknown[] = []) => f.t.deps.database.raw(text, params)

/** yyyy-MM-dd `n` days from `date`. */
function shift(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
}
const ago = (n: number) => shift(today, -n)

/** Every history and movement row of the artworks written so far moves `days` into the past. */
async function age(ids: string[], days: number) {
  const by = `${days} days`
  await raw(`update artwork_history set at = at - $1::interval where artwork_id = any($2::uuid[])`, [by, ids])
  await raw(
    `update artwork_movements set at = at - $1::interval,
       until = case when until = 'infinity' then until else until - $1::interval end
     where artwork_id = any($2::uuid[])`,
    [by, ids],
  )
}

async function create(inventoryNo: string, titleEn: string, roomId: string): Promise<string> {
  const res = await f.t.call<{ id: string }>('POST', '/api/artworks', {
    token: f.tokens.registrar,
    headers: ARCHIVE,
    body: { ...fullRecord(refs, media, null, { inventoryNo, titleEn }), inWarehouse: true, roomId },
  })
  expect(res.code, JSON.stringify(res.data)).toBe(0)
  return res.data.id
}

async function value(artworkId: string, amount: string, currency: string, valuedOn: string) {
  const res = await f.t.call('POST', '/api/valuations', {
    token: f.tokens.admin,
    headers: { 'x-system-name': 'valueManage' },
    body: { artworkId, amount, currency, valuedOn, method: 'appraisal', valuer: 'Test valuer' },
  })
  expect(res.code, res.msg).toBe(0)
}

async function entity(nameEn: string): Promise<string> {
  const res = await f.t.call<{ id: string }>('POST', '/api/entities', {
    token: f.tokens.admin,
    headers: { 'x-system-name': 'authManage' },
    body: { nameZh: `${nameEn}（中文）`, nameEn, kind: 'company', jurisdiction: 'HK' },
  })
  expect(res.code, res.msg).toBe(0)
  return res.data.id
}

async function own(from: string, owners: { entityId: string; sharePercent: string }[]) {
  const res = await f.t.call('POST', `/api/artworks/${art}/ownership`, {
    token: f.tokens.admin,
    headers: ARCHIVE,
    body: { owners, from },
  })
  expect(res.code, res.msg).toBe(0)
}

const asOf = (id: string, at: string, lang = 'en', user = 'registrar') =>
  f.t.call<ArtworkAsOf>('GET', `/api/artworks/${id}/as-of?at=${encodeURIComponent(at)}`, {
    token: f.tokens[user],
    lang,
    headers: ARCHIVE,
  })
async function artworkOn(at: string): Promise<ArtworkAsOf> {
  const res = await asOf(art, at)
  expect(res.code, `${at}: ${res.msg} ${JSON.stringify(res.data)}`).toBe(0)
  return res.data
}
const collection = (query: string, lang = 'en', user = 'admin') =>
  f.t.call<CollectionAsOf>('GET', `/api/collection/as-of?${query}`, {
    token: f.tokens[user],
    lang,
    headers: DATA,
  })
async function collectionOn(at: string, currency = 'CNY'): Promise<CollectionAsOf> {
  const res = await collection(`at=${at}&currency=${currency}`)
  expect(res.code, `${at}: ${res.msg} ${JSON.stringify(res.data)}`).toBe(0)
  return res.data
}

beforeAll(async () => {
  f = await openFlow()
  today = todayIn(f.t.deps.config.timeZone)
  refs = await referenceIds(f.t)
  media = await uploadMedia(f.t, f.tokens.registrar)
  roomA = f.room
  roomB = await makeRoom(f.t)
  // 30 days ago: created in room A (record version 1), with another artwork in room B.
  art = await create('VT-ASOF-1', 'Old title', roomA)
  other = await create('VT-ASOF-2', 'The other one', roomB)
  await age([art, other], 10)
  // 20 days ago: the record changed (version 2).
  const detail = await f.t.call<{ version: number }>('GET', `/api/artworks/${art}`, {
    token: f.tokens.registrar,
    headers: ARCHIVE,
  })
  const {
    inWarehouse: _w,
    roomId: _r,
    locationText: _l,
    ...record
  } = fullRecord(refs, media, null, {
    inventoryNo: 'VT-ASOF-1',
    titleEn: 'New title',
  })
  const put = await f.t.call('PUT', `/api/artworks/${art}`, {
    token: f.tokens.registrar,
    headers: ARCHIVE,
    body: { ...record, expectedVersion: detail.data.version },
  })
  expect(put.code, JSON.stringify(put.data)).toBe(0)
  await age([art, other], 10)
  // 10 days ago: moved into room B (a row of the ledger; the artwork's status carried on it).
  await raw(`update artworks set room_id = $2 where id = $1`, [art, roomB])
  await raw(
    `insert into artwork_movements (artwork_id, at, kind, from_room_id, to_room_id) values ($1, now(), 'manual', $2, $3)`,
    [art, roomA, roomB],
  )
  await age([art, other], 10)
  // Valued 8 days ago (CNY); the other one in USD (a rate from 7 days ago on) and, later, in JPY (no rate).
  await raw(`insert into exchange_rates (base, quote, "on", rate) values ('USD', 'CNY', $1::date, 7.25)`, [
    ago(7),
  ])
  await value(art, '1000000.00', 'CNY', ago(8))
  await value(other, '100.00', 'USD', ago(8))
  await value(other, '5000.00', 'JPY', ago(2))
  // Owned by a holding company from 20 days ago, then shared with a trust from 6 days ago.
  holding = await entity('AsOf Holding Ltd')
  trust = await entity('AsOf Family Trust')
  await own(ago(20), [{ entityId: holding, sharePercent: '100.00' }])
  await own(ago(6), [
    { entityId: holding, sharePercent: '60.00' },
    { entityId: trust, sharePercent: '40.00' },
  ])
  // Insured from 5 days ago.
  const policy = await approvedPolicy(f, [art], { startDate: ago(5), endDate: shift(today, 300) })
  await premiumPaid(f, policy, [art])
  const [row] = (await raw(`select id, policy_no from insurance_policies where process_id = $1`, [
    policy.id,
  ])) as { id: string; policy_no: string }[]
  policyNo = row.policy_no
  policyId = row.id
  // Sold today.
  const s = f.samples('OPERATION_SELL_ART', [art])
  let sale = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: [art] })
  sale = await f.pass(sale, s.marketSurvey[0])
  sale = await f.pass(sale, s.contract[0])
  sale = await f.pass(sale, s.collection[0], 'registrar')
  sale = await f.send('finance', sale, 'CONFIRM_PAYMENT', {
    payload: { paidOn: today, bankReference: 'S-1' },
  })
  expect(sale.status).toBe('completed')
}, 240_000)
afterAll(async () => {
  await f?.close()
})

describe('one artwork on the days between', () => {
  it('did not exist before it was created', async () => {
    const a = await artworkOn(ago(35))
    expect(a).toMatchObject({ at: ago(35), existed: false, status: null, room: null, record: null })
    expect(a.coveredBy).toEqual([])
    expect(a.latestValuation).toBeNull()
  })

  it('reads the first record in room A, unvalued and uninsured, after its creation', async () => {
    const a = await artworkOn(ago(25))
    expect(a).toMatchObject({
      existed: true,
      status: 'in_collection',
      roomId: roomA,
      recordVersion: 1,
      latestValuation: null,
      coveredBy: [],
      owners: [],
    })
    expect(a.room?.id).toBe(roomA)
    expect(a.record?.titleEn).toBe('Old title')
    // What changed since, as the record history names it; the valuation recorded since is not a change of it.
    expect(a.changedSince).toEqual([{ field: 'titleEn', old: 'Old title', new: 'New title' }])
  })

  it('reads the changed record, still in room A', async () => {
    const a = await artworkOn(ago(15))
    expect(a).toMatchObject({ status: 'in_collection', roomId: roomA, recordVersion: 2 })
    expect(a.owners).toEqual([
      {
        entityId: holding,
        nameZh: 'AsOf Holding Ltd（中文）',
        nameEn: 'AsOf Holding Ltd',
        sharePercent: '100.00',
        since: ago(20),
      },
    ])
    expect(a.record?.titleEn).toBe('New title')
  })

  it('reads room B after the move, the valuation once dated, the cover once in force', async () => {
    expect(await artworkOn(ago(9))).toMatchObject({ roomId: roomB, latestValuation: null, coveredBy: [] })
    expect(await artworkOn(ago(7))).toMatchObject({
      roomId: roomB,
      latestValuation: '1000000.00',
      valuationCurrency: 'CNY',
      valuationDate: ago(8),
      coveredBy: [],
    })
    expect(await artworkOn(ago(3))).toMatchObject({
      status: 'in_collection',
      latestValuation: '1000000.00',
      coveredBy: [policyNo],
    })
    expect((await artworkOn(ago(1))).coveredBy).toEqual([policyNo])
    // Shared with the trust from 6 days ago: both owners and their shares.
    const shared = await artworkOn(ago(3))
    expect(shared.owners.map((o) => [o.entityId, o.sharePercent, o.since]).sort()).toEqual(
      [
        [holding, '60.00', ago(6)],
        [trust, '40.00', ago(6)],
      ].sort(),
    )
  })

  it('reads sold today, off its policy, nothing changed since', async () => {
    const a = await artworkOn(today)
    // Version 3: the valuation written onto the record (its catalogue fields as in version 2).
    expect(a).toMatchObject({
      status: 'sold',
      roomId: roomB,
      recordVersion: 3,
      coveredBy: [],
      changedSince: [],
      // The sale ended the ownership on its day.
      owners: [],
    })
    expect(a.record?.titleEn).toBe('New title')
  })
})

describe('the collection on the days between', () => {
  it('counts the artworks of each day by status and room', async () => {
    expect((await collectionOn(ago(35))).count).toBe(0)
    const early = await collectionOn(ago(25))
    expect(early.count).toBe(2)
    expect(early.byStatus).toEqual([{ status: 'in_collection', count: 2 }])
    expect(early.byRoom.map((r) => [r.room?.id, r.count]).sort()).toEqual(
      [
        [roomA, 1],
        [roomB, 1],
      ].sort(),
    )
    expect((await collectionOn(ago(9))).byRoom.map((r) => [r.room?.id, r.count])).toEqual([[roomB, 2]])
    const now = await collectionOn(today)
    expect(now.byStatus).toEqual([
      { status: 'in_collection', count: 1 },
      { status: 'sold', count: 1 },
    ])
  })

  it("adds the day's valuations at the day's rates, keeps what no rate converts apart, leaves the sold out", async () => {
    // 8 days ago: the USD valuation has no rate yet (the rate starts 7 days ago): apart, not added.
    const before = await collectionOn(ago(8))
    expect(before.total).toBe('1000000.00')
    expect(before.valued).toBe(2)
    expect(before.unconverted).toEqual([
      { currency: 'USD', amount: '100.00', count: 1, firstOn: ago(8), lastOn: ago(8) },
    ])
    // 3 days ago: 1,000,000 CNY + 100 USD × 7.25.
    const rated = await collectionOn(ago(3))
    expect(rated.total).toBe('1000725.00')
    expect(rated.unconverted).toEqual([])
    expect(rated.ratesUsed.map((r) => [r.base, r.quote, r.on, r.rate])).toEqual([
      ['USD', 'CNY', ago(7), '7.25'],
    ])
    // Today: the sold work is no longer held; the other one's latest valuation is in JPY, without a rate.
    const now = await collectionOn(today)
    expect(now.total).toBe('0.00')
    expect(now.unconverted.map((u) => [u.currency, u.amount])).toEqual([['JPY', '5000.00']])
    // In USD: 1,000,000 CNY through the reverse pair.
    expect((await collectionOn(ago(3), 'USD')).total).toBe('138031.03')
  })
})

describe('the collection of a day as Excel and as a PDF', () => {
  const download = (path: string, lang = 'en') =>
    f.t.app.request(`/api/collection/${path}`, {
      headers: { 'x-auth-token': f.tokens.admin, ...DATA, 'accept-language': lang },
    })

  it('writes the figures the screen shows, in the request language', async () => {
    const res = await download(`as-of.xlsx?at=${ago(3)}&currency=CNY`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const ExcelJS = (await import('exceljs')).default
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    const rows = wb.worksheets[0]
      .getSheetValues()
      .flatMap((r) => (Array.isArray(r) ? [r.slice(1).join('|')] : []))
    expect(rows).toContain('Total value (CNY)|1,000,725.00')
    expect(rows).toContain('Artworks|2')
    expect(rows).toContain('In the collection|2')
    const zh = await download(`as-of.xlsx?at=${today}`, 'zh-CN')
    const wbZh = new ExcelJS.Workbook()
    await wbZh.xlsx.load(await zh.arrayBuffer())
    const zhRows = wbZh.worksheets[0]
      .getSheetValues()
      .flatMap((r) => (Array.isArray(r) ? [r.slice(1).join('|')] : []))
    expect(zhRows).toContain('已售出|1')
    expect(zhRows).toContain('JPY|5,000.00|1')
    const pdf = await download(`as-of.pdf?at=${ago(3)}`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  })

  it('refuses a bad day before writing anything', async () => {
    for (const path of [`as-of.xlsx?at=${shift(today, 1)}`, 'as-of.pdf?at=2026-02-30']) {
      const res = await download(path)
      expect(res.status, path).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/json')
    }
  })
})

describe("a policy's schedule of cover as of a day", () => {
  const OPS = { 'x-system-name': 'devOpsManage' }
  const schedule = (query: string, lang = 'en') =>
    f.t.call<any>('GET', `/api/insurance/policies/${policyId}/schedule${query}`, {
      token: f.tokens.admin,
      lang,
      headers: OPS,
    })

  it('lists what the policy covered that day, against the valuations of that day, read-only', async () => {
    const before = await schedule(`?at=${ago(1)}`)
    expect(before.code, before.msg).toBe(0)
    expect(before.data.asOf).toBe(ago(1))
    expect(before.data.editable).toBe(false)
    expect(before.data.lines.map((l: any) => [l.artwork.id, l.valuation?.amount ?? null])).toEqual([
      [art, '1000000.00'],
    ])
    // Today the sale's endorsement has taken it off; as it stands, the same.
    expect((await schedule(`?at=${today}`)).data.lines).toEqual([])
    const now = await schedule('')
    expect(now.data.asOf).toBeNull()
    expect(now.data.lines).toEqual([])
  })

  it('downloads it as Excel and as a PDF as of the day, and refuses a day after today', async () => {
    const get = (path: string) =>
      f.t.app.request(path, { headers: { 'x-auth-token': f.tokens.admin, ...OPS, 'accept-language': 'en' } })
    const xlsx = await get(`/api/insurance/policies/${policyId}/schedule.xlsx?at=${ago(1)}`)
    expect(xlsx.status).toBe(200)
    const ExcelJS = (await import('exceljs')).default
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await xlsx.arrayBuffer())
    const cells = wb.worksheets[0].getSheetValues().flatMap((r) => (Array.isArray(r) ? r.map(String) : []))
    expect(cells).toContain('VT-ASOF-1')
    const pdf = await get(`/api/reports/insurance/policies/${policyId}/schedule.pdf?at=${ago(1)}`)
    expect(pdf.status).toBe(200)
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const future = await schedule(`?at=${shift(today, 1)}`, 'zh-CN')
    expect(future.status).toBe(400)
    expect(future.data.fieldErrors.at).toBe(MESSAGES.dateInFuture['zh-CN'])
    const impossible = await get(`/api/reports/insurance/policies/${policyId}/schedule.pdf?at=2026-02-30`)
    expect(impossible.status).toBe(400)
  })
})

describe('bad input', () => {
  const error = async (path: Promise<{ status: number; data: any }>) => {
    const res = await path
    expect(res.status).toBe(400)
    return res.data.fieldErrors.at as string
  }

  it('refuses a day after today, a day the calendar lacks, a malformed or missing one, at the field, in both languages', async () => {
    const tomorrow = shift(today, 1)
    expect(await error(asOf(art, tomorrow))).toBe(MESSAGES.dateInFuture.en)
    expect(await error(asOf(art, tomorrow, 'zh-CN'))).toBe(MESSAGES.dateInFuture['zh-CN'])
    expect(await error(asOf(art, '2026-02-30'))).toBe(MESSAGES.noSuchDate.en)
    expect(await error(asOf(art, '2026-02-30', 'zh-CN'))).toBe(MESSAGES.noSuchDate['zh-CN'])
    expect(await error(asOf(art, '28/11/2026'))).toBe(MESSAGES.invalidDate.en)
    expect(await error(asOf(art, 'yesterday', 'zh-CN'))).toBe(MESSAGES.invalidDate['zh-CN'])
    const missing = await f.t.call<any>('GET', `/api/artworks/${art}/as-of`, {
      token: f.tokens.registrar,
      headers: ARCHIVE,
    })
    expect(missing.status).toBe(400)
    expect(missing.data.fieldErrors.at).toBe(MESSAGES.required.en)
    expect(await error(collection(`at=${tomorrow}`))).toBe(MESSAGES.dateInFuture.en)
    expect(await error(collection('at=2026-02-30', 'zh-CN'))).toBe(MESSAGES.noSuchDate['zh-CN'])
    expect(await error(collection('at=2026-1-5'))).toBe(MESSAGES.invalidDate.en)
  })

  it('refuses an unknown artwork (404), a malformed id and an unknown currency (400 at the field)', async () => {
    const unknown = await asOf('00000000-0000-4000-8000-000000000000', ago(1))
    expect(unknown.status).toBe(404)
    expect((await asOf('not-an-id', ago(1))).status).toBe(400)
    const currency = await collection(`at=${ago(1)}&currency=XYZ`, 'zh-CN')
    expect(currency.status).toBe(400)
    expect((currency.data as any).fieldErrors.currency).toBe(MESSAGES.unknownCurrency['zh-CN'])
    expect(((await collection(`at=${ago(1)}&currency=usd`)).data as any).fieldErrors.currency).toBe(
      MESSAGES.unknownCurrency.en,
    )
  })

  it('needs the privilege of reading the artwork, or the data centre', async () => {
    for (const user of USERS) {
      const held = await userOf(f.t, user)
      const may = (key: string) => held.allPrivileges || held.privileges.has(key)
      expect((await asOf(art, ago(1), 'en', user)).code, user).toBe(may('artworkArchive:view') ? 0 : 4031)
      expect((await collection(`at=${ago(1)}`, 'en', user)).code, user).toBe(
        may('art-data-center:view') ? 0 : 4031,
      )
    }
    expect((await f.t.call('GET', `/api/artworks/${art}/as-of?at=${ago(1)}`)).status).toBe(403)
  })
})

describe('movement rows written before the status was recorded', () => {
  it("are given the status their kind sets, the one before for a kind that sets none, the artwork's own for the latest", async () => {
    const [a] = await makeArtworks(f.t, 1, roomA)
    await raw(`update artworks set status = 'sold' where id = $1`, [a])
    await raw('alter table artwork_movements disable trigger artwork_movements_status')
    const kinds = ['created', 'loan_out', 'loan_return', 'transport_start', 'sold']
    for (const [i, kind] of kinds.entries())
      await raw(
        `insert into artwork_movements (artwork_id, at, kind, to_room_id, status)
         values ($1, $2::timestamptz, $3::movement_kind, $4, null)`,
        [a, `2025-0${i + 1}-01T00:00:00Z`, kind, i < 2 ? roomA : null],
      )
    await raw('alter table artwork_movements enable trigger artwork_movements_status')
    // The migration's own statement, as written.
    const sqlText = readFileSync(
      new URL('../../src/server/db/migrations/0025_movement_status.sql', import.meta.url),
      'utf8',
    )
    const backfill = sqlText.split('--> statement-breakpoint').find((s) => s.includes('first_value'))
    expect(backfill).toBeDefined()
    await raw(backfill as string)
    const rows = (await raw(`select kind, status from artwork_movements where artwork_id = $1 order by at`, [
      a,
    ])) as { kind: string; status: string }[]
    expect(rows.map((r) => r.status)).toEqual([
      'in_collection',
      'on_loan',
      'in_collection',
      'in_collection',
      'sold',
    ])
    // The artworks asked above keep what their rows recorded.
    expect((await artworkOn(ago(25))).status).toBe('in_collection')
    expect((await artworkOn(today)).status).toBe('sold')
  })
})
