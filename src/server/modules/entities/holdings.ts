// What an entity holds on a day: the artworks it and the entities under it own then (their shares added up
// per artwork), each valued by its latest valuation on or before that day, weighted by the share, and brought
// into the reporting currency at the rates of that day through finance/convert.ts. A value no rate converts is
// listed apart in its own currency, never added.
import { sql } from 'drizzle-orm'
import type { HoldingsView } from '../../../shared/contracts/ownership'
import type { DbOrTx } from '../../db/client'
import type { ArtworkScope } from '../auth/scope-types'
import { convertAmounts } from '../finance/convert'
import { rowsOf } from '../process/process-store'

interface HeldRow {
  artworkId: string
  inventoryNo: string
  titleZh: string
  titleEn: string
  sharePercent: string
  value: string | null
  currency: string | null
  pledged: boolean
}

/**
 * The artworks the entity and its descendants own on `at`, with their share and share-weighted value; for a
 * user limited to legal entities only the works in their scope (auth/scope.ts: owned on the office's today).
 */
async function heldOn(
  db: DbOrTx,
  entityId: string,
  at: string,
  scope: ArtworkScope | null,
): Promise<HeldRow[]> {
  return rowsOf<HeldRow>(
    await db.execute(sql`with recursive sub(id) as (
        select id from legal_entities where id = ${entityId}
        union
        select e.id from legal_entities e join sub on e.parent_id = sub.id),
      own as (
        select o.artwork_id, sum(o.share_percent) as share from artwork_ownerships o
        where o.entity_id in (select id from sub) and o.valid_from <= ${at}::date
          and (o.valid_to is null or o.valid_to > ${at}::date)
          ${scope ? sql`and ${scope.artworkVisible(sql`o.artwork_id`)}` : sql``}
        group by o.artwork_id),
      candidates as (
        select v.artwork_id, v.amount, v.currency, v.valued_on, v.created_at from valuations v
        where v.artwork_id in (select artwork_id from own) and v.valued_on <= ${at}::date
        union all
        select a.id, a.latest_valuation, a.latest_valuation_currency, a.valuation_date, a.created_at from artworks a
        where a.id in (select artwork_id from own) and a.latest_valuation is not null
          and a.valuation_date <= ${at}::date),
      val as (
        select distinct on (artwork_id) artwork_id, amount, currency from candidates
        order by artwork_id, valued_on desc, created_at desc)
      select a.id::text as "artworkId", a.inventory_no as "inventoryNo", a.title_zh as "titleZh",
        a.title_en as "titleEn", own.share::numeric(5,2)::text as "sharePercent",
        round(val.amount * own.share / 100, 2)::text as value, val.currency,
        exists (select 1 from artwork_pledges p where p.artwork_id = a.id and p.valid_from <= ${at}::date
          and (p.valid_to is null or p.valid_to >= ${at}::date)) as pledged
      from own join artworks a on a.id = own.artwork_id left join val on val.artwork_id = own.artwork_id
      order by a.inventory_no`),
  )
}

export async function holdingsOf(
  db: DbOrTx,
  entityId: string,
  at: string,
  currency: string,
  scope: ArtworkScope | null = null,
): Promise<HoldingsView> {
  const rows = await heldOn(db, entityId, at, scope)
  const valued = rows.filter(
    (r): r is HeldRow & { value: string; currency: string } => r.value !== null && r.currency !== null,
  )
  const conversion = await convertAmounts(
    db,
    valued.map((r) => ({ amount: r.value, currency: r.currency, on: at })),
    currency,
  )
  const converted = new Map(valued.map((r, k) => [r.artworkId, conversion.items[k].converted]))
  return {
    at,
    currency,
    count: rows.length,
    total: conversion.total,
    unconverted: valued
      .filter((r) => converted.get(r.artworkId) === null)
      .map((r) => ({ artworkId: r.artworkId, value: r.value, currency: r.currency })),
    artworks: rows.map((r) => ({ ...r, converted: converted.get(r.artworkId) ?? null })),
  }
}
