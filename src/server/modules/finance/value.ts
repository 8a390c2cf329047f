// The reporting currency (an app setting, CNY by default) and the collection's value in a currency (issue
// 15): every artwork the office holds (purchased, in the collection, on loan — not sold, not missing) at its
// latest valuation on or before the date asked, summed per currency, each currency converted at its latest
// rate on or before that date. A currency with no rate stays apart with its artworks listed; nothing is
// converted at 1. For today the artworks' own latest-valuation columns are read (kept by the valuations);
// for a past date, the valuations table.
import { eq, type SQL, sql } from 'drizzle-orm'
import {
  type CollectionValue,
  currencyCode,
  DEFAULT_REPORTING_CURRENCY,
  type FinanceSettings,
  REPORTING_CURRENCY_KEY,
} from '../../../shared/contracts/finance'
import { addMoney } from '../../../shared/validation'
import type { DbOrTx } from '../../db/client'
import { appSettings, users } from '../../db/schema'
import { rowsOf } from '../process/process-store'
import { convertedSql, distinctRates, rateOfRow } from './convert'

export async function financeSettings(db: DbOrTx): Promise<FinanceSettings> {
  const [row] = await db
    .select({ value: appSettings.value, updatedAt: appSettings.updatedAt, name: users.displayName })
    .from(appSettings)
    .leftJoin(users, eq(users.id, appSettings.updatedBy))
    .where(eq(appSettings.key, REPORTING_CURRENCY_KEY))
  const parsed = currencyCode.safeParse(row?.value)
  if (!row || !parsed.success)
    return {
      reportingCurrency: DEFAULT_REPORTING_CURRENCY,
      isDefault: true,
      updatedAt: null,
      updatedByName: null,
    }
  return {
    reportingCurrency: parsed.data,
    isDefault: false,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.name ?? null,
  }
}

export async function reportingCurrency(db: DbOrTx): Promise<string> {
  return (await financeSettings(db)).reportingCurrency
}

export async function saveReportingCurrency(db: DbOrTx, currency: string, userId: string): Promise<void> {
  const values = { value: currency, updatedAt: new Date(), updatedBy: userId }
  await db
    .insert(appSettings)
    .values({ key: REPORTING_CURRENCY_KEY, ...values })
    .onConflictDoUpdate({ target: appSettings.key, set: values })
}

const HELD = sql`a.status in ('purchased', 'in_collection', 'on_loan')`

/** Each held artwork's latest valuation on or before `at` (id, amount, currency, valued_on). */
export function heldValuationsSql(at: string, today: string): SQL {
  if (at >= today)
    return sql`select a.id, a.latest_valuation as amount, a.latest_valuation_currency as currency,
        a.valuation_date as valued_on
      from artworks a where ${HELD} and a.latest_valuation is not null and a.latest_valuation_currency is not null`
  // One probe of valuations_artwork_on_idx per held artwork (the latest on or before the date).
  return sql`select a.id, v.amount, v.currency, v.valued_on
      from artworks a cross join lateral (
        select amount, currency, valued_on from valuations
         where artwork_id = a.id and valued_on <= ${at}::date
         order by valued_on desc, created_at desc limit 1) v
      where ${HELD}`
}

/** The value at `at`; `today` is the office's (todayIn): from it on, the artworks' own latest valuations. */
export async function collectionValue(
  db: DbOrTx,
  at: string,
  target: string,
  today: string,
): Promise<CollectionValue> {
  const held = heldValuationsSql(at, today)
  // Summed per currency first; then one conversion per currency at the date asked.
  const source = sql`select currency, ${at}::date as "on", sum(amount) as amount, count(*)::int as n
    from (${held}) h group by currency`
  const rows = rowsOf<{
    currency: string
    amount: string
    n: number
    converted: string | null
    r_base: string | null
    r_quote: string | null
    r_on: string | null
    r_rate: string | null
    r_inverse: boolean | null
  }>(
    await db.execute(sql`select currency, amount::numeric(18, 2)::text as amount, n, converted::text as converted,
        r_base, r_quote, r_on::text as r_on, r_rate::text as r_rate, r_inverse
      from (${convertedSql(source, target)}) x order by currency`),
  )
  const [{ artworks }] = rowsOf<{ artworks: number }>(
    await db.execute(sql`select count(*)::int as artworks from artworks a where ${HELD}`),
  )
  const missing = rows.filter((r) => r.converted === null).map((r) => r.currency)
  let withoutRate: CollectionValue['withoutRate'] = { count: 0, list: [] }
  if (missing.length > 0) {
    const list = rowsOf<{
      id: string
      inventory_no: string
      title_zh: string
      title_en: string
      amount: string
      currency: string
      valued_on: string | null
    }>(
      await db.execute(sql`select h.id, a.inventory_no, a.title_zh, a.title_en, h.amount::numeric(18, 2)::text as amount,
          h.currency, h.valued_on::text as valued_on
        from (${held}) h join artworks a on a.id = h.id
        where h.currency in (${sql.join(
          missing.map((c) => sql`${c}`),
          sql`, `,
        )})
        order by a.inventory_no limit 50`),
    )
    withoutRate = {
      count: rows.filter((r) => r.converted === null).reduce((n, r) => n + Number(r.n), 0),
      list: list.map((r) => ({
        id: r.id,
        inventoryNo: r.inventory_no,
        titleZh: r.title_zh,
        titleEn: r.title_en,
        amount: r.amount,
        currency: r.currency,
        valuedOn: r.valued_on,
      })),
    }
  }
  return {
    at,
    currency: target,
    total: addMoney('0', ...rows.flatMap((r) => (r.converted === null ? [] : [r.converted]))),
    artworks: Number(artworks),
    valued: rows.reduce((n, r) => n + Number(r.n), 0),
    subtotals: rows.map((r) => ({
      currency: r.currency,
      amount: r.amount,
      artworks: Number(r.n),
      converted: r.converted,
      rate: rateOfRow(r),
    })),
    ratesUsed: distinctRates(rows),
    withoutRate,
  }
}
