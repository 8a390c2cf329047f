// The archive import's CSV and LIDO formats through the API: the LIDO export of recorded works and a CSV of the
// Excel export's artworks sheet, each imported into a fresh database, give the same titles and sizes; the
// same checks as the Excel import (a bad row at its row and column in both languages, nothing written until
// the rows are right); a file the LIDO schema refuses, a CSV that cannot be read and a file that is neither
// are 400s with their reason, with no job and nothing imported; a LIDO update keeps what LIDO does not carry.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importsSettled } from '../../src/server/modules/artworks/excel-import'
import { fullRecord, referenceIds, uploadMedia } from './artworks-fixtures'
import { createTestContext, type TestContext } from './helpers'

let source: TestContext
let target: TestContext
let csvTarget: TestContext
let sourceToken: string
let token: string
const H = { 'x-system-name': 'artworkArchive' }

/** Six works as the office records them: an artist, sizes of every part (one a diameter), years in words. */
const WORKS: [string, string, string, Record<string, { values: string[]; unit: 'cm' | 'mm' }>][] = [
  ['RT-001', '约1935年', '秋山图', { picture: { values: ['62', '82.5'], unit: 'cm' } }],
  ['RT-002', '1985–1987', '江南春', { core: { values: ['600', '800'], unit: 'mm' } }],
  [
    'RT-003',
    '2012',
    '月夜',
    { frame: { values: ['75', '95', '6'], unit: 'cm' }, other: { values: ['30'], unit: 'cm' } },
  ],
  ['RT-004', '1962', '荷塘', { picture: { values: ['68', '68'], unit: 'cm' } }],
  ['RT-005', '2001', '雪景', { picture: { values: ['40', '50'], unit: 'cm' } }],
  ['RT-006', '1890', '山水册页', { core: { values: ['24', '31'], unit: 'cm' } }],
]

beforeAll(async () => {
  // one after another: the first seeds the run's template under a lock that waits synchronously
  source = await createTestContext()
  target = await createTestContext()
  csvTarget = await createTestContext()
  sourceToken = await source.login('registrar')
  token = await target.login('registrar')
  const ids = await referenceIds(source)
  const media = await uploadMedia(source, sourceToken)
  const artist = await source.call('POST', '/api/artworks/artists', {
    token: sourceToken,
    headers: H,
    body: { nameZh: '周春芽', nameEn: 'Zhou Chunya' },
  })
  expect(artist.code, artist.msg).toBe(0)
  for (const [inventoryNo, creationTime, titleZh, dimensions] of WORKS) {
    const input = fullRecord(ids, media, artist.data.id, {
      inventoryNo,
      creationTime,
      titleZh,
      titleEn: `${inventoryNo} in English, "quoted", with a comma`,
      dimensions,
    })
    const res = await source.call('POST', '/api/artworks', { token: sourceToken, headers: H, body: input })
    expect(res.code, res.msg).toBe(0)
  }
}, 300_000) // the run's template is seeded by the first file that asks, slowly on a busy machine
afterAll(async () => {
  await importsSettled()
  await Promise.all([source?.close(), target?.close(), csvTarget?.close()])
})

interface Work {
  id: string
  inventoryNo: string
  titleZh: string
  titleEn: string
  creationTime: string
  materialsZh: string
  materialsEn: string
  dimensions: unknown
}

/** The artworks of a database with the fields a round trip keeps, by inventory number. */
async function works(t: TestContext, numbers?: string[]): Promise<Map<string, Work>> {
  const rows = (await t.deps.database.raw(
    `select id, inventory_no as "inventoryNo", title_zh as "titleZh", title_en as "titleEn",
            creation_time as "creationTime", materials_zh as "materialsZh", materials_en as "materialsEn",
            dimensions
       from artworks order by inventory_no`,
  )) as Work[]
  return new Map(
    rows.filter((r) => !numbers || numbers.includes(r.inventoryNo)).map((r) => [r.inventoryNo, r]),
  )
}

