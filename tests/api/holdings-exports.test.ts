// An entity's holdings as of a day as Excel and as a PDF, read back: the same works, shares and values as the
// holdings answer, in the request's language; without the values privilege no value column nor total line. The
// collection split by owner: each top-level entity with those under it, share-weighted, adding up to the works
// the entities own.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EntityNode, HoldingsView, OwnerSplit } from '../../src/shared/contracts/ownership'
import { moneyText } from '../../src/shared/money-text'
import { todayIn } from '../../src/shared/office-time'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let admin: string
let noValues: string
let holding: EntityNode
const tmp = mkdtempSync(path.join(os.tmpdir(), 'holdings-'))
const SYSTEM = { 'x-system-name': 'art-data-center' }

beforeAll(async () => {
  t = await createTestContext({ collection: true })
  admin = await t.login('admin')
  const res = await t.call('POST', '/api/auth/users', {
    token: admin,
    headers: { 'x-system-name': 'authManage' },
    body: {
      username: 'no.values',
      displayName: 'no.values',
      password: TEST_PASSWORD,
      privileges: ['art-data-center:view', 'artworkArchive:view'],
    },
  })
  expect(res.code, res.msg).toBe(0)
  noValues = await t.login('no.values')
  const tree = await t.call<EntityNode[]>('GET', '/api/entities', { token: admin, headers: SYSTEM })
  holding = tree.data.find((e) => e.nameEn === 'Lianhua Holdings Limited')!
}, 300_000)
afterAll(async () => {
  await t?.close()
  rmSync(tmp, { recursive: true, force: true })
})

const download = async (url: string, token: string, lang = 'en') => {
  const res = await t.app.request(url, {
    headers: { 'x-auth-token': token, 'accept-language': lang, ...SYSTEM },
  })
  const body = Buffer.from(await res.arrayBuffer())
  return { res, body }
}
let n = 0
const pdfText = (bytes: Buffer) => {
  n += 1
  const f = path.join(tmp, `h${n}.pdf`)
  writeFileSync(f, bytes)
  return execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' })
}
const rowsOf = async (bytes: Buffer) => {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(bytes as unknown as ArrayBuffer)
  const out: string[][] = []
  wb.worksheets[0].eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))))
  })
  return out
}

describe("an entity's holdings as Excel and PDF", () => {
  it('writes the works, their shares and values as the holdings answer gives them, in both languages', async () => {
    const at = todayIn(t.deps.config.timeZone)
    const answer = await t.call<HoldingsView>('GET', `/api/entities/${holding.id}/holdings?at=${at}`, {
      token: admin,
      headers: SYSTEM,
    })
    expect(answer.code, answer.msg).toBe(0)
    const h = answer.data
    expect(h.count).toBeGreaterThan(0)

    const xlsx = await download(`/api/entities/${holding.id}/holdings.xlsx?at=${at}`, admin)
    expect(xlsx.res.status, xlsx.body.toString().slice(0, 200)).toBe(200)
    expect(xlsx.res.headers.get('content-disposition')).toContain('holdings-Lianhua-Holdings-Limited')
    const rows = await rowsOf(xlsx.body)
    expect(rows[0][0]).toBe(`Holdings of Lianhua Holdings Limited as of ${at}`)
    expect(rows).toContainEqual(['Artworks', String(h.count)])
    expect(rows).toContainEqual([`Value of the shares (${h.currency})`, moneyText(h.total)])
    const header = rows.findIndex((r) => r[0] === 'Inventory no.')
    expect(rows[header]).toEqual([
      'Inventory no.',
      'Title',
      'Share',
      'Value of the share',
      `In ${h.currency}`,
      'Pledged',
    ])
    const body = rows.slice(header + 1, header + 1 + h.count)
    expect(body.map((r) => r[0])).toEqual(h.artworks.map((a) => a.inventoryNo))
    expect(body.map((r) => r[2])).toEqual(h.artworks.map((a) => `${a.sharePercent}%`))
    const first = h.artworks.find((a) => a.converted)!
    expect(body.find((r) => r[0] === first.inventoryNo)?.[4]).toBe(moneyText(first.converted))

    const zh = await rowsOf(
      (await download(`/api/entities/${holding.id}/holdings.xlsx?at=${at}`, admin, 'zh-CN')).body,
    )
    expect(zh[0][0]).toContain('的持有作品')
    expect(zh.find((r) => r[0] === '库存编号')).toEqual([
      '库存编号',
      '作品名称',
      '份额',
      '份额价值',
      `折合（${h.currency}）`,
      '已质押',
    ])

    const pdf = await download(`/api/entities/${holding.id}/holdings.pdf?at=${at}`, admin)
    expect(pdf.res.status).toBe(200)
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf')
    const text = pdfText(pdf.body)
    expect(text).toContain('Holdings of Lianhua Holdings Limited')
    expect(text).toContain(moneyText(h.total))
    for (const a of h.artworks.slice(0, 5)) expect(text).toContain(a.inventoryNo)
    const zhText = pdfText(
      (await download(`/api/entities/${holding.id}/holdings.pdf?at=${at}`, admin, 'zh-CN')).body,
    )
    expect(zhText).toContain('份额价值合计')
  })

  it('leaves the values out for a user who may not see them', async () => {
    const xlsx = await download(`/api/entities/${holding.id}/holdings.xlsx`, noValues)
    expect(xlsx.res.status).toBe(200)
    const rows = await rowsOf(xlsx.body)
    expect(rows.find((r) => r[0] === 'Inventory no.')).toEqual(['Inventory no.', 'Title', 'Share', 'Pledged'])
    expect(rows.some((r) => r[0].startsWith('Value of the shares'))).toBe(false)
    const text = pdfText((await download(`/api/entities/${holding.id}/holdings.pdf`, noValues)).body)
    expect(text).not.toContain('Value of the share')
    expect(text).toContain('Pledged')
  })

  it('refuses a bad day or currency with an envelope, never half a file', async () => {
    for (const q of ['at=2026-02-30', 'currency=XYZ']) {
      const { res, body } = await download(`/api/entities/${holding.id}/holdings.xlsx?${q}`, admin)
      expect(res.status, q).toBe(400)
      expect(JSON.parse(body.toString()).data.fieldErrors).toBeTruthy()
    }
    const missing = await download('/api/entities/00000000-0000-4000-8000-000000000000/holdings.pdf', admin)
    expect(missing.res.status).toBe(404)
  })
})

describe('the collection split by owner', () => {
  it('gives each top-level entity its works and share-weighted value, values only to those who see them', async () => {
    const split = await t.call<OwnerSplit>('GET', '/api/entities/split', { token: admin, headers: SYSTEM })
    expect(split.code, split.msg).toBe(0)
    const names = split.data.entities.map((e) => e.nameEn).sort()
    expect(names).toEqual(['Lianhua Art Foundation', 'Lianhua Holdings Limited', 'Lin Shuyi'])
    const h = await t.call<HoldingsView>('GET', `/api/entities/${holding.id}/holdings`, {
      token: admin,
      headers: SYSTEM,
    })
    const row = split.data.entities.find((e) => e.entityId === holding.id)!
    expect([row.count, row.total]).toEqual([h.data.count, h.data.total])
    const hidden = await t.call<OwnerSplit>('GET', '/api/entities/split', {
      token: noValues,
      headers: SYSTEM,
    })
    expect(hidden.data.entities.map((e) => e.total)).toEqual([null, null, null])
    expect(hidden.data.entities.map((e) => e.count).sort()).toEqual(
      split.data.entities.map((e) => e.count).sort(),
    )
  })
})
