// Valuations through the API (/api/valuations) on a real database: a valuation in USD becomes the artwork's
// latest (with a 'valuation' row in its history), an older one does not replace it, a tie goes to the newer
// row, many artworks at once; every bad input refused at its field in both languages with nothing stored;
// the Excel revaluation writes nothing when one row is bad and lists every bad row; the artworks not valued
// in N years; the privileges (reading valueManage:view, writing valueManage:edit).
import { randomUUID } from 'node:crypto'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  ArtworkValuationRow,
  ValuationAdded,
  ValuationImportResult,
  ValuationView,
} from '../../src/shared/contracts/valuations'
import { dayIn } from '../../src/shared/office-time'
import { upload } from './artworks-fixtures'
import type { TestContext } from './helpers'
import { day, type Flow, openFlow } from './process-flow'
import { contract, countRows, dueDiligence, makeArtworks, makePdf, payment } from './process-helpers'

let f: Flow
let t: TestContext
let admin: string
let viewer: string
beforeAll(async () => {
  f = await openFlow()
  t = f.t
  admin = f.tokens.admin
  viewer = f.tokens.viewer
}, 120_000)
afterAll(async () => {
  await f?.close()
})

const sys = { 'x-system-name': 'valueManage' }
const call = <T = any>(method: string, path: string, body?: unknown, lang = 'en', token = admin) =>
  t.call<T>(method, `/api/valuations${path}`, { token, body, lang, headers: sys })

const base = (artworkId: string, extra: Record<string, unknown> = {}) => ({
  artworkId,
  amount: '1200000',
  currency: 'USD',
  valuedOn: '2025-03-01',
  method: 'appraisal',
  valuer: "Christie's Valuations",
  ...extra,
})

async function latestOf(id: string) {
  const [row] = (await t.deps.database.raw(
    `select latest_valuation::text as amount, latest_valuation_currency as currency,
            valuation_date::text as on, row_version from artworks where id = $1`,
    [id],
  )) as { amount: string | null; currency: string | null; on: string | null; row_version: number }[]
  return row
}
const valuationCount = () => countRows(t, 'valuations')

describe('adding valuations', () => {
  let one: string
  it('a valuation in USD becomes the latest, kept in the history', async () => {
    ;[one] = await makeArtworks(t, 1)
    const res = await call<ValuationAdded>('POST', '', base(one))
    expect(res.code, res.msg).toBe(0)
    expect(res.data.becameLatest).toEqual([one])
    expect(res.data.list[0]).toMatchObject({
      artworkId: one,
      amount: '1200000.00',
      currency: 'USD',
      valuedOn: '2025-03-01',
      method: 'appraisal',
    })
    expect(await latestOf(one)).toMatchObject({ amount: '1200000.00', currency: 'USD', on: '2025-03-01' })
    const history = (await t.deps.database.raw(
      `select action, changes from artwork_history where artwork_id = $1 order by version desc limit 1`,
      [one],
    )) as { action: string; changes: { field: string; new: unknown }[] }[]
    expect(history[0].action).toBe('valuation')
    expect(history[0].changes).toContainEqual(
      expect.objectContaining({ field: 'latestValuation', new: '1200000.00' }),
    )
  })

  it('an older valuation is kept in the history but does not replace the latest; a tie goes to the newer', async () => {
    const older = await call<ValuationAdded>(
      'POST',
      '',
      base(one, { amount: '900000.50', currency: 'EUR', valuedOn: '2020-06-30' }),
    )
    expect(older.code, older.msg).toBe(0)
    expect(older.data.becameLatest).toEqual([])
    expect(await latestOf(one)).toMatchObject({ amount: '1200000.00', currency: 'USD', on: '2025-03-01' })
    const tie = await call<ValuationAdded>('POST', '', base(one, { amount: '8000000', currency: 'CNY' }))
    expect(tie.data.becameLatest).toEqual([one])
    expect(await latestOf(one)).toMatchObject({ amount: '8000000.00', currency: 'CNY', on: '2025-03-01' })
    const list = await call<{ list: ValuationView[]; total: number }>('GET', `?artworkId=${one}`)
    expect(list.data.total).toBe(3)
    expect(list.data.list.map((v) => v.currency)).toEqual(['CNY', 'USD', 'EUR'])
    // Every valuation, of all artworks, names its artwork.
    const all = await call<{ list: ValuationView[] }>('GET', '?pageSize=200')
    expect(all.data.list.find((v) => v.artworkId === one)?.inventoryNo).toMatch(/^T-/)
  })

  it('many artworks at once: the common amount, or each its own', async () => {
    const ids = await makeArtworks(t, 3)
    const res = await call<ValuationAdded>('POST', '', {
      items: [{ artworkId: ids[0] }, { artworkId: ids[1], amount: '75000.5' }, { artworkId: ids[2] }],
      amount: '50000',
      currency: 'HKD',
      valuedOn: '2024-12-31',
      method: 'market_comparison',
      valuer: 'Office',
    })
    expect(res.code, res.msg).toBe(0)
    expect(res.data.becameLatest.sort()).toEqual([...ids].sort())
    expect((await latestOf(ids[0])).amount).toBe('50000.00')
    expect((await latestOf(ids[1])).amount).toBe('75000.50')
    expect(await latestOf(ids[2])).toMatchObject({ amount: '50000.00', currency: 'HKD', on: '2024-12-31' })
  })
})

