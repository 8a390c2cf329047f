// The collection as it was on a day (`npm run bench -- asof`).
//
// 1. Seed, all in SQL on a fresh database (no demo data): BENCH_ASOF_ROOMS (40) rooms, BENCH_ASOF_ARTWORKS
//    (100,000) artworks, BENCH_ASOF_MOVES (5) movements each spread over the last four years (between rooms, one
//    leg in twelve in transit; the last one of one artwork in twenty a sale, of one in thirty a loan, each row
//    carrying the status since it), two record versions and two valuations each (CNY, USD and EUR; a USD/CNY
//    rate, none for EUR), BENCH_ASOF_POLICIES (5,000) policies of twenty artworks each. The period trigger is
//    disabled during the bulk insert and `until` computed by a window function, as the warehouse bench does;
//    then every table vacuumed and analysed, as autovacuum leaves it after a bulk insert.
// 2. One artwork as of a day: GET /api/artworks/:id/as-of?at= over HTTP (the app on a port, the client in a
//    worker thread), cycling over artworks and days across the four years, beside the raw SQL of the same
//    statements (artworkAsOfStatements, sent through the driver with the same parameters, together as the
//    route sends them). Target: p95 < 50 ms.
// 3. The collection as of a day: GET /api/collection/as-of?at=&currency=CNY over HTTP, over days, beside its
//    one statement (collectionAsOfSql) as raw SQL. Target: p95 < 500 ms on PostgreSQL.
//
// One driver per run: BENCH_DRIVER=embedded (default) or BENCH_DRIVER=postgres (with DATABASE_URL).
// BENCH_KEEP_DB=vitrine_bench_asof (PostgreSQL) seeds that database once and reuses it in later runs.
import { PgDialect } from 'drizzle-orm/pg-core'
import { artworkAsOfStatements } from '../src/server/modules/artworks/as-of'
import { collectionAsOfSql } from '../src/server/modules/collection/as-of'
import { momentOf } from '../src/server/modules/warehouse/at'
import { benchDatabase, fmtPct as fmt, getClient, loadavg, pct, signedInServer, timeCalls } from './lib'

const ROOMS = Number(process.env.BENCH_ASOF_ROOMS ?? 40)
const ARTWORKS = Number(process.env.BENCH_ASOF_ARTWORKS ?? 100_000)
const MOVES = Number(process.env.BENCH_ASOF_MOVES ?? 5)
const POLICIES = Number(process.env.BENCH_ASOF_POLICIES ?? 5_000)
const CALLS = Number(process.env.BENCH_ASOF_N ?? 300)
const COLLECTION_CALLS = Number(process.env.BENCH_ASOF_COLLECTION_N ?? 40)
const SPAN_DAYS = 4 * 365

type Raw = (text: string, params?: unknown[]) => Promise<unknown[]>

