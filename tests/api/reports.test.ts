// The printed reports (/api/reports) on a real database: the tear sheet of a fully recorded artwork (picture,
// record, provenance, exhibitions, valuations), a condition report from a real transport's departure, the
// insurance schedule of an approved policy and of a policy of 1,000 artworks, the stocktake report of a
// room's count, and the collection summary — each a real PDF read back with poppler's pdftotext, in Chinese
// and in English; unknown ids are 404 in both languages, users without the screen's privilege get 4031.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConditionReportList } from '../../src/shared/contracts/condition'
import { REPORTS_API } from '../../src/shared/contracts/reports'
import { jpeg } from '../fixtures/file-samples'
import { fullRecord, referenceIds, upload, uploadMedia } from './artworks-fixtures'
import { TEST_PASSWORD } from './helpers'
import { approvedPolicy, day, type Flow, openFlow, policyRow } from './process-flow'
import { makeArtworks, makeRoom } from './process-helpers'

let f: Flow
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vitrine-reports-'))
let artwork: string
let conditionKey: string
let policyId: string
let bigPolicyId: string
let stocktakeId: string
let stocktakeRoom: string
let outsider: string

const SYSTEM: Record<string, string> = {
  tearSheet: 'artworkArchive',
  condition: 'artworkArchive',
  schedule: 'devOpsManage',
  stocktake: 'devOpsManage',
  summary: 'art-data-center',
}

beforeAll(async () => {
  f = await openFlow()
  const { t, tokens } = f
  // A fully recorded artwork with a picture, through the archive's API.
  const media = await uploadMedia(t, tokens.registrar)
  const ids = await referenceIds(t)
  const created = await t.call('POST', '/api/artworks', {
    token: tokens.registrar,
    body: fullRecord(ids, media, null, { inventoryNo: `VT-R-${Date.now()}` }),
    headers: { 'x-system-name': 'artworkArchive' },
  })
  expect(created.code, created.msg).toBe(0)
  artwork = created.data.id
  // Two valuations (the valuations table), the latest copied onto the artwork as the valuations module does.
  await t.deps.database.raw(
    `insert into valuations (artwork_id, amount, currency, valued_on, method, valuer) values
       ($1, 2800000, 'HKD', '2015-11-28', 'purchase_price', 'Christie''s'),
       ($1, 3650000.50, 'HKD', '2025-06-30', 'appraisal', '苏富比估价部')`,
    [artwork],
  )
  await t.deps.database.raw(
    `update artworks set latest_valuation = 3650000.50, latest_valuation_currency = 'HKD',
       valuation_date = '2025-06-30' where id = $1`,
    [artwork],
  )

  // A transport of the artwork: its departure is a condition report with a photograph.
  const photo = await upload(t, tokens.operations, 'image', await jpeg(400, 300), 'crate.jpg')
  const other = (await f.artworks(1))[0]
  const s = f.samples('OPERATION_TRANS_ART', [artwork, other])
  let p = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: [artwork, other] })
  p = await f.pass(p, s.transportInfo[0], 'operations')
  p = await f.send('operations', p, 'DEPART', {
    payload: {
      departedOn: '2026-03-02',
      trackingNo: 'FAL-778',
      conditionOk: false,
      conditionNote: '画框左下角有划痕 Scratch on the lower left of the frame',
      attachments: [photo.id],
    },
  })
  const reports = await t.call<ConditionReportList>('GET', `/api/artworks/${artwork}/condition-reports`, {
    token: tokens.viewer,
  })
  conditionKey = reports.data.items.find((r) => r.kind === 'departure')!.key

  // An approved policy on three artworks.
  const covered = await f.artworks(3)
  await t.deps.database.raw(`update artworks set title_zh = '富春山居图（临本）' where id = $1`, [covered[0]])
  const policy = await approvedPolicy(f, covered, {
    startDate: day(-30),
    endDate: day(300),
    currency: 'CNY',
    insuredAmount: '900000.00',
    insurer: '中国平安财产保险',
  })
  policyId = (await policyRow(f, policy.id)).id

  // A policy of 1,000 artworks, written straight into the tables.
  await t.deps.database.raw(
    `insert into artworks (inventory_no, title_zh, title_en, status)
     select 'RS-' || lpad(g::text, 4, '0'), '清单作品' || g, 'Schedule work ' || g, 'in_collection'
       from generate_series(1, 1000) g`,
  )
  const [big] = (await t.deps.database.raw(
    `insert into insurance_policies (kind, policy_no, insurer, insured_amount, currency, start_date, end_date)
     values ('annual', 'POL-BIG-1000', 'Allianz Art', 1000000, 'EUR', $1, $2) returning id`,
    [day(-10), day(355)],
  )) as { id: string }[]
  bigPolicyId = big.id
  await t.deps.database.raw(
    `insert into insurance_policy_artworks (policy_id, artwork_id, insured_amount)
     select $1, id, 1000 from artworks where inventory_no like 'RS-%'`,
    [bigPolicyId],
  )

  // A room's stocktake: two found, one missing.
  stocktakeRoom = await makeRoom(f.t)
  const inRoom = await makeArtworks(f.t, 3, stocktakeRoom)
  await t.deps.database.raw(`update artworks set title_zh = '千里江山图（局部）' where id = $1`, [inRoom[0]])
  const st = await f.start('operations', 'INVENTORY_CHECK', {
    roomId: stocktakeRoom,
    plannedOn: '2026-03-01',
  })
  const counted = await f.pass(
    st,
    {
      countedOn: '2026-03-02',
      counters: 'Wang Fang, Li Wei',
      foundArtworkIds: inRoom.slice(0, 2),
      missingArtworkIds: [inRoom[2]],
    },
    'operations',
  )
  stocktakeId = counted.id

  // Someone who may open the data centre and see values, and nothing else (values-privilege.test.ts: without
  // the values privilege the summary leaves its amounts out).
  const admin = await t.login('admin')
  const role = await t.call('POST', '/api/auth/roles', {
    token: admin,
    body: {
      nameZh: '数据分析',
      nameEn: 'Analyst',
      privileges: ['art-data-center:view', 'valueManage:values'],
    },
  })
  expect(role.code, role.msg).toBe(0)
  const user = await t.call('POST', '/api/auth/users', {
    token: admin,
    body: { username: 'analyst1', displayName: 'analyst1', password: TEST_PASSWORD, roleIds: [role.data.id] },
  })
  expect(user.code, user.msg).toBe(0)
  outsider = await t.login('analyst1')
}, 240_000)