describe('bad input: refused at the field in both languages, nothing stored', () => {
  let id: string
  let sold: string
  let image: string
  beforeAll(async () => {
    ;[id, sold] = await makeArtworks(t, 2)
    await t.deps.database.raw(`update artworks set status = 'sold' where id = $1`, [sold])
    const rows = (await t.deps.database.raw(
      `insert into files (original_name, mime, kind, size, sha256, storage_key, uploaded_by, purpose)
       select 'photo.jpg', 'image/jpeg', 'jpeg', 1024, repeat('0', 64), $1, id, 'image'
         from users where username = 'admin' returning id`,
      [`test-${randomUUID()}`],
    )) as { id: string }[]
    image = rows[0].id
  })
  const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
  const cases: [string, () => Record<string, unknown>, string, string, string][] = [
    [
      'a negative amount',
      () => base(id, { amount: '-5' }),
      'amount',
      'A valuation cannot be negative',
      '估值金额不能为负数',
    ],
    [
      'a malformed amount',
      () => base(id, { amount: '12.345' }),
      'amount',
      'Not a valid amount (at most two decimals)',
      '金额格式不正确（最多两位小数）',
    ],
    [
      'text as the amount',
      () => base(id, { amount: 'lots' }),
      'amount',
      'Not a valid amount (at most two decimals)',
      '金额格式不正确（最多两位小数）',
    ],
    [
      'an unknown currency',
      () => base(id, { currency: 'XYZ' }),
      'currency',
      'Not a currency of the system',
      '不是系统中的币种',
    ],
    [
      'a future date',
      () => base(id, { valuedOn: tomorrow() }),
      'valuedOn',
      'The valuation date cannot be in the future',
      '估值日期不能晚于今天',
    ],
    ['an unknown artwork', () => base(randomUUID()), 'artworkId', 'No such artwork', '没有这件作品'],
    ['a sold artwork without a note', () => base(sold), 'note', 'is sold or missing', '已售出或缺失'],
    [
      'a report that is not a PDF',
      () => base(id, { reportFileIds: [image] }),
      'reportFileIds.0',
      'The valuation report must be a PDF',
      '估值报告须为 PDF 文件',
    ],
    [
      'a report that does not exist',
      () => base(id, { reportFileIds: [randomUUID()] }),
      'reportFileIds.0',
      'No such file',
      '文件不存在',
    ],
  ]
  for (const [what, input, field, en, zh] of cases) {
    it(`refuses ${what}`, async () => {
      const before = await valuationCount()
      const latest = await latestOf(
        typeof input().artworkId === 'string' ? (input().artworkId as string) : id,
      )
      for (const [lang, words] of [
        ['en', en],
        ['zh-CN', zh],
      ] as const) {
        const res = await call('POST', '', input(), lang)
        expect(res.code, res.msg).toBe(400)
        expect(res.status).toBe(400)
        expect(res.data.fieldErrors[field]).toContain(words)
      }
      expect(await valuationCount()).toBe(before)
      expect(
        await latestOf(typeof input().artworkId === 'string' ? (input().artworkId as string) : id),
      ).toEqual(latest)
    })
  }

  it('a sold artwork is valued with a note; a PDF report is kept', async () => {
    const pdf = await makePdf(t)
    const res = await call<ValuationAdded>(
      'POST',
      '',
      base(sold, { note: 'For the buyer’s insurer', reportFileIds: [pdf] }),
    )
    expect(res.code, res.msg).toBe(0)
    expect(res.data.list[0].reportFileIds).toEqual([pdf])
  })

  it('one bad artwork among many stores none of them', async () => {
    const ids = await makeArtworks(t, 2)
    const before = await valuationCount()
    const input = (third: string) => ({
      items: [{ artworkId: ids[0] }, { artworkId: randomUUID() }, { artworkId: ids[1], amount: third }],
      amount: '100',
      currency: 'CNY',
      valuedOn: '2024-01-01',
      method: 'other',
      valuer: 'Office',
    })
    // The form's rules first (at the item's field), then the database's.
    const res = await call('POST', '', input('-1'))
    expect(res.code).toBe(400)
    expect(Object.keys(res.data.fieldErrors)).toEqual(['items.2.amount'])
    const again = await call('POST', '', input('1'))
    expect(again.code).toBe(400)
    expect(Object.keys(again.data.fieldErrors)).toEqual(['items.1.artworkId'])
    expect(await valuationCount()).toBe(before)
    expect((await latestOf(ids[0])).amount).toBeNull()
  })
})

