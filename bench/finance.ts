// Finance (`npm run bench -- finance`): the payment history, its summary and the collection's value at scale.
//
// 1. Seed, all in SQL on a fresh database (no demo data): BENCH_FIN_ARTWORKS (100,000) artworks,
//    BENCH_FIN_VALUATIONS (500,000) valuations spread over five years in five currencies (each artwork's latest
//    copied onto it, as the valuations module keeps it), BENCH_FIN_PAYMENTS (200,000) payments over three years
//    (six currencies, one in twenty failed, one in seven incoming, twenty paying companies, the cost
//    attributions of the dictionary), and weekly exchange rates into CNY for four of them (USD, EUR, GBP
//    direct; HKD as the reverse pair CNY→HKD; JPY none: its amounts stay apart).
// 2. The payment history, page 1 (and page 50) of 20 with each filter in turn, over HTTP (the app on a port,
//    the client in a worker thread) beside the same two statements as raw SQL (the page, the count).
// 3. The summary by month, paying company, cost attribution and currency over the whole history, HTTP beside
//    its raw SQL (the month totals the database keeps as payments are written; the first answer after a new
//    payment is timed apart, the totals having moved in that payment's transaction); and, for information,
//    the reporting-currency totals (kept per server until a payment or a rate changes).
// 4. The collection's value in the reporting currency, today (the artworks' latest-valuation columns) and at
//    a past date (the valuations table).
// Targets: history and summary p95 < 50 ms PostgreSQL / < 150 ms PGlite, within 1.5× of the raw SQL;
// collection value < 200 ms / < 500 ms.
//
// One driver per run: BENCH_DRIVER=embedded (default) or BENCH_DRIVER=postgres (with DATABASE_URL).
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { paymentPageSql, paymentWhere, summarySql } from '../src/server/modules/finance/payments'
import type { SummaryGroup } from '../src/shared/contracts/finance'
import { benchDatabase, fmtPct as fmt, getClient, loadavg, pct, signedInServer, timeCalls } from './lib'

const ARTWORKS = Number(process.env.BENCH_FIN_ARTWORKS ?? 100_000)
const VALUATIONS = Number(process.env.BENCH_FIN_VALUATIONS ?? 500_000)
const PAYMENTS = Number(process.env.BENCH_FIN_PAYMENTS ?? 200_000)
const CALLS = Number(process.env.BENCH_FIN_N ?? 200)
const WARMUP = 20

type Raw = (text: string, params?: unknown[]) => Promise<unknown[]>

