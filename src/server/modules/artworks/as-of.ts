// One artwork as it was on a day, each part read from the history that keeps it: the record from the
// version of the record history in force at the end of the day, place and status from the movement row whose
// period holds that instant, the value from the valuations dated on or before the day, the cover from the
// policies in force that day (a lapsed policy until its lapse, an artwork taken off a policy until then, a
// void policy never), the owners from the ownership periods holding the day (ownership/ownership.ts); and which fields of the record changed since. One
// statement per part, all through indexes.
import { type SQL, sql } from 'drizzle-orm'
import type { ArtworkStatus } from '../../../shared/contracts/artworks'
import type { ArtworkAsOf } from '../../../shared/contracts/as-of'
import type { DbOrTx } from '../../db/client'
import { notFound } from '../../http/app-error'
import { officeZone } from '../../office-day'
import { rowsOf } from '../process/process-store'
import type { Moment } from '../warehouse/at'
import { ownersAsOf } from './ownership/ownership'
import { diffSnapshots, type Snapshot } from './record-store'

/** The record fields a valuation writes (the value of the day is read from the valuations). */
const VALUATION_FIELDS = ['latestValuation', 'latestValuationCurrency', 'valuationDate'] as const

/** The day asked and its instant: the end of that day in the office's time zone (now for today). */
export interface AsOf {
  day: string
  moment: Moment
}

interface PlaceRow {
  status: ArtworkStatus | null
  to_room_id: string | null
  to_location: string
  at: string
  name_zh: string | null
  name_en: string | null
}

/**
 * The statements of one artwork's day, each through its index: the movement whose period holds the instant
 * ((artwork_id, at)), the record version in force ((artwork_id, version)), the valuation dated by then
 * ((artwork_id, valued_on, created_at)), the policies covering it (insurance_policy_artworks by artwork), the
 * latest record version (what changed since). The benchmark times them beside the route.
 */
export function artworkAsOfStatements(id: string, { day, moment }: AsOf) {
  const m = moment.sql
  return {
    place: sql`select m.status, m.to_room_id, m.to_location, m.at, r.name_zh, r.name_en
      from artwork_movements m left join rooms r on r.id = m.to_room_id
      where m.artwork_id = ${id} and m.at <= ${m}::timestamptz and m.until > ${m}::timestamptz
      limit 1`,
    record: sql`select version, snapshot from artwork_history
      where artwork_id = ${id} and at <= ${m}::timestamptz order by version desc limit 1`,
    valuation: sql`select amount::text as amount, currency, valued_on::text as valued_on from valuations
      where artwork_id = ${id} and valued_on <= ${day}::date
      order by valued_on desc, created_at desc limit 1`,
    cover: sql`select distinct p.policy_no from insurance_policy_artworks pa
      join insurance_policies p on p.id = pa.policy_id
      where pa.artwork_id = ${id} and ${coveringOn(day)} order by p.policy_no`,
    latest: sql`select snapshot from artwork_history where artwork_id = ${id} order by version desc limit 1`,
  }
}

/**
 * The policies covering on `day` (SQL over `p` insurance_policies and `pa` insurance_policy_artworks): in
 * force between their start and end dates, not void, a lapsed one only before the office day of its lapse
 * (the lapse is the last write to a lapsed policy: its updated_at), an artwork taken off one only before that
 * day.
 */
export function coveringOn(day: string) {
  return sql`p.status <> 'void' and p.start_date <= ${day}::date and p.end_date >= ${day}::date
    and (p.status = 'active' or ${day}::date < (p.updated_at at time zone ${officeZone()})::date)
    and (pa.removed_on is null or pa.removed_on > ${day}::date)`
}

/** The record's fields that differ from that day's version to the latest one (valuation fields aside). */
function changedSince(then: Snapshot | undefined, latest: Snapshot | undefined) {
  if (!then || !latest) return []
  return diffSnapshots(then, latest).filter((c) => !(VALUATION_FIELDS as readonly string[]).includes(c.field))
}

export async function artworkAsOf(db: DbOrTx, id: string, { day, moment }: AsOf): Promise<ArtworkAsOf> {
  const [exists] = rowsOf<{ id: string }>(await db.execute(sql`select id from artworks where id = ${id}`))
  if (!exists) throw notFound()
  const q = artworkAsOfStatements(id, { day, moment })
  const first = async <T>(statement: SQL) => rowsOf<T>(await db.execute(statement))[0] as T | undefined
  const [place, record, valuation, coveredBy, latest, owners] = await Promise.all([
    first<PlaceRow>(q.place),
    first<{ version: number; snapshot: Snapshot }>(q.record),
    first<{ amount: string; currency: string; valued_on: string }>(q.valuation),
    db.execute(q.cover).then((r) => rowsOf<{ policy_no: string }>(r).map((p) => p.policy_no)),
    first<{ snapshot: Snapshot }>(q.latest),
    ownersAsOf(db, id, day),
  ])
  const existed = place !== undefined || record !== undefined
  return {
    at: day,
    existed,
    status: place?.status ?? null,
    roomId: place?.to_room_id ?? null,
    room:
      place?.to_room_id && place.name_zh !== null
        ? { id: place.to_room_id, nameZh: place.name_zh, nameEn: place.name_en ?? '' }
        : null,
    location: place?.to_location ?? '',
    since: place ? new Date(place.at).toISOString() : null,
    owners: existed ? owners : [],
    latestValuation: existed ? (valuation?.amount ?? null) : null,
    valuationCurrency: existed ? (valuation?.currency ?? null) : null,
    valuationDate: existed ? (valuation?.valued_on ?? null) : null,
    coveredBy: existed ? coveredBy : [],
    record: record ? { ...record.snapshot } : null,
    recordVersion: record?.version ?? null,
    changedSince: changedSince(record?.snapshot, latest?.snapshot),
  }
}