async function waitFor(t: TestContext, jobId: string, lang = 'en', as = token) {
  for (let i = 0; i < 600; i++) {
    const res = await t.call('GET', `/api/artworks/import/${jobId}`, { token: as, headers: H, lang })
    expect(res.code, res.msg).toBe(0)
    if (res.data.status !== 'checking' && res.data.status !== 'importing') return res.data
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('import job did not finish')
}

interface Into {
  into?: TestContext
  as?: string
  lang?: string
}

async function send(bytes: Buffer | string, name: string, format?: string, o: Into = {}) {
  const form = new FormData()
  if (format) form.append('format', format)
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name)
  return (o.into ?? target).call('POST', '/api/artworks/import/file', {
    token: o.as ?? token,
    headers: H,
    body: form,
    lang: o.lang ?? 'en',
  })
}

async function checked(bytes: Buffer | string, name: string, format?: string, o: Into = {}) {
  const res = await send(bytes, name, format, o)
  expect(res.code, res.msg).toBe(0)
  return waitFor(o.into ?? target, res.data.id, 'en', o.as ?? token)
}

async function commit(jobId: string, o: Into = {}) {
  const into = o.into ?? target
  const res = await into.call('POST', `/api/artworks/import/${jobId}/commit`, {
    token: o.as ?? token,
    headers: H,
    body: {},
  })
  expect(res.code, res.msg).toBe(0)
  return waitFor(into, jobId, 'en', o.as ?? token)
}

const count = async () =>
  Number(
    ((await target.deps.database.raw('select count(*)::int as n from artworks')) as { n: number }[])[0].n,
  )

/** A CSV field quoted as RFC 4180 asks. */
const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)
const csvOf = (rows: string[][]) => `${rows.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`

