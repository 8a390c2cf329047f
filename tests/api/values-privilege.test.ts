// Seeing values is a privilege of its own (valueManage:values): on the demo collection, two users hold the
// same privileges but for that one. From each covered endpoint the one without it gets no value at all
// (null, never zero; no value column in an Excel file, no value line in a PDF), the one with it gets them.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_VALUE_KEYS } from '../../src/server/http/values'
import type { EntityNode } from '../../src/shared/contracts/ownership'
import { todayIn } from '../../src/shared/office-time'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let withValues: string
let without: string
const tmp = mkdtempSync(path.join(os.tmpdir(), 'values-'))

const COMMON = [
  'artworkArchive:view',
  'artworkArchive:export',
  'valueManage:view',
  'devOpsManage:view',
  'art-data-center:view',
  'financeManage:view',
]

beforeAll(async () => {
  t = await createTestContext({ collection: true })
  const admin = await t.login('admin')
  for (const [username, privileges] of [
    ['sees.values', [...COMMON, 'valueManage:values']],
    ['no.values', COMMON],
  ] as const) {
    const res = await t.call('POST', '/api/auth/users', {
      token: admin,
      headers: { 'x-system-name': 'authManage' },
      body: { username, displayName: username, password: TEST_PASSWORD, privileges },
    })
    expect(res.code, res.msg).toBe(0)
  }
  withValues = await t.login('sees.values')
  without = await t.login('no.values')
}, 300_000)
afterAll(async () => {
  await t?.close()
  rmSync(tmp, { recursive: true, force: true })
})

const get = async <T = any>(url: string, token: string, system: string) => {
  const res = await t.call<T>('GET', url, { token, lang: 'en', headers: { 'x-system-name': system } })
  expect(res.code, `${url}: ${res.msg}`).toBe(0)
  return res.data
}
const both = async <T = any>(url: string, system: string) => ({
  yes: await get<T>(url, withValues, system),
  no: await get<T>(url, without, system),
})
const file = async (url: string, token: string, system: string) => {
  const res = await t.app.request(url, {
    headers: { 'x-auth-token': token, 'accept-language': 'en', 'x-system-name': system },
  })
  const body = Buffer.from(await res.arrayBuffer())
  expect(res.status, body.toString('utf8').slice(0, 300)).toBe(200)
  return body
}
let n = 0
const pdfText = (bytes: Buffer) => {
  n += 1
  const f = path.join(tmp, `v${n}.pdf`)
  writeFileSync(f, bytes)
  return execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' })
}
const nonNull = (values: unknown[]) => values.filter((v) => v !== null && v !== undefined)
/** Every value found under one of `keys`, at any depth (what a process or a history row carries). */
const valuesUnder = (data: unknown, keys: ReadonlySet<string>, out: unknown[] = []): unknown[] => {
  if (Array.isArray(data)) for (const v of data) valuesUnder(v, keys, out)
  else if (data && typeof data === 'object')
    for (const [k, v] of Object.entries(data)) {
      if (keys.has(k) && (typeof v === 'string' || typeof v === 'number')) out.push(v)
      else valuesUnder(v, keys, out)
    }
  return out
}
const raw = (sql: string, params: unknown[] = []) => t.deps.database.raw(sql, params) as Promise<any[]>

