// Heavy work and uploads through the API, on the demo collection: a workbook that unpacks to far more than
// the limit (a shared-string bomb) refused at the upload and by the import job before it is fully inflated,
// a cell over Excel's own limit refused, imports over the server's cap waiting their turn in line, heavy
// downloads capped per user and overall (429) while the event loop keeps answering, and formula-like text
// exported with a leading apostrophe that the import takes off again.
import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZipFile } from 'yazl'
import { MAIN_COLUMNS } from '../../src/server/modules/artworks/excel-columns'
import { importsSettled } from '../../src/server/modules/artworks/excel-import'
import { fullRecord, referenceIds, upload, uploadMedia } from './artworks-fixtures'
import { createTestContext, type TestContext } from './helpers'

let t: TestContext
let registrar: string
let operations: string
let admin: string
const H = { 'x-system-name': 'artworkArchive' }

beforeAll(async () => {
  t = await createTestContext({
    collection: true,
    env: { VITRINE_IMPORTS_AT_ONCE: '2', VITRINE_HEAVY_JOBS: '2', VITRINE_HEAVY_JOBS_PER_USER: '1' },
  })
  registrar = await t.login('registrar')
  operations = await t.login('operations')
  admin = await t.login('admin')
}, 180_000)
afterAll(async () => {
  await importsSettled()
  await t?.close()
})

const MB = 1024 * 1024
const EN_HEADERS = Object.fromEntries(MAIN_COLUMNS.map((c) => [c.key, c.en]))