afterAll(async () => {
  await f?.close()
  rmSync(tmp, { recursive: true, force: true })
})

async function fetchReport(url: string, kind: string, lang: string, token = f.tokens.registrar) {
  const res = await f.t.app.request(url, {
    headers: { 'x-auth-token': token, 'accept-language': lang, 'x-system-name': SYSTEM[kind] },
  })
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}

let fileNo = 0
function pdfText(bytes: Buffer): string {
  fileNo += 1
  const file = path.join(tmp, `r${fileNo}.pdf`)
  writeFileSync(file, bytes)
  // Without -layout: each text run on its own, so words wrapped in a table cell stay readable.
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
}

async function pdf(url: string, kind: string, lang: string, token?: string) {
  const { res, bytes } = await fetchReport(url, kind, lang, token)
  expect(res.status, bytes.toString('utf8').slice(0, 300)).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/pdf')
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; .*filename\*=UTF-8''.+\.pdf$/)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  return { res, bytes, text: pdfText(bytes) }
}

async function refused(url: string, kind: string, lang: string, token?: string) {
  const { res, bytes } = await fetchReport(url, kind, lang, token)
  expect(res.headers.get('content-type')).toContain('application/json')
  return { status: res.status, ...(JSON.parse(bytes.toString('utf8')) as { code: number; msg: string }) }
}

const flat = (text: string) => text.replace(/\s+/g, '')

