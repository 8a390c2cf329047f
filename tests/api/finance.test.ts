// The finance API (/api/finance) on a real database: exchange rates added, edited, deleted and imported
// (every bad input refused at its field in both languages, nothing stored; an import with one bad row writes
// nothing and lists it), the reporting currency, the payment history (one row per attempt, filters), its
// summary per groupBy never mixing currencies, the reporting-currency total naming its dated rates with the
// amounts without a rate apart, the conversion module, the collection's value, the contracts register,
// the exports, the direction of insurers' payouts and premiums with their failed attempts, and privileges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { convertAmounts } from '../../src/server/modules/finance/convert'
import { cellValue } from '../../src/server/modules/finance/excel'
import type {
  CollectionValue,
  ContractRow,
  PaymentRow,
  PaymentSummary,
  RateImportResult,
  RateView,
} from '../../src/shared/contracts/finance'
import { upload } from './artworks-fixtures'
import { approvedPolicy, day, type Flow, openFlow, premiumApproved } from './process-flow'
import { countRows } from './process-helpers'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
}, 120_000)
afterAll(() => f?.close())

const sys = { 'x-system-name': 'financeManage' }
const call = <T = any>(method: string, path: string, body?: unknown, user = 'finance', lang = 'en') =>
  f.t.call<T>(method, `/api/finance${path}`, { token: f.tokens[user], body, lang, headers: sys })
const raw = (text: string, params: unknown[] = []) => f.t.deps.database.raw(text, params)

/** A payment row written as the effects write them (no process: the history lists those too). */
async function payment(p: {
  at: string
  currency: string
  amount: string
  direction?: 'outgoing' | 'incoming'
  status?: 'paid' | 'failed'
  payer?: string
  cost?: string
  reason?: string
}) {
  await raw(
    `insert into payments (direction, status, amount, currency, payer_company, cost_attribution, failure_reason, at, related_event)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'finance test')`,
    [
      p.direction ?? 'outgoing',
      p.status ?? 'paid',
      p.amount,
      p.currency,
      p.payer ?? 'Alpha Holdings',
      p.cost ?? '',
      p.reason ?? '',
      `${p.at}T00:00:00Z`,
    ],
  )
}

