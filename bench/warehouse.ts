// The warehouse (`npm run bench -- warehouse`): the movement ledger at scale, and the policy register.
//
// 1. Seed, all in SQL on a fresh database (no demo data): BENCH_WH_ROOMS (40) rooms, BENCH_WH_ARTWORKS
//    (100,000) artworks and BENCH_WH_MOVES (20) movements each (2,000,000 rows), spread over the last four
//    years: each artwork moves between rooms, now and then in transit (a place in words, no room). The period
//    trigger of migration 0017 is disabled during the bulk insert (one statement per row would take hours on
//    PGlite) and `until` is computed in the same INSERT by a window function (lead(at) per artwork) — exactly
//    what the trigger keeps; then the trigger is enabled again, artworks.room_id set from each artwork's last
//    movement, and the tables vacuumed and analysed. The seed checks that no two rows of an artwork overlap.
// 2. "Contents of a room at a moment": GET /api/warehouse/rooms/:id/contents?at=…&page=1&pageSize=20 over HTTP
//    (the real server stack: the app on a port, the client in a worker thread), cycling over rooms and moments
//    (now, yyyy-MM-dd dates, ISO date-times across the four years), beside the raw SQL of the same query
//    (contentsSelect(...).toSQL(), sent through the driver with the same parameters). p50/p95 of each, the
//    ratio of the p95s. Targets: HTTP p95 < 50 ms PostgreSQL / < 150 ms PGlite, within 1.5× of the SQL.
// 3. When /api/insurance/policies exists: BENCH_WH_POLICIES (5,000) policies covering the artworks (20
//    each), then GET /api/insurance/policies?show=active&page=1&pageSize=20 over HTTP. Target < 30 ms PG /
//    < 100 ms PGlite.
//
// One driver per run: BENCH_DRIVER=embedded (default) or BENCH_DRIVER=postgres (with DATABASE_URL).
import { existsSync } from 'node:fs'
import { type Moment, momentOf } from '../src/server/modules/warehouse/at'
import { contentsSelect } from '../src/server/modules/warehouse/queries'
import { benchDatabase, fmtPct as fmt, getClient, loadavg, pct, signedInServer, timeCalls } from './lib'

const ROOMS = Number(process.env.BENCH_WH_ROOMS ?? 40)
const ARTWORKS = Number(process.env.BENCH_WH_ARTWORKS ?? 100_000)
const MOVES = Number(process.env.BENCH_WH_MOVES ?? 20)
const POLICIES = Number(process.env.BENCH_WH_POLICIES ?? 5_000)
const CALLS = Number(process.env.BENCH_WH_N ?? 300)
const WARMUP = 50
/** The history spans four years back from now. */
const SPAN_DAYS = 4 * 365

type Raw = (text: string, params?: unknown[]) => Promise<unknown[]>