describe('the artwork tear sheet', () => {
  it('prints the picture, record, provenance, exhibitions and valuations in Chinese', async () => {
    const { bytes, text, res } = await pdf(REPORTS_API.tearSheet(artwork), 'tearSheet', 'zh-CN')
    expect(decodeURIComponent(res.headers.get('content-disposition')!)).toContain('作品资料页-VT-R-')
    const t = flat(text)
    for (const words of [
      '作品资料页',
      '春江花月夜之二',
      '布面油画',
      '流传经历',
      '台北私人收藏',
      '二十世纪及当代艺术晚拍',
      'HKD2,800,000.00',
      '展览记录',
      '水与光',
      '上海当代艺术馆',
      '估值历史',
      'HKD3,650,000.50',
      '苏富比估价部',
      '2025年6月30日',
      '第1页',
    ])
      expect(t).toContain(words)
    // The preview picture is embedded (an image XObject), and the font as a subset.
    const images = execFileSync('pdfimages', ['-list', path.join(tmp, `r${fileNo}.pdf`)], {
      encoding: 'utf8',
    })
    expect(images.split('\n').filter((l) => /^\s*1\s+\d+\s+image/.test(l)).length).toBe(1)
    const fonts = execFileSync('pdffonts', [path.join(tmp, `r${fileNo}.pdf`)], { encoding: 'utf8' })
    expect(fonts).toMatch(/[A-Z]{6}\+NotoSansCJK/)
    expect(bytes.length).toBeLessThan(600_000)
  })

  it('prints the same in English, the Chinese title beside the English one', async () => {
    const { text } = await pdf(REPORTS_API.tearSheet(artwork), 'tearSheet', 'en')
    for (const words of [
      'Artwork tear sheet',
      'Spring River, Flowers and Moonlit Night II',
      '春江花月夜之二',
      'Provenance',
      'Private collection, Taipei',
      'Exhibitions',
      'Water and Light',
      'Valuation history',
      'HKD 3,650,000.50',
      '30 Jun 2025',
      'Appraisal',
      'Page 1',
    ])
      expect(text).toContain(words)
    expect(text).not.toContain('流传经历')
  })

  it('is 404 for an unknown artwork, worded in both languages', async () => {
    const en = await refused(REPORTS_API.tearSheet(randomUUID()), 'tearSheet', 'en')
    expect(en).toMatchObject({ status: 404, code: 404, msg: 'No such record' })
    const zh = await refused(REPORTS_API.tearSheet(randomUUID()), 'tearSheet', 'zh-CN')
    expect(zh).toMatchObject({ status: 404, code: 404, msg: '记录不存在' })
    expect((await refused('/api/reports/artworks/not-an-id/tear-sheet.pdf', 'tearSheet', 'en')).code).toBe(
      400,
    )
  })
})

describe('a condition report', () => {
  it('prints the hand-over, its condition, notes and photograph in both languages', async () => {
    const url = REPORTS_API.conditionReport(artwork, conditionKey)
    const zh = flat((await pdf(url, 'condition', 'zh-CN')).text)
    for (const words of [
      '品相报告',
      '起运',
      '品相有异常',
      '画框左下角有划痕',
      '春江花月夜之二',
      '2026年3月2日',
      '运输',
    ])
      expect(zh).toContain(words)
    const { text } = await pdf(url, 'condition', 'en')
    for (const words of [
      'Condition report',
      'Departure',
      'Condition not as expected',
      'Scratch on the lower left of the frame',
      'The same report covers 1 other artwork',
      'crate.jpg',
      '2 Mar 2026',
    ])
      expect(text).toContain(words)
    const images = execFileSync('pdfimages', ['-list', path.join(tmp, `r${fileNo}.pdf`)], {
      encoding: 'utf8',
    })
    expect(images).toMatch(/^\s*1\s+\d+\s+image/m)
  })

  it('is 404 for a report the artwork does not have, 400 for a malformed one', async () => {
    const unknown = await refused(
      REPORTS_API.conditionReport(artwork, `${randomUUID()}:3`),
      'condition',
      'zh-CN',
    )
    expect(unknown).toMatchObject({ status: 404, msg: '记录不存在' })
    const otherArtwork = await refused(
      REPORTS_API.conditionReport(randomUUID(), conditionKey),
      'condition',
      'en',
    )
    expect(otherArtwork).toMatchObject({ status: 404, msg: 'No such record' })
    const bad = await refused(REPORTS_API.conditionReport(artwork, 'nonsense'), 'condition', 'en')
    expect(bad.status).toBe(400)
  })
})