async function seed(raw: Raw): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {}
  const step = async (name: string, text: string) => {
    const t0 = performance.now()
    await raw(text)
    seconds[name] = (performance.now() - t0) / 1000
  }
  await step(
    'rooms',
    `insert into rooms (code, name_zh, name_en, liaison, email, country_code, icon, location, capacity)
     select 'A-' || lpad(g::text, 3, '0'), '基准库房' || g, 'Bench room ' || g, 'Liaison ' || g,
            'room' || g || '@example.com', (select code from countries order by code limit 1),
            (enum_range(null::room_icon))[1 + g % 6], 'Building ' || g, 5000
       from generate_series(1, ${ROOMS}) g`,
  )
  await step(
    'artworks',
    `insert into artworks (inventory_no, title_zh, title_en, status, in_warehouse, created_at)
     select 'BA-' || lpad(g::text, 6, '0'), '基准作品' || g, 'Bench work ' || g,
            (case when g % 20 = 0 then 'sold' when g % 30 = 0 then 'on_loan' else 'in_collection' end)::artwork_status,
            true, now() - interval '${SPAN_DAYS} days'
       from generate_series(1, ${ARTWORKS}) g`,
  )
  await raw('alter table artwork_movements disable trigger artwork_movements_period')
  await step(
    'movements',
    `with r as (select array_agg(id order by code) as ids from rooms where code like 'A-%'),
          a as (select id, row_number() over (order by inventory_no) as n, status from artworks where inventory_no like 'BA-%'),
          m as (
            select a.id as artwork_id, j, a.n, a.status,
                   now() - make_interval(secs => (${SPAN_DAYS} * 86400.0) * (${MOVES} - j + 0.5) / ${MOVES}
                                                 - (a.n % 997) * 60) as at,
                   case when (a.n + j) % 12 = 0 or (j = ${MOVES} and a.status = 'on_loan') then null
                        else r.ids[1 + ((a.n + 7 * j) % ${ROOMS})] end as to_room
              from a cross join r cross join generate_series(1, ${MOVES}) j)
     insert into artwork_movements (artwork_id, at, kind, to_room_id, to_location, status, until)
     select artwork_id, at,
            (case when j = 1 then 'created' when j = ${MOVES} and status = 'sold' then 'sold'
                  when j = ${MOVES} and status = 'on_loan' then 'loan_out'
                  when to_room is null then 'transport_start' else 'transport_arrive' end)::movement_kind,
            to_room, case when to_room is null then 'Fine Art Logistics' else '' end,
            (case when j = ${MOVES} then status else 'in_collection' end)::artwork_status,
            coalesce(lead(at) over (partition by artwork_id order by at), 'infinity')
       from m`,
  )
  await raw('alter table artwork_movements enable trigger artwork_movements_period')
  await step(
    'record versions',
    `insert into artwork_history (artwork_id, version, action, at, changes, snapshot)
     select a.id, v, (case when v = 1 then 'create' else 'update' end)::artwork_change_action,
            now() - make_interval(days => ${SPAN_DAYS} * (3 - v) / 2),
            '[]'::jsonb,
            jsonb_build_object('inventoryNo', a.inventory_no, 'titleZh', a.title_zh,
              'titleEn', a.title_en || case when v = 2 then ' (revised)' else '' end, 'creationTime', '2012')
       from artworks a cross join generate_series(1, 2) v where a.inventory_no like 'BA-%'`,
  )
  await step(
    'valuations',
    `insert into valuations (artwork_id, amount, currency, valued_on, method, created_at)
     select a.id, 10000 + (a.n % 1000) * 100 * v, (array['CNY', 'USD', 'EUR'])[1 + a.n % 3],
            (current_date - ${SPAN_DAYS} + (v * ${SPAN_DAYS} / 3) + (a.n % 90)::int)::date,
            (enum_range(null::valuation_method))[1], now()
       from (select id, row_number() over (order by inventory_no) as n from artworks where inventory_no like 'BA-%') a
       cross join generate_series(1, 2) v`,
  )
  await raw(
    `insert into exchange_rates (base, quote, "on", rate) values ('USD', 'CNY', current_date - ${SPAN_DAYS}, 7.1),
       ('USD', 'CNY', current_date - 400, 7.2)`,
  )
  await step(
    'policies',
    `insert into insurance_policies (kind, status, policy_no, insurer, premium, insured_amount, currency, start_date, end_date)
     select 'annual'::insurance_kind,
            (case when g % 10 < 8 then 'active' when g % 10 < 9 then 'lapsed' else 'void' end)::insurance_policy_status,
            'BAP-' || lpad(g::text, 6, '0'), 'Bench Insurer ' || (g % 7), 12000.00, 2000000.00, 'CNY',
            current_date - 900 + (g % 600), current_date - 200 + (g % 600)
       from generate_series(1, ${POLICIES}) g`,
  )
  await step(
    'covered artworks',
    `with p as (select id, row_number() over (order by policy_no) as n from insurance_policies where policy_no like 'BAP-%'),
          a as (select id, row_number() over (order by inventory_no) as n from artworks where inventory_no like 'BA-%')
     insert into insurance_policy_artworks (policy_id, artwork_id, insured_amount)
     select p.id, a.id, 100000.00 from p join a on (a.n - 1) / ${Math.max(1, Math.floor(ARTWORKS / POLICIES))} + 1 = p.n`,
  )
  // As autovacuum leaves a table after a bulk insert: its statistics, and its pages all visible (so that an
  // index-only scan reads the index alone, not every heap row).
  await step(
    'vacuum analyze',
    'vacuum (analyze) artwork_movements, artworks, artwork_history, valuations, insurance_policies, insurance_policy_artworks',
  )
  return seconds
}