async function seedLedger(raw: Raw): Promise<{ seconds: Record<string, number>; roomIds: string[] }> {
  const seconds: Record<string, number> = {}
  const step = async (name: string, text: string) => {
    const t0 = performance.now()
    await raw(text)
    seconds[name] = (performance.now() - t0) / 1000
  }
  await step(
    'rooms',
    `insert into rooms (code, name_zh, name_en, liaison, email, country_code, icon, location, capacity)
     select 'B-' || lpad(g::text, 3, '0'), '基准库房' || g, 'Bench room ' || g, 'Liaison ' || g,
            'room' || g || '@example.com', (select code from countries order by code limit 1),
            (enum_range(null::room_icon))[1 + g % 6], 'Building ' || g, 5000
       from generate_series(1, ${ROOMS}) g`,
  )
  await step(
    'artworks',
    `insert into artworks (inventory_no, title_zh, title_en, status, in_warehouse)
     select 'BW-' || lpad(g::text, 6, '0'), '基准作品' || g, 'Bench work ' || g, 'in_collection', true
       from generate_series(1, ${ARTWORKS}) g`,
  )
  await raw('alter table artwork_movements disable trigger artwork_movements_period')
  // Movement j of artwork n: into room (n + 7j) mod ROOMS, one in twelve a transport leg (no room);
  // at = spread over the span, increasing with j, with a per-artwork offset so moments differ.
  await step(
    'movements',
    `with r as (select array_agg(id order by code) as ids from rooms where code like 'B-%'),
          a as (select id, row_number() over (order by inventory_no) as n from artworks where inventory_no like 'BW-%'),
          m as (
            select a.id as artwork_id, j,
                   now() - make_interval(secs => (${SPAN_DAYS} * 86400.0) * (${MOVES} - j + 0.5) / ${MOVES}
                                                 - (a.n % 997) * 60) as at,
                   case when (a.n + j) % 12 = 0 then null
                        else r.ids[1 + ((a.n + 7 * j) % ${ROOMS})] end as to_room,
                   case when j = 1 or (a.n + j - 1) % 12 = 0 then null
                        else r.ids[1 + ((a.n + 7 * (j - 1)) % ${ROOMS})] end as from_room
              from a cross join r cross join generate_series(1, ${MOVES}) j
          )
     insert into artwork_movements (artwork_id, at, kind, from_room_id, to_room_id, to_location, until)
     select artwork_id, at,
            (case when j = 1 then 'created' when to_room is null then 'transport_start' else 'transport_arrive' end)::movement_kind,
            from_room, to_room, case when to_room is null then 'Fine Art Logistics' else '' end,
            coalesce(lead(at) over (partition by artwork_id order by at), 'infinity')
       from m`,
  )
  await raw('alter table artwork_movements enable trigger artwork_movements_period')
  await step(
    'artworks.room_id',
    `update artworks a set room_id = m.to_room_id, in_warehouse = m.to_room_id is not null,
            location_text = m.to_location
       from artwork_movements m where m.artwork_id = a.id and m.until = 'infinity'`,
  )
  // What autovacuum does on a server after a bulk load (visibility map set: the contents' page is read from
  // the index alone); PGlite runs no autovacuum, so it is asked for here on both.
  await step('vacuum analyze', 'vacuum (analyze) artwork_movements')
  await raw('analyze artworks')
  await raw('analyze rooms')
  const [check] = (await raw(
    `select count(*)::int as n, count(*) filter (where until = 'infinity')::int as open,
            (select count(*)::int from artwork_movements x join artwork_movements y
               on x.artwork_id = y.artwork_id and x.id <> y.id and x.at < y.until and y.at < x.until
              where x.artwork_id in (select id from artworks order by inventory_no limit 200)) as overlaps
       from artwork_movements`,
  )) as { n: number; open: number; overlaps: number }[]
  console.log(
    `ledger: ${check.n} movement rows, ${check.open} open periods, ${check.overlaps} overlapping periods (first 200 artworks)`,
  )
  const roomIds = (
    (await raw(`select id from rooms where code like 'B-%' order by code`)) as { id: string }[]
  ).map((r) => r.id)
  return { seconds, roomIds }
}

async function seedPolicies(raw: Raw): Promise<number> {
  const t0 = performance.now()
  // Policy p covers the 20 artworks p*20-19 … p*20; seven in ten active (end dates spread over the next year,
  // some already past), the rest lapsed or void.
  await raw(
    `insert into insurance_policies (kind, status, policy_no, insurer, premium, insured_amount, currency, start_date, end_date)
     select (case when g % 5 = 0 then 'operation' else 'annual' end)::insurance_kind,
            (case when g % 10 < 7 then 'active' when g % 10 < 9 then 'lapsed' else 'void' end)::insurance_policy_status,
            'BP-' || lpad(g::text, 6, '0'), 'Bench Insurer ' || (g % 7), 12000.00, 2000000.00, 'CNY',
            current_date - 365 + (g % 300), current_date - 20 + (g % 400)
       from generate_series(1, ${POLICIES}) g`,
  )
  await raw(
    `with p as (select id, row_number() over (order by policy_no) as n from insurance_policies where policy_no like 'BP-%'),
          a as (select id, row_number() over (order by inventory_no) as n from artworks where inventory_no like 'BW-%')
     insert into insurance_policy_artworks (policy_id, artwork_id, insured_amount)
     select p.id, a.id, 100000.00 from p join a on (a.n - 1) / ${Math.max(1, Math.floor(ARTWORKS / POLICIES))} + 1 = p.n`,
  )
  await raw('analyze insurance_policies')
  await raw('analyze insurance_policy_artworks')
  return (performance.now() - t0) / 1000
}