/** The parts of a one-sheet workbook around a shared-strings part streamed from `strings`. */
async function packageWith(strings: () => AsyncIterable<string>): Promise<Buffer> {
  const zip = new ZipFile()
  const part = (name: string, xml: string) => zip.addBuffer(Buffer.from(xml), name)
  part(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
  )
  part(
    '_rels/.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  )
  part(
    'xl/workbook.xml',
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Artworks" sheetId="1" r:id="rId1"/></sheets></workbook>',
  )
  part(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
  )
  part(
    'xl/worksheets/sheet1.xml',
    '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
  )
  zip.addReadStream(Readable.from(strings()), 'xl/sharedStrings.xml')
  zip.end()
  const out: Buffer[] = []
  for await (const chunk of zip.outputStream) out.push(chunk as Buffer)
  return Buffer.concat(out)
}

/** A shared-string bomb: `mb` megabytes of short strings (well compressed: a few hundred kilobytes). */
function bomb(mb: number): Promise<Buffer> {
  const item = `<si><t>${'a'.repeat(1000)}</t></si>`.repeat(1000) // about 1 MB
  return packageWith(async function* () {
    yield '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    for (let i = 0; i < mb; i++) yield item
    yield '</sst>'
  })
}

/** The same package with the shared strings' size in the central directory claimed to be 1,000 bytes. */
function lyingAboutSize(zip: Buffer): Buffer {
  const out = Buffer.from(zip)
  const name = Buffer.from('xl/sharedStrings.xml')
  for (let at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; ) {
    const nameLength = out.readUInt16LE(at + 28)
    if (out.subarray(at + 46, at + 46 + nameLength).equals(name)) out.writeUInt32LE(1000, at + 24)
    at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
  }
  return out
}

async function uploadRaw(bytes: Buffer, purpose = 'excel', lang = 'en') {
  const form = new FormData()
  form.append('purpose', purpose)
  form.append('file', new Blob([new Uint8Array(bytes)]), 'bomb.xlsx')
  return t.call('POST', '/api/file/upload', { token: registrar, body: form, lang })
}

async function artworkCount(): Promise<number> {
  const rows = (await t.deps.database.raw('select count(*)::text as n from artworks')) as { n: string }[]
  return Number(rows[0].n)
}

async function stillAnswering() {
  const me = await t.call('GET', '/api/auth/me', { token: admin })
  expect(me.status).toBe(200)
  expect(me.code).toBe(0)
}

async function waitFor(jobId: string) {
  for (let i = 0; i < 900; i++) {
    const res = await t.call('GET', `/api/artworks/import/${jobId}`, { token: registrar, headers: H })
    expect(res.code, res.msg).toBe(0)
    if (res.data.status !== 'checking' && res.data.status !== 'importing') return res.data
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('import job did not finish')
}

describe('an Excel file that unpacks too far', () => {
  it('is refused at the upload (413, both languages) from its declared sizes, nothing stored', async () => {
    const bytes = await bomb(120)
    expect(bytes.length).toBeLessThan(3 * MB)
    const before = await artworkCount()
    const en = await uploadRaw(bytes)
    expect(en.status).toBe(413)
    expect(en.msg).toBe(
      'Import failed: the Excel file unpacks to more than 50 MB (at most 40 MB a part); nothing was imported',
    )
    const zh = await uploadRaw(bytes, 'excel', 'zh-CN')
    expect(zh.status).toBe(413)
    expect(zh.msg).toContain('解压后超过 50 MB')
    expect(await artworkCount()).toBe(before)
    await stillAnswering()
  })

  it('is refused while inflating when its header lies about the size: at the upload and by the import', async () => {
    const bytes = lyingAboutSize(await bomb(300))
    const before = await artworkCount()
    const refused = await uploadRaw(bytes)
    expect(refused.status).toBe(413)
    expect(refused.msg).toContain('unpacks to more than 50 MB')
    await stillAnswering()
    // An attachment is stored as it is; importing it meets the same limit in the job, before the parser.
    const stored = await uploadRaw(bytes, 'attachment')
    expect(stored.code, stored.msg).toBe(0)
    const start = await t.call('POST', '/api/artworks/import', {
      token: registrar,
      headers: H,
      body: { fileId: stored.data.id },
    })
    expect(start.code, start.msg).toBe(0)
    await stillAnswering()
    const job = await waitFor(start.data.id)
    expect(job).toMatchObject({ status: 'failed', totalRows: 0, validRows: 0 })
    expect(job.failure).toContain('unpacks to more than 50 MB')
    expect(await artworkCount()).toBe(before)
  })

  it('refuses a cell over Excel’s 32,767-character limit (400) and takes one at the limit', async () => {
    const book = async (length: number) => {
      const wb = new ExcelJS.Workbook()
      const ws = wb.addWorksheet('Artworks')
      ws.addRow([EN_HEADERS.inventoryNo, EN_HEADERS.remarkEn])
      ws.addRow(['LONG-1', 'x'.repeat(length)])
      return Buffer.from(await wb.xlsx.writeBuffer())
    }
    const over = await uploadRaw(await book(32_768))
    expect(over.status).toBe(400)
    expect(over.msg).toBe(
      'Import failed: a cell of the Excel file holds more than 32767 characters (Excel’s own cell limit); nothing was imported',
    )
    const zh = await uploadRaw(await book(40_000), 'excel', 'zh-CN')
    expect(zh.status).toBe(400)
    expect(zh.msg).toContain('超过 32767 个字符')
    const at = await uploadRaw(await book(32_767))
    expect(at.code, at.msg).toBe(0)
  })
})

/** A valid artwork row of the import sheet (the template's words for the options). */
function row(prefix: string, n: number): Record<string, string | number> {
  return {
    inventoryNo: `${prefix}-${String(n).padStart(4, '0')}`,
    titleZh: `排队导入 ${n}`,
    titleEn: `Queued import ${n}`,
    artistZh: '林风眠',
    artistEn: 'Lin Fengmian',
    creationTime: '1980s',
    pictureSize: '40 × 60 cm',
    signed: 'No',
    medium: 'Ink on paper',
    period: 'Post-war (1950–1979)',
    buyYear: 2001,
    packaging: 'Wooden crate',
    inWarehouse: 'Yes',
    room: 'SH-FTZ',
  }
}

async function sheetOf(rows: Record<string, string | number>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Artworks')
  const keys = MAIN_COLUMNS.filter((c) => !c.readOnly).map((c) => c.key)
  ws.addRow(keys.map((k) => EN_HEADERS[k]))
  for (const r of rows) ws.addRow(keys.map((k) => r[k] ?? ''))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

describe('imports over the server’s cap', () => {
  it('wait in line (showing how many are ahead) and all three finish correctly with two at once', async () => {
    const files = await Promise.all(
      ['QA', 'QB', 'QC'].map(async (prefix) => {
        const bytes = await sheetOf(Array.from({ length: 300 }, (_, i) => row(prefix, i + 1)))
        return upload(t, registrar, 'excel', bytes, `${prefix}.xlsx`)
      }),
    )
    const before = await artworkCount()
    const started = await Promise.all(
      files.map((f) =>
        t.call('POST', '/api/artworks/import', { token: registrar, headers: H, body: { fileId: f.id } }),
      ),
    )
    for (const s of started) expect(s.code, s.msg).toBe(0)
    // the third waits behind the two that run
    expect(Math.max(...started.map((s) => s.data.waitingAhead))).toBe(2)
    const checked = await Promise.all(started.map((s) => waitFor(s.data.id)))
    for (const job of checked)
      expect(job).toMatchObject({ status: 'checked', errorCount: 0, toCreate: 300, waitingAhead: 0 })
    const commits = await Promise.all(
      checked.map((job) =>
        t.call('POST', `/api/artworks/import/${job.id}/commit`, { token: registrar, headers: H, body: {} }),
      ),
    )
    for (const c of commits) expect(c.code, c.msg).toBe(0)
    const done = await Promise.all(checked.map((job) => waitFor(job.id)))
    for (const job of done) expect(job).toMatchObject({ status: 'done', createdCount: 300 })
    expect(await artworkCount()).toBe(before + 900)
    expect(t.deps.heavy.imports.peak).toBe(2)
  })
})

function get(path: string, token: string, lang = 'en') {
  return t.app.request(path, {
    headers: { 'x-auth-token': token, 'accept-language': lang, 'x-system-name': 'artworkArchive' },
  })
}

describe('heavy downloads', () => {
  it('are capped at one per user and two on the server (429, both languages), freed when they end', async () => {
    const first = await get('/api/artworks/export?sort=inventoryNo&order=asc', registrar)
    expect(first.status).toBe(200)
    const again = await get('/api/artworks/export?sort=inventoryNo&order=asc', registrar)
    expect(again.status).toBe(429)
    expect((await again.json()).msg).toBe(
      'Another export of yours is still running; try again when it finishes',
    )
    const againZh = await get('/api/artworks/export?sort=inventoryNo&order=asc', registrar, 'zh-CN')
    expect((await againZh.json()).msg).toBe('您的另一项导出仍在进行，请在其完成后再试')
    // a label sheet is heavy work of the same kind: the second slot of the server
    const some = (await t.deps.database.raw('select id from artworks order by inventory_no limit 500')) as {
      id: string
    }[]
    const labels = await t.app.request('/api/labels/artworks.pdf', {
      method: 'POST',
      body: JSON.stringify({ ids: some.map((a) => a.id) }),
      headers: {
        'x-auth-token': operations,
        'accept-language': 'en',
        'x-system-name': 'devOpsManage',
        'content-type': 'application/json',
      },
    })
    expect(labels.status).toBe(200)
    const third = await get('/api/artworks/export?sort=inventoryNo&order=asc', admin)
    expect(third.status).toBe(429)
    expect((await third.json()).msg).toBe(
      'Another export is running on the server; try again when it finishes',
    )
    expect(t.deps.heavy.downloads.running).toBe(2)
    // read to the end (the workbook is whole) or gone away: the slots come back
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await first.arrayBuffer()) as ArrayBuffer)
    expect(wb.worksheets[0].rowCount).toBe((await artworkCount()) + 1)
    await labels.body?.cancel()
    expect(t.deps.heavy.downloads.running).toBe(0)
    const after = await get('/api/artworks/export?keyword=QA-0001', admin)
    expect(after.status).toBe(200)
    await after.arrayBuffer()
  })

  it('leave the server answering: /api/auth/me is answered while the whole collection exports', async () => {
    const res = await get('/api/artworks/export?sort=inventoryNo&order=asc', registrar)
    expect(res.status).toBe(200)
    let finished = false
    const body = res.arrayBuffer().then((b) => {
      finished = true
      return b
    })
    const me = await t.call('GET', '/api/auth/me', { token: admin })
    expect(me.code).toBe(0)
    expect(finished).toBe(false)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await body) as ArrayBuffer)
    expect(wb.worksheets[0].rowCount).toBe((await artworkCount()) + 1)
  })
})