export async function benchAsOf(): Promise<void> {
  const kind = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'embedded'
  const keep = kind === 'postgres' ? process.env.BENCH_KEEP_DB : undefined
  const bdb = await benchDatabase(kind, keep)
  try {
    const { config, base, close, token } = await signedInServer(bdb)
    const raw = bdb.database.raw
    console.log(
      `\n## As of a day on ${bdb.label} (${ARTWORKS} artworks, ${ARTWORKS * MOVES} movements, ${ARTWORKS * 2} record versions and valuations, ${POLICIES} policies; load average ${loadavg()})`,
    )
    const [{ n: seeded }] = (await raw(
      `select count(*)::int as n from artworks where inventory_no like 'BA-%'`,
    )) as { n: number }[]
    if (seeded === 0) {
      const t0 = performance.now()
      const seconds = await seed(raw)
      console.log(
        `seed: ${((performance.now() - t0) / 1000).toFixed(1)} s (${Object.entries(seconds)
          .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
          .join(', ')})`,
      )
    } else if (seeded === ARTWORKS) {
      console.log(`seed: reused from ${keep} (${seeded} artworks)`)
      await raw(
        'vacuum (analyze) artwork_movements, artworks, artwork_history, valuations, insurance_policies, insurance_policy_artworks',
      )
    } else throw new Error(`${keep} holds ${seeded} bench artworks, not ${ARTWORKS}: drop it and run again`)
    const now = new Date()
    const days = [3, 30, 400, 800, 1200, 1400].map((back) =>
      new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10),
    )
    const ids = (
      (await raw(
        `select id from artworks where inventory_no like 'BA-%' order by inventory_no limit 50 offset 1000`,
      )) as { id: string }[]
    ).map((r) => r.id)
    const dialect = new PgDialect()
    const send = (statement: Parameters<PgDialect['sqlToQuery']>[0]) => {
      const q = dialect.sqlToQuery(statement)
      return raw(q.sql, q.params)
    }

    // One artwork.
    const cases = ids.flatMap((id, i) => days.map((_, j) => ({ id, day: days[(i + j) % days.length] })))
    const first = await fetch(`${base}/artworks/${cases[0].id}/as-of?at=${cases[0].day}`, {
      headers: { 'x-auth-token': token },
    })
    console.log(
      `one artwork as of ${cases[0].day}: ${JSON.stringify((await first.json()).data).slice(0, 240)}…`,
    )
    const http = pct(
      await getClient({
        urls: cases.map((c) => `${base}/artworks/${c.id}/as-of?at=${c.day}`),
        token,
        calls: CALLS,
        warmup: 50,
      }),
    )
    const sql = await timeCalls(
      cases.map((c) => async () => {
        const asOf = { day: c.day, moment: momentOf(c.day, config.timeZone) }
        const q = artworkAsOfStatements(c.id, asOf)
        await raw('select id from artworks where id = $1', [c.id])
        await Promise.all([q.place, q.record, q.valuation, q.cover, q.latest].map(send))
      }),
      CALLS,
      50,
    )
    console.log(`one artwork as of a day, HTTP: ${fmt(http)}`)
    console.log(`its statements as raw SQL:     ${fmt(sql)}`)

    // The whole collection.
    const sample = await fetch(`${base}/collection/as-of?at=${days[2]}&currency=CNY`, {
      headers: { 'x-auth-token': token },
    })
    console.log(
      `the collection as of ${days[2]}: ${JSON.stringify((await sample.json()).data).slice(0, 400)}…`,
    )
    const collectionHttp = pct(
      await getClient({
        urls: days.map((d) => `${base}/collection/as-of?at=${d}&currency=CNY`),
        token,
        calls: COLLECTION_CALLS,
        warmup: 6,
      }),
    )
    const collectionSql = await timeCalls(
      days.map((d) => async () => {
        const asOf = { day: d, moment: momentOf(d, config.timeZone) }
        await send(collectionAsOfSql(asOf, 'CNY'))
      }),
      COLLECTION_CALLS,
      6,
    )
    console.log(`the collection as of a day, HTTP: ${fmt(collectionHttp)}`)
    console.log(`its statement as raw SQL:        ${fmt(collectionSql)}`)
    if (kind === 'postgres') {
      const asOf = { day: days[2], moment: momentOf(days[2], config.timeZone) }
      for (const statement of [collectionAsOfSql(asOf, 'CNY')]) {
        const q = dialect.sqlToQuery(statement)
        const plan = (await raw(`explain (analyze, buffers) ${q.sql}`, q.params)) as Record<string, string>[]
        console.log(plan.map((r) => Object.values(r)[0]).join('\n'))
      }
    }
    await close()
  } finally {
    await bdb.dispose()
  }
}
