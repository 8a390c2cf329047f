// The whole collection as it was on a day: every movement row whose period holds the end of that day gives
// one artwork of the archive then, with its status and room (read from one index, no artwork row touched);
// each held artwork's (purchased, in the collection, on loan) latest valuation dated on or before the day,
// summed per currency and converted at that day's rates (finance/convert.ts); an amount without a rate
// stays apart.
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

/** Count per status and room in one pass over the rows of the instant. */
export function countsSql(moment: string, scope?: ArtworkScope | null): SQL {
  return sql`with c as (
      select status, to_room_id, count(*)::int as n from (${ledgerAtSql(moment, scope)}) l group by 1, 2)
    select c.status, c.to_room_id as room_id, r.name_zh, r.name_en, c.n
    from c left join rooms r on r.id = c.to_room_id`
}

async function counts(db: DbOrTx, moment: string, scope: ArtworkScope | null) {
  return rowsOf<{
    status: ArtworkStatus | null
    room_id: string | null
    name_zh: string | null
    name_en: string | null
    n: number
  }>(await db.execute(countsSql(moment, scope)))
}

interface ValueRow {
  currency: string
  amount: string
  n: number
  converted: string | null
  r_base: string | null
  r_quote: string | null
  r_on: string | null
  r_rate: string | null
  r_inverse: boolean | null
}

/** Held artworks' valuations of the day per currency, converted into `target` at the day's rates (SQL). */
export function valuesSql({ day, moment }: AsOf, target: string, scope?: ArtworkScope | null): SQL {
  // Each artwork's latest valuation of the day in one backward pass of valuations_artwork_on_idx (distinct
  // on, in the index's order), joined by hash to the day's held artworks: no probe per artwork.
  const source = sql`select v.currency, ${day}::date as "on", sum(v.amount) as amount, count(*)::int as n
    from (${ledgerAtSql(moment.sql, scope)}) l
    join (
      select distinct on (artwork_id) artwork_id, amount, currency from valuations
       where valued_on <= ${day}::date
       order by artwork_id desc, valued_on desc, created_at desc) v on v.artwork_id = l.artwork_id
    where l.status in ('purchased', 'in_collection', 'on_loan')
    group by v.currency`
  return sql`select currency, amount::numeric(18, 2)::text as amount, n, converted::text as converted,
      r_base, r_quote, r_on::text as r_on, r_rate::text as r_rate, r_inverse
    from (${convertedSql(source, target)}) x order by currency`
}

async function values(db: DbOrTx, asOf: AsOf, target: string, scope: ArtworkScope | null) {
  return rowsOf<ValueRow>(await db.execute(valuesSql(asOf, target, scope)))
}

export async function collectionAsOf(
  db: DbOrTx,
  asOf: AsOf,
  target: string,
  scope: ArtworkScope | null = null,
): Promise<CollectionAsOf> {
  const [rows, valued] = await Promise.all([
    counts(db, asOf.moment.sql, scope),
    values(db, asOf, target, scope),
  ])
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
