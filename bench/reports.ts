// The printed reports (`npm run bench -- reports`): the printed reports' speed.
//
// 1. Seed on a fresh database (no demo data): BENCH_REPORT_ARTWORKS (20) fully described artworks, each with
//    a 1600 × 1200 JPEG preview uploaded through the file API, exhibitions and provenance in its record, and
//    BENCH_REPORT_VALUATIONS (8) valuations; and a policy covering BENCH_REPORT_SCHEDULE (1,000) artworks.
// 2. The tear sheet over HTTP (the app on a port, the whole PDF read): BENCH_REPORT_N (100) calls cycling over
//    the artworks after 10 warm-up calls, p50/p95/p99. Target p95 < 500 ms.
// 3. The insurance schedule of the 1,000-artwork policy over HTTP, BENCH_REPORT_SCHEDULE_N (5) times: each
//    call's time, its size and page count, and the server's resident memory (this process: the server runs
//    in it) before, at its peak during (sampled every 10 ms) and after. Target < 3 s, memory flat.
//
// One driver per run: BENCH_DRIVER=embedded (default) or BENCH_DRIVER=postgres (with DATABASE_URL).
import sharp from 'sharp'
import { benchDatabase, fmtPct as fmt, loadavg, pct, signedInServer } from './lib'

const ARTWORKS = Number(process.env.BENCH_REPORT_ARTWORKS ?? 20)
const VALUATIONS = Number(process.env.BENCH_REPORT_VALUATIONS ?? 8)
const SCHEDULE = Number(process.env.BENCH_REPORT_SCHEDULE ?? 1000)
const CALLS = Number(process.env.BENCH_REPORT_N ?? 100)
const SCHEDULE_CALLS = Number(process.env.BENCH_REPORT_SCHEDULE_N ?? 5)
const WARMUP = 10

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

async function picture(seed: number): Promise<Buffer> {
  // A gradient with some noise: a photograph's size, not a flat colour's.
  const width = 1600
  const height = 1200
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < width * height; i++) {
    const x = i % width
    const y = Math.floor(i / width)
    pixels[i * 3] = (x * 255) / width
    pixels[i * 3 + 1] = (y * 255) / height
    pixels[i * 3 + 2] = (seed * 37 + ((x * y) % 97)) % 256
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer()
}

