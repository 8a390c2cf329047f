// The collection dashboard's aggregates, each one statement over the held artworks (their own
// latest-valuation columns, kept by the valuations), grouped per currency and converted into the reporting
// currency at today's rates through finance/convert.ts — an amount without a rate stays apart, never added
// at 1. A chart ignores its own filter (cross-filtering: the other bars of the chart stay visible).
import { type SQL, sql } from 'drizzle-orm'
import type {
  ActivitySummary,
  Breakdown,
  BreakdownRow,
  CollectionTotals,
  Dimension,
  InsuranceSummary,
} from '../../../shared/contracts/datacentre'
import type { UnconvertedAmount } from '../../../shared/contracts/finance'
import type { Lang } from '../../../shared/errors'
import { addMoney } from '../../../shared/validation'
import type { DbOrTx } from '../../db/client'
import { officeToday } from '../../office-day'
import { convertedSql, distinctRates, rateOfRow } from '../finance/convert'
import { underInsured } from '../insurance/under-insurance'
import { rowsOf } from '../process/process-store'
import { FILTER_OF, type ScopedFilters, whereOf } from './filters'

/** The day of today's rates: the office's today. */
export const today = officeToday

/** Bars shown per chart; the rest are counted in `more`. */
export const TOP_ROWS = 20

/** The valuation currency of a valued artwork (null when it has no valuation). */
const CURRENCY = sql.raw(
  'case when a.latest_valuation is null then null else a.latest_valuation_currency end',
)

interface ConvertedRow {
  currency: string | null
  amount: string | null
  n: number
  converted: string | null
  r_base: string | null
  r_quote: string | null
  r_on: string | null
  r_rate: string | null
  r_inverse: boolean | null
}

/** Columns of a converted row as text (exact, whatever the driver). */
const CONVERTED_COLUMNS = sql.raw(`currency, amount::numeric(18, 2)::text as amount, n::int as n,
  converted::text as converted, r_base, r_quote, r_on::text as r_on, r_rate::text as r_rate, r_inverse`)

/** Total per currency and in the reporting currency, with the rates used and what no rate converted. */
export async function collectionTotals(
  db: DbOrTx,
  f: ScopedFilters,
  target: string,
  at = today(),
): Promise<CollectionTotals> {
  const source = sql`select ${CURRENCY} as currency, ${at}::date as "on", sum(a.latest_valuation) as amount,
      count(*) as n
    from artworks a where ${whereOf(f)} group by a.latest_valuation is null, a.latest_valuation_currency`
  const rows = rowsOf<ConvertedRow>(
    await db.execute(
      sql`select ${CONVERTED_COLUMNS} from (${convertedSql(source, target)}) x order by currency`,
    ),
  )
  const valued = rows.filter(
    (r): r is ConvertedRow & { currency: string; amount: string } => r.currency !== null,
  )
  const unconverted: UnconvertedAmount[] = valued
    .filter((r) => r.converted === null)
    .map((r) => ({ currency: r.currency, amount: r.amount, count: Number(r.n), firstOn: at, lastOn: at }))
  return {
    at,
    reportingCurrency: target,
    total: addMoney('0', ...valued.flatMap((r) => (r.converted === null ? [] : [r.converted]))),
    artworks: rows.reduce((n, r) => n + Number(r.n), 0),
    valued: valued.reduce((n, r) => n + Number(r.n), 0),
    perCurrency: valued.map((r) => ({
      currency: r.currency,
      amount: r.amount,
      count: Number(r.n),
      converted: r.converted,
      rate: rateOfRow({ ...r, currency: r.currency }),
    })),
    ratesUsed: distinctRates(valued.map((r) => ({ ...r, currency: r.currency }))),
    unconverted,
  }
}

/**
 * Per dimension: the plain columns grouped first (the planner knows their few values, so it hashes them; an
 * expression is estimated at one group per row and sorted on disk), the key of a bar made from them, and the
 * words of a key (`k` is the key as text).
 */
const DIMENSION_SQL: Record<Dimension, { cols: SQL; key: SQL; label: (lang: Lang) => SQL }> = {
  location: {
    cols: sql.raw('a.in_warehouse, a.room_id'),
    key: sql.raw(`case when not in_warehouse then 'out' else room_id::text end`),
    label: (lang) => sql`(select ${nameCol(lang, 'r')} from rooms r where r.id::text = k)`,
  },
  medium: tagDimension('medium_tag_id'),
  period: tagDimension('period_tag_id'),
  market: tagDimension('invest_market_tag_id'),
  stage: tagDimension('income_stage_tag_id'),
  artist: {
    cols: sql.raw('a.artist_id'),
    key: sql.raw('artist_id::text'),
    label: (lang) => sql`(select ${nameCol(lang, 'ar')} from artists ar where ar.id::text = k)`,
  },
}
function nameCol(lang: Lang, alias: string): SQL {
  return sql.raw(
    lang === 'en'
      ? `coalesce(nullif(${alias}.name_en, ''), ${alias}.name_zh)`
      : `coalesce(nullif(${alias}.name_zh, ''), ${alias}.name_en)`,
  )
}
function tagDimension(column: string) {
  return {
    cols: sql.raw(`a.${column}`),
    key: sql.raw(`${column}::text`),
    label: (lang: Lang) => sql`(select ${nameCol(lang, 't')} from tags t where t.id::text = k)`,
  }
}