describe('exchange rates', () => {
  let usd: RateView
  it('adds a rate and lists it; the rate reads without trailing zeros', async () => {
    const res = await call<RateView>('POST', '/rates', {
      base: 'USD',
      quote: 'CNY',
      on: '2025-01-01',
      rate: '7.1000',
    })
    expect(res.code, res.msg).toBe(0)
    usd = res.data
    expect(usd).toMatchObject({ base: 'USD', quote: 'CNY', on: '2025-01-01', rate: '7.1' })
    const list = await call('GET', '/rates?currency=USD')
    expect(list.data.list.map((r: RateView) => r.id)).toContain(usd.id)
  })

  const bad: [string, Record<string, unknown>, string, string, string][] = [
    ['a rate of zero', { rate: '0' }, 'rate', 'The rate must be above zero', '汇率必须大于零'],
    ['a negative rate', { rate: '-7.1' }, 'rate', 'The rate must be above zero', '汇率必须大于零'],
    ['a malformed rate', { rate: '7,1x' }, 'rate', 'A rate is a number', '汇率应为数字'],
    ['too many decimals', { rate: '7.12345678901' }, 'rate', 'A rate is a number', '汇率应为数字'],
    ['an unknown currency', { base: 'XYZ' }, 'base', 'Not a currency of the system', '不是系统中的币种'],
    [
      'base = quote',
      { quote: 'USD' },
      'quote',
      'The base and quote currencies must differ',
      '基准币种与报价币种不能相同',
    ],
    ['a duplicate for the pair and date', {}, 'on', 'already has a rate on this date', '已有汇率'],
    ['a date that does not exist', { on: '2025-02-30' }, 'on', 'There is no such day', '日历中没有这一天'],
    ['a month that does not exist', { on: '2024-13-01' }, 'on', 'There is no such day', '日历中没有这一天'],
    ['a date not written yyyy-MM-dd', { on: '01/03/2025' }, 'on', 'yyyy-MM-dd', 'yyyy-MM-dd'],
  ]
  for (const [what, change, field, en, zh] of bad)
    it(`refuses ${what} at its field in both languages, storing nothing`, async () => {
      const before = await countRows(f.t, 'exchange_rates')
      const input = { base: 'USD', quote: 'CNY', on: '2025-01-01', rate: '7.2', ...change }
      const res = await call('POST', '/rates', input)
      expect(res.code).toBe(400)
      expect(res.data.fieldErrors[field]).toContain(en)
      const zhRes = await call('POST', '/rates', input, 'finance', 'zh-CN')
      expect(zhRes.data.fieldErrors[field]).toContain(zh)
      expect(await countRows(f.t, 'exchange_rates')).toBe(before)
    })

  it('edits a rate (a duplicate refused there too) and deletes one', async () => {
    const other = await call<RateView>('POST', '/rates', {
      base: 'USD',
      quote: 'CNY',
      on: '2025-01-20',
      rate: '7.2',
    })
    expect(other.code, other.msg).toBe(0)
    const dup = await call('PUT', `/rates/${other.data.id}`, {
      base: 'USD',
      quote: 'CNY',
      on: '2025-01-01',
      rate: '7.3',
    })
    expect(dup.code).toBe(400)
    expect(dup.data.fieldErrors.on).toContain('already has a rate')
    const edited = await call<RateView>('PUT', `/rates/${other.data.id}`, {
      base: 'USD',
      quote: 'CNY',
      on: '2025-01-20',
      rate: '7.25',
      source: 'PBOC',
    })
    expect(edited.data).toMatchObject({ rate: '7.25', source: 'PBOC' })
    const tmp = await call<RateView>('POST', '/rates', {
      base: 'GBP',
      quote: 'CNY',
      on: '2024-06-01',
      rate: '9.1',
    })
    expect((await call('DELETE', `/rates/${tmp.data.id}`)).code).toBe(0)
    expect((await call('DELETE', `/rates/${tmp.data.id}`)).code).toBe(404)
  })

  it('imports CSV: one bad row and nothing is written, every bad row listed; then all of it', async () => {
    const before = await countRows(f.t, 'exchange_rates')
    const csv = [
      'base,quote,date,rate,source',
      'JPY,CNY,2025-03-01,0.0475,BOC',
      'JPY,CNY,2025-03-02,0,BOC',
      'XYZ,CNY,2025-03-02,1.5,BOC',
      'JPY,CNY,2025-03-01,0.048,BOC',
    ].join('\n')
    const res = await call<RateImportResult>('POST', '/rates/import', { csv })
    expect(res.code, res.msg).toBe(0)
    expect(res.data.imported).toBe(0)
    expect(res.data.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'rate'],
      [4, 'base'],
      [5, 'on'],
    ])
    expect(await countRows(f.t, 'exchange_rates')).toBe(before)
    const zh = await call<RateImportResult>('POST', '/rates/import', { csv }, 'finance', 'zh-CN')
    expect(zh.data.errors[0].message).toBe('汇率必须大于零')
    const good = await call<RateImportResult>('POST', '/rates/import', {
      csv: 'Base;Quote;Date;Rate\nJPY;CNY;2025-03-01;0.0475\nCHF;CNY;2025-03-01;8.05',
    })
    expect(good.data).toEqual({ rows: 2, imported: 2, errors: [] })
    expect(await countRows(f.t, 'exchange_rates')).toBe(before + 2)
    // A rate already stored is a duplicate on import too.
    const again = await call<RateImportResult>('POST', '/rates/import', {
      csv: 'base,quote,date,rate\nJPY,CNY,2025-03-01,0.05',
    })
    expect(again.data.errors).toEqual([
      { row: 2, column: 'on', message: expect.stringContaining('already has a rate') },
    ])
  })

  it('imports an Excel sheet with headings in Chinese; a bad row writes nothing', async () => {
    const ExcelJS = (await import('exceljs')).default
    const sheet = async (rows: (string | number)[][]) => {
      const wb = new ExcelJS.Workbook()
      const ws = wb.addWorksheet('汇率')
      ws.addRow(['基准币种', '报价币种', '日期', '汇率'])
      for (const r of rows) ws.addRow(r)
      return Buffer.from(await wb.xlsx.writeBuffer())
    }
    const before = await countRows(f.t, 'exchange_rates')
    const badFile = await upload(
      f.t,
      f.tokens.admin,
      'excel',
      await sheet([
        ['SGD', 'CNY', '2025-04-01', 5.3],
        ['SGD', 'SGD', '2025-04-02', 1],
      ]),
      'rates.xlsx',
    )
    const bad = await call<RateImportResult>('POST', '/rates/import', { fileId: badFile.id }, 'admin')
    expect(bad.data.imported).toBe(0)
    expect(bad.data.errors).toEqual([
      { row: 3, column: 'quote', message: 'The base and quote currencies must differ' },
    ])
    expect(await countRows(f.t, 'exchange_rates')).toBe(before)
    const goodFile = await upload(
      f.t,
      f.tokens.admin,
      'excel',
      await sheet([['SGD', 'CNY', '2025-04-01', 5.3]]),
      'rates.xlsx',
    )
    const good = await call<RateImportResult>('POST', '/rates/import', { fileId: goodFile.id }, 'admin')
    expect(good.data).toEqual({ rows: 1, imported: 1, errors: [] })
  })

  it('refuses an import with neither or both sources', async () => {
    const res = await call('POST', '/rates/import', {})
    expect(res.code).toBe(400)
    expect(res.data.fieldErrors.fileId).toContain('either an Excel file or CSV text')
  })
})