describe('LIDO round trip', () => {
  it('imports the LIDO export of demo works into a fresh database with the same titles and sizes', async () => {
    const chosen = [...(await works(source)).values()]
    expect(chosen.length).toBe(6)
    const res = await source.app.request(
      `/api/exports/lido.xml?artworkIds=${chosen.map((w) => w.id).join(',')}`,
      { headers: { 'x-auth-token': sourceToken, 'accept-language': 'en', ...H } },
    )
    expect(res.status).toBe(200)
    const xml = Buffer.from(await res.arrayBuffer())

    const before = await count()
    const job = await checked(xml, 'works.xml') // the format found from the content
    expect(job.errors).toEqual([])
    expect(job.toCreate).toBe(6)
    expect(await count()).toBe(before) // nothing written by the check
    const done = await commit(job.id)
    expect(done.status).toBe('done')
    expect(done.createdCount).toBe(6)

    const imported = await works(
      target,
      chosen.map((w) => w.inventoryNo),
    )
    for (const w of chosen) {
      const got = imported.get(w.inventoryNo)
      expect(got, w.inventoryNo).toBeDefined()
      const { id: _a, ...want } = w
      const { id: _b, ...have } = got!
      expect(have).toEqual(want)
    }
  })

  it('updates a known artwork from LIDO and keeps what LIDO does not carry', async () => {
    const [w] = [...(await works(target)).values()]
    const [{ periodTagId: periodBefore, signed: signedBefore }] = (await target.deps.database.raw(
      'select period_tag_id as "periodTagId", signed from artworks where id = $1',
      [w.id],
    )) as { periodTagId: number; signed: boolean }[]
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<l:lidoWrap xmlns:l="http://www.lido-schema.org">
  <l:lido>
    <l:lidoRecID l:type="local">other-system-1</l:lidoRecID>
    <l:descriptiveMetadata xml:lang="en">
      <l:objectClassificationWrap><l:objectWorkTypeWrap><l:objectWorkType><l:term>painting</l:term></l:objectWorkType></l:objectWorkTypeWrap></l:objectClassificationWrap>
      <l:objectIdentificationWrap>
        <l:titleWrap><l:titleSet><l:appellationValue xml:lang="en">Renamed by LIDO</l:appellationValue></l:titleSet></l:titleWrap>
        <l:repositoryWrap><l:repositorySet><l:workID>${w.inventoryNo}</l:workID></l:repositorySet></l:repositoryWrap>
      </l:objectIdentificationWrap>
    </l:descriptiveMetadata>
    <l:administrativeMetadata xml:lang="en"><l:recordWrap><l:recordID l:type="local">1</l:recordID><l:recordType><l:term>item</l:term></l:recordType><l:recordSource><l:legalBodyName><l:appellationValue>Another museum</l:appellationValue></l:legalBodyName></l:recordSource></l:recordWrap></l:administrativeMetadata>
  </l:lido>
</l:lidoWrap>`
    const job = await checked(xml, 'update.xml', 'lido')
    expect(job.errors).toEqual([])
    expect(job.toUpdate).toBe(1)
    await commit(job.id)
    const [after] = (await target.deps.database.raw(
      `select title_en as "titleEn", title_zh as "titleZh", dimensions, period_tag_id as "periodTagId", signed
         from artworks where id = $1`,
      [w.id],
    )) as { titleEn: string; titleZh: string; dimensions: unknown; periodTagId: number; signed: boolean }[]
    expect(after.titleEn).toBe('Renamed by LIDO')
    expect(after.titleZh).toBe(w.titleZh) // an empty cell of a LIDO row keeps the record's value
    expect(after.dimensions).toEqual(w.dimensions)
    expect(after.periodTagId).toBe(periodBefore)
    expect(after.signed).toBe(signedBefore)
  })
})

describe('CSV round trip', () => {
  it('imports the artworks sheet of the Excel export, as CSV, into a fresh database with the same titles and sizes', async () => {
    const res = await source.app.request('/api/artworks/export?lang=en', {
      headers: { 'x-auth-token': sourceToken, 'accept-language': 'en', ...H },
    })
    expect(res.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    const ws = wb.getWorksheet('Artworks')!
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String)
    // legal entities are the office's own: the other database has none of them to own anything
    const keep = header.map((h, k) => (h === 'Owners' ? -1 : k)).filter((k) => k >= 0)
    const rows: string[][] = [keep.map((k) => header[k])]
    ws.eachRow((r, n) => {
      if (n === 1) return
      const values = r.values as unknown[]
      rows.push(
        keep.map((k) => (values[k + 1] === undefined || values[k + 1] === null ? '' : String(values[k + 1]))),
      )
    })
    expect(rows.length).toBe(7)
    const csvToken = await csvTarget.login('registrar')
    const job = await checked(csvOf(rows), 'artworks.csv', 'csv', { into: csvTarget, as: csvToken })
    expect(job.errors).toEqual([])
    expect(job.toCreate).toBe(6)
    const done = await commit(job.id, { into: csvTarget, as: csvToken })
    expect(done.status).toBe('done')

    const want = await works(source)
    const have = await works(csvTarget)
    expect(have.size).toBe(want.size)
    for (const [no, w] of want) {
      const { id: _a, ...a } = w
      const { id: _b, ...b } = have.get(no)!
      expect(b, no).toEqual(a)
    }
  })
})

describe('bad input', () => {
  it('refuses a file the LIDO schema refuses with xmllint’s reason, and imports nothing', async () => {
    const before = await count()
    const broken = `<?xml version="1.0"?><lido:lidoWrap xmlns:lido="http://www.lido-schema.org"><lido:lido><lido:descriptiveMetadata/></lido:lido></lido:lidoWrap>`
    for (const lang of ['en', 'zh-CN']) {
      const res = await send(broken, 'broken.xml', undefined, { lang })
      expect(res.status).toBe(400)
      expect(res.msg).toContain(lang === 'en' ? 'not valid LIDO 1.1' : '不符合 LIDO 1.1 规范')
      expect(res.msg).toMatch(/broken\.xml:\d+: .*lidoRecID/) // xmllint's own words, with the file's name
      expect(res.msg).not.toContain('vitrine-lido-')
    }
    const jobs = (await target.deps.database.raw(
      `select count(*)::int as n from artwork_import_jobs where file_name = 'broken.xml'`,
    )) as { n: number }[]
    expect(jobs[0].n).toBe(0)
    expect(await count()).toBe(before)
  })

  it('lists a CSV’s bad row at its row and column in both languages and imports nothing', async () => {
    const before = await count()
    const csv = csvOf([
      ['Inventory number*', 'Title (English)', 'Signed*', 'Period*', 'Picture size', 'Location'],
      ['CSV-1', 'Good one', 'No', 'Before 1911', '50 × 60 cm', 'Family residence'],
      ['CSV-2', 'Bad size', 'No', 'Before 1911', 'fifty by sixty', 'Family residence'],
      ['CSV-3', 'Bad period', 'No', 'Someday', '', 'Family residence'],
    ])
    const res = await send(csv, 'rows.csv')
    expect(res.code, res.msg).toBe(0)
    const en = await waitFor(target, res.data.id, 'en')
    expect(en.status).toBe('checked')
    expect(en.validRows, JSON.stringify(en.errors)).toBe(1)
    expect(en.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, 'Picture size'],
      [4, 'Period'],
    ])
    const zh = await waitFor(target, res.data.id, 'zh-CN')
    expect(zh.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, '画面尺寸'],
      [4, '创作时期'],
    ])
    expect(zh.errors[1].reason).toContain('Someday')
    const refused = await target.call('POST', `/api/artworks/import/${res.data.id}/commit`, {
      token,
      headers: H,
      body: {},
    })
    expect(refused.status).toBe(400)
    expect(await count()).toBe(before)
  })

  it('refuses a CSV that cannot be read, naming the line', async () => {
    const res = await send('Inventory number*,Title (English)\r\nA-1,"unclosed\r\n', 'quote.csv', 'csv')
    expect(res.status).toBe(400)
    expect(res.msg).toMatch(/line \d+ of the CSV file cannot be read/)
  })

  it('refuses a file that is neither CSV nor XML, and one that is not the chosen format', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    for (const lang of ['en', 'zh-CN']) {
      const res = await send(png, 'picture.csv', undefined, { lang })
      expect(res.status).toBe(400)
      expect(res.msg).toBe(
        lang === 'en'
          ? 'Import failed: the file is neither a CSV nor a LIDO XML file; nothing was imported'
          : '导入失败：文件不是 CSV 或 LIDO XML 文件，未导入任何内容',
      )
    }
    const mismatch = await send('a,b\r\n1,2\r\n', 'data.csv', 'lido')
    expect(mismatch.status).toBe(400)
    expect(mismatch.msg).toContain('(LIDO XML)')
    const empty = await send('', 'empty.csv')
    expect(empty.status).toBe(400)
  })

  it('refuses a file over 3 MB and a request without one', async () => {
    const big = await send(`a,b\r\n${'x,y\r\n'.repeat(800_000)}`, 'big.csv')
    expect(big.status).toBe(413)
    const form = new FormData()
    form.append('format', 'csv')
    const none = await target.call('POST', '/api/artworks/import/file', { token, headers: H, body: form })
    expect(none.status).toBe(400)
  })

  it('is for holders of the import privilege only', async () => {
    const viewer = await target.login('viewer')
    const form = new FormData()
    form.append('file', new Blob(['a,b\r\n']), 'a.csv')
    const res = await target.call('POST', '/api/artworks/import/file', {
      token: viewer,
      headers: H,
      body: form,
    })
    expect(res.code).toBe(4031)
  })
})