interface BreakdownSqlRow extends ConvertedRow {
  k: string | null
  label: string | null
  keys: number
  all_n: number
}

/**
 * Count and value per currency of each bar of a dimension (the top TOP_ROWS by count), converted at today's
 * rates; one statement. Labels in the request's language; a key without one (no tag, no room) is null.
 */
export async function collectionBreakdown(
  db: DbOrTx,
  f: ScopedFilters,
  dimension: Dimension,
  target: string,
  lang: Lang,
  at = today(),
): Promise<Breakdown> {
  const d = DIMENSION_SQL[dimension]
  const rows = rowsOf<BreakdownSqlRow>(
    await db.execute(sql`with plain as materialized (
        select ${d.cols}, ${CURRENCY} as currency, count(*) as n, sum(a.latest_valuation) as amount
        from artworks a where ${whereOf(f, FILTER_OF[dimension])}
        group by ${d.cols}, a.latest_valuation is null, a.latest_valuation_currency),
      g as (select ${d.key} as k, currency, sum(n) as n, sum(amount) as amount from plain group by 1, 2),
      keys as (select k, sum(n) as total from g group by k),
      top as (select k from keys order by total desc, k nulls last limit ${TOP_ROWS}),
      src as (select g.k, g.currency, ${at}::date as "on", g.amount, g.n from g join top on top.k is not distinct from g.k)
      select k, ${d.label(lang)} as label, ${CONVERTED_COLUMNS},
        (select count(*) from keys)::int as keys, (select coalesce(sum(total), 0) from keys)::int as all_n
      from (${convertedSql(sql`select * from src`, target)}) x`),
  )
  const byKey = new Map<string | null, BreakdownRow & { converted: string }>()
  for (const r of rows) {
    let row = byKey.get(r.k)
    if (!row) {
      row = { key: r.k, label: r.label ?? '', count: 0, values: [], converted: '0.00', unconverted: [] }
      byKey.set(r.k, row)
    }
    row.count += Number(r.n)
    if (r.currency === null || r.amount === null) continue
    row.values.push({ currency: r.currency, amount: r.amount })
    if (r.converted === null) row.unconverted.push(r.currency)
    else row.converted = addMoney(row.converted, r.converted)
  }
  const list = [...byKey.values()].sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1))
  for (const row of list) row.values.sort((a, b) => a.currency.localeCompare(b.currency))
  const shown = list.reduce((n, r) => n + r.count, 0)
  const keys = rows[0]?.keys ?? 0
  const all = rows[0]?.all_n ?? 0
  return {
    dimension,
    rows: list,
    more: { rows: Math.max(0, keys - list.length), count: Math.max(0, all - shown) },
  }
}

/** Insured (covered now) and uninsured value per currency, and the under-insured count (modules/insurance/under-insurance.ts). */
export async function insuranceAggregate(
  db: DbOrTx,
  f: ScopedFilters,
  target: string,
  at = today(),
): Promise<InsuranceSummary> {
  const source = sql`select a.insurance_status::text as k, ${CURRENCY} as currency, ${at}::date as "on",
      sum(a.latest_valuation) as amount, count(*) as n
    from artworks a where ${whereOf(f, 'insurance')}
    group by a.insurance_status, a.latest_valuation is null, a.latest_valuation_currency`
  const [rows, under] = await Promise.all([
    db.execute(sql`select k, ${CONVERTED_COLUMNS} from (${convertedSql(source, target)}) x`),
    underInsured(db, { list: 'flagged', page: 1, pageSize: 1 }),
  ])
  const out = new Map<string, InsuranceSummary['rows'][number]>()
  for (const status of ['covered', 'to_be_insured'] as const)
    out.set(status, { status, count: 0, values: [], converted: '0.00', unconverted: [] })
  for (const r of rowsOf<ConvertedRow & { k: string }>(rows)) {
    const row = out.get(r.k)
    if (!row) continue
    row.count += Number(r.n)
    if (r.currency === null || r.amount === null) continue
    row.values.push({ currency: r.currency, amount: r.amount })
    if (r.converted === null) row.unconverted.push(r.currency)
    else row.converted = addMoney(row.converted, r.converted)
  }
  for (const row of out.values()) row.values.sort((a, b) => a.currency.localeCompare(b.currency))
  return { rows: [...out.values()], underInsured: under.counts.flagged, ratio: under.ratio }
}

/** What is moving: held by a live process, lent out, in transit (one scan). */
export async function activityAggregate(db: DbOrTx, f: ScopedFilters): Promise<ActivitySummary> {
  const [r] = rowsOf<{ operation: number; loan: number; transit: number }>(
    await db.execute(sql`select count(*) filter (where a.active_process_id is not null)::int as operation,
        count(*) filter (where a.status = 'on_loan')::int as loan,
        count(*) filter (where a.transport_status = 'transporting')::int as transit
      from artworks a where ${whereOf(f, 'activity')}`),
  )
  return {
    rows: [
      { activity: 'operation', count: Number(r?.operation ?? 0) },
      { activity: 'loan', count: Number(r?.loan ?? 0) },
      { activity: 'transit', count: Number(r?.transit ?? 0) },
    ],
  }
}
