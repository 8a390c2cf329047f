// The archive benchmark: 100,000 artworks generated with multi-row inserts, then the archive's list call (a
// page of 20, three filters, a sort and the total) and a full-text search, each through the full stack
// (app.request: auth, privilege check, validation, log write) beside the raw SQL it runs; then an Excel
// import near the 3 MB limit (rows per second, peak memory). Targets: the stack within 1.5× the raw SQL;
// p95 under 100 ms on PGlite and under 30 ms on PostgreSQL.
// BENCH_ARTWORKS=20000 npm run bench -- artworks   (default 100000)
import ExcelJS from 'exceljs'
import { createApp } from '../src/server/app'
import { boot } from '../src/server/boot'
import { loadConfig } from '../src/server/config'
import type { Database } from '../src/server/db/client'
import { MAIN_COLUMNS } from '../src/server/modules/artworks/excel-columns'
import { type ListParams, listStatements } from '../src/server/modules/artworks/list-query'
import { documentText } from '../src/server/modules/artworks/search-tokens'
import { rng } from '../src/server/seed/demo-artworks/paint'
import { artworkListQuery } from '../src/shared/contracts/artworks'
import { benchDatabase, fmt, kinds, type Stats, time } from './lib'

const PASSWORD = 'Bench-password-1'
const COUNT = Number(process.env.BENCH_ARTWORKS ?? 100_000)

const SYLLABLES_ZH = '山水云松石竹梅兰秋春江月风雨雪林溪湖海光影夜星晨晚金青白墨红远清静'
const SYLLABLES_EN = [
  'mo',
  'yu',
  'lin',
  'chen',
  'wang',
  'li',
  'zhou',
  'xu',
  'an',
  'ka',
  'ren',
  'so',
  'ta',
  'mi',
  'el',
  'ber',
  'ton',
]
/** Titles are a modifier and a subject (20 × 40 pairs, in both languages), often numbered in a series. */
const MODIFIERS: [string, string][] = [
  ['秋日', 'Autumn'],
  ['寒', 'Cold'],
  ['蓝色', 'Blue'],
  ['红色', 'Red'],
  ['寂静的', 'Silent'],
  ['遥远的', 'Distant'],
  ['破碎的', 'Broken'],
  ['金色', 'Golden'],
  ['夜晚的', 'Night'],
  ['清晨的', 'Morning'],
  ['白色', 'White'],
  ['漂浮的', 'Floating'],
  ['古老的', 'Ancient'],
  ['新', 'New'],
  ['隐秘的', 'Hidden'],
  ['温柔的', 'Gentle'],
  ['燃烧的', 'Burning'],
  ['静止的', 'Still'],
  ['流动的', 'Flowing'],
  ['无尽的', 'Endless'],
]
const SUBJECTS: [string, string][] = [
  ['山', 'Mountain'],
  ['林', 'Forest'],
  ['河流', 'River'],
  ['花园', 'Garden'],
  ['城市', 'City'],
  ['肖像', 'Portrait'],
  ['静物', 'Life'],
  ['地平线', 'Horizon'],
  ['回声', 'Echo'],
  ['漂流', 'Drift'],
  ['荷塘', 'Pond'],
  ['海岸', 'Coast'],
  ['窗', 'Window'],
  ['门', 'Door'],
  ['桥', 'Bridge'],
  ['船', 'Boat'],
  ['雪原', 'Snowfield'],
  ['沙丘', 'Dune'],
  ['灯塔', 'Lighthouse'],
  ['庭院', 'Courtyard'],
  ['鸟', 'Bird'],
  ['马', 'Horse'],
  ['舞者', 'Dancer'],
  ['梦', 'Dream'],
  ['记忆', 'Memory'],
  ['风景', 'Landscape'],
  ['房间', 'Room'],
  ['影子', 'Shadow'],
  ['星空', 'Starry Sky'],
  ['森林之歌', 'Forest Song'],
  ['码头', 'Pier'],
  ['岛屿', 'Island'],
  ['峡谷', 'Canyon'],
  ['瀑布', 'Waterfall'],
  ['湖', 'Lake'],
  ['草原', 'Grassland'],
  ['村庄', 'Village'],
  ['街道', 'Street'],
  ['广场', 'Square'],
  ['塔', 'Tower'],
]
const CURRENCIES = ['CNY', 'HKD', 'USD', 'EUR', 'GBP', 'CHF']

type Raw = Database['raw']

async function ids(raw: Raw, sql: string): Promise<(string | number)[]> {
  return ((await raw(sql)) as { id: string | number }[]).map((r) => r.id)
}

