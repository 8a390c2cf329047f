// The data centre (`npm run bench -- datacentre`): every aggregate of the data centre at scale, beside its raw SQL.
//
// 1. Seed, all in SQL (generate_series) on a fresh database (no demo data): BENCH_DC_ARTWORKS (100,000)
//    artworks over 40 rooms (one in five out of the warehouse), 2,000 artists, the seeded medium / period /
//    market / income-stage tags, mixed statuses, insurance and transport; BENCH_DC_VALUATIONS per artwork (5:
//    500,000 rows) over six years in five currencies (JPY without a rate, so the "kept apart" path runs), the
//    artworks' latest-valuation columns set from them; monthly USD/HKD/EUR → CNY rates; BENCH_DC_PROCESSES
//    (147,000) BUY_ART processes with about 1,000,000 history rows (the worst case: all of them one type), a
//    rejection in one in four, a termination in one in twenty, about 30 % still live.
// 2. Each aggregate called as the API calls it (collectionTotals, one breakdown per dimension, insurance,
//    activity, the value over 24 months, the process mining of BUY_ART), unfiltered and with a filter, beside
//    the same statements sent raw through the driver (captured from the call; the raw time is their sum). p50
//    and p95 of each, and the ratio of the p95s. Targets: p95 < 150 ms PostgreSQL / < 500 ms PGlite, within
//    1.5× of the raw SQL.
//
// One driver per run: BENCH_DRIVER=embedded (default) or BENCH_DRIVER=postgres (with DATABASE_URL).
import type { SQL } from 'drizzle-orm'
import type { Db } from '../src/server/db/client'
import {
  activityAggregate,
  collectionBreakdown,
  collectionTotals,
  insuranceAggregate,
} from '../src/server/modules/datacentre/collection'
import { type HistoryFigures, processMining } from '../src/server/modules/datacentre/mining'
import { snapshot } from '../src/server/modules/datacentre/snapshot'
import { rangeOf, valueHistory } from '../src/server/modules/datacentre/value-history'
import type { CollectionFilters, Dimension } from '../src/shared/contracts/datacentre'
import { DIMENSIONS } from '../src/shared/contracts/datacentre'
import { benchDatabase, benchServer, fmtPct as fmt, loadavg, pct } from './lib'

