// The dashboard's shared filters as SQL over `artworks a`, and their check: a value that names nothing (a
// room, a tag of the wrong kind, an artist, a currency that does not exist) is refused with 400 at its field
// rather than answered with an empty chart that looks like data.
import { type SQL, sql } from 'drizzle-orm'
import {
  type CollectionFilters,
  type Dimension,
  type FilterKey,
  OUT_OF_WAREHOUSE,
} from '../../../shared/contracts/datacentre'
import { formatMessage, type Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { invalid } from '../../http/app-error'
import type { ArtworkScope } from '../auth/scope'
import { knownCurrencies } from '../finance/rates'
import { rowsOf } from '../process/process-store'

/** The artworks the office holds (as the collection value counts them): not sold, not missing. */
export const HELD = sql.raw(`a.status in ('purchased', 'in_collection', 'on_loan')`)

/** The filter each dimension's chart sets (a chart ignores its own, so its other bars stay visible). */
export const FILTER_OF: Record<Dimension, FilterKey> = {
  location: 'location',
  medium: 'medium',
  period: 'period',
  artist: 'artist',
  market: 'market',
  stage: 'stage',
}

/** The tag tree each tag filter's values come from (tags.code of the parent). */
const TAG_ROOTS = {
  medium: 'CREATION_MEDIUM',
  period: 'PERIOD',
  market: 'INVEST_MARKET',
  stage: 'INCOME_STAGE',
} as const

/** The filters, and the asker's scope (auth/scope.ts): a user limited to legal entities counts only theirs. */
export type ScopedFilters = CollectionFilters & { scope?: ArtworkScope | null }

/** `where` of the held artworks matching the filters, leaving out `except`, within the asker's scope. */
export function whereOf(f: ScopedFilters, except?: FilterKey): SQL {
  const c: SQL[] = [HELD]
  if (f.scope) c.push(f.scope.artworkVisible(sql`a.id`))
  const on = (k: FilterKey) => k !== except && f[k] !== undefined
  if (on('location'))
    c.push(
      f.location === OUT_OF_WAREHOUSE
        ? sql`not a.in_warehouse`
        : sql`a.in_warehouse and a.room_id = ${f.location}::uuid`,
    )
  if (on('medium')) c.push(sql`a.medium_tag_id = ${f.medium}`)
  if (on('period')) c.push(sql`a.period_tag_id = ${f.period}`)
  if (on('market')) c.push(sql`a.invest_market_tag_id = ${f.market}`)
  if (on('stage')) c.push(sql`a.income_stage_tag_id = ${f.stage}`)
  if (on('artist')) c.push(sql`a.artist_id = ${f.artist}::uuid`)
  if (on('insurance')) c.push(sql`a.insurance_status = ${f.insurance}`)
  if (on('activity'))
    c.push(
      f.activity === 'operation'
        ? sql`a.active_process_id is not null`
        : f.activity === 'loan'
          ? sql`a.status = 'on_loan'`
          : sql`a.transport_status = 'transporting'`,
    )
  if (on('valuationCurrency')) c.push(sql`a.latest_valuation_currency = ${f.valuationCurrency}`)
  return sql.join(c, sql` and `)
}

/**
 * Every filter value names something that exists, and the currencies are of the CURRENCY dictionary; else
 * 400 with a message per field in the request's language. One statement for the ids.
 */
export async function checkFilters(db: DbOrTx, f: CollectionFilters, lang: Lang): Promise<void> {
  const errors: Record<string, string> = {}
  const tagIds = (['medium', 'period', 'market', 'stage'] as const).filter((k) => f[k] !== undefined)
  const room = f.location !== undefined && f.location !== OUT_OF_WAREHOUSE ? f.location : null
  if (tagIds.length > 0 || room || f.artist) {
    const tagChecks = tagIds.map(
      (k) => sql`(with recursive up as (
            select id, parent_id, code from tags where id = ${f[k]}
            union all select t.id, t.parent_id, t.code from tags t join up on t.id = up.parent_id)
          select exists (select 1 from up where code = ${TAG_ROOTS[k]} and id <> ${f[k]})) as ${sql.raw(k)}`,
    )
    const checks = [
      ...tagChecks,
      room ? sql`exists (select 1 from rooms where id = ${room}::uuid) as location` : sql`true as location`,
      f.artist
        ? sql`exists (select 1 from artists where id = ${f.artist}::uuid) as artist`
        : sql`true as artist`,
    ]
    const [found] = rowsOf<Record<string, boolean>>(
      await db.execute(sql`select ${sql.join(checks, sql`, `)}`),
    )
    for (const k of [...tagIds, 'location', 'artist'] as const)
      if (found[k] === false) errors[k] = formatMessage('filterValueNotFound', lang)
  }
  if (f.valuationCurrency !== undefined || f.reportingCurrency !== undefined) {
    const currencies = await knownCurrencies(db)
    for (const k of ['valuationCurrency', 'reportingCurrency'] as const)
      if (f[k] !== undefined && !currencies.has(f[k])) errors[k] = formatMessage('unknownCurrency', lang)
  }
  if (Object.keys(errors).length > 0) throw invalid(errors)
}

/** A date range whose end is before its start is refused at `to`. */
export function checkRange(q: { from?: string; to?: string }, lang: Lang): void {
  if (q.from && q.to && q.to < q.from) throw invalid({ to: formatMessage('endBeforeStart', lang) })
}