/** Artists and artworks in batches of multi-row inserts, each batch one transaction. */
export async function generate(database: Database, count: number) {
  const { raw } = database
  const tagsUnder = (code: string) =>
    ids(
      raw,
      `select t.id from tags t join tags p on p.id = t.parent_id where p.code = '${code}' order by t.id`,
    )
  const medium = await tagsUnder('CREATION_MEDIUM')
  const period = await tagsUnder('PERIOD')
  const market = await tagsUnder('INVEST_MARKET')
  const stage = await tagsUnder('INCOME_STAGE')
  const labels = await tagsUnder('ARTWORK_LABEL')
  const artistStage = await tagsUnder('ARTIST_STAGE')
  const rooms = await ids(raw, 'select id from rooms order by code')
  const r = rng(42)
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]

  const artistCount = Math.max(50, Math.round(count / 50))
  const artists: { id: string; zh: string; en: string }[] = []
  for (let i = 0; i < artistCount; i += 500) {
    const values: unknown[] = []
    const rows: string[] = []
    for (let k = i; k < Math.min(artistCount, i + 500); k++) {
      const zh = Array.from({ length: 3 }, () => SYLLABLES_ZH[Math.floor(r() * SYLLABLES_ZH.length)]).join('')
      const en =
        `${pick(SYLLABLES_EN)}${pick(SYLLABLES_EN)} ${pick(SYLLABLES_EN)}${pick(SYLLABLES_EN)}`.replace(
          /\b\w/g,
          (c) => c.toUpperCase(),
        )
      values.push(zh, en, pick(artistStage))
      rows.push(`($${values.length - 2}, $${values.length - 1}, $${values.length})`)
    }
    const inserted = (await raw(
      `insert into artists (name_zh, name_en, artist_stage_tag_id) values ${rows.join(', ')} returning id, name_zh, name_en`,
      values,
    )) as { id: string; name_zh: string; name_en: string }[]
    artists.push(...inserted.map((a) => ({ id: a.id, zh: a.name_zh, en: a.name_en })))
  }

  const COLUMNS = [
    'inventory_no',
    'title_zh',
    'title_en',
    'artist_id',
    'medium_tag_id',
    'period_tag_id',
    'invest_market_tag_id',
    'income_stage_tag_id',
    'buy_year',
    'in_warehouse',
    'room_id',
    'insurance_status',
    'latest_valuation',
    'latest_valuation_currency',
    'valuation_date',
    'size_text',
    'signed',
    'updated_at',
  ]
  const BATCH = 1000
  for (let start = 0; start < count; start += BATCH) {
    const values: unknown[] = []
    const rows: string[] = []
    const labelRows: [number, number][] = []
    for (let n = start; n < Math.min(count, start + BATCH); n++) {
      const artist = pick(artists)
      const [mz, me] = pick(MODIFIERS)
      const [sz, se] = pick(SUBJECTS)
      const no = r() < 0.4 ? 1 + Math.floor(r() * 30) : 0
      const titleZh = no ? `${mz}${sz}之${no}` : `${mz}${sz}`
      const titleEn = no ? `${me} ${se} No. ${no}` : `${me} ${se}`
      const inventoryNo = `BN-${2000 + (n % 25)}-${String(n).padStart(6, '0')}`
      const inWarehouse = r() < 0.9
      const hasValue = r() < 0.85
      const row = [
        inventoryNo,
        titleZh,
        titleEn,
        artist.id,
        pick(medium),
        pick(period),
        pick(market),
        pick(stage),
        2000 + Math.floor(r() * 25),
        inWarehouse,
        inWarehouse ? pick(rooms) : null,
        r() < 0.7 ? 'covered' : 'to_be_insured',
        hasValue ? `${Math.floor(r() * 50_000_000)}.${String(Math.floor(r() * 100)).padStart(2, '0')}` : null,
        hasValue ? pick(CURRENCIES) : null,
        hasValue ? `202${Math.floor(r() * 5)}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}` : null,
        `${40 + Math.floor(r() * 160)} × ${40 + Math.floor(r() * 200)} cm`,
        r() < 0.9,
        new Date(Date.UTC(2020, 0, 1) + Math.floor(r() * 5 * 365 * 86400_000)),
      ]
      const at = values.length
      values.push(...row, documentText(inventoryNo, titleZh, titleEn, artist.zh, artist.en))
      rows.push(
        `(${row.map((_, i) => `$${at + i + 1}`).join(', ')}, array_to_tsvector(string_to_array($${at + row.length + 1}::text, ' ')))`,
      )
      for (let k = 0, m = Math.floor(r() * 3); k < m; k++)
        labelRows.push([rows.length - 1, pick(labels) as number])
    }
    const inserted = (await raw(
      `insert into artworks (${COLUMNS.join(', ')}, search_vector) values ${rows.join(', ')} returning id`,
      values,
    )) as { id: string }[]
    const unique = [...new Set(labelRows.map(([i, tag]) => `${inserted[i].id}|${tag}`))]
    if (unique.length > 0) {
      const lv: unknown[] = []
      const lr = unique.map((key) => {
        const [id, tag] = key.split('|')
        lv.push(id, Number(tag))
        return `($${lv.length - 1}::uuid, $${lv.length})`
      })
      await raw(`insert into artwork_labels (artwork_id, tag_id) values ${lr.join(', ')}`, lv)
    }
  }
  await raw('analyze')
  return { medium, rooms, labels }
}