export async function benchReports(): Promise<void> {
  const kind = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'embedded'
  const bdb = await benchDatabase(kind)
  try {
    const { base, close, token } = await signedInServer(bdb)
    const raw = bdb.database.raw
    console.log(
      `\n## Reports on ${bdb.label} (${ARTWORKS} tear sheets with a 1600 × 1200 picture, a schedule of ${SCHEDULE} artworks; load average ${loadavg()})`,
    )

    // Artworks with a record, a picture and valuations.
    const t0 = performance.now()
    const ids: string[] = []
    for (let i = 1; i <= ARTWORKS; i++) {
      const form = new FormData()
      form.append('purpose', 'image')
      form.append('file', new Blob([new Uint8Array(await picture(i))]), `front-${i}.jpg`)
      const res = await fetch(`${base}/file/upload`, {
        method: 'POST',
        headers: { 'x-auth-token': token },
        body: form,
      })
      const file = ((await res.json()) as { data: { id: string } }).data.id
      const [a] = (await raw(
        `insert into artworks (inventory_no, title_zh, title_en, status, preview_file_id, creation_time, materials_zh,
           materials_en, size_text, latest_valuation, latest_valuation_currency, valuation_date)
         values ($1, $2, $3, 'in_collection', $4, '2012', '布面油画', 'Oil on canvas', '60 × 80 cm', 1000000, 'CNY', '2025-06-30')
         returning id`,
        [`BR-${String(i).padStart(4, '0')}`, `春江花月夜之${i}`, `Spring River ${i}`, file],
      )) as { id: string }[]
      await raw(
        `insert into artwork_media (artwork_id, file_id, kind, pic_type, is_preview, seq)
         values ($1, $2, 'image', 'FRONT', true, 0)`,
        [a.id, file],
      )
      await raw(
        `insert into valuations (artwork_id, amount, currency, valued_on, method, valuer)
         select $1, 1000000 + g * 50000, 'CNY', date '2025-06-30' - g * 365, 'appraisal', 'Bench valuer ' || g
           from generate_series(0, ${VALUATIONS - 1}) g`,
        [a.id],
      )
      await raw(
        `insert into artwork_records (artwork_id, kind, seq, date, title_zh, title_en, place_zh, place_en) values
           ($1, 'exhibition', 0, '2013-05', '水与光', 'Water and Light', '上海当代艺术馆', 'MoCA Shanghai'),
           ($1, 'exhibition', 1, '2019', '回望', 'Looking Back', '香港', 'Hong Kong'),
           ($1, 'private_collection', 0, '2001', '台北私人收藏', 'Private collection, Taipei', '', '')`,
        [a.id],
      )
      ids.push(a.id)
    }
    // The policy of SCHEDULE artworks.
    await raw(
      `insert into artworks (inventory_no, title_zh, title_en, status, size_text)
       select 'BS-' || lpad(g::text, 5, '0'), '清单作品' || g, 'Schedule work ' || g, 'in_collection', '50 × 70 cm'
         from generate_series(1, ${SCHEDULE}) g`,
    )
    const [policy] = (await raw(
      `insert into insurance_policies (kind, policy_no, insurer, insured_amount, currency, start_date, end_date)
       values ('annual', 'POL-BENCH', 'Bench insurer', ${SCHEDULE * 1000}, 'CNY', current_date - 10, current_date + 355)
       returning id`,
    )) as { id: string }[]
    await raw(
      `insert into insurance_policy_artworks (policy_id, artwork_id, insured_amount)
       select $1, id, 1000 from artworks where inventory_no like 'BS-%'`,
      [policy.id],
    )
    console.log(`seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`)

    const get = async (path: string, system: string) => {
      const res = await fetch(`${base}${path}`, {
        headers: { 'x-auth-token': token, 'accept-language': 'zh-CN', 'x-system-name': system },
      })
      const bytes = new Uint8Array(await res.arrayBuffer())
      if (res.status !== 200 || res.headers.get('content-type') !== 'application/pdf')
        throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(bytes.slice(0, 200))}`)
      return bytes
    }

    // Tear sheets.
    const sheet = (i: number) =>
      get(`/reports/artworks/${ids[i % ids.length]}/tear-sheet.pdf`, 'artworkArchive')
    for (let i = 0; i < WARMUP; i++) await sheet(i)
    const times: number[] = []
    let size = 0
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now()
      size = (await sheet(i)).length
      times.push(performance.now() - t)
    }
    console.log(
      `tear sheet (HTTP, whole PDF, ${(size / 1024).toFixed(0)} KB): ${fmt(pct(times))}  (target p95 < 500 ms)`,
    )

    // The schedule of SCHEDULE artworks, and the memory while it is drawn.
    const rss = () => process.memoryUsage().rss
    await get(`/reports/insurance/policies/${policy.id}/schedule.pdf`, 'devOpsManage')
    global.gc?.()
    const before = rss()
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss())
    }, 10)
    const scheduleTimes: number[] = []
    let pdf = new Uint8Array()
    for (let i = 0; i < SCHEDULE_CALLS; i++) {
      const t = performance.now()
      pdf = await get(`/reports/insurance/policies/${policy.id}/schedule.pdf`, 'devOpsManage')
      scheduleTimes.push(performance.now() - t)
    }
    clearInterval(sampler)
    global.gc?.()
    const after = rss()
    const pages = (new TextDecoder('latin1').decode(pdf).match(/\/Type \/Page\b/g) ?? []).length
    console.log(
      `insurance schedule of ${SCHEDULE} artworks (HTTP, ${(pdf.length / 1024).toFixed(0)} KB, ${pages} pages): ${scheduleTimes
        .map((t) => `${(t / 1000).toFixed(2)} s`)
        .join(', ')}  (target < 3 s)`,
    )
    console.log(`server RSS: before ${mb(before)}, peak during ${mb(peak)}, after ${mb(after)}`)
    await close()
  } finally {
    await bdb.dispose()
  }
}