describe('reporting currency', () => {
  it('is CNY until set; finance sets it; an unknown currency is refused', async () => {
    const first = await call('GET', '/settings', undefined, 'approver')
    expect(first.data).toMatchObject({ reportingCurrency: 'CNY', isDefault: true })
    const badRes = await call('PUT', '/settings', { reportingCurrency: 'XYZ' })
    expect(badRes.code).toBe(400)
    expect(badRes.data.fieldErrors.reportingCurrency).toBe('Not a currency of the system')
    const set = await call('PUT', '/settings', { reportingCurrency: 'HKD' })
    expect(set.data).toMatchObject({ reportingCurrency: 'HKD', isDefault: false })
    const back = await call('PUT', '/settings', { reportingCurrency: 'CNY' })
    expect(back.data.reportingCurrency).toBe('CNY')
  })
})

describe('conversion (convert.ts)', () => {
  it('uses the latest rate on or before each date, the reverse pair inverted, and leaves amounts without a rate apart', async () => {
    await call('POST', '/rates', { base: 'CNY', quote: 'HKD', on: '2025-01-01', rate: '1.08' })
    const res = await convertAmounts(
      f.t.deps.database.db,
      [
        { amount: '100.00', currency: 'USD', on: '2025-01-15' },
        { amount: '100.00', currency: 'USD', on: '2025-01-25' },
        { amount: '108.00', currency: 'HKD', on: '2025-02-01' },
        { amount: '10.00', currency: 'CNY', on: '2020-01-01' },
        { amount: '70.00', currency: 'USD', on: '2024-12-31' },
        { amount: '5.00', currency: 'EUR', on: '2025-01-15' },
      ],
      'CNY',
    )
    expect(res.items.map((i) => i.converted)).toEqual(['710.00', '725.00', '100.00', '10.00', null, null])
    expect(res.items[2].rate).toMatchObject({ base: 'CNY', quote: 'HKD', rate: '1.08', inverse: true })
    expect(res.total).toBe('1545.00')
    expect(res.ratesUsed.map((r) => `${r.base}/${r.quote} ${r.on} ${r.rate}`)).toEqual([
      'CNY/HKD 2025-01-01 1.08',
      'USD/CNY 2025-01-01 7.1',
      'USD/CNY 2025-01-20 7.25',
    ])
    expect(res.unconverted).toEqual([
      { currency: 'EUR', amount: '5.00', count: 1, firstOn: '2025-01-15', lastOn: '2025-01-15' },
      { currency: 'USD', amount: '70.00', count: 1, firstOn: '2024-12-31', lastOn: '2024-12-31' },
    ])
  })
})