export async function benchWarehouse(): Promise<void> {
  const kind = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'embedded'
  const bdb = await benchDatabase(kind)
  try {
    const { config, base, close, token } = await signedInServer(bdb)
    const raw = bdb.database.raw

    console.log(
      `\n## Warehouse on ${bdb.label} (${ARTWORKS} artworks, ${ARTWORKS * MOVES} movements, ${ROOMS} rooms; load average ${loadavg()})`,
    )
    const t0 = performance.now()
    const { seconds, roomIds } = await seedLedger(raw)
    console.log(
      `seed: ${((performance.now() - t0) / 1000).toFixed(1)} s (${Object.entries(seconds)
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ')})`,
    )

    // Moments: now, dates and date-times across the span; rooms in turn.
    const now = new Date()
    const day = (back: number) => new Date(now.getTime() - back * 86_400_000)
    const ats: (string | undefined)[] = [
      undefined,
      day(30).toISOString().slice(0, 10),
      day(400).toISOString(),
      day(800).toISOString().slice(0, 10),
      day(1200).toISOString(),
      day(3).toISOString().slice(0, 10),
    ]
    const cases = roomIds
      .slice(0, 10)
      .flatMap((room, i) => ats.map((_, j) => ({ room, at: ats[(i + j) % ats.length] })))
    const sizes = await Promise.all(
      cases.slice(0, 6).map(async (c) => {
        const res = await fetch(
          `${base}/warehouse/rooms/${c.room}/contents?pageSize=20${c.at ? `&at=${encodeURIComponent(c.at)}` : ''}`,
          { headers: { 'x-auth-token': token } },
        )
        return ((await res.json()) as { data: { total: number } }).data.total
      }),
    )
    console.log(`a room holds at those moments: ${sizes.join(', ')} artworks`)

    const http = pct(
      await getClient({
        urls: cases.map(
          (c) =>
            `${base}/warehouse/rooms/${c.room}/contents?page=1&pageSize=20${c.at ? `&at=${encodeURIComponent(c.at)}` : ''}`,
        ),
        token,
        calls: CALLS,
        warmup: WARMUP,
      }),
    )
    const statements = cases.map((c) => {
      const m: Moment = momentOf(c.at, config.timeZone)
      return contentsSelect(bdb.database.db, c.room, m.sql, {}, 20, 0).toSQL()
    })
    const sql = await timeCalls(
      statements.map((s) => () => raw(s.sql, s.params as unknown[])),
      CALLS,
      WARMUP,
    )
    console.log(`contents of a room at a moment, HTTP: ${fmt(http)}`)
    console.log(`the same query as raw SQL:          ${fmt(sql)}`)
    console.log(`ratio of p95s (HTTP / SQL): ${(http.p95 / sql.p95).toFixed(2)}×`)
    if (kind === 'postgres' && process.env.BENCH_EXPLAIN === 'all') {
      for (const [i, st] of statements.slice(0, 6).entries()) {
        const plan = (await raw(`explain (analyze) ${st.sql}`, st.params as unknown[])) as Record<
          string,
          string
        >[]
        const lines = plan.map((r) => Object.values(r)[0])
        console.log(
          `moment ${cases[i].at ?? 'now'}: ${lines
            .filter((l) => /Scan using|Execution/.test(l))
            .map((l) => l.trim().slice(0, 90))
            .join(' | ')}`,
        )
      }
    }
    if (kind === 'postgres') {
      const s = statements[1]
      const plan = (await raw(`explain (analyze, buffers) ${s.sql}`, s.params as unknown[])) as Record<
        string,
        string
      >[]
      console.log(plan.map((r) => Object.values(r)[0]).join('\n'))
    }

    // Beside the targets: a room's movements in and out, page 1 (no index on from_room_id: see the report).
    const moves = pct(
      await getClient({
        urls: roomIds
          .slice(0, 5)
          .map((room) => `${base}/warehouse/rooms/${room}/movements?page=1&pageSize=20`),
        token,
        calls: 30,
        warmup: 5,
      }),
    )
    console.log(`a room's movements in and out (page 1 of 20), HTTP: ${fmt(moves)}`)

    if (existsSync(new URL('../src/server/modules/insurance/routes.ts', import.meta.url))) {
      const policySeconds = await seedPolicies(raw)
      console.log(`policies: ${POLICIES} covering the artworks, seeded in ${policySeconds.toFixed(1)} s`)
      const path = `${base}/insurance/policies?show=active&page=1&pageSize=20`
      const first = await fetch(path, { headers: { 'x-auth-token': token } })
      const body = (await first.json()) as { code: number; msg: string; data: { total: number } }
      if (body.code !== 0) console.log(`policy register: ${body.code} ${body.msg} (not measured)`)
      else {
        const policies = pct(await getClient({ urls: [path], token, calls: CALLS, warmup: WARMUP }))
        console.log(
          `policy register (active, page 1 of 20; ${body.data.total} active), HTTP: ${fmt(policies)}`,
        )
      }
    } else console.log('policy register: no /api/insurance yet (not measured)')

    await close()
  } finally {
    await bdb.dispose()
  }
}