describe('formula-like text', () => {
  it('exports with a leading apostrophe and imports back unchanged', async () => {
    const ids = await referenceIds(t)
    const media = await uploadMedia(t, registrar)
    const title = '=HYPERLINK("http://x")'
    const input = fullRecord(ids, media, null, {
      inventoryNo: 'FORMULA-1',
      titleEn: title,
      titleZh: '@SUM(A1)',
    })
    const created = await t.call('POST', '/api/artworks', { token: registrar, headers: H, body: input })
    expect(created.code, JSON.stringify(created.data)).toBe(0)
    const res = await get('/api/artworks/export?keyword=FORMULA-1', registrar)
    const bytes = Buffer.from(await res.arrayBuffer())
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(bytes as unknown as ArrayBuffer)
    const main = wb.worksheets[0]
    const col = (key: string) => MAIN_COLUMNS.findIndex((c) => c.key === key) + 1
    expect(main.getRow(2).getCell(col('titleEn')).value).toBe(`'${title}`)
    expect(main.getRow(2).getCell(col('titleZh')).value).toBe(`'@SUM(A1)`)

    const file = await upload(t, registrar, 'excel', bytes, 'formula.xlsx')
    const start = await t.call('POST', '/api/artworks/import', {
      token: registrar,
      headers: H,
      body: { fileId: file.id },
    })
    const job = await waitFor(start.data.id)
    expect(job).toMatchObject({ status: 'checked', errorCount: 0, toUpdate: 1 })
    await t.call('POST', `/api/artworks/import/${job.id}/commit`, { token: registrar, headers: H, body: {} })
    expect(await waitFor(job.id)).toMatchObject({ status: 'done', updatedCount: 0 })
    const after = await t.call('GET', `/api/artworks/${created.data.id}`, { token: registrar, headers: H })
    expect(after.data.record.titleEn).toBe(title)
    expect(after.data.record.titleZh).toBe('@SUM(A1)')
  })
})