describe('the values privilege', () => {
  it('is held by every seeded role that looks at valuations', async () => {
    const admin = await t.login('admin')
    const roles = (
      await get<{ list: { key: string; privileges: string[] }[] }>(
        '/api/auth/roles?pageSize=200',
        admin,
        'authManage',
      )
    ).list
    const holders = roles.filter((r) => r.privileges.includes('valueManage:values')).map((r) => r.key)
    expect(holders.sort()).toEqual(['approver', 'finance', 'operations', 'registrar', 'viewer'])
  })

  it('archive list and detail: the valuation and the policies’ amounts are null without it', async () => {
    const { yes, no } = await both(
      '/api/artworks?pageSize=200&sort=latestValuation&order=desc',
      'artworkArchive',
    )
    expect(nonNull(yes.list.map((a: any) => a.latestValuation)).length).toBeGreaterThan(0)
    expect(no.list.length).toBe(yes.list.length)
    for (const a of no.list) {
      expect(a).toHaveProperty('latestValuation', null)
      expect(a.latestValuationCurrency).toBeNull()
    }
    // A filter by value would tell the values: without the privilege it is not applied.
    const filtered = await both(
      '/api/artworks?pageSize=1&valuationCurrency=CNY&valuationMin=999999999',
      'artworkArchive',
    )
    expect(filtered.yes.total).toBe(0)
    expect(filtered.no.total).toBe(yes.total)

    const insured = yes.list.find((a: any) => a.insuranceStatus === 'covered' && a.latestValuation)
    expect(insured, 'a covered, valued demo work').toBeTruthy()
    const detail = await both(`/api/artworks/${insured.id}`, 'artworkArchive')
    expect(detail.yes.latestValuation).not.toBeNull()
    expect(nonNull(detail.yes.insurancePolicies.map((p: any) => p.insuredAmount)).length).toBeGreaterThan(0)
    expect(detail.no.latestValuation).toBeNull()
    expect(detail.no.insurancePolicies.length).toBe(detail.yes.insurancePolicies.length)
    for (const p of detail.no.insurancePolicies)
      expect([p.insuredAmount, p.scheduledAmount]).toEqual([null, null])

    const asOf = await both(
      `/api/artworks/${insured.id}/as-of?at=${todayIn(t.deps.config.timeZone)}`,
      'artworkArchive',
    )
    expect(asOf.yes.latestValuation).not.toBeNull()
    expect([asOf.no.latestValuation, asOf.no.valuationCurrency]).toEqual([null, null])

    const summary = await both('/api/artworks/summary', 'artworkArchive')
    expect(summary.yes.valuations.length).toBeGreaterThan(0)
    expect(summary.no.valuations).toEqual([])
    expect(summary.no.total).toBe(summary.yes.total)
  })

  it('archive Excel export: no value column and no auctions sheet (its prices) without it', async () => {
    const read = async (token: string) => {
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load(
        (await file('/api/artworks/export?lang=en', token, 'artworkArchive')) as unknown as ArrayBuffer,
      )
      const header = (wb.worksheets[0].getRow(1).values as unknown[]).map(String)
      return { header, sheets: wb.worksheets.map((s) => s.name) }
    }
    const yes = await read(withValues)
    const no = await read(without)
    expect(yes.header).toContain('Latest valuation (read-only)')
    expect(no.header).not.toContain('Latest valuation (read-only)')
    expect(no.header).not.toContain('Valuation currency (read-only)')
    expect(no.header).toContain('Owners')
    expect(yes.sheets.length).toBe(no.sheets.length + 1)
  })

  it('valuations: amounts null without it, every other column kept', async () => {
    const { yes, no } = await both('/api/valuations?pageSize=100', 'valueManage')
    expect(nonNull(yes.list.map((v: any) => v.amount)).length).toBe(yes.list.length)
    expect(no.list.map((v: any) => v.id)).toEqual(yes.list.map((v: any) => v.id))
    for (const v of no.list) expect(v.amount).toBeNull()
    expect(no.list.map((v: any) => v.currency)).toEqual(yes.list.map((v: any) => v.currency))
    const rows = await both('/api/valuations/artworks?pageSize=100', 'valueManage')
    expect(nonNull(rows.yes.list.map((r: any) => r.latestValuation)).length).toBeGreaterThan(0)
    expect(nonNull(rows.no.list.map((r: any) => r.latestValuation))).toEqual([])
  })

  it('insurance: sums insured, premiums, claims and cover values null; the schedule refused without it', async () => {
    const policies = await both('/api/insurance/policies?pageSize=100', 'devOpsManage')
    expect(nonNull(policies.yes.list.map((p: any) => p.insuredAmount)).length).toBeGreaterThan(0)
    for (const p of policies.no.list) expect([p.insuredAmount, p.premium]).toEqual([null, null])
    const id = policies.yes.list.find((p: any) => p.insuredAmount).id
    const one = await both(`/api/insurance/policies/${id}`, 'devOpsManage')
    expect(one.yes.insuredAmount).not.toBeNull()
    expect(one.no.insuredAmount).toBeNull()
    for (const a of one.no.artworks) expect(a.insuredAmount).toBeNull()
    const cover = await both('/api/insurance/artworks?cover=covered&pageSize=100', 'devOpsManage')
    expect(nonNull(cover.yes.list.map((c: any) => c.latestValuation)).length).toBeGreaterThan(0)
    expect(nonNull(cover.no.list.map((c: any) => c.latestValuation))).toEqual([])
    const claims = await both('/api/insurance/claims?pageSize=100', 'devOpsManage')
    for (const c of claims.no.list) expect([c.claimedAmount, c.paidAmount]).toEqual([null, null])

    for (const url of [
      '/api/insurance/under-insured',
      `/api/insurance/policies/${id}/schedule`,
      `/api/insurance/policies/${id}/schedule.xlsx`,
      `/api/reports/insurance/policies/${id}/schedule.pdf`,
    ]) {
      const refused = await t.call('GET', url, {
        token: without,
        headers: { 'x-system-name': 'devOpsManage' },
      })
      expect(refused.code, url).toBe(4031)
      const allowed = await t.app.request(url, {
        headers: { 'x-auth-token': withValues, 'x-system-name': 'devOpsManage' },
      })
      expect(allowed.status, url).toBe(200)
      await allowed.arrayBuffer() // the download ends (one export a user at a time)
    }
  })

  it('data centre: counts only without it; totals, breakdown values and the history values null', async () => {
    const { yes, no } = await both('/api/datacentre/collection', 'art-data-center')
    expect(yes.totals.total).not.toBeNull()
    expect(Number(yes.totals.total)).toBeGreaterThan(0)
    expect(no.totals.total).toBeNull()
    expect(no.totals.artworks).toBe(yes.totals.artworks)
    for (const p of no.totals.perCurrency) expect([p.amount, p.converted]).toEqual([null, null])
    for (const b of no.breakdowns)
      for (const r of b.rows) {
        expect(r.values).toEqual([])
        expect(r.converted).toBeNull()
      }
    for (const r of no.insurance.rows) expect([r.values, r.converted]).toEqual([[], null])
    const history = await both('/api/datacentre/value-history', 'art-data-center')
    expect(history.yes.points.some((p: any) => p.values.length > 0)).toBe(true)
    for (const p of history.no.points) expect([p.values, p.converted]).toEqual([[], null])
  })

  it('holdings and the collection as of a day (with its Excel and PDF): no value without it', async () => {
    const tree = await get<EntityNode[]>('/api/entities', withValues, 'art-data-center')
    const holding = tree.find((e) => e.nameEn === 'Lianhua Holdings Limited')!
    const h = await both(`/api/entities/${holding.id}/holdings`, 'art-data-center')
    expect(Number(h.yes.total)).toBeGreaterThan(0)
    expect(h.no.total).toBeNull()
    expect(h.no.count).toBe(h.yes.count)
    for (const a of h.no.artworks) expect([a.value, a.currency, a.converted]).toEqual([null, null, null])

    // The demo collection entered the archive today: the day asked is today in the office.
    const day = todayIn(t.deps.config.timeZone)
    const asOf = await both(`/api/collection/as-of?at=${day}`, 'art-data-center')
    expect(Number(asOf.yes.total)).toBeGreaterThan(0)
    expect([asOf.no.total, asOf.no.ratesUsed, asOf.no.unconverted]).toEqual([null, [], []])
    expect(asOf.no.count).toBe(asOf.yes.count)

    const yesPdf = pdfText(await file(`/api/collection/as-of.pdf?at=${day}`, withValues, 'art-data-center'))
    const noPdf = pdfText(await file(`/api/collection/as-of.pdf?at=${day}`, without, 'art-data-center'))
    expect(yesPdf).toContain('Total value')
    expect(noPdf).not.toContain('Total value')
    expect(noPdf).toContain('By status')
    const sheet = async (token: string) => {
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load(
        (await file(
          `/api/collection/as-of.xlsx?at=${day}`,
          token,
          'art-data-center',
        )) as unknown as ArrayBuffer,
      )
      return wb.worksheets[0].getColumn(1).values.map(String).join('|')
    }
    expect(await sheet(withValues)).toContain('Total value')
    expect(await sheet(without)).not.toContain('Total value')
  })

  it('reports: the tear sheet and the collection summary leave the values out without it', async () => {
    const list = await get(
      '/api/artworks?pageSize=50&sort=latestValuation&order=desc',
      withValues,
      'artworkArchive',
    )
    const valued = list.list[0]
    const tear = (token: string) =>
      file(`/api/reports/artworks/${valued.id}/tear-sheet.pdf`, token, 'artworkArchive').then(pdfText)
    expect(await tear(withValues)).toContain('Latest valuation')
    expect(await tear(without)).not.toContain('Latest valuation')
    const summary = (token: string) =>
      file('/api/reports/collection-summary.pdf', token, 'art-data-center').then(pdfText)
    const yes = await summary(withValues)
    const no = await summary(without)
    expect(yes).toMatch(/[0-9],[0-9]{3}\.[0-9]{2}/)
    expect(no).not.toMatch(/[0-9],[0-9]{3}\.[0-9]{2}/)
  })

  it('processes: amounts in steps, drafts, events and history null without it, in the view and each step', async () => {
    // Processes of the demo office whose steps recorded money: a purchase, a payment, a policy.
    const rows = await raw(
      `select id, type from processes where snapshot::text ~ '"(price|amount|insuredAmount|premium|cost)": "[0-9]'
        order by type limit 40`,
    )
    expect(rows.length).toBeGreaterThan(0)
    for (const { id } of rows) {
      const view = await both(`/api/process/${id}`, 'devOpsManage')
      expect(valuesUnder(view.yes, PROCESS_VALUE_KEYS).length, id).toBeGreaterThan(0)
      expect(valuesUnder(view.no, PROCESS_VALUE_KEYS), id).toEqual([])
      // everything else is kept: the same steps, the same history
      expect(Object.keys(view.no.context.steps)).toEqual(Object.keys(view.yes.context.steps))
      expect(view.no.history.length).toBe(view.yes.history.length)
      const history = await both(`/api/process/${id}/history?pageSize=100`, 'devOpsManage')
      expect(valuesUnder(history.no, PROCESS_VALUE_KEYS)).toEqual([])
      for (const step of Object.keys(view.yes.context.steps)) {
        const record = await both(`/api/process/${id}/steps/${step}`, 'devOpsManage')
        expect(valuesUnder(record.no, PROCESS_VALUE_KEYS), `${id} ${step}`).toEqual([])
        expect(record.no.submittedAt ?? null).toEqual(record.yes.submittedAt ?? null)
      }
    }
    const list = await both('/api/process?pageSize=100', 'devOpsManage')
    expect(valuesUnder(list.yes.list, PROCESS_VALUE_KEYS).length).toBeGreaterThan(0)
    expect(valuesUnder(list.no.list, PROCESS_VALUE_KEYS)).toEqual([])
  })

  it("an artwork's record history: valuations and auction prices null without it, in the changes and each version", async () => {
    const RECORD = new Set(['latestValuation', 'latestValuationCurrency', 'price'])
    const [row] = await raw(
      `select artwork_id::text as id from artwork_history where changes::text like '%latestValuation%'
        group by artwork_id order by count(*) desc limit 1`,
    )
    expect(row).toBeTruthy()
    const history = await both(`/api/artworks/${row.id}/history?pageSize=200`, 'artworkArchive')
    const valueChanges = (list: { changes: { field: string; old: unknown; new: unknown }[] }[]) =>
      list.flatMap((h) => h.changes.filter((c) => RECORD.has(c.field)).flatMap((c) => [c.old, c.new]))
    expect(nonNull(valueChanges(history.yes.list)).length).toBeGreaterThan(0)
    expect(nonNull(valueChanges(history.no.list))).toEqual([])
    expect(valuesUnder(history.no.list, RECORD)).toEqual([])
    expect(history.no.list.map((h: { version: number }) => h.version)).toEqual(
      history.yes.list.map((h: { version: number }) => h.version),
    )
    const version = history.yes.list[0].version
    const one = await both(`/api/artworks/${row.id}/history/${version}`, 'artworkArchive')
    expect(valuesUnder(one.yes.snapshot, RECORD).length).toBeGreaterThan(0)
    expect(valuesUnder(one.no, RECORD)).toEqual([])
    expect(one.no.snapshot.titleEn).toBe(one.yes.snapshot.titleEn)
  })

  it('finance: payments, contracts, their summary, Excel files and the collection value without amounts', async () => {
    const payments = await both('/api/finance/payments?pageSize=100', 'financeManage')
    expect(nonNull(payments.yes.list.map((p: any) => p.amount)).length).toBeGreaterThan(0)
    expect(payments.no.total).toBe(payments.yes.total)
    for (const p of payments.no.list) expect(p.amount).toBeNull()
    const contracts = await both('/api/finance/contracts?pageSize=100', 'financeManage')
    expect(nonNull(contracts.yes.list.map((c: any) => c.amount)).length).toBeGreaterThan(0)
    for (const c of contracts.no.list) expect([c.amount, c.paid, c.outstanding]).toEqual([null, null, null])
    // "only those outstanding" would tell the amounts: without values it is not applied
    const outstanding = await get(
      '/api/finance/contracts?pageSize=100&outstanding=1',
      without,
      'financeManage',
    )
    expect(outstanding.total).toBe(contracts.yes.total)
    const summary = await both(
      '/api/finance/payments/summary?groupBy=currency&reportingCurrency=1',
      'financeManage',
    )
    expect(nonNull(summary.yes.rows.map((r: any) => r.outgoing)).length).toBeGreaterThan(0)
    expect(summary.yes.reporting).not.toBeNull()
    expect(summary.no.reporting).toBeNull()
    for (const r of [...summary.no.rows, ...summary.no.totals])
      expect([r.outgoing, r.incoming]).toEqual([null, null])
    expect(summary.no.rows.map((r: any) => r.paidCount)).toEqual(
      summary.yes.rows.map((r: any) => r.paidCount),
    )
    const value = await both('/api/finance/collection-value', 'financeManage')
    expect(value.yes.total).not.toBeNull()
    expect(value.no.total).toBeNull()
    expect(value.no.artworks).toBe(value.yes.artworks)
    expect(valuesUnder(value.no, new Set(['total', 'amount', 'converted']))).toEqual([])
    // The Excel files: the amount columns read "Hidden", never a number nor a blank.
    const amounts = async (url: string, token: string, header: string) => {
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load((await file(url, token, 'financeManage')) as unknown as ArrayBuffer)
      const ws = wb.worksheets[0]
      const col = (ws.getRow(1).values as unknown[]).indexOf(header)
      expect(col, header).toBeGreaterThan(0)
      return ws.getColumn(col).values.slice(2).map(String)
    }
    for (const [url, header] of [
      ['/api/finance/payments/export', 'Amount'],
      ['/api/finance/contracts/export', 'Outstanding'],
    ]) {
      const yes = await amounts(url, withValues, header)
      expect(yes.filter((v) => /^[0-9.]+$/.test(v)).length, url).toBeGreaterThan(0)
      const no = await amounts(url, without, header)
      expect(no.length, url).toBe(yes.length)
      expect(new Set(no), url).toEqual(new Set(['Hidden']))
    }
  })
})
