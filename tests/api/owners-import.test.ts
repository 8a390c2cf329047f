// The archive's Excel import takes owners: "Entity name 60%; Other 40%" in the owners column, the entities
// named in either language, checked as the ownership API checks them (shares adding up to exactly 100, an
// entity once, every entity known: a refusal names the row, the column and why, in the request's language,
// and nothing is written), written as an ownership period from the day of the import. An exported workbook
// names the owners the same way and imports back without a new period.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAIN_COLUMNS } from '../../src/server/modules/artworks/excel-columns'
import type { OwnershipView } from '../../src/shared/contracts/ownership'
import { todayIn } from '../../src/shared/office-time'
import { upload } from './artworks-fixtures'
import { createTestContext, type TestContext } from './helpers'
import { countRows } from './process-helpers'

let t: TestContext
let admin: string
let holding: string
let trust: string
const H = { 'x-system-name': 'artworkArchive' }

beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
  const make = async (nameZh: string, nameEn: string) => {
    const res = await t.call('POST', '/api/entities', {
      token: admin,
      headers: { 'x-system-name': 'authManage' },
      body: { nameZh, nameEn, kind: 'company', jurisdiction: 'HK' },
    })
    expect(res.code, res.msg).toBe(0)
    return res.data.id as string
  }
  holding = await make('莲华控股', 'Lotus Holdings')
  trust = await make('莲华家族信托', 'Lotus Family Trust')
}, 120_000)
afterAll(async () => {
  await t?.close()
})

/** A real workbook with the headers of the given language and these rows (column key → cell). */
async function workbook(rows: Record<string, string>[], lang: 'en' | 'zh' = 'en') {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet(lang === 'en' ? 'Artworks' : '作品')
  const columns = MAIN_COLUMNS.filter((c) => !c.readOnly)
  ws.addRow(columns.map((c) => c[lang]))
  for (const r of rows) ws.addRow(columns.map((c) => r[c.key] ?? ''))
  return Buffer.from(await wb.xlsx.writeBuffer())
}
const work = (no: string, owners: string) => ({
  inventoryNo: no,
  titleZh: `作品 ${no}`,
  titleEn: `Work ${no}`,
  artistZh: '林风眠',
  artistEn: 'Lin Fengmian',
  creationTime: '1980s',
  pictureSize: '40 × 60 cm',
  signed: 'No',
  medium: 'Ink on paper',
  period: 'Post-war (1950–1979)',
  inWarehouse: 'No',
  owners,
})