export async function seed(raw: Raw): Promise<Record<string, number>> {
  const seconds: Record<string, number> = {}
  const step = async (name: string, text: string) => {
    const t0 = performance.now()
    await raw(text)
    seconds[name] = (performance.now() - t0) / 1000
  }
  await step(
    'artworks',
    `insert into artworks (inventory_no, title_zh, title_en, status)
     select 'BF-' || lpad(g::text, 6, '0'), '基准作品' || g, 'Bench work ' || g,
            (case when g % 50 = 0 then 'sold' else 'in_collection' end)::artwork_status
       from generate_series(1, ${ARTWORKS}) g`,
  )
  const perArtwork = Math.max(1, Math.round(VALUATIONS / ARTWORKS))
  await step(
    'valuations',
    `with a as (select id, row_number() over (order by inventory_no) as n from artworks where inventory_no like 'BF-%')
     insert into valuations (artwork_id, amount, currency, valued_on, method, valuer)
     select a.id, (10000 + (a.n * 7919 + j * 104729) % 5000000)::numeric(18, 2) + 0.25,
            (array['CNY', 'USD', 'HKD', 'EUR', 'JPY'])[1 + (a.n + j) % 5],
            current_date - (((${perArtwork} - j) * 365 + (a.n % 300)))::int,
            'appraisal', 'Bench valuer'
       from a cross join generate_series(1, ${perArtwork}) j`,
  )
  await step(
    'artworks.latest',
    `update artworks a set latest_valuation = v.amount, latest_valuation_currency = v.currency, valuation_date = v.valued_on
       from (select distinct on (artwork_id) artwork_id, amount, currency, valued_on from valuations
              order by artwork_id, valued_on desc, created_at desc) v
      where v.artwork_id = a.id`,
  )
  await step(
    'payments',
    `with c as (select coalesce(array_agg(value order by sort), array['']) as v
                  from dict_items where dict_code = 'FIN_FEE_ATTRIBUTION')
     insert into payments (direction, status, attempt, amount, currency, payer_company, payee_account_name,
                           cost_attribution, related_event, method, failure_reason, at, created_at)
     select (case when g % 7 = 0 then 'incoming' else 'outgoing' end)::payment_direction,
            (case when g % 20 = 0 then 'failed' else 'paid' end)::payment_status, 1,
            (100 + (g * 7919) % 900000)::numeric(18, 2) + 0.5,
            (array['CNY', 'CNY', 'CNY', 'USD', 'HKD', 'EUR', 'GBP', 'JPY'])[1 + g % 8],
            'Family company ' || (g % 20), 'Payee ' || (g % 500),
            c.v[1 + g % array_length(c.v, 1)], 'Bench event ' || g,
            (enum_range(null::payment_method))[1 + g % 4],
            case when g % 20 = 0 then 'Account closed' else '' end,
            now() - make_interval(secs => (3 * 365 * 86400.0) * g / ${PAYMENTS}),
            now() - make_interval(secs => (3 * 365 * 86400.0) * g / ${PAYMENTS})
       from generate_series(1, ${PAYMENTS}) g cross join c`,
  )
  await step(
    'rates',
    `insert into exchange_rates (base, quote, "on", rate, source)
     select r.base, r.quote, current_date - (w * 7), r.rate + (w % 13) * 0.001, 'Bench'
       from generate_series(0, 5 * 52) w
       cross join (values ('USD', 'CNY', 7.1), ('EUR', 'CNY', 7.8), ('GBP', 'CNY', 9.1), ('CNY', 'HKD', 1.08)) r(base, quote, rate)`,
  )
  await step('vacuum analyze', 'vacuum (analyze) payments, payment_month_totals')
  for (const t of ['artworks', 'valuations', 'exchange_rates']) await raw(`analyze ${t}`)
  return seconds
}

