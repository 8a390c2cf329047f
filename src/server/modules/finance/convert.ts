// Bringing amounts of several currencies into one, for every total "in the reporting currency"
// (payments summary, collection value, valuations, the data centre). Each amount uses the latest rate of its
// currency on or before its own date: the direct pair (1 currency = rate target), or the reverse pair
// (1 target = rate currency) divided by; when both exist the later one, the direct pair on a tie. An amount
// with no rate is never converted at 1 nor dropped: it comes back apart, in its own currency. The arithmetic is
// PostgreSQL's numeric (exact decimals); each converted amount is rounded to the cent (half away from zero)
// and totals add those cents.
import { type SQL, sql } from 'drizzle-orm'
import type { RateUsed, UnconvertedAmount } from '../../../shared/contracts/finance'
import { addMoney } from '../../../shared/validation'
import type { DbOrTx } from '../../db/client'
import { rowsOf } from '../process/process-store'

/** A rate as people read it: the stored ten places without trailing zeros ("7.2000000000" → "7.2"). */
export function trimRate(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v
}

/**
 * SQL converting the rows of `source` into `target`. `source` yields at least `currency text`, `"on" date`
 * and `amount numeric` (any other column is carried along). The result adds `converted` (numeric rounded to
 * the cent; null when no rate existed) and the rate used: `r_base`, `r_quote`, `r_on`, `r_rate`, `r_inverse`
 * (all null for an amount already in `target`, or without a rate).
 *
 * Each currency's rates into `target` form a timeline (the direct pair, or the reverse pair to divide by; the
 * direct one when both fall on the same date); every distinct (currency, date) of the source takes the latest
 * point of its currency's timeline on or before its date — found by one sort of dates and rate points
 * together (window functions), so thousands of dates cost one pass rather than a probe each.
 */
export function convertedSql(source: SQL, target: string): SQL {
  return sql`with src as materialized (${source}),
    pairs as (select distinct currency, "on" from src where currency <> ${target}),
    cand as (
      select base as currency, base, quote, "on", rate, false as inverse from exchange_rates where quote = ${target}
      union all
      select quote as currency, base, quote, "on", rate, true as inverse from exchange_rates where base = ${target}),
    timeline as (
      select distinct on (currency, "on") currency, base, quote, "on", rate, inverse
      from cand where currency in (select currency from pairs)
      order by currency, "on", inverse),
    marks as (
      select currency, "on", 0 as kind, null::text as base, null::text as quote, null::date as r_on,
        null::numeric as rate, null::boolean as inverse
      from pairs
      union all
      select currency, "on", 1, base, quote, "on", rate, inverse from timeline),
    -- grp: how many rate points of the currency come before (or on) each date; a date's rate is the first
    -- row of its group (sorted rate first), read with first_value: no join back to the timeline.
    grouped as (
      select *, count(*) filter (where kind = 1) over (
          partition by currency order by "on", kind desc rows between unbounded preceding and current row) as grp
      from marks),
    rated as materialized (
      select currency, "on", kind,
        first_value(base) over w as base, first_value(quote) over w as quote,
        first_value(r_on) over w as r_on, first_value(rate) over w as rate, first_value(inverse) over w as inverse
      from grouped
      window w as (partition by currency, grp order by kind desc, "on"))
    select s.*, rt.base as r_base, rt.quote as r_quote, rt.r_on, rt.rate as r_rate, rt.inverse as r_inverse,
      case when s.currency = ${target} then round(s.amount, 2)
           when rt.rate is null then null
           when rt.inverse then round(s.amount / rt.rate, 2)
           else round(s.amount * rt.rate, 2) end as converted
    from src s left join rated rt on rt.kind = 0 and rt.currency = s.currency and rt."on" = s."on"`
}

interface RateColumns {
  currency: string
  r_base: string | null
  r_quote: string | null
  r_on: string | null
  r_rate: string | null
  r_inverse: boolean | null
}

/** The rate a converted row used (null: same currency, or none). */
export function rateOfRow(r: RateColumns): RateUsed | null {
  if (r.r_base === null || r.r_rate === null || r.r_on === null || r.r_quote === null) return null
  return {
    base: r.r_base,
    quote: r.r_quote,
    on: String(r.r_on).slice(0, 10),
    rate: trimRate(String(r.r_rate)),
    inverse: r.r_inverse === true,
    currency: r.currency,
  }
}

/** The distinct rates of converted rows, by currency then date. */
export function distinctRates(rows: RateColumns[]): RateUsed[] {
  const seen = new Map<string, RateUsed>()
  for (const r of rows) {
    const rate = rateOfRow(r)
    if (rate) seen.set(`${rate.base}/${rate.quote}/${rate.on}`, rate)
  }
  return [...seen.values()].sort((a, b) =>
    a.currency === b.currency ? a.on.localeCompare(b.on) : a.currency.localeCompare(b.currency),
  )
}

export interface AmountToConvert {
  amount: string
  currency: string
  /** yyyy-MM-dd: the date whose rate applies. */
  on: string
}

export interface Conversion {
  currency: string
  /** The sum of every converted amount (amounts without a rate are not in it). */
  total: string
  /** Per amount, in the order given: converted (null: no rate) and the rate used. */
  items: { converted: string | null; rate: RateUsed | null }[]
  ratesUsed: RateUsed[]
  /** Per currency, the amounts no rate converted. */
  unconverted: UnconvertedAmount[]
}

/** Convert a list of amounts into `target` (one statement). */
export async function convertAmounts(
  db: DbOrTx,
  amounts: readonly AmountToConvert[],
  target: string,
): Promise<Conversion> {
  if (amounts.length === 0)
    return { currency: target, total: '0.00', items: [], ratesUsed: [], unconverted: [] }
  const json = JSON.stringify(
    amounts.map((a, k) => ({ k, currency: a.currency, on: a.on, amount: a.amount })),
  )
  const source = sql`select * from json_to_recordset(${json}::json) as s(k int, currency text, "on" date, amount numeric)`
  const rows = rowsOf<RateColumns & { k: number; amount: string; on: string; converted: string | null }>(
    await db.execute(sql`select k, currency, round(amount, 2)::text as amount, "on"::text as "on", r_base, r_quote,
        r_on::text as r_on, r_rate::text as r_rate, r_inverse, converted::text as converted
      from (${convertedSql(source, target)}) x order by k`),
  )
  const items = rows.map((r) => ({ converted: r.converted, rate: rateOfRow(r) }))
  const apart = new Map<string, UnconvertedAmount>()
  for (const r of rows) {
    if (r.converted !== null) continue
    const u = apart.get(r.currency)
    if (!u)
      apart.set(r.currency, {
        currency: r.currency,
        amount: addMoney(r.amount),
        count: 1,
        firstOn: r.on,
        lastOn: r.on,
      })
    else {
      u.amount = addMoney(u.amount, r.amount)
      u.count += 1
      if (r.on < u.firstOn) u.firstOn = r.on
      if (r.on > u.lastOn) u.lastOn = r.on
    }
  }
  return {
    currency: target,
    total: addMoney('0', ...rows.flatMap((r) => (r.converted === null ? [] : [r.converted]))),
    items,
    ratesUsed: distinctRates(rows),
    unconverted: [...apart.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  }
}