async function waitFor(jobId: string, lang = 'en') {
  for (let i = 0; i < 600; i++) {
    const res = await t.call('GET', `/api/artworks/import/${jobId}`, { token: admin, lang, headers: H })
    expect(res.code, res.msg).toBe(0)
    if (res.data.status !== 'checking' && res.data.status !== 'importing') return res.data
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('import job did not finish')
}
async function check(bytes: Buffer, lang = 'en') {
  const file = await upload(t, admin, 'excel', bytes, 'owners.xlsx')
  const res = await t.call('POST', '/api/artworks/import', {
    token: admin,
    lang,
    headers: H,
    body: { fileId: file.id },
  })
  expect(res.code, res.msg).toBe(0)
  return waitFor(res.data.id, lang)
}
async function importAll(bytes: Buffer) {
  const job = await check(bytes)
  expect(job.status, JSON.stringify(job.errors)).toBe('checked')
  const res = await t.call('POST', `/api/artworks/import/${job.id}/commit`, {
    token: admin,
    headers: H,
    body: {},
  })
  expect(res.code, res.msg).toBe(0)
  const done = await waitFor(job.id)
  expect(done.status, JSON.stringify(done)).toBe('done')
  return done
}
const idOf = async (no: string) =>
  (
    (await t.deps.database.raw('select id from artworks where inventory_no = $1', [no])) as { id: string }[]
  )[0]?.id
const ownership = async (no: string) =>
  (
    await t.call<OwnershipView>('GET', `/api/artworks/${await idOf(no)}/ownership`, {
      token: admin,
      headers: H,
    })
  ).data

describe('owners in the Excel import', () => {
  it('writes the owners of a new work as an ownership period from today, names in either language', async () => {
    await importAll(
      await workbook([work('OWN-1', 'Lotus Holdings 60%; 莲华家族信托 40%'), work('OWN-2', '')]),
    )
    const today = todayIn(t.deps.config.timeZone)
    const one = await ownership('OWN-1')
    expect(one.current.map((o) => [o.entityId, o.sharePercent]).sort()).toEqual(
      [
        [holding, '60.00'],
        [trust, '40.00'],
      ].sort(),
    )
    expect(one.history.every((p) => p.from === today)).toBe(true)
    expect((await ownership('OWN-2')).current).toEqual([])
  })

  it('refuses bad owners at the row and the column, in both languages, and writes nothing', async () => {
    const artworks = await countRows(t, 'artworks')
    const periods = await countRows(t, 'artwork_ownerships')
    const bytes = await workbook([
      work('OWN-3', 'Nobody Ltd 100%'),
      work('OWN-4', 'Lotus Holdings 60%; Lotus Family Trust 30%'),
      work('OWN-5', 'Lotus Holdings sixty'),
      work('OWN-6', 'Lotus Holdings 50%; 莲华控股 50%'),
    ])
    const job = await check(bytes)
    expect(job.status).toBe('checked')
    expect(job.validRows).toBe(0)
    const owners = job.errors.filter((e: { column: string }) => e.column === 'Owners')
    expect(owners.map((e: { row: number; reason: string }) => [e.row, e.reason])).toEqual([
      [
        2,
        '"Nobody Ltd 100%": No legal entity is named "Nobody Ltd" (write a legal entity\'s Chinese or English name)',
      ],
      [3, '"Lotus Holdings 60%; Lotus Family Trust 30%": The shares add up to 90.00 %, not 100.00 %'],
      [
        4,
        '"Lotus Holdings sixty": "Lotus Holdings sixty" should read "Entity name 60%", several owners separated by semicolons',
      ],
      [5, '"Lotus Holdings 50%; 莲华控股 50%": Each entity is listed once'],
    ])
    const zh = await check(bytes, 'zh-CN')
    const first = zh.errors.find((e: { row: number }) => e.row === 2)
    expect([first.column, first.reason]).toEqual([
      '所有者',
      '“Nobody Ltd 100%”：没有名为“Nobody Ltd”的法律实体（请填写法律实体的中文或英文名称）',
    ])
    const zhSheet = await check(await workbook([work('OWN-3', 'Nobody Ltd 100%')], 'zh'), 'zh-CN')
    expect(zhSheet.errors.map((e: { column: string }) => e.column)).toEqual(['所有者'])
    expect(await countRows(t, 'artworks')).toBe(artworks)
    expect(await countRows(t, 'artwork_ownerships')).toBe(periods)
  })

  it('takes an exported workbook back without a new period, and a change of owners only after the current start', async () => {
    const res = await t.app.request('/api/artworks/export?keyword=OWN-1&lang=en', {
      headers: { 'x-auth-token': admin, 'accept-language': 'en', ...H },
    })
    expect(res.status).toBe(200)
    const exported = Buffer.from(await res.arrayBuffer())
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(exported as unknown as ArrayBuffer)
    const ws = wb.getWorksheet('Artworks')!
    const col = MAIN_COLUMNS.findIndex((c) => c.key === 'owners') + 1
    expect(String(ws.getRow(2).getCell(col).value)).toBe('Lotus Family Trust 40.00%; Lotus Holdings 60.00%')
    const periods = await countRows(t, 'artwork_ownerships')
    await importAll(exported)
    expect(await countRows(t, 'artwork_ownerships')).toBe(periods)

    // today's period already started today: a second change the same day is refused at the cell
    ws.getRow(2).getCell(col).value = 'Lotus Holdings 100%'
    const changed = await check(Buffer.from(await wb.xlsx.writeBuffer()))
    const today = todayIn(t.deps.config.timeZone)
    expect(changed.errors.map((e: { column: string; reason: string }) => [e.column, e.reason])).toEqual([
      [
        'Owners',
        `"Lotus Holdings 100%": The start must come after ${today}, when the current ownership began`,
      ],
    ])
  })

  it('changes the owners of a work whose period began earlier', async () => {
    const id = await idOf('OWN-2')
    const set = await t.call('POST', `/api/artworks/${id}/ownership`, {
      token: admin,
      headers: H,
      body: { owners: [{ entityId: trust, sharePercent: '100' }], from: '2020-01-01' },
    })
    expect(set.code, set.msg).toBe(0)
    await importAll(await workbook([work('OWN-2', 'Lotus Holdings 25.5%; Lotus Family Trust 74.5%')]))
    const view = await ownership('OWN-2')
    expect(view.current.map((o) => [o.entityId, o.sharePercent]).sort()).toEqual(
      [
        [holding, '25.50'],
        [trust, '74.50'],
      ].sort(),
    )
    const ended = view.history.find((p) => p.from === '2020-01-01')
    expect(ended?.to).toBe(todayIn(t.deps.config.timeZone))
  })
})