describe('the insurance schedule', () => {
  it('lists the covered artworks with their insured amounts and the total, in both languages', async () => {
    const zh = flat((await pdf(REPORTS_API.insuranceSchedule(policyId), 'schedule', 'zh-CN')).text)
    for (const words of [
      '保险承保清单',
      '中国平安财产保险',
      '富春山居图（临本）',
      '约定保额',
      '合计',
      'CNY900,000.00',
    ])
      expect(zh).toContain(words)
    const { text, res } = await pdf(REPORTS_API.insuranceSchedule(policyId), 'schedule', 'en')
    expect(res.headers.get('x-artwork-count')).toBe('3')
    for (const words of ['Insurance schedule', 'Insured amount', 'Total', 'CNY 900,000.00'])
      expect(text).toContain(words)
    expect(text).toMatch(/Test work \d+/)
  })

  it('streams a policy of 1,000 artworks: every row, the total, many pages', async () => {
    const { text } = await pdf(REPORTS_API.insuranceSchedule(bigPolicyId), 'schedule', 'en')
    const numbers = new Set(text.match(/RS-\d{4}/g))
    expect(numbers.size).toBe(1000)
    expect(text).toContain('EUR 1,000,000.00')
    expect(text).toContain('Schedule work 1000')
    expect(text).toMatch(/Page 2\d/)
  })

  it('is 404 for an unknown policy', async () => {
    const zh = await refused(REPORTS_API.insuranceSchedule(randomUUID()), 'schedule', 'zh-CN')
    expect(zh).toMatchObject({ status: 404, msg: '记录不存在' })
  })
})

describe('the stocktake report', () => {
  it('gives the count and each artwork’s result, in both languages', async () => {
    const zh = flat((await pdf(REPORTS_API.stocktake(stocktakeId), 'stocktake', 'zh-CN')).text)
    for (const words of [
      '库房盘点报告',
      '千里江山图（局部）',
      '已找到',
      '缺失',
      'WangFang,LiWei',
      '2026年3月2日',
    ])
      expect(zh).toContain(words)
    const { text } = await pdf(REPORTS_API.stocktake(stocktakeId), 'stocktake', 'en')
    for (const words of ['Stocktake report', 'Found', 'Missing', '2 Mar 2026']) expect(text).toContain(words)
    expect(text).toMatch(/Room R\d+/)
    expect(text.match(/Test work \d+/g)?.length).toBe(3)
  })

  it('is 404 for a process that is not a stocktake', async () => {
    const notStocktake = (await f.t.deps.database.raw(
      `select id from processes where type <> 'INVENTORY_CHECK' limit 1`,
    )) as { id: string }[]
    const res = await refused(REPORTS_API.stocktake(notStocktake[0].id), 'stocktake', 'en')
    expect(res).toMatchObject({ status: 404, msg: 'No such record' })
  })
})

describe('the collection summary', () => {
  it('counts and values the collection per currency by location, medium and status', async () => {
    await f.t.deps.database.raw(
      `insert into exchange_rates (base, quote, "on", rate) values ('HKD', 'CNY', '2025-01-01', 0.92)
       on conflict do nothing`,
    )
    const zh = flat((await pdf(REPORTS_API.collectionSummary, 'summary', 'zh-CN', f.tokens.registrar)).text)
    for (const words of [
      '藏品概要',
      '按位置',
      '按创作媒介',
      '按状态',
      '布面油画',
      'HKD3,650,000.50',
      '所用汇率',
      '1HKD=0.92CNY',
    ])
      expect(zh).toContain(words)
    const { text } = await pdf(REPORTS_API.collectionSummary, 'summary', 'en', outsider)
    for (const words of [
      'Collection summary',
      'By location',
      'By medium',
      'By status',
      'In the collection',
      'HKD 3,650,000.50',
      // 3,650,000.50 HKD at 0.92, in the reporting currency (CNY by default)
      'CNY 3,358,000.46',
      'Rates used',
    ])
      expect(text).toContain(words)
  })
})

describe('privileges', () => {
  it('refuses each report to users without the privilege of its screen (4031), in their language', async () => {
    const cases: [string, string][] = [
      [REPORTS_API.tearSheet(artwork), 'tearSheet'],
      [REPORTS_API.conditionReport(artwork, conditionKey), 'condition'],
      [REPORTS_API.insuranceSchedule(policyId), 'schedule'],
      [REPORTS_API.stocktake(stocktakeId), 'stocktake'],
    ]
    for (const [url, kind] of cases) {
      const res = await fetchReport(url, kind, 'en', outsider)
      expect(res.res.status, url).toBe(403)
      expect(JSON.parse(res.bytes.toString('utf8')).code).toBe(4031)
    }
    const zh = await refused(REPORTS_API.collectionSummary, 'summary', 'zh-CN', f.tokens.viewer)
    expect(zh).toMatchObject({ status: 403, code: 4031, msg: '您的系统权限不足，无法使用该功能' })
    const anonymous = await f.t.app.request(REPORTS_API.tearSheet(artwork))
    expect(anonymous.status).toBe(403)
  })
})
