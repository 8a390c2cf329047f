// Excel through the API: the template in both languages, an import of 2,000 artworks with three bad rows
// (each listed exactly, nothing written, the import refused until the bad rows are fixed or skipped), the
// clean import, records sheets, wrong files, and the export of a search imported back as a bulk edit.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAIN_COLUMNS, RECORD_SHEETS } from '../../src/server/modules/artworks/excel-columns'
import { importsSettled } from '../../src/server/modules/artworks/excel-import'
import type { CreateArtworkInput } from '../../src/shared/artwork-rules'
import { cfb } from '../fixtures/file-samples'
import {
  countRows,
  fullRecord,
  type Media,
  type RefIds,
  referenceIds,
  upload,
  uploadMedia,
} from './artworks-fixtures'
import { createTestContext, type TestContext } from './helpers'

let t: TestContext
let registrar: string
let viewer: string
let ids: RefIds
let media: Media
const H = { 'x-system-name': 'artworkArchive' }

beforeAll(async () => {
  t = await createTestContext()
  registrar = await t.login('registrar')
  viewer = await t.login('viewer')
  ids = await referenceIds(t)
  media = await uploadMedia(t, registrar)
})
afterAll(async () => {
  await importsSettled() // a failed test must not leave a job writing into a closed database
  await t?.close()
})

const EN_HEADERS = Object.fromEntries(MAIN_COLUMNS.map((c) => [c.key, c.en]))

/** A workbook with the English headers and the given rows (column key → cell). */
async function workbook(
  rows: Record<string, string | number>[],
  extra: Record<string, Record<string, string>[]> = {},
) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Artworks')
  const keys = MAIN_COLUMNS.filter((c) => !c.readOnly).map((c) => c.key)
  ws.addRow(keys.map((k) => EN_HEADERS[k]))
  for (const r of rows) ws.addRow(keys.map((k) => r[k] ?? ''))
  for (const [kind, entries] of Object.entries(extra)) {
    const sheet = RECORD_SHEETS[kind as keyof typeof RECORD_SHEETS]
    const s = wb.addWorksheet(sheet.en)
    s.addRow(sheet.columns.map((c) => c.en))
    for (const e of entries) s.addRow(sheet.columns.map((c) => e[c.key] ?? ''))
  }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

function row(n: number, overrides: Record<string, string | number> = {}) {
  return {
    inventoryNo: `IMP-${String(n).padStart(5, '0')}`,
    titleZh: `导入作品 ${n}`,
    titleEn: `Imported work ${n}`,
    artistZh: n % 2 ? '林风眠' : '吴冠中',
    artistEn: n % 2 ? 'Lin Fengmian' : 'Wu Guanzhong',
    creationTime: '1980s',
    pictureSize: `${40 + (n % 50)} × ${60 + (n % 30)} cm`,
    signed: n % 3 ? 'Yes' : 'No',
    signaturePosition: n % 3 ? 'lower right' : '',
    signatureContent: n % 3 ? 'Lin' : '',
    medium: n % 2 ? 'Ink on paper' : '纸本设色',
    period: 'Post-war (1950–1979)',
    labels: n % 5 ? '' : 'Core holding; 经出版著录',
    buyYear: 2000 + (n % 20),
    packaging: 'Wooden crate',
    actualWeight: '3.5',
    inWarehouse: 'Yes',
    room: 'SH-FTZ',
    ...overrides,
  }
}

async function waitFor(jobId: string, token = registrar) {
  for (let i = 0; i < 600; i++) {
    const res = await t.call('GET', `/api/artworks/import/${jobId}`, { token, headers: H })
    expect(res.code, res.msg).toBe(0)
    if (res.data.status !== 'checking' && res.data.status !== 'importing') return res.data
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('import job did not finish')
}

async function startImport(bytes: Buffer, name = 'artworks.xlsx') {
  const file = await upload(t, registrar, 'excel', bytes, name)
  const res = await t.call('POST', '/api/artworks/import', {
    token: registrar,
    headers: H,
    body: { fileId: file.id },
  })
  expect(res.code, res.msg).toBe(0)
  return waitFor(res.data.id)
}

async function commit(jobId: string, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', `/api/artworks/import/${jobId}/commit`, {
    token: registrar,
    headers: H,
    body,
  })
  if (res.code !== 0) return res
  return { ...res, data: await waitFor(jobId) }
}