const PASSWORD = 'Bench-password-1'
const ARTWORKS = Number(process.env.BENCH_DC_ARTWORKS ?? 100_000)
const VALUATIONS = Number(process.env.BENCH_DC_VALUATIONS ?? 5)
const PROCESSES = Number(process.env.BENCH_DC_PROCESSES ?? 147_000)
const CALLS = Number(process.env.BENCH_DC_N ?? 40)
const WARMUP = 5

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
     select 'D-' || lpad(g::text, 3, '0'), '基准库房' || g, 'Bench room ' || g, 'Liaison', 'r' || g || '@example.com',
            (select code from countries order by code limit 1), (enum_range(null::room_icon))[1 + g % 6], 'Building', 5000
       from generate_series(1, 40) g`,
  )
  await step(
    'artists',
    `insert into artists (name_zh, name_en) select '基准画家' || g, 'Bench artist ' || g from generate_series(1, 2000) g`,
  )
  const tagArray = (root: string) =>
    `(select array_agg(t.id order by t.id) from tags t join tags p on p.id = t.parent_id where p.code = '${root}')`
  await step(
    'artworks',
    `with r as (select array_agg(id order by code) as ids from rooms where code like 'D-%'),
          ar as (select array_agg(id order by name_en) as ids from artists where name_en like 'Bench artist %'),
          tg as (select ${tagArray('CREATION_MEDIUM')} as med, ${tagArray('PERIOD')} as per,
                        ${tagArray('INVEST_MARKET')} as mkt, ${tagArray('INCOME_STAGE')} as stg)
     insert into artworks (inventory_no, title_zh, title_en, status, in_warehouse, room_id, location_text, artist_id,
       medium_tag_id, period_tag_id, invest_market_tag_id, income_stage_tag_id, insurance_status, transport_status)
     select 'DC-' || lpad(g::text, 6, '0'), '基准作品' || g, 'Bench work ' || g,
       (case when g % 50 = 0 then 'sold' when g % 23 = 0 then 'on_loan' else 'in_collection' end)::artwork_status,
       g % 5 <> 0, case when g % 5 <> 0 then r.ids[1 + g % 40] end, case when g % 5 = 0 then 'Studio' else '' end,
       ar.ids[1 + (g * 7) % 2000],
       tg.med[1 + g % array_length(tg.med, 1)], tg.per[1 + (g / 3) % array_length(tg.per, 1)],
       tg.mkt[1 + (g / 7) % array_length(tg.mkt, 1)], tg.stg[1 + (g / 11) % array_length(tg.stg, 1)],
       (case when g % 3 = 0 then 'to_be_insured' else 'covered' end)::insurance_status,
       (case when g % 97 = 0 then 'transporting' else 'none' end)::transport_status
     from generate_series(1, ${ARTWORKS}) g, r, ar, tg`,
  )
  await step(
    'valuations',
    `with a as (select id, row_number() over (order by inventory_no) as n from artworks where inventory_no like 'DC-%')
     insert into valuations (artwork_id, amount, currency, valued_on, method, valuer)
     select a.id, (1000 + (a.n * 37 + j * 101) % 500000)::numeric(18, 2),
       (array['CNY', 'USD', 'HKD', 'EUR', 'JPY'])[1 + (a.n % 5)],
       (current_date - ((6 * 365) * (${VALUATIONS} - j + 1) / ${VALUATIONS} - (a.n % 60))::int),
       'appraisal', 'Bench'
     from a cross join generate_series(1, ${VALUATIONS}) j`,
  )
  await step(
    'latest valuation',
    `update artworks a set latest_valuation = v.amount, latest_valuation_currency = v.currency, valuation_date = v.valued_on
     from (select distinct on (artwork_id) artwork_id, amount, currency, valued_on from valuations
           order by artwork_id, valued_on desc, created_at desc) v
     where v.artwork_id = a.id`,
  )
  await step(
    'rates',
    `insert into exchange_rates (base, quote, "on", rate)
     select c, 'CNY', (date_trunc('month', current_date) - make_interval(months => m))::date,
       (case c when 'USD' then 7.1 when 'HKD' then 0.91 else 7.8 end) + m * 0.001
     from unnest(array['USD', 'HKD', 'EUR']) c, generate_series(0, 80) m`,
  )
  // Ten steps of a purchase; a process stops after `len` of them (10: completed). One in four is rejected
  // once at due diligence (two rows more), one in twenty terminated at the contract.
  await step(
    'processes',
    `insert into processes (id, type, definition_version, machine_id, state_value, state, snapshot, status,
       current_step, done, version, created_by, created_at, updated_at, finished_at)
     select md5('dc' || g)::uuid, 'BUY_ART', 1, 'BUY_ART', '"x"'::jsonb,
       case when g % 20 = 0 then 'terminated' when g % 10 < 7 then 'completed'
            else (array['dueDiligence.draft', 'contract.draft', 'payment.draft'])[1 + g % 3] end,
       '{}'::jsonb,
       (case when g % 20 = 0 then 'terminated' when g % 10 < 7 then 'completed' else 'draft' end)::process_status,
       null, g % 20 <> 0 and g % 10 < 7, 1, (select id from users where username = 'admin'),
       now() - make_interval(days => g % 700), now(),
       case when g % 20 <> 0 and g % 10 < 7 then now() - make_interval(days => g % 700) + interval '30 days' end
     from generate_series(1, ${PROCESSES}) g`,
  )
  await step(
    'history',
    `with seqs(k, ev, f, t) as (values
       (1, 'CREATE', null, 'dueDiligence.draft'), (2, 'SUBMIT', 'dueDiligence.draft', 'dueDiligence.submitted'),
       (3, 'APPROVE', 'dueDiligence.submitted', 'contract.draft'), (4, 'SUBMIT', 'contract.draft', 'contract.submitted'),
       (5, 'APPROVE', 'contract.submitted', 'payment.draft'), (6, 'SUBMIT', 'payment.draft', 'payment.submitted'),
       (7, 'APPROVE', 'payment.submitted', 'payment.approved'), (8, 'CONFIRM_PAYMENT', 'payment.approved', 'completed')),
     p as (select md5('dc' || g)::uuid as id, g, now() - make_interval(days => g % 700) as t0 from generate_series(1, ${PROCESSES}) g),
     rows as (
       -- the rejection loop of one in four: after SUBMIT, REJECT and SUBMIT again (seq 3 and 4)
       select p.id, p.g, p.t0, s.k, s.ev, s.f, s.t from p cross join seqs s
       union all select p.id, p.g, p.t0, 2.3, 'REJECT', 'dueDiligence.submitted', 'dueDiligence.draft' from p where p.g % 4 = 0
       union all select p.id, p.g, p.t0, 2.6, 'SUBMIT', 'dueDiligence.draft', 'dueDiligence.submitted' from p where p.g % 4 = 0
       union all select p.id, p.g, p.t0, 4.5, 'TERMINATE', 'contract.submitted', 'terminated' from p where p.g % 20 = 0),
     kept as (
       select * from rows where
         (g % 20 = 0 and k <= 4.5) or (g % 20 <> 0 and g % 10 < 7)
         or (g % 20 <> 0 and g % 10 >= 7 and k <= (array[1, 3, 5])[1 + g % 3]))
     insert into process_history (process_id, seq, event_type, from_state, to_state, at, definition_version, allowed_by)
     select id, row_number() over (partition by id order by k), ev, f, t,
       t0 + make_interval(hours => (k * (1 + g % 17))::int), 1, 'unrecorded'
     from kept`,
  )
  await raw('vacuum analyze artworks')
  await raw('vacuum analyze valuations')
  await raw('vacuum analyze processes')
  await raw('vacuum analyze process_history')
  await raw('vacuum analyze exchange_rates')
  return seconds
}

/** A db whose `execute` also records each statement (text and parameters) for the raw-SQL comparison. */
function recording(db: Db, log: { text: string; params: unknown[] }[]): Db {
  const dialect = (
    db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } } }
  ).dialect
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return (q: SQL) => {
          const { sql: text, params } = dialect.sqlToQuery(q)
          log.push({ text, params })
          return target.execute(q)
        }
      return Reflect.get(target, prop, receiver)
    },
  })
}

export async function benchDatacentre(): Promise<void> {
  const kind = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'embedded'
  const bdb = await benchDatabase(kind)
  try {
    const { close } = await benchServer(bdb, { VITRINE_ADMIN_PASSWORD: PASSWORD, VITRINE_DEMO: '0' })
    const raw = bdb.database.raw
    const db = bdb.database.db as Db
    console.log(
      `\n## Data centre on ${bdb.label} (${ARTWORKS} artworks, ${ARTWORKS * VALUATIONS} valuations, ${PROCESSES} processes; load average ${loadavg()})`,
    )
    const t0 = performance.now()
    const seconds = await seed(raw)
    const [{ n: historyRows }] = (await raw('select count(*)::int as n from process_history')) as {
      n: number
    }[]
    console.log(
      `seed: ${((performance.now() - t0) / 1000).toFixed(1)} s (${Object.entries(seconds)
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ')}); ${historyRows} history rows`,
    )
    const [medium] = (await raw(
      `select medium_tag_id as id from artworks where medium_tag_id is not null limit 1`,
    )) as { id: number }[]
    const filtered: CollectionFilters = { medium: medium.id, location: 'out' }
    const steps = ['dueDiligence', 'contract', 'payment']
    const range = rangeOf({ by: 'month' }, 'en')
    const cases: [string, (d: Db) => Promise<unknown>][] = [
      ['totals', (d) => collectionTotals(d, {}, 'CNY')],
      ['totals, filtered', (d) => collectionTotals(d, filtered, 'CNY')],
      ...DIMENSIONS.map(
        (dim: Dimension) =>
          [`by ${dim}`, (d: Db) => collectionBreakdown(d, {}, dim, 'CNY', 'en')] as [
            string,
            (d: Db) => Promise<unknown>,
          ],
      ),
      ['by artist, filtered', (d) => collectionBreakdown(d, filtered, 'artist', 'CNY', 'en')],
      ['insurance', (d) => insuranceAggregate(d, {}, 'CNY')],
      ['activity', (d) => activityAggregate(d, {})],
      ['value over 24 months', (d) => valueHistory(d, {}, { by: 'month', ...range }, 'CNY')],
      ['value over 24 months, filtered', (d) => valueHistory(d, filtered, { by: 'month', ...range }, 'CNY')],
      ['process mining BUY_ART', (d) => processMining(d, 'BUY_ART', steps, {})],
      // What the API answers for the unfiltered views: the snapshot (snapshot.ts), primed below.
      [
        'value over 24 months, snapshot served',
        (d) => snapshot(d, 'bench.value', () => valueHistory(d, {}, { by: 'month', ...range }, 'CNY')),
      ],
      [
        'process mining BUY_ART, snapshot served',
        (d) =>
          processMining(d, 'BUY_ART', steps, {}, (compute: () => Promise<HistoryFigures>) =>
            snapshot(d, 'bench.mining', compute),
          ),
      ],
    ]
    // BENCH_DC_ONLY=snapshot: only the cases whose name holds that word.
    const only = process.env.BENCH_DC_ONLY
    console.log(`| aggregate | call | raw SQL | p95 ratio |\n|---|---|---|---|`)
    for (const [name, fn] of cases) {
      if (only && !name.includes(only)) continue
      const log: { text: string; params: unknown[] }[] = []
      await fn(db) // primes a snapshot, so the statements recorded are those of a steady-state call
      await fn(recording(db, log))
      const statements = [...log]
      const callSamples: number[] = []
      const rawSamples: number[] = []
      for (let i = 0; i < WARMUP + CALLS; i++) {
        const a = performance.now()
        await fn(db)
        const b = performance.now()
        for (const s of statements) await raw(s.text, s.params)
        const c = performance.now()
        if (i >= WARMUP) {
          callSamples.push(b - a)
          rawSamples.push(c - b)
        }
      }
      const call = pct(callSamples)
      const sql = pct(rawSamples)
      console.log(
        `| ${name} | ${fmt(call)} | ${fmt(sql)} (${statements.length} statements) | ${(call.p95 / sql.p95).toFixed(2)} |`,
      )
    }
    await close()
  } finally {
    await bdb.dispose()
  }
}