describe('payment history and summary', () => {
  beforeAll(async () => {
    await payment({ at: '2025-01-10', currency: 'CNY', amount: '1000.00', cost: 'x-office' })
    await payment({
      at: '2025-01-14',
      currency: 'USD',
      amount: '200.00',
      status: 'failed',
      reason: 'Account closed',
    })
    await payment({ at: '2025-01-15', currency: 'USD', amount: '200.00' })
    await payment({
      at: '2025-02-03',
      currency: 'HKD',
      amount: '540.00',
      direction: 'incoming',
      payer: 'Beta Ltd',
    })
    await payment({ at: '2025-02-05', currency: 'EUR', amount: '50.00', payer: 'Beta Ltd' })
  })
  const range = 'from=2025-01-01&to=2025-02-28'

  it('lists one row per attempt, newest first, with the failure reason; filters narrow it', async () => {
    const res = await call<{ list: PaymentRow[]; total: number }>('GET', `/payments?${range}`)
    expect(res.code, res.msg).toBe(0)
    expect(res.data.total).toBe(5)
    expect(res.data.list.map((p) => `${p.paidOn} ${p.currency} ${p.status}`)).toEqual([
      '2025-02-05 EUR paid',
      '2025-02-03 HKD paid',
      '2025-01-15 USD paid',
      '2025-01-14 USD failed',
      '2025-01-10 CNY paid',
    ])
    expect(res.data.list[3]).toMatchObject({
      failureReason: 'Account closed',
      amount: '200.00',
      direction: 'outgoing',
    })
    const failed = await call('GET', `/payments?${range}&status=failed`)
    expect(failed.data.total).toBe(1)
    const usd = await call('GET', `/payments?${range}&currency=USD&direction=outgoing`)
    expect(usd.data.total).toBe(2)
    const incoming = await call('GET', `/payments?${range}&direction=incoming`)
    expect(incoming.data.list.map((p: PaymentRow) => p.currency)).toEqual(['HKD'])
    const paged = await call('GET', `/payments?${range}&pageSize=2&page=3`)
    expect(paged.data.list).toHaveLength(1)
    const badQuery = await call('GET', '/payments?status=lost&from=2025-13-01')
    expect(badQuery.code).toBe(400)
    expect(Object.keys(badQuery.data.fieldErrors).sort()).toEqual(['from', 'status'])
  })

  it('sums each group in each currency, never adding currencies, for every groupBy', async () => {
    const get = async (groupBy: string) =>
      (await call<PaymentSummary>('GET', `/payments/summary?groupBy=${groupBy}&${range}`)).data
    const month = await get('month')
    expect(
      month.rows.map((r) => [r.key, r.currency, r.outgoing, r.incoming, r.paidCount, r.failedCount]),
    ).toEqual([
      ['2025-01', 'CNY', '1000.00', '0.00', 1, 0],
      ['2025-01', 'USD', '200.00', '0.00', 1, 1],
      ['2025-02', 'EUR', '50.00', '0.00', 1, 0],
      ['2025-02', 'HKD', '0.00', '540.00', 1, 0],
    ])
    expect(month.reporting).toBeNull()
    const payer = await get('payerCompany')
    expect(payer.rows.map((r) => [r.key, r.currency])).toEqual([
      ['Alpha Holdings', 'CNY'],
      ['Alpha Holdings', 'USD'],
      ['Beta Ltd', 'EUR'],
      ['Beta Ltd', 'HKD'],
    ])
    const cost = await get('costAttribution')
    expect(cost.rows.map((r) => [r.key, r.currency])).toEqual([
      ['', 'EUR'],
      ['', 'HKD'],
      ['', 'USD'],
      ['x-office', 'CNY'],
    ])
    const currency = await get('currency')
    expect(currency.rows.map((r) => [r.key, r.currency, r.outgoing])).toEqual([
      ['CNY', 'CNY', '1000.00'],
      ['EUR', 'EUR', '50.00'],
      ['HKD', 'HKD', '0.00'],
      ['USD', 'USD', '200.00'],
    ])
    for (const s of [month, payer, cost, currency])
      expect(s.totals.map((t) => [t.currency, t.outgoing, t.incoming])).toEqual([
        ['CNY', '1000.00', '0.00'],
        ['EUR', '50.00', '0.00'],
        ['HKD', '0.00', '540.00'],
        ['USD', '200.00', '0.00'],
      ])
    const bad = await call('GET', '/payments/summary?groupBy=week')
    expect(bad.code).toBe(400)
  })

  it('adds a reporting-currency total through dated rates, naming them, the amounts without a rate apart', async () => {
    const res = await call<PaymentSummary>(
      'GET',
      `/payments/summary?groupBy=month&${range}&reportingCurrency=1`,
    )
    const r = res.data.reporting!
    expect(r.currency).toBe('CNY')
    // 1000 CNY + 200 USD × 7.1 (the rate of 1 January, not of the 20th); 540 HKD ÷ 1.08; EUR has no rate.
    expect(r.outgoing).toBe('2420.00')
    expect(r.incoming).toBe('500.00')
    expect(r.rows.map((x) => [x.key, x.outgoing, x.incoming, x.unconverted])).toEqual([
      ['2025-01', '2420.00', '0.00', []],
      ['2025-02', '0.00', '500.00', [{ currency: 'EUR', outgoing: '50.00', incoming: '0.00', count: 1 }]],
    ])
    expect(r.unconverted).toEqual([
      {
        currency: 'EUR',
        outgoing: '50.00',
        incoming: '0.00',
        count: 1,
        firstOn: '2025-02-05',
        lastOn: '2025-02-05',
      },
    ])
    expect(r.ratesUsed).toEqual([
      { base: 'CNY', quote: 'HKD', on: '2025-01-01', rate: '1.08', inverse: true, currency: 'HKD' },
      { base: 'USD', quote: 'CNY', on: '2025-01-01', rate: '7.1', inverse: false, currency: 'USD' },
    ])
  })

  it('exports the history as Excel', async () => {
    const res = await f.t.app.request(`/api/finance/payments/export?${range}`, {
      headers: { 'x-auth-token': f.tokens.finance, ...sys, 'accept-language': 'en' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const ExcelJS = (await import('exceljs')).default
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    const ws = wb.worksheets[0]
    expect(ws.rowCount).toBe(6)
    expect(ws.getRow(1).getCell(1).value).toBe('Date')
    expect(ws.getRow(5).getCell(15).value).toBe('Account closed')
    // Dates are date cells and amounts number cells with a thousands format (a SUM adds them up), exact
    // to the cent; the currency stays in its own column.
    for (let r = 2; r <= ws.rowCount; r++) {
      const row = ws.getRow(r)
      expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Date)
      expect(row.getCell(1).numFmt).toBe('yyyy-mm-dd')
      expect(row.getCell(5).type).toBe(ExcelJS.ValueType.Number)
      expect(row.getCell(5).numFmt).toBe('#,##0.00')
      expect(row.getCell(6).type).toBe(ExcelJS.ValueType.String)
    }
    const api = await call<{ list: PaymentRow[] }>('GET', `/payments?${range}&pageSize=100`)
    const written = [...Array(ws.rowCount - 1)].map((_, i) => {
      const row = ws.getRow(i + 2)
      const on = (row.getCell(1).value as Date).toISOString().slice(0, 10)
      return `${on} ${(row.getCell(5).value as number).toFixed(2)} ${row.getCell(6).value}`
    })
    expect(written.sort()).toEqual(api.data.list.map((p) => `${p.paidOn} ${p.amount} ${p.currency}`).sort())
    // Widths fit the content: the wide columns wider than the narrow ones, none cut below its heading.
    const widths = ws.columns.map((c) => c.width ?? 0)
    expect(new Set(widths).size).toBeGreaterThan(3)
    ws.getRow(1).eachCell((cell, i) =>
      expect(widths[i - 1]).toBeGreaterThanOrEqual(String(cell.value).length),
    )
  })

  it('writes a decimal too long for a spreadsheet number as text, exact', () => {
    expect(cellValue({ amount: '1234567.89' })).toEqual({ value: 1234567.89, numFmt: '#,##0.00' })
    expect(cellValue({ amount: '12345678901234567.89' })).toEqual({ value: '12345678901234567.89' })
    expect(cellValue({ date: '2026-11-01' }).value).toEqual(new Date(Date.UTC(2026, 10, 1)))
    expect(cellValue('=HYPERLINK("x")')).toEqual({ value: `'=HYPERLINK("x")` })
  })

  it("names a registered company or vendor in the reader's language, whichever name the payment kept", async () => {
    // The forms keep a company's Chinese name; an insurer's payout may keep the vendor's English name.
    const [company] = (await raw(
      `select name_zh, name_en from enterprises where name_en <> '' order by code limit 1`,
    )) as { name_zh: string; name_en: string }[]
    const [vendor] = (await raw(
      `select name_zh, name_en from vendors where name_en <> '' order by number limit 1`,
    )) as {
      name_zh: string
      name_en: string
    }[]
    await payment({ at: '2024-06-03', currency: 'CNY', amount: '10.00', payer: company.name_zh })
    await payment({
      at: '2024-06-04',
      currency: 'CNY',
      amount: '20.00',
      payer: vendor.name_en,
      direction: 'incoming',
    })
    await payment({ at: '2024-06-05', currency: 'CNY', amount: '30.00', payer: 'A buyer typed by hand' })
    const june = 'from=2024-06-01&to=2024-06-30'
    const payers = async (lang: string) =>
      (
        await call<{ list: PaymentRow[] }>('GET', `/payments?${june}`, undefined, 'finance', lang)
      ).data.list.map((p) => p.payerCompany)
    expect(await payers('en')).toEqual(['A buyer typed by hand', vendor.name_en, company.name_en])
    expect(await payers('zh-CN')).toEqual([
      'A buyer typed by hand',
      vendor.name_zh || vendor.name_en,
      company.name_zh,
    ])
    const summary = (
      await call<PaymentSummary>(
        'GET',
        `/payments/summary?groupBy=payerCompany&${june}`,
        undefined,
        'finance',
        'en',
      )
    ).data
    expect(summary.rows.map((r) => r.label).sort()).toEqual(
      ['A buyer typed by hand', vendor.name_en, company.name_en].sort(),
    )
    // A contract's counterparty likewise.
    await raw(
      `insert into contracts (direction, subject, number, counterparty, effective_date, amount, currency)
       values ('service', 'Shipping', 'FT-C-NAMES', $1, '2024-06-01', '10.00', 'CNY')`,
      [vendor.name_zh || vendor.name_en],
    )
    const party = async (lang: string) =>
      (
        await call<{ list: ContractRow[] }>('GET', '/contracts?q=FT-C-NAMES', undefined, 'finance', lang)
      ).data.list.map((c) => c.counterparty)
    expect(await party('en')).toEqual([vendor.name_en])
    expect(await party('zh-CN')).toEqual([vendor.name_zh || vendor.name_en])
  })
})

describe('summary kept per server', () => {
  it('answers anew after a new payment or a changed rate (never a stale total)', async () => {
    const range = 'from=2025-01-01&to=2025-02-28'
    const get = async () =>
      (await call<PaymentSummary>('GET', `/payments/summary?groupBy=currency&${range}&reportingCurrency=1`))
        .data
    const before = await get()
    expect((await get()).reporting?.outgoing).toBe(before.reporting?.outgoing)
    await payment({ at: '2025-02-10', currency: 'USD', amount: '10.00' })
    const after = await get()
    expect(after.totals.find((x) => x.currency === 'USD')?.outgoing).toBe('210.00')
    // 10 USD × 7.25 (the rate of 20 January).
    expect(after.reporting?.outgoing).toBe('2492.50')
    const rates = await call<{ list: RateView[] }>('GET', '/rates?currency=USD&from=2025-01-20&to=2025-01-20')
    const r = rates.data.list[0]
    await call('PUT', `/rates/${r.id}`, { base: 'USD', quote: 'CNY', on: r.on, rate: '7.3' })
    expect((await get()).reporting?.outgoing).toBe('2493.00')
    await call('PUT', `/rates/${r.id}`, { base: 'USD', quote: 'CNY', on: r.on, rate: '7.25', source: 'PBOC' })
  })
})

describe('payouts, premiums and failed attempts recorded by the processes', () => {
  it('lists a premium as outgoing with its failed attempt, and an insurer payout as incoming', async () => {
    const ids = await f.artworks(1)
    let p = await premiumApproved(
      f,
      await approvedPolicy(f, ids, { startDate: day(-1), endDate: day(300) }),
      ids,
    )
    p = await f.send('finance', p, 'PAYMENT_FAILED', { comment: 'Bank holiday' })
    p = await f.send('finance', p, 'RETRY_PAYMENT')
    if (p.state.endsWith('draft'))
      p = await f.pass(p, f.samples('INSURANCE_ANNUAL', ids).premiumPayment[0], 'registrar')
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', { payload: { paidOn: day(0), bankReference: 'TT-9' } })
    const premium = await call<{ list: PaymentRow[] }>('GET', `/payments?processId=${p.id}`)
    // The failed attempt is dated when it failed; the paid one on its paidOn (midnight of that day).
    const attempts = [...premium.data.list].sort((a, b) => a.attempt - b.attempt)
    expect(attempts.map((r) => [r.direction, r.status, r.attempt, r.failureReason])).toEqual([
      ['outgoing', 'failed', 1, 'Bank holiday'],
      ['outgoing', 'paid', 2, ''],
    ])
    expect(attempts[1]).toMatchObject({ processType: 'INSURANCE_ANNUAL', stepLabel: 'Premium payment' })

    const s = f.samples('INSURANCE_PAYOUT', ids)
    let claim = await f.start('registrar', 'INSURANCE_PAYOUT', { artworkIds: ids })
    claim = await f.pass(claim, { ...s.incident[0], incidentDate: day(-1) })
    claim = await f.pass(claim, s.claim[0])
    claim = await f.pass(claim, s.payout[0], 'registrar')
    claim = await f.send('finance', claim, 'CONFIRM_PAYMENT', {
      payload: { paidOn: day(0), bankReference: 'X-1' },
    })
    const payout = await call<{ list: PaymentRow[] }>('GET', `/payments?processId=${claim.id}`)
    expect(payout.data.list.map((r) => [r.direction, r.status])).toEqual([['incoming', 'paid']])
    const incoming = await call<{ list: PaymentRow[] }>('GET', `/payments?direction=incoming&from=${day(0)}`)
    expect(incoming.data.list.map((r) => r.processId)).toContain(claim.id)
  })
})

describe('contracts register', () => {
  it('lists contracts with paid and outstanding in their own currency, expiring soon flagged', async () => {
    const soon = day(10)
    const [c] = (await raw(
      `insert into contracts (direction, subject, number, counterparty, effective_date, end_date, amount, currency)
       values ('service', 'Crating', 'FT-C-1', 'Fine Art Logistics', '2025-01-01', $1, '1000.00', 'USD') returning id`,
      [soon],
    )) as { id: string }[]
    for (const [amount, currency, status] of [
      ['300.00', 'USD', 'paid'],
      ['200.00', 'USD', 'failed'],
      ['50.00', 'EUR', 'paid'],
    ])
      await raw(
        `insert into payments (contract_id, direction, status, amount, currency, at) values ($1, 'outgoing', $2, $3, $4, '2025-01-05T00:00:00Z')`,
        [c.id, status, amount, currency],
      )
    const res = await call<{ list: ContractRow[]; total: number }>('GET', '/contracts?q=FT-C-1')
    expect(res.data.list[0]).toMatchObject({
      number: 'FT-C-1',
      amount: '1000.00',
      currency: 'USD',
      paid: '300.00',
      outstanding: '700.00',
      expiringSoon: true,
      ended: false,
    })
    const expiring = await call<{ list: ContractRow[] }>('GET', '/contracts?expiring=1&direction=service')
    expect(expiring.data.list.map((x) => x.number)).toContain('FT-C-1')
    const sale = await call<{ list: ContractRow[] }>('GET', '/contracts?direction=sale&q=FT-C-1')
    expect(sale.data.list).toEqual([])
    const xlsx = await f.t.app.request('/api/finance/contracts/export?q=FT-C-1', {
      headers: { 'x-auth-token': f.tokens.finance, ...sys },
    })
    expect(xlsx.status).toBe(200)
  })
})

describe('collection value', () => {
  it('converts each currency at the date asked, names the rates, lists artworks without a rate apart', async () => {
    const [a, b, c] = await f.artworks(3)
    await raw(`update artworks set latest_valuation = null, latest_valuation_currency = null`)
    const set = (id: string, amount: string, currency: string) =>
      raw(
        `update artworks set latest_valuation = $2, latest_valuation_currency = $3, valuation_date = '2025-01-02' where id = $1`,
        [id, amount, currency],
      )
    await set(a, '1000.00', 'USD')
    await set(b, '500.00', 'CNY')
    await set(c, '80.00', 'NZD')
    const res = await call<CollectionValue>('GET', '/collection-value?currency=CNY')
    expect(res.code, res.msg).toBe(0)
    // USD at its latest rate (7.25 of 2025-01-20).
    expect(res.data.total).toBe('7750.00')
    expect(res.data.subtotals.map((s) => [s.currency, s.amount, s.converted])).toEqual([
      ['CNY', '500.00', '500.00'],
      ['NZD', '80.00', null],
      ['USD', '1000.00', '7250.00'],
    ])
    expect(res.data.ratesUsed).toEqual([
      { base: 'USD', quote: 'CNY', on: '2025-01-20', rate: '7.25', inverse: false, currency: 'USD' },
    ])
    expect(res.data.withoutRate.count).toBe(1)
    expect(res.data.withoutRate.list[0]).toMatchObject({ id: c, amount: '80.00', currency: 'NZD' })
    // At a past date the valuations table answers: these artworks have no valuation rows.
    await raw(
      `insert into valuations (artwork_id, amount, currency, valued_on, method) values ($1, '900.00', 'USD', '2025-01-21', 'appraisal'), ($1, '800.00', 'USD', '2025-01-25', 'appraisal')`,
      [a],
    )
    const past = await call<CollectionValue>('GET', '/collection-value?at=2025-01-22&currency=CNY')
    expect(past.data.subtotals.map((s) => [s.currency, s.amount, s.converted])).toEqual([
      ['USD', '900.00', '6525.00'],
    ])
    const future = await call('GET', `/collection-value?at=${day(5)}`)
    expect(future.code).toBe(400)
  })
})

describe('privileges', () => {
  it('lets financeManage:view read, financeManage:edit change; others are refused', async () => {
    expect((await call('GET', '/payments', undefined, 'approver')).code).toBe(0)
    expect((await call('GET', '/contracts', undefined, 'approver')).code).toBe(0)
    const write = await call(
      'POST',
      '/rates',
      { base: 'USD', quote: 'CNY', on: '2025-05-01', rate: '7' },
      'approver',
    )
    expect(write.code).toBe(4031)
    expect((await call('PUT', '/settings', { reportingCurrency: 'USD' }, 'approver')).code).toBe(4031)
    expect((await call('POST', '/rates/import', { csv: 'a' }, 'approver')).code).toBe(4031)
    for (const path of [
      '/payments',
      '/payments/summary',
      '/contracts',
      '/rates',
      '/settings',
      '/collection-value',
    ])
      expect((await call('GET', path, undefined, 'viewer')).code, path).toBe(4031)
    const anonymous = await f.t.call('GET', '/api/finance/payments', { headers: sys })
    expect(anonymous.code).toBe(403)
  })
})

describe('the payment summary from the month totals', () => {
  /** The summary read from the payments themselves, as it was before the month totals: the reference. */
  const fromPayments = (groupBy: string, from: string, to: string) => {
    const key = {
      month: `to_char(p.at at time zone 'UTC', 'YYYY-MM')`,
      payerCompany: 'coalesce(pd.paying_company, p.payer_company)',
      costAttribution: 'p.cost_attribution',
      currency: 'p.currency',
    }[groupBy]
    const split = groupBy === 'payerCompany'
    const amount = split ? 'coalesce(pd.amount, p.amount)' : 'p.amount'
    const count = split ? 'count(distinct p.id)' : 'count(*)'
    return raw(
      `select ${key} as key, p.currency,
          coalesce(sum(${amount}) filter (where p.status = 'paid' and p.direction = 'outgoing'), 0)::numeric(18, 2)::text as outgoing,
          coalesce(sum(${amount}) filter (where p.status = 'paid' and p.direction = 'incoming'), 0)::numeric(18, 2)::text as incoming,
          (${count} filter (where p.status = 'paid'))::int as paid_count,
          (${count} filter (where p.status = 'failed'))::int as failed_count
        from payments p ${split ? 'left join payment_details pd on pd.payment_id = p.id' : ''}
       where p.at >= $1::timestamptz and p.at < ($2::date + 1)::timestamptz
       group by 1, 2 order by 1, 2`,
      [`${from}T00:00:00Z`, to],
    )
  }

  it('answers every range and grouping as the payments themselves do, split payments included', async () => {
    // Payments over four months of 2023 (a year no other test writes), some split between two companies, one
    // split whose two details name the same company (it counts once for that company).
    const days = [
      '2023-03-01',
      '2023-03-17',
      '2023-03-31',
      '2023-04-01',
      '2023-04-30',
      '2023-05-15',
      '2023-06-30',
    ]
    for (const [i, at] of days.entries()) {
      const [row] = (await raw(
        `insert into payments (direction, status, amount, currency, payer_company, cost_attribution, at)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [
          i % 3 === 2 ? 'incoming' : 'outgoing',
          i % 4 === 3 ? 'failed' : 'paid',
          `${100 + i * 11}.25`,
          i % 2 ? 'USD' : 'CNY',
          i % 2 ? 'Gamma Trust' : 'Delta Ltd',
          i % 2 ? 'office' : '',
          `${at}T00:00:00Z`,
        ],
      )) as { id: string }[]
      if (i % 3 === 0)
        await raw(
          `insert into payment_details (payment_id, sort, paying_company, amount)
           values ($1, 0, 'Delta Ltd', '40.00'), ($1, 1, $2, $3)`,
          [row.id, i === 3 ? 'Delta Ltd' : 'Epsilon SA', `${60 + i * 11}.25`],
        )
    }
    // One more detail added to a split payment later (its company's part moves again).
    const [later] = (await raw(`select id from payments where at = '2023-05-15T00:00:00Z'`)) as {
      id: string
    }[]
    await raw(
      `insert into payment_details (payment_id, sort, paying_company, amount) values ($1, 0, 'Zeta Co', '55.00')`,
      [later.id],
    )
    const ranges = [
      ['2023-01-01', '2023-12-31'],
      ['2023-03-01', '2023-04-30'],
      ['2023-03-02', '2023-06-29'],
      ['2023-03-31', '2023-04-01'],
      ['2023-04-01', '2023-04-01'],
      ['2023-03-15', '2023-05-31'],
      ['2023-02-10', '2023-03-17'],
    ]
    for (const [from, to] of ranges)
      for (const groupBy of ['month', 'payerCompany', 'costAttribution', 'currency']) {
        const res = await call<PaymentSummary>(
          'GET',
          `/payments/summary?groupBy=${groupBy}&from=${from}&to=${to}`,
        )
        expect(res.code, res.msg).toBe(0)
        const expected = (await fromPayments(groupBy, from, to)) as {
          key: string
          currency: string
          outgoing: string
          incoming: string
          paid_count: number
          failed_count: number
        }[]
        expect(
          res.data.rows.map((r) => [r.key, r.currency, r.outgoing, r.incoming, r.paidCount, r.failedCount]),
          `${groupBy} ${from}–${to}`,
        ).toEqual(
          expected.map((r) => [r.key, r.currency, r.outgoing, r.incoming, r.paid_count, r.failed_count]),
        )
      }
  })
})