async function sheet(rows: (string | number | Date)[][], lang: 'en' | 'zh-CN' = 'en') {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Valuations')
  ws.addRow(
    lang === 'en'
      ? ['Inventory number*', 'Amount*', 'Currency*', 'Valued on*', 'Method*', 'Valuer*', 'Note']
      : ['库存编号*', '估值金额*', '币种*', '估值日期*', '估值方法*', '估值人*', '备注'],
  )
  for (const r of rows) ws.addRow(r)
  const bytes = Buffer.from(await wb.xlsx.writeBuffer())
  return (await upload(t, admin, 'excel', bytes, 'valuations.xlsx')).id
}
async function inventoryNos(ids: string[]) {
  const rows = (await t.deps.database.raw(
    'select id, inventory_no from artworks where id = any($1::uuid[])',
    [ids],
  )) as { id: string; inventory_no: string }[]
  return ids.map((id) => rows.find((r) => r.id === id)!.inventory_no)
}

describe('Excel revaluation', () => {
  it('one bad row: nothing written, every bad row listed with its column and reason', async () => {
    const ids = await makeArtworks(t, 3)
    const nos = await inventoryNos(ids)
    const fileId = await sheet([
      [nos[0], 1000, 'USD', '2025-01-02', 'Appraisal', 'Sotheby’s', ''],
      [nos[1], '2000', 'XYZ', '2025-01-02', 'appraisal', 'Sotheby’s', ''],
      [nos[2], '-3', 'CNY', '2099-01-01', '评估', 'Office', ''],
      ['NO-SUCH-NUMBER', '10', 'CNY', '2025-01-02', 'other', 'Office', ''],
    ])
    const before = await valuationCount()
    const res = await call<ValuationImportResult>('POST', '/import', { fileId })
    expect(res.code, res.msg).toBe(0)
    expect(res.data.status).toBe('refused')
    expect(res.data.imported).toBe(0)
    expect(res.data.errors).toEqual([
      { row: 3, column: 'Currency', reason: 'Not a currency of the system' },
      { row: 4, column: 'Amount', reason: 'A valuation cannot be negative' },
      { row: 4, column: 'Valued on', reason: 'The valuation date cannot be in the future' },
      { row: 5, column: 'Inventory number', reason: 'No artwork has this inventory number' },
    ])
    expect(await valuationCount()).toBe(before)
    expect((await latestOf(ids[0])).amount).toBeNull()
    // The same sheet in Chinese words.
    const zh = await call<ValuationImportResult>('POST', '/import', { fileId }, 'zh-CN')
    expect(zh.data.errors[0]).toEqual({ row: 3, column: '币种', reason: '不是系统中的币种' })
  })

  it('a clean sheet (Chinese headers, method words in either language) is written whole', async () => {
    const ids = await makeArtworks(t, 2)
    const nos = await inventoryNos(ids)
    const fileId = await sheet(
      [
        [nos[0], '1,500.5', 'usd', new Date(Date.UTC(2024, 4, 6)), '拍卖估价', '佳士得', ''],
        [nos[1], 800, 'GBP', '2023/2/1', 'Insurance agreed value', 'AXA', 'annual'],
        [nos[1], 900, 'GBP', '2022-02-01', 'other', 'AXA', ''],
      ],
      'zh-CN',
    )
    const res = await call<ValuationImportResult>('POST', '/import', { fileId })
    expect(res.code, res.msg).toBe(0)
    expect(res.data).toMatchObject({ status: 'done', totalRows: 3, imported: 3, becameLatest: 2, errors: [] })
    expect(await latestOf(ids[0])).toMatchObject({ amount: '1500.50', currency: 'USD', on: '2024-05-06' })
    expect(await latestOf(ids[1])).toMatchObject({ amount: '800.00', currency: 'GBP', on: '2023-02-01' })
  })

  it('the template downloads; a non-Excel file is refused', async () => {
    const res = await t.app.request('/api/valuations/template?lang=en', {
      headers: { 'x-auth-token': admin, ...sys },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('Inventory number*')
    const pdf = await makePdf(t)
    expect((await call('POST', '/import', { fileId: pdf })).code).toBe(415)
  })
})

describe('not valued in N years', () => {
  it('lists artworks valued before N years ago or never, sold ones left out; N is a setting', async () => {
    const [old, fresh, never, sold] = await makeArtworks(t, 4)
    await call('POST', '', base(old, { valuedOn: '2019-01-01' }))
    await call('POST', '', base(fresh, { valuedOn: dayIn(new Date(), t.deps.config.timeZone) }))
    await t.deps.database.raw(`update artworks set status = 'sold' where id = $1`, [sold])
    const stale = await call<{ list: ArtworkValuationRow[] }>('GET', '/stale?pageSize=200')
    expect(stale.code, stale.msg).toBe(0)
    const listed = new Set(stale.data.list.map((r) => r.artworkId))
    expect(listed.has(old) && listed.has(never)).toBe(true)
    expect(listed.has(fresh) || listed.has(sold)).toBe(false)
    expect((await call('GET', '/settings')).data).toEqual({ staleYears: 3, isDefault: true })
    const set = await call('PUT', '/settings', { staleYears: 20 })
    expect(set.data).toEqual({ staleYears: 20, isDefault: false })
    const after = await call<{ list: ArtworkValuationRow[] }>('GET', '/stale?pageSize=200')
    expect(after.data.list.some((r) => r.artworkId === old)).toBe(false)
    const bad = await call('PUT', '/settings', { staleYears: 0 }, 'zh-CN')
    expect(bad.code).toBe(400)
    expect(bad.data.fieldErrors.staleYears).toBe('年数应为 1 到 50 之间的整数')
    // The artworks list shows the latest valuation with how it was made.
    const rows = await call<{ list: ArtworkValuationRow[] }>(
      'GET',
      `/artworks?q=${encodeURIComponent('Test work')}&pageSize=200`,
    )
    expect(rows.data.list.find((r) => r.artworkId === old)).toMatchObject({
      latestValuation: '1200000.00',
      latestValuationCurrency: 'USD',
      method: 'appraisal',
      valuer: "Christie's Valuations",
      valuationCount: 1,
    })
  })
})

describe('a purchase', () => {
  it("records its price as the bought artwork's first valuation (method purchase_price, with the process)", async () => {
    let p = await f.start('registrar', 'BUY_ART', {
      artworks: [{ titleZh: '估值测试', titleEn: 'Valuation test' }],
    })
    p = await f.pass(p, dueDiligence())
    p = await f.pass(p, { ...contract('900000.00'), currency: 'CNY' })
    p = await f.pass(
      p,
      {
        ...payment('900000.00'),
        currency: 'CNY',
        details: [{ payingCompany: 'Vitrine Family Holdings', amount: '900000.00' }],
      },
      'registrar',
    )
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', { payload: { paidOn: day(0), bankReference: 'TT-1' } })
    expect(p.status).toBe('completed')
    const rows = (await t.deps.database.raw(
      `select v.amount::text as amount, v.currency, v.method, v.valued_on::text as on, a.latest_valuation::text as latest,
              a.latest_valuation_currency as latest_currency, a.valuation_date::text as latest_on
         from valuations v join artworks a on a.id = v.artwork_id where v.process_id = $1`,
      [p.id],
    )) as Record<string, string>[]
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ currency: 'CNY', method: 'purchase_price' })
    expect(Number(rows[0].amount)).toBeGreaterThan(0)
    expect(rows[0]).toMatchObject({ latest: rows[0].amount, latest_currency: 'CNY', latest_on: rows[0].on })
  })
})

describe('privileges', () => {
  it('a viewer reads but cannot add, import, or change the setting (4031)', async () => {
    const [id] = await makeArtworks(t, 1)
    expect((await call('GET', `?artworkId=${id}`, undefined, 'en', viewer)).code).toBe(0)
    expect((await call('GET', '/artworks', undefined, 'en', viewer)).code).toBe(0)
    const before = await valuationCount()
    for (const [method, path, body] of [
      ['POST', '', base(id)],
      ['POST', '/import', { fileId: randomUUID() }],
      ['PUT', '/settings', { staleYears: 5 }],
      ['GET', '/template', undefined],
    ] as const) {
      const res = await call(method, path, body, 'en', viewer)
      expect(res.code, `${method} ${path}`).toBe(4031)
      expect(res.status).toBe(403)
    }
    expect(await valuationCount()).toBe(before)
    // Not signed in at all.
    expect((await t.call('GET', '/api/valuations')).code).toBe(403)
  })
})
