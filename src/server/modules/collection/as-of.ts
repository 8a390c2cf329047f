// The whole collection as it was on a day: every movement row whose period holds the end of that day gives
// one artwork of the archive then, with its status and room (read from one index, no artwork row touched);
// each held artwork's (purchased, in the collection, on loan) latest valuation dated on or before the day,
// summed per currency and converted at that day's rates (finance/convert.ts); an amount without a rate
// stays apart. One statement reads the day's rows once for both the counts and the values.
import { type SQL, sql } from 'drizzle-orm'
import type { ArtworkStatus } from '../../../shared/contracts/artworks'
import { ARTWORK_STATUSES } from '../../../shared/contracts/artworks'
import type { CollectionAsOf } from '../../../shared/contracts/as-of'
import { addMoney } from '../../../shared/validation'
import type { DbOrTx } from '../../db/client'
import type { AsOf } from '../artworks/as-of'
import type { ArtworkScope } from '../auth/scope'
import { convertedSql, distinctRates } from '../finance/convert'
import { rowsOf } from '../process/process-store'

/**
 * The artworks of the archive at the instant, with their status and room then (SQL); for a user limited to
 * legal entities, only those in their scope (auth/scope.ts: owned on the office's today).
 */
export function ledgerAtSql(moment: string, scope?: ArtworkScope | null) {
  return sql`select m.artwork_id, m.status, m.to_room_id from artwork_movements m
    where m.until > ${moment}::timestamptz and m.at <= ${moment}::timestamptz
    ${scope ? sql`and ${scope.artworkVisible(sql`m.artwork_id`)}` : sql``}`
}

/** The statuses whose artworks are held, and so valued: purchased, in the collection, on loan. */
const HELD = sql`('purchased', 'in_collection', 'on_loan')`

/**
 * The collection of the instant in one statement (SQL): the movement rows of the instant read once (from
 * artwork_movements_period_status_idx alone), each held artwork joined by hash to its latest valuation of the
 * day (one backward pass of valuations_artwork_on_idx, distinct on the artwork, in the index's order — no
 * probe per artwork), and both sums made in the same pass by grouping sets: the count per status and room,
 * and the valued count and amount per currency. Rows of kind 'count' carry a status, a room and its names;
 * rows of kind 'value' a currency, its amount and its conversion into `target` at the day's rates.
 */
export function collectionAsOfSql({ day, moment }: AsOf, target: string, scope?: ArtworkScope | null): SQL {
  return sql`with g as materialized (
      select l.status, l.to_room_id, v.currency, count(*)::int as n, sum(v.amount) as amount,
        grouping(l.status, l.to_room_id) as grouping_set
      from (${ledgerAtSql(moment.sql, scope)}) l
      left join (
        select distinct on (artwork_id) artwork_id, amount, currency from valuations
         where valued_on <= ${day}::date
         order by artwork_id desc, valued_on desc, created_at desc) v
        on v.artwork_id = l.artwork_id and l.status in ${HELD}
      group by grouping sets ((l.status, l.to_room_id), (v.currency)))
    select 'count' as kind, g.status, g.to_room_id as room_id, r.name_zh, r.name_en, g.n,
      null::text as currency, null::text as amount, null::text as converted, null::text as r_base,
      null::text as r_quote, null::text as r_on, null::text as r_rate, null::boolean as r_inverse
    from g left join rooms r on r.id = g.to_room_id where g.grouping_set = 0
    union all
    select 'value', null, null, null, null, x.n, x.currency, x.amount::numeric(18, 2)::text, x.converted::text,
      x.r_base, x.r_quote, x.r_on::text, x.r_rate::text, x.r_inverse
    from (${convertedSql(
      sql`select currency, ${day}::date as "on", amount, n from g where grouping_set = 3 and currency is not null`,
      target,
    )}) x`
}

interface AsOfRow {
  kind: 'count' | 'value'
  status: ArtworkStatus | null
  room_id: string | null
  name_zh: string | null
  name_en: string | null
  n: number
  currency: string
  amount: string
  converted: string | null
  r_base: string | null
  r_quote: string | null
  r_on: string | null
  r_rate: string | null
  r_inverse: boolean | null
}

export async function collectionAsOf(
  db: DbOrTx,
  asOf: AsOf,
  target: string,
  scope: ArtworkScope | null = null,
): Promise<CollectionAsOf> {
  const all = rowsOf<AsOfRow>(await db.execute(collectionAsOfSql(asOf, target, scope)))
  const rows = all.filter((r) => r.kind === 'count')
  const valued = all
    .filter((r) => r.kind === 'value')
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
  const statusCount = new Map<ArtworkStatus, number>()
  const roomCount = new Map<
    string | null,
    { room: CollectionAsOf['byRoom'][number]['room']; count: number }
  >()
  for (const r of rows) {
    if (r.status) statusCount.set(r.status, (statusCount.get(r.status) ?? 0) + r.n)
    const room =
      r.room_id && r.name_zh !== null ? { id: r.room_id, nameZh: r.name_zh, nameEn: r.name_en ?? '' } : null
    const key = room?.id ?? null
    const held = roomCount.get(key)
    if (held) held.count += r.n
    else roomCount.set(key, { room, count: r.n })
  }
  return {
    at: asOf.day,
    currency: target,
    count: rows.reduce((n, r) => n + r.n, 0),
    byStatus: ARTWORK_STATUSES.flatMap((status) => {
      const count = statusCount.get(status)
      return count ? [{ status, count }] : []
    }),
    byRoom: [...roomCount.values()].sort((a, b) => b.count - a.count),
    total: addMoney('0', ...valued.flatMap((r) => (r.converted === null ? [] : [r.converted]))),
    valued: valued.reduce((n, r) => n + Number(r.n), 0),
    ratesUsed: distinctRates(valued),
    unconverted: valued
      .filter((r) => r.converted === null)
      .map((r) => ({
        currency: r.currency,
        amount: r.amount,
        count: Number(r.n),
        firstOn: asOf.day,
        lastOn: asOf.day,
      })),
  }
}