export async function benchFinance(): Promise<void> {
  const kind = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'embedded'
  const bdb = await benchDatabase(kind)
  const dialect = new PgDialect()
  const toRaw = (s: SQL) => dialect.sqlToQuery(s)
  try {
    const { base, call, close, token } = await signedInServer(bdb)
    const raw = bdb.database.raw
    console.log(
      `\n## Finance on ${bdb.label} (${ARTWORKS} artworks, ${VALUATIONS} valuations, ${PAYMENTS} payments; load average ${loadavg()})`,
    )
    const t0 = performance.now()
    const seconds = await seed(raw)
    console.log(
      `seed: ${((performance.now() - t0) / 1000).toFixed(1)} s (${Object.entries(seconds)
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ')})`,
    )

    // 2. The payment history.
    const from = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10)
    const to = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10)
    const cases: { q: Record<string, string>; page: number }[] = [
      { q: {}, page: 1 },
      { q: { status: 'failed' }, page: 1 },
      { q: { currency: 'USD' }, page: 1 },
      { q: { direction: 'incoming' }, page: 1 },
      { q: { from, to }, page: 1 },
      { q: {}, page: 50 },
    ]
    const url = (path: string, q: Record<string, string | number>) =>
      `${base}${path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`
    const first = (await call('GET', `/finance/payments?pageSize=20`, undefined, token)) as { total: number }
    console.log(`payment history: ${first.total} attempts`)
    const historyHttp = pct(
      await getClient({
        urls: cases.map((c) => url('/finance/payments', { ...c.q, page: c.page, pageSize: 20 })),
        token,
        calls: CALLS,
        warmup: WARMUP,
      }),
    )
    const historySql = await timeCalls(
      cases.map((c) => {
        const where = paymentWhere(c.q)
        const page = toRaw(paymentPageSql(where, 20, (c.page - 1) * 20))
        const count = toRaw(sql`select count(*)::int as total from payments p where ${where}`)
        return async () => {
          await raw(page.sql, page.params as unknown[])
          await raw(count.sql, count.params as unknown[])
        }
      }),
      CALLS,
      WARMUP,
    )
    console.log(`payment history page (6 filter cases), HTTP: ${fmt(historyHttp)}`)
    console.log(`the same two statements as raw SQL:       ${fmt(historySql)}`)
    console.log(`ratio of p95s (HTTP / SQL): ${(historyHttp.p95 / historySql.p95).toFixed(2)}×`)

    // 3. The summary.
    const groups: SummaryGroup[] = ['month', 'payerCompany', 'costAttribution', 'currency']
    const summaryHttp = pct(
      await getClient({
        urls: groups.map((g) => url('/finance/payments/summary', { groupBy: g })),
        token,
        calls: Math.min(CALLS, 100),
        warmup: 8,
      }),
    )
    const summarySqls = groups.map((g) => toRaw(summarySql(g)))
    const summaryRaw = await timeCalls(
      summarySqls.map((s) => () => raw(s.sql, s.params as unknown[])),
      Math.min(CALLS, 100),
      8,
    )
    console.log(`summary over the whole history (4 groupings), HTTP: ${fmt(summaryHttp)}`)
    // The first answer after a new payment, per grouping (nothing is kept per server: the same work as any call).
    const fresh: number[] = []
    for (let i = 0; i < 3; i++)
      for (const g of groups) {
        await raw(
          `insert into payments (direction, status, amount, currency, payer_company, at) values ('outgoing', 'paid', 10, 'CNY', 'Family company 1', now())`,
        )
        const t1 = performance.now()
        await call('GET', `/finance/payments/summary?groupBy=${g}`, undefined, token)
        fresh.push(performance.now() - t1)
      }
    console.log(`summary's first answer after a new payment, HTTP:   ${fmt(pct(fresh))}`)
    console.log(`the same statement as raw SQL:                      ${fmt(summaryRaw)}`)
    console.log(`ratio of p95s (HTTP / SQL): ${(summaryHttp.p95 / summaryRaw.p95).toFixed(2)}×`)
    const reporting = pct(
      await getClient({
        urls: groups.map((g) => url('/finance/payments/summary', { groupBy: g, reportingCurrency: 1 })),
        token,
        calls: 20,
        warmup: 4,
      }),
    )
    console.log(`summary with the reporting-currency totals (information), HTTP: ${fmt(reporting)}`)
    const sample = (await call(
      'GET',
      '/finance/payments/summary?groupBy=currency&reportingCurrency=1',
      undefined,
      token,
    )) as { reporting: { outgoing: string; ratesUsed: unknown[]; unconverted: { currency: string }[] } }
    console.log(
      `  (reporting total paid ${sample.reporting.outgoing} CNY through ${sample.reporting.ratesUsed.length} rates; apart: ${sample.reporting.unconverted.map((u) => u.currency).join(', ')})`,
    )

    // 4. The collection's value.
    const past = new Date(Date.now() - 700 * 86_400_000).toISOString().slice(0, 10)
    const value = (await call('GET', '/finance/collection-value', undefined, token)) as {
      total: string
      valued: number
      withoutRate: { count: number }
    }
    console.log(
      `collection value: ${value.total} CNY over ${value.valued} valued artworks, ${value.withoutRate.count} without a rate`,
    )
    const today = pct(
      await getClient({ urls: [url('/finance/collection-value', {})], token, calls: 50, warmup: 5 }),
    )
    const atPast = pct(
      await getClient({
        urls: [url('/finance/collection-value', { at: past })],
        token,
        calls: 30,
        warmup: 3,
      }),
    )
    console.log(`collection value in the reporting currency today, HTTP:       ${fmt(today)}`)
    console.log(`collection value at a past date (valuations table), HTTP:   ${fmt(atPast)}`)
    await close()
  } finally {
    await bdb.dispose()
  }
}