async function download(path: string, token = registrar) {
  const res = await t.app.request(path, { headers: { 'x-auth-token': token, 'accept-language': 'en', ...H } })
  const body = Buffer.from(await res.arrayBuffer())
  return { res, body }
}

async function readBook(body: Buffer) {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(body as unknown as ArrayBuffer)
  return wb
}

describe('the template', () => {
  it('comes in Chinese and in English with the import columns and the options to pick from', async () => {
    for (const [lang, sheet, first, option] of [
      ['zh-CN', '作品', '库存编号*', '布面油画'],
      ['en', 'Artworks', 'Inventory number*', 'Oil on canvas'],
    ]) {
      const { res, body } = await download(`/api/artworks/template?lang=${lang}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('spreadsheetml')
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; /)
      const wb = await readBook(body)
      const ws = wb.getWorksheet(sheet)!
      expect(ws.getRow(1).getCell(1).value).toBe(first)
      expect(ws.getRow(1).cellCount).toBe(MAIN_COLUMNS.length)
      expect(ws.rowCount).toBe(1)
      expect(wb.worksheets.map((w) => w.name)).toHaveLength(7)
      const options = wb.worksheets[5]
      const values: unknown[] = []
      options.eachRow((r) => r.eachCell((c) => values.push(c.value)))
      expect(values).toContain(option)
    }
  })

  it('is refused to a viewer (4031)', async () => {
    const { res } = await download('/api/artworks/template', viewer)
    expect(res.status).toBe(403)
    const json = await t.call('POST', '/api/artworks/import', {
      token: viewer,
      headers: H,
      body: { fileId: media.front },
    })
    expect(json.code).toBe(4031)
  })
})

describe('import', () => {
  it('lists exactly the three bad rows of 2,000, writes nothing, then imports the fixed sheet in one go', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => row(i + 1))
    rows[99] = row(100, { period: 'Bronze Age' }) // Excel row 101
    rows[699] = row(700, { buyYear: '19x9' }) // Excel row 701
    rows[1499] = row(1500, { inventoryNo: 'IMP-00007' }) // Excel row 1501, a duplicate of row 8
    const before = await countRows(t, 'artworks')
    const artistsAtStart = await countRows(t, 'artists')
    const job = await startImport(await workbook(rows))
    expect(job).toMatchObject({
      status: 'checked',
      totalRows: 2000,
      validRows: 1997,
      toCreate: 1997,
      errorCount: 3,
    })
    expect(job.errors).toEqual([
      {
        sheet: 'Artworks',
        row: 101,
        column: 'Period',
        reason: '"Bronze Age": Not one of the allowed values',
      },
      { sheet: 'Artworks', row: 701, column: 'Buy year', reason: '"19x9": Digits only' },
      {
        sheet: 'Artworks',
        row: 1501,
        column: 'Inventory number',
        reason: '"IMP-00007": This inventory number appears more than once in the file',
      },
    ])
    const refused = await commit(job.id)
    expect(refused.status).toBe(400)
    expect(refused.msg).toBe(
      'Rows with errors: 3. Fix them and import again, or confirm importing only the valid rows',
    )
    expect(await countRows(t, 'artworks')).toBe(before)
    expect(await countRows(t, 'artists')).toBe(artistsAtStart)

    // the same check in Chinese
    const zh = await t.call('GET', `/api/artworks/import/${job.id}`, {
      token: registrar,
      headers: H,
      lang: 'zh-CN',
    })
    expect(zh.data.errors[0]).toEqual({
      sheet: '作品',
      row: 101,
      column: '创作时期',
      reason: '“Bronze Age”：不在可选项中',
    })

    rows[99] = row(100)
    rows[699] = row(700)
    rows[1499] = row(1500)
    const clean = await startImport(await workbook(rows))
    expect(clean).toMatchObject({
      status: 'checked',
      errorCount: 0,
      validRows: 2000,
      toCreate: 2000,
      toUpdate: 0,
    })
    const artistsBefore = await countRows(t, 'artists')
    const done = await commit(clean.id)
    expect(done.code, done.msg).toBe(0)
    expect(done.data).toMatchObject({ status: 'done', createdCount: 2000, updatedCount: 0 })
    expect(await countRows(t, 'artworks')).toBe(before + 2000)
    expect(await countRows(t, 'artists')).toBe(artistsBefore + 2)
    expect(await countRows(t, `artwork_history where action = 'import'`)).toBe(2000)

    const found = await t.call('GET', '/api/artworks?keyword=IMP-00100', { token: viewer, headers: H })
    expect(found.data.list[0]).toMatchObject({
      titleEn: 'Imported work 100',
      artistName: 'Wu Guanzhong',
      sizeText: '40 × 70 cm',
      buyYear: 2000,
      inWarehouse: true,
      roomId: ids.roomShanghai,
      previewFileId: null,
    })
    const detail = await t.call('GET', `/api/artworks/${found.data.list[0].id}`, {
      token: viewer,
      headers: H,
    })
    expect(detail.data.origin).toEqual({
      kind: 'import',
      processId: null,
      processType: null,
      contractNo: null,
    })
    expect(detail.data.record).toMatchObject({
      labelTagIds: [ids.core, ids.published].sort((a, b) => a - b),
      signature: { signed: true, position: 'lower right', content: 'Lin' },
      packagingType: 'WOODEN_CRATE',
      actualWeight: '3.5',
    })
    const missing = await t.call('GET', '/api/artworks?keyword=IMP&missingPreview=true&pageSize=1', {
      token: viewer,
      headers: H,
    })
    expect(missing.data.total).toBe(2000)

    // a job is done once: committing again is refused
    expect((await commit(clean.id)).code).toBe(409)
  }, 120_000)

  it('imports only the valid rows when the user confirms skipping the bad ones', async () => {
    const before = await countRows(t, 'artworks')
    const job = await startImport(
      await workbook([row(5001), row(5002, { signed: 'perhaps', period: 'Bronze Age' }), row(5003)]),
    )
    // one bad row with two bad cells: one row to correct, each cell listed with the value it holds
    expect(job).toMatchObject({ totalRows: 3, validRows: 2, errorCount: 1 })
    expect(job.errors).toEqual([
      { sheet: 'Artworks', row: 3, column: 'Signed', reason: '"perhaps": Write Yes or No' },
      { sheet: 'Artworks', row: 3, column: 'Period', reason: '"Bronze Age": Not one of the allowed values' },
    ])
    expect((await commit(job.id)).msg).toBe(
      'Rows with errors: 1. Fix them and import again, or confirm importing only the valid rows',
    )
    const done = await commit(job.id, { skipInvalid: true })
    expect(done.data).toMatchObject({ status: 'done', createdCount: 2 })
    expect(await countRows(t, 'artworks')).toBe(before + 2)
  })

  it('checks the records sheets row by row and links entries by inventory number', async () => {
    const job = await startImport(
      await workbook([row(6001), row(6002)], {
        exhibitions: [
          { inventoryNo: 'IMP-06001', date: '2019-03', titleEn: 'Ink Now', placeEn: 'Hong Kong Arts Centre' },
          { inventoryNo: 'IMP-06002', date: '2019-13', titleEn: 'Bad month' },
          { inventoryNo: 'IMP-09999', date: '2019', titleEn: 'Nobody' },
        ],
        literature: [
          {
            inventoryNo: 'IMP-06001',
            date: '2020',
            literatureType: 'Journal article',
            titleEn: 'Ink Quarterly',
          },
        ],
      }),
    )
    expect(job.errors).toEqual([
      {
        sheet: 'Exhibitions',
        row: 3,
        column: 'Date',
        reason: '"2019-13": Dates are written yyyy, yyyy-MM or yyyy-MM-dd',
      },
      {
        sheet: 'Exhibitions',
        row: 4,
        column: 'Inventory number',
        reason: '"IMP-09999": No row of the artworks sheet has this inventory number',
      },
    ])
    expect(job.validRows).toBe(1)
    const done = await commit(job.id, { skipInvalid: true })
    expect(done.data.createdCount).toBe(1)
    const found = await t.call('GET', '/api/artworks?keyword=IMP-06001', { token: viewer, headers: H })
    const detail = await t.call('GET', `/api/artworks/${found.data.list[0].id}`, {
      token: viewer,
      headers: H,
    })
    expect(detail.data.record.exhibitions).toEqual([
      expect.objectContaining({ date: '2019-03', titleEn: 'Ink Now' }),
    ])
    expect(detail.data.record.literature).toEqual([
      expect.objectContaining({ literatureType: 'JOURNAL', titleEn: 'Ink Quarterly' }),
    ])
  })

  it('reports a missing required column, an empty sheet and a file that is not xlsx', async () => {
    const wb = new ExcelJS.Workbook()
    wb.addWorksheet('Artworks').addRow(['Inventory number', 'Title (English)'])
    wb.getWorksheet('Artworks')!.addRow(['X-1', 'No period'])
    const job = await startImport(Buffer.from(await wb.xlsx.writeBuffer()))
    expect(job.errors).toEqual([
      { sheet: 'Artworks', row: 1, column: 'Signed', reason: 'Missing column: Signed' },
      { sheet: 'Artworks', row: 1, column: 'Period', reason: 'Missing column: Period' },
    ])
    expect(job.validRows).toBe(0)
    expect((await commit(job.id, { skipInvalid: true })).msg).toBe('There are no valid rows to import')

    const empty = await startImport(await workbook([]))
    expect(empty.errors).toEqual([
      { sheet: 'Artworks', row: 2, column: '', reason: 'The file has no data rows' },
    ])

    const xls = await upload(t, registrar, 'excel', cfb(['Workbook']), 'old.xls')
    const res = await t.call('POST', '/api/artworks/import', {
      token: registrar,
      headers: H,
      body: { fileId: xls.id },
    })
    expect(res.status).toBe(415)
    expect(res.msg).toBe('Incorrect file format')
    const unknown = await t.call('POST', '/api/artworks/import', {
      token: registrar,
      headers: H,
      body: { fileId: '00000000-0000-4000-8000-000000000000' },
    })
    expect(unknown.code).toBe(404)
  })
})

describe('export', () => {
  let created: { id: string; input: CreateArtworkInput }[]
  beforeAll(async () => {
    created = []
    for (const n of [1, 2, 3]) {
      const input = fullRecord(ids, media, null, {
        inventoryNo: `EXP-${n}`,
        titleZh: `出口测试${n}`,
        titleEn: `Export test ${n}`,
        media: [
          {
            fileId: [media.front, media.detail, media.front][n - 1],
            kind: 'image',
            picType: 'FRONT',
            isPreview: true,
            caption: '',
          },
        ],
        zipFileId: null,
      })
      if (n === 3)
        input.media = [
          { fileId: media.detail, kind: 'image', picType: 'DETAIL', isPreview: true, caption: '' },
        ]
      const res = await t.call('POST', '/api/artworks', { token: registrar, headers: H, body: input })
      expect(res.code, JSON.stringify(res.data)).toBe(0)
      created.push({ id: res.data.id, input })
    }
  })

  it('writes the search with the template columns and imports back unchanged (a no-op)', async () => {
    for (const lang of ['en', 'zh-CN']) {
      const { res, body } = await download(
        `/api/artworks/export?keyword=EXP&sort=inventoryNo&order=asc&lang=${lang}`,
      )
      expect(res.status).toBe(200)
      const wb = await readBook(body)
      const main = wb.worksheets[0]
      expect(main.rowCount).toBe(4)
      expect(main.getRow(2).getCell(1).value).toBe('EXP-1')
      expect(wb.worksheets[1].rowCount).toBe(4) // one exhibition each
      const before = await Promise.all(
        created.map((c) => t.call('GET', `/api/artworks/${c.id}`, { token: viewer, headers: H })),
      )
      const job = await startImport(body, `export-${lang}.xlsx`)
      expect(job).toMatchObject({ status: 'checked', errorCount: 0, toCreate: 0, toUpdate: 3 })
      const done = await commit(job.id)
      expect(done.data).toMatchObject({ status: 'done', createdCount: 0, updatedCount: 0 })
      const after = await Promise.all(
        created.map((c) => t.call('GET', `/api/artworks/${c.id}`, { token: viewer, headers: H })),
      )
      after.forEach((a, i) => {
        expect(a.data.record).toEqual(before[i].data.record)
        expect(a.data.version).toBe(before[i].data.version)
      })
    }
  })

  it('takes an edited export back as a bulk edit, kept in each artwork’s history', async () => {
    const { body } = await download('/api/artworks/export?keyword=EXP&sort=inventoryNo&order=asc')
    const wb = await readBook(body)
    const main = wb.worksheets[0]
    const titleCol = MAIN_COLUMNS.findIndex((c) => c.key === 'titleEn') + 1
    main.getRow(3).getCell(titleCol).value = 'Export test 2, retitled'
    const exhibitions = wb.worksheets[1]
    exhibitions.spliceRows(2, 1) // EXP-1 loses its exhibition
    const job = await startImport(Buffer.from(await wb.xlsx.writeBuffer()))
    expect(job, JSON.stringify(job)).toMatchObject({ errorCount: 0, toUpdate: 3 })
    const done = await commit(job.id)
    expect(done.data).toMatchObject({ status: 'done', updatedCount: 2 })
    const two = await t.call('GET', `/api/artworks/${created[1].id}/history?pageSize=1`, {
      token: viewer,
      headers: H,
    })
    expect(two.data.list[0]).toMatchObject({
      action: 'import',
      changes: [{ field: 'titleEn', old: 'Export test 2', new: 'Export test 2, retitled' }],
    })
    const one = await t.call('GET', `/api/artworks/${created[0].id}`, { token: viewer, headers: H })
    expect(one.data.record.exhibitions).toEqual([])
    expect(one.data.record.media).toHaveLength(1) // images untouched by the sheet
  })

  it('does not overwrite an artwork changed after the check, and writes nothing', async () => {
    const { body } = await download('/api/artworks/export?keyword=EXP&sort=inventoryNo&order=asc')
    const wb = await readBook(body)
    const titleCol = MAIN_COLUMNS.findIndex((c) => c.key === 'titleEn') + 1
    wb.worksheets[0].getRow(2).getCell(titleCol).value = 'From the sheet'
    const job = await startImport(Buffer.from(await wb.xlsx.writeBuffer()))
    expect(job).toMatchObject({ status: 'checked', errorCount: 0, toUpdate: 3 })
    // meanwhile someone saves EXP-3 through the form
    const three = await t.call('GET', `/api/artworks/${created[2].id}`, { token: registrar, headers: H })
    const saved = await t.call('PUT', `/api/artworks/${created[2].id}`, {
      token: registrar,
      headers: H,
      body: {
        ...three.data.record,
        remarkEn: 'Checked by the conservator',
        expectedVersion: three.data.version,
      },
    })
    expect(saved.code, JSON.stringify(saved.data)).toBe(0)
    const done = await commit(job.id)
    expect(done.data).toMatchObject({
      status: 'failed',
      failure: 'Import failed',
      errors: [
        {
          sheet: 'Artworks',
          row: 4,
          column: '',
          reason: 'This artwork changed after the check: import the file again',
        },
      ],
    })
    const one = await t.call('GET', `/api/artworks/${created[0].id}`, { token: viewer, headers: H })
    expect(one.data.titleEn).toBe('Export test 1')
  })

  it('is refused to a viewer (4031)', async () => {
    const { res, body } = await download('/api/artworks/export', viewer)
    expect(res.status).toBe(403)
    expect(JSON.parse(body.toString()).code).toBe(4031)
  })
})