function ratio(stack: Stats, raw: Stats) {
  return `${(stack.p50 / raw.p50).toFixed(2)}× at p50, ${(stack.p95 / raw.p95).toFixed(2)}× at p95`
}

/** An Excel file close to the 3 MB limit, imported through the API: rows per second and peak memory. */
async function benchImport(app: ReturnType<typeof createApp>, headers: Record<string, string>) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Artworks')
  const keys = MAIN_COLUMNS.filter((c) => !c.readOnly)
  ws.addRow(keys.map((c) => c.en))
  let rows = 0
  const addRows = (n: number) => {
    for (let i = 0; i < n; i++, rows++) {
      const cells: Record<string, string> = {
        inventoryNo: `XL-${String(rows).padStart(6, '0')}`,
        titleZh: `导入作品第${rows}号`,
        titleEn: `Imported work number ${rows}`,
        artistZh: `艺术家${rows % 300}`,
        artistEn: `Artist ${rows % 300}`,
        creationTime: String(1950 + (rows % 70)),
        materialsZh: '布面油画',
        materialsEn: 'Oil on canvas',
        pictureSize: `${40 + (rows % 100)} × ${50 + (rows % 80)} cm`,
        signed: 'Yes',
        signaturePosition: 'lower right',
        signatureContent: 'signed and dated',
        medium: 'Oil on canvas',
        period: 'Contemporary (1980–1999)',
        investMarket: 'Secondary market (auction)',
        labels: 'Core holding',
        sourceEn: "Christie's Hong Kong",
        buyYear: String(2000 + (rows % 24)),
        packaging: 'Wooden crate',
        actualWeight: '12.5',
        inWarehouse: 'No',
        location: 'Office',
      }
      ws.addRow(keys.map((c) => cells[c.key] ?? ''))
    }
  }
  let bytes = Buffer.alloc(0)
  addRows(8000)
  for (;;) {
    bytes = Buffer.from(await wb.xlsx.writeBuffer())
    if (bytes.length > 2.7 * 1024 * 1024) break
    addRows(1000)
  }
  const form = new FormData()
  form.append('purpose', 'excel')
  form.append('file', new Blob([new Uint8Array(bytes)]), 'bench.xlsx')
  const up = (await (
    await app.request('/api/file/upload', { method: 'POST', headers, body: form })
  ).json()) as any
  if (up.code !== 0) throw new Error(`upload: ${up.msg}`)
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const call = async (method: string, path: string, body?: unknown) =>
    (await (
      await app.request(path, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json()) as any
  const poll = async (id: string) => {
    for (;;) {
      const job = await call('GET', `/api/artworks/import/${id}`)
      if (job.data.status !== 'checking' && job.data.status !== 'importing') return job.data
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const rss0 = process.memoryUsage().rss
  const t0 = performance.now()
  const started = await call('POST', '/api/artworks/import', { fileId: up.data.id })
  const checked = await poll(started.data.id)
  const t1 = performance.now()
  await call('POST', `/api/artworks/import/${started.data.id}/commit`, {})
  const done = await poll(started.data.id)
  const t2 = performance.now()
  clearInterval(sampler)
  console.log(
    `Excel import: ${(bytes.length / 1024 / 1024).toFixed(2)} MB, ${rows} rows (${checked.errorCount} bad); check ${((t1 - t0) / 1000).toFixed(1)} s (${Math.round(rows / ((t1 - t0) / 1000))} rows/s), import ${((t2 - t1) / 1000).toFixed(1)} s (${Math.round(done.createdCount / ((t2 - t1) / 1000))} rows/s); peak RSS ${Math.round(peak / 1024 / 1024)} MB (+${Math.round((peak - rss0) / 1024 / 1024)} MB)`,
  )
}

export async function benchArtworks(): Promise<void> {
  for (const kind of kinds()) {
    const bdb = await benchDatabase(kind)
    const config = loadConfig({
      DATA_DIR: bdb.dataDir,
      VITRINE_ADMIN_PASSWORD: PASSWORD,
      VITRINE_DEMO: '1',
      VITRINE_DEMO_PASSWORD: PASSWORD,
    })
    const booted = await boot(config, { database: bdb.database })
    booted.deps.config.demo = false // no demo pictures painted in the background while measuring
    const app = createApp(booted.deps)
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    })
    const token = ((await login.json()) as { data: { token: string } }).data.token
    const headers = { 'x-auth-token': token, 'accept-language': 'en', 'x-system-name': 'artworkArchive' }

    console.log(`\n## Artwork archive on ${bdb.label}`)
    const t0 = performance.now()
    const { medium, rooms } = await generate(bdb.database, COUNT)
    const secs = (performance.now() - t0) / 1000
    const [{ n }] = (await bdb.database.raw('select count(*)::int as n from artworks')) as { n: number }[]
    console.log(
      `generated ${COUNT} artworks in ${secs.toFixed(1)} s (${Math.round(COUNT / secs)} rows/s); ${n} in the table`,
    )

    // The list: three filters (medium, in a room, buy year range), sorted by valuation, page 1 of 20.
    let i = 0
    const listQuery = () => {
      i++
      return `mediumTagId=${medium[i % medium.length]}&roomId=${rooms[i % rooms.length]}&buyYearFrom=2005&buyYearTo=2020&sort=latestValuation&order=desc&page=1&pageSize=20`
    }
    // a subject word (~2.5% of the collection), its Chinese, a whole title, an inventory number whole and
    // in part, an artist in either language, a numbered series
    const [artist] = (await bdb.database.raw('select name_zh, name_en from artists order by id limit 1')) as {
      name_zh: string
      name_en: string
    }[]
    const TERMS = [
      'garde',
      '花园',
      'blue horizon',
      'BN-2013-000013',
      '2013-00001',
      artist.name_en,
      artist.name_zh,
      'portrait no 7',
    ]
    let j = 0
    const searchQuery = () => {
      j++
      return `keyword=${encodeURIComponent(TERMS[j % TERMS.length])}&sort=updatedAt&order=desc&page=1&pageSize=20`
    }
    /** The statements the list endpoint runs for a query string, run on the driver without Drizzle or HTTP. */
    const rawOf = (query: string) => {
      const params = artworkListQuery.parse(Object.fromEntries(new URLSearchParams(query))) as ListParams
      const { page, total } = listStatements(bdb.database.db, params)
      const p = page.toSQL()
      const c = total.toSQL()
      return async () => {
        const rows = await bdb.database.raw(p.sql, p.params)
        if (rows.length === 0 || rows.length === params.pageSize) await bdb.database.raw(c.sql, c.params)
      }
    }
    const stack = (make: () => string) => async () => {
      const res = await app.request(`/api/artworks?${make()}`, { headers })
      const body = (await res.json()) as { code: number }
      if (body.code !== 0) throw new Error(JSON.stringify(body))
    }
    const sample = (make: () => string) => {
      const queries = Array.from({ length: 16 }, make).map(rawOf)
      let k = 0
      return () => queries[k++ % queries.length]()
    }
    const N = 300
    const rawList = await time(sample(listQuery), N, 30)
    const stackList = await time(stack(listQuery), N, 30)
    const rawSearch = await time(sample(searchQuery), N, 30)
    const stackSearch = await time(stack(searchQuery), N, 30)
    console.log(`${'list, raw SQL (page + total)'.padEnd(44)} ${fmt(rawList)}`)
    console.log(
      `${'GET /api/artworks list via app.request'.padEnd(44)} ${fmt(stackList)}   (${ratio(stackList, rawList)})`,
    )
    console.log(`${'full-text search, raw SQL (page + total)'.padEnd(44)} ${fmt(rawSearch)}`)
    console.log(
      `${'GET /api/artworks?keyword via app.request'.padEnd(44)} ${fmt(stackSearch)}   (${ratio(stackSearch, rawSearch)})`,
    )
    const target = kind === 'embedded' ? 100 : 30
    console.log(
      `targets: stack within 1.5× raw; p95 < ${target} ms → list ${stackList.p95 < target ? 'met' : 'MISSED'}, search ${stackSearch.p95 < target ? 'met' : 'MISSED'}`,
    )
    await benchImport(app, headers)
    await booted.deps.logWriter.close()
    await bdb.dispose()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchArtworks()
