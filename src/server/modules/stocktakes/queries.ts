// Reads of the stocktake and warehouse screens, over the processes' own records (no tables of their own):
// the INVENTORY_CHECK list by outcome, read from each process's steps in its snapshot (the count's date,
// counters and lists of artwork ids, the discrepancies' outcome); one stocktake's result artwork by
// artwork; the warehouse summary per room (artworks and latest valuations per currency from the artwork
// rows, the last finished stocktake, artworks missing by their last room, movements in and out per month
// from artwork_movements); and the batches of arriving artworks waiting to be warehoused.
import { and, asc, count, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm'
import type { ArtworkBrief, PlaceView } from '../../../shared/contracts/operations'
import type {
  CurrencyAmount,
  InboundItem,
  InboundPage,
  MonthMovements,
  RoomBrief,
  RoomSummary,
  StocktakeDetail,
  StocktakeItem,
  StocktakeListQuery,
  StocktakePage,
  StocktakeResult,
  StocktakeShow,
  WarehouseSummary,
} from '../../../shared/contracts/stocktakes'
import { addMoney } from '../../../shared/validation'
import type { Db } from '../../db/client'
import { artworkMovements, artworks, processArtworks, processes, rooms } from '../../db/schema'
import { invalid, notFound } from '../../http/app-error'
import { artworksOutOfScope } from '../auth/scope'
import type { ArtworkScope } from '../auth/scope-types'
import { artworkColumns, processBriefs } from '../operations/queries'

const TYPE = 'INVENTORY_CHECK'
const steps = (path: string) => sql.raw(`'{context,steps,${path}}'`)
const roomOfSnapshot = sql<string | null>`(${processes.snapshot} #>> '{context,subject,roomId}')`

/** Which tab a stocktake is on: its final state, terminated, or still under way. */
const showOf = sql<StocktakeShow>`case
  when ${processes.state} = 'completed' then 'completed'
  when ${processes.state} = 'uncompleted' then 'uncompleted'
  when ${processes.status} = 'terminated' then 'terminated'
  else 'inProgress' end`

const listLength = (path: string) =>
  sql<number>`coalesce(jsonb_array_length(case when jsonb_typeof(${processes.snapshot} #> ${steps(path)}) = 'array'
    then ${processes.snapshot} #> ${steps(path)} end), 0)::int`

const stocktakeColumns = {
  id: processes.id,
  show: showOf,
  roomId: roomOfSnapshot,
  plannedOn: sql<string | null>`(${processes.snapshot} #>> '{context,subject,plannedOn}')`,
  countedOn: sql<string | null>`(${processes.snapshot} #>> ${steps('counting,data,countedOn')})`,
  counters: sql<string | null>`(${processes.snapshot} #>> ${steps('counting,data,counters')})`,
  found: listLength('counting,data,foundArtworkIds'),
  missing: listLength('counting,data,missingArtworkIds'),
  foundLater: listLength('discrepancies,data,foundArtworkIds'),
  stillMissing: listLength('discrepancies,data,missingArtworkIds'),
}

const roomColumns = {
  id: rooms.id,
  code: rooms.code,
  nameZh: rooms.nameZh,
  nameEn: rooms.nameEn,
  enabled: rooms.enabled,
}

async function roomsById(db: Db, ids: (string | null)[]): Promise<Map<string, RoomBrief>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && UUID_RE.test(id)))]
  if (wanted.length === 0) return new Map()
  const rows = await db.select(roomColumns).from(rooms).where(inArray(rooms.id, wanted))
  return new Map(rows.map((r) => [r.id, r]))
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A room the request names must exist (400 at the field otherwise). */
async function assertRoom(db: Db, roomId: string | undefined) {
  if (!roomId) return
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId))
  if (!room) throw invalid({ roomId: 'unknownRoom' })
}

export async function listStocktakes(
  db: Db,
  q: Omit<StocktakeListQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number },
  scope: ArtworkScope | null = null,
): Promise<StocktakePage> {
  const page = q.page ?? 1
  const pageSize = q.pageSize ?? 20
  await assertRoom(db, q.roomId)
  const base: SQL[] = [eq(processes.type, TYPE)]
  if (q.roomId) base.push(sql`${roomOfSnapshot} = ${q.roomId}`)
  const shown = q.show ? [...base, sql`${showOf} = ${q.show}`] : base
  const [rows, byShow] = await Promise.all([
    db
      .select({ ...stocktakeColumns, snapshot: processes.snapshot })
      .from(processes)
      .where(and(...shown))
      .orderBy(desc(processes.createdAt), desc(processes.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ show: showOf, n: count() })
      .from(processes)
      .where(and(...base))
      .groupBy(showOf),
  ])
  const counts = { inProgress: 0, completed: 0, uncompleted: 0, terminated: 0 }
  for (const r of byShow) counts[r.show] = Number(r.n)
  const total = q.show ? counts[q.show] : Object.values(counts).reduce((a, b) => a + b, 0)
  const [briefs, roomMap, seen] = await Promise.all([
    processBriefs(
      db,
      rows.map((r) => r.id),
    ),
    roomsById(
      db,
      rows.map((r) => r.roomId),
    ),
    visibleOf(
      db,
      scope,
      rows.flatMap((r) => [...resultsOf(r.snapshot).keys()]),
    ),
  ])
  const list = rows.flatMap(({ snapshot, ...r }): StocktakeItem[] => {
    const process = briefs.get(r.id)
    if (!process) return []
    return [itemOf(seen ? { ...r, ...countsOf(resultsOf(snapshot), seen) } : r, process, roomMap)]
  })
  return { list, total, page, pageSize, counts }
}

interface StocktakeRow {
  id: string
  show: StocktakeShow
  roomId: string | null
  plannedOn: string | null
  countedOn: string | null
  counters: string | null
  found: number
  missing: number
  foundLater: number
  stillMissing: number
}

function itemOf(
  r: StocktakeRow,
  process: StocktakeItem['process'],
  roomMap: Map<string, RoomBrief>,
): StocktakeItem {
  return {
    process,
    show: r.show,
    room: (r.roomId && roomMap.get(r.roomId)) || null,
    plannedOn: r.plannedOn,
    countedOn: r.countedOn,
    counters: r.counters ?? '',
    found: Number(r.found),
    missing: Number(r.missing),
    foundLater: Number(r.foundLater),
    stillMissing: Number(r.stillMissing),
  }
}

const idsIn = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []

type StepsSnapshot = { context?: { steps?: Record<string, { data?: Record<string, unknown> }> } }

/** Each counted artwork's result, from the stocktake's steps. */
function resultsOf(snapshot: unknown): Map<string, StocktakeResult> {
  const context = (snapshot as StepsSnapshot | null)?.context
  const counting = context?.steps?.counting?.data ?? {}
  const discrepancies = context?.steps?.discrepancies?.data
  const results = new Map<string, StocktakeResult>()
  for (const a of idsIn(counting.foundArtworkIds)) results.set(a, 'found')
  for (const a of idsIn(counting.missingArtworkIds)) results.set(a, 'missing')
  if (discrepancies) {
    for (const a of idsIn(discrepancies.foundArtworkIds)) results.set(a, 'foundLater')
    for (const a of idsIn(discrepancies.missingArtworkIds)) results.set(a, 'stillMissing')
  }
  return results
}

/**
 * Of these artwork ids, those a user limited to legal entities sees (auth/scope.ts); null when they see
 * everything. A stocktake counts a room, not owners' works: such a user reads only the results of theirs.
 */
async function visibleOf(db: Db, scope: ArtworkScope | null, ids: string[]): Promise<Set<string> | null> {
  if (!scope) return null
  const wanted = [...new Set(ids.filter((a) => UUID_RE.test(a)))]
  const outside = new Set(await artworksOutOfScope(db, scope, wanted))
  return new Set(wanted.filter((a) => !outside.has(a)))
}

/** The counters of a stocktake over the artworks in `seen` only. */
function countsOf(results: Map<string, StocktakeResult>, seen: Set<string>) {
  const n = { found: 0, missing: 0, foundLater: 0, stillMissing: 0 }
  const counting = { found: 0, missing: 0 }
  for (const [id, result] of results) {
    if (!seen.has(id)) continue
    n[result]++
    // found later and still missing were first counted missing
    if (result === 'found') counting.found++
    else counting.missing++
  }
  return {
    found: counting.found,
    missing: counting.missing,
    foundLater: n.foundLater,
    stillMissing: n.stillMissing,
  }
}

/** One stocktake's result per artwork: found, missing (not accounted for yet), found later, still missing. */
export async function stocktakeDetail(
  db: Db,
  id: string,
  scope: ArtworkScope | null = null,
): Promise<StocktakeDetail> {
  const [found] = await db
    .select({ ...stocktakeColumns, snapshot: processes.snapshot })
    .from(processes)
    .where(and(eq(processes.id, id), eq(processes.type, TYPE)))
  if (!found) throw notFound()
  const context = (found.snapshot as StepsSnapshot | null)?.context
  const counting = context?.steps?.counting?.data ?? {}
  const discrepancies = context?.steps?.discrepancies?.data
  const all = resultsOf(found.snapshot)
  const seen = await visibleOf(db, scope, [...all.keys()])
  const results = seen ? new Map([...all].filter(([a]) => seen.has(a))) : all
  const row = seen ? { ...found, ...countsOf(all, seen) } : found
  const ids = [...results.keys()].filter((a) => UUID_RE.test(a))
  const [briefs, roomMap, artworkRows] = await Promise.all([
    processBriefs(db, [id]),
    roomsById(db, [row.roomId]),
    ids.length
      ? db
          .select({
            ...artworkColumns,
            roomId: artworks.roomId,
            roomZh: rooms.nameZh,
            roomEn: rooms.nameEn,
            locationText: artworks.locationText,
          })
          .from(artworks)
          .leftJoin(rooms, eq(rooms.id, artworks.roomId))
          .where(inArray(artworks.id, ids))
          .orderBy(asc(artworks.inventoryNo))
      : Promise.resolve([]),
  ])
  const process = briefs.get(id)
  if (!process) throw notFound()
  const order: Record<StocktakeResult, number> = { stillMissing: 0, missing: 1, foundLater: 2, found: 3 }
  const list = artworkRows
    .map(({ roomId, roomZh, roomEn, locationText, ...artwork }) => ({
      artwork: artwork as ArtworkBrief,
      result: results.get(artwork.id) as StocktakeResult,
      whereNow: { roomId, roomZh: roomZh ?? '', roomEn: roomEn ?? '', location: locationText } as PlaceView,
    }))
    .sort((a, b) => order[a.result] - order[b.result])
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    ...itemOf(row, process, roomMap),
    remark: text(counting.remark),
    explanation: text(discrepancies?.explanation),
    artworks: list,
  }
}

// ---------------------------------------------------------------------------------------------------
// The warehouse summary

/** The first day (UTC) of each of the last `n` months, oldest first, as yyyy-MM. */
export function lastMonths(n: number, now = new Date()): string[] {
  const out: string[] = []
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
    out.push(d.toISOString().slice(0, 7))
  }
  return out
}

export async function warehouseSummary(
  db: Db,
  q: { roomId?: string },
  now = new Date(),
): Promise<WarehouseSummary> {
  await assertRoom(db, q.roomId)
  const months = lastMonths(12, now)
  const since = new Date(`${months[0]}-01T00:00:00Z`)
  const roomFilter = q.roomId ? eq(rooms.id, q.roomId) : undefined
  const monthOf = sql<string>`to_char(${artworkMovements.at} at time zone 'UTC', 'YYYY-MM')`
  const [roomRows, held, values, lastRows, missingRows, inRows, outRows] = await Promise.all([
    db
      .select({ ...roomColumns, location: rooms.location, capacity: rooms.capacity })
      .from(rooms)
      .where(roomFilter)
      .orderBy(asc(rooms.sort), asc(rooms.code)),
    db
      .select({
        roomId: artworks.roomId,
        n: count(),
        unvalued: sql<number>`count(*) filter (where ${artworks.latestValuation} is null)::int`,
      })
      .from(artworks)
      .where(and(isNotNull(artworks.roomId), q.roomId ? eq(artworks.roomId, q.roomId) : undefined))
      .groupBy(artworks.roomId),
    db
      .select({
        roomId: artworks.roomId,
        currency: artworks.latestValuationCurrency,
        amount: sql<string>`sum(${artworks.latestValuation})::numeric(18,2)::text`,
        n: count(),
      })
      .from(artworks)
      .where(
        and(
          isNotNull(artworks.roomId),
          isNotNull(artworks.latestValuation),
          isNotNull(artworks.latestValuationCurrency),
          q.roomId ? eq(artworks.roomId, q.roomId) : undefined,
        ),
      )
      .groupBy(artworks.roomId, artworks.latestValuationCurrency)
      .orderBy(asc(artworks.latestValuationCurrency)),
    // The latest finished stocktake (completed or uncompleted) of each room.
    db
      .selectDistinctOn([roomOfSnapshot], {
        ...stocktakeColumns,
        finishedAt: processes.finishedAt,
      })
      .from(processes)
      .where(and(eq(processes.type, TYPE), eq(processes.done, true)))
      .orderBy(roomOfSnapshot, desc(processes.finishedAt), desc(processes.updatedAt)),
    // Missing now, by the room their latest "missing at a stocktake" movement left (a still-missing
    // verdict of the discrepancies writes a row from nowhere: not that one).
    db.execute<{ room_id: string | null; n: number }>(sql`
      select m.from_room_id as room_id, count(*)::int as n
      from ${artworks} a
      left join lateral (
        select from_room_id from ${artworkMovements} am
        where am.artwork_id = a.id and am.kind = 'stocktake_missing' and am.from_room_id is not null
        order by am.at desc limit 1
      ) m on true
      where a.status = 'missing'
      group by m.from_room_id`),
    db
      .select({ roomId: artworkMovements.toRoomId, month: monthOf, n: count() })
      .from(artworkMovements)
      .where(
        and(
          isNotNull(artworkMovements.toRoomId),
          sql`${artworkMovements.at} >= ${since.toISOString()}`,
          sql`${artworkMovements.fromRoomId} is distinct from ${artworkMovements.toRoomId}`,
        ),
      )
      .groupBy(artworkMovements.toRoomId, monthOf),
    db
      .select({ roomId: artworkMovements.fromRoomId, month: monthOf, n: count() })
      .from(artworkMovements)
      .where(
        and(
          isNotNull(artworkMovements.fromRoomId),
          sql`${artworkMovements.at} >= ${since.toISOString()}`,
          sql`${artworkMovements.fromRoomId} is distinct from ${artworkMovements.toRoomId}`,
        ),
      )
      .groupBy(artworkMovements.fromRoomId, monthOf),
  ])
  const missingList = (
    Array.isArray(missingRows) ? missingRows : (missingRows as { rows: unknown[] }).rows
  ) as { room_id: string | null; n: number }[]
  const heldBy = new Map(held.map((h) => [h.roomId, h]))
  const lastBy = new Map(lastRows.map((l) => [l.roomId, l]))
  const missingBy = new Map(missingList.map((m) => [m.room_id, Number(m.n)]))
  const flows = new Map<string, Map<string, MonthMovements>>()
  const flow = (roomId: string, month: string) => {
    let byMonth = flows.get(roomId)
    if (!byMonth) {
      byMonth = new Map(months.map((m) => [m, { month: m, in: 0, out: 0 }]))
      flows.set(roomId, byMonth)
    }
    return byMonth.get(month)
  }
  for (const r of inRows) {
    const f = r.roomId ? flow(r.roomId, r.month) : undefined
    if (f) f.in += Number(r.n)
  }
  for (const r of outRows) {
    const f = r.roomId ? flow(r.roomId, r.month) : undefined
    if (f) f.out += Number(r.n)
  }
  const valueList = (roomId: string): CurrencyAmount[] =>
    values
      .filter((v) => v.roomId === roomId)
      .map((v) => ({ currency: v.currency ?? '', amount: v.amount, artworks: Number(v.n) }))

  const list: RoomSummary[] = roomRows.map((r) => {
    const last = lastBy.get(r.id)
    return {
      room: { id: r.id, code: r.code, nameZh: r.nameZh, nameEn: r.nameEn, enabled: r.enabled },
      location: r.location,
      capacity: r.capacity,
      artworks: Number(heldBy.get(r.id)?.n ?? 0),
      values: valueList(r.id),
      unvalued: Number(heldBy.get(r.id)?.unvalued ?? 0),
      lastStocktake: last
        ? {
            processId: last.id,
            countedOn: last.countedOn,
            finishedAt: last.finishedAt ? last.finishedAt.toISOString() : null,
            show: last.show,
            found: Number(last.found),
            missing: Number(last.missing),
          }
        : null,
      missing: missingBy.get(r.id) ?? 0,
      movements: months.map((m) => flows.get(r.id)?.get(m) ?? { month: m, in: 0, out: 0 }),
    }
  })
  const totals = new Map<string, CurrencyAmount>()
  for (const room of list)
    for (const v of room.values) {
      const t = totals.get(v.currency)
      totals.set(
        v.currency,
        t
          ? { currency: v.currency, amount: addMoney(t.amount, v.amount), artworks: t.artworks + v.artworks }
          : { ...v },
      )
    }
  return {
    rooms: list,
    totals: {
      artworks: list.reduce((a, r) => a + r.artworks, 0),
      values: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
      missing: q.roomId ? (missingBy.get(q.roomId) ?? 0) : missingList.reduce((a, m) => a + Number(m.n), 0),
      movements: months.map((month) => ({
        month,
        in: list.reduce((a, r) => a + (r.movements.find((m) => m.month === month)?.in ?? 0), 0),
        out: list.reduce((a, r) => a + (r.movements.find((m) => m.month === month)?.out ?? 0), 0),
      })),
    },
  }
}

// ---------------------------------------------------------------------------------------------------
// Batch inbound

/** Purchases' shippings whose current step is warehousing: the batches waiting to be put into rooms. */
export async function inboundBatches(db: Db, q: { page?: number; pageSize?: number }): Promise<InboundPage> {
  const page = q.page ?? 1
  const pageSize = q.pageSize ?? 20
  const where = and(
    eq(processes.type, 'BUY_ART_TRANS'),
    eq(processes.currentStep, 'warehousing'),
    eq(processes.done, false),
    ne(processes.status, 'terminated'),
  )
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: processes.id, snapshot: processes.snapshot })
      .from(processes)
      .where(where)
      .orderBy(asc(processes.updatedAt), asc(processes.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(processes).where(where),
  ])
  const ids = rows.map((r) => r.id)
  const [briefs, subjects] = await Promise.all([
    processBriefs(db, ids),
    ids.length
      ? db
          .select({ processId: processArtworks.processId, ...artworkColumns })
          .from(processArtworks)
          .innerJoin(artworks, eq(artworks.id, processArtworks.artworkId))
          .where(inArray(processArtworks.processId, ids))
          .orderBy(asc(artworks.inventoryNo))
      : Promise.resolve([]),
  ])
  type Ctx = {
    context?: {
      steps?: Record<
        string,
        {
          data?: Record<string, unknown>
          events?: { type: string; at: string; payload?: Record<string, unknown> }[]
        }
      >
    }
  }
  const transportOf = (s: unknown) => (s as Ctx).context?.steps?.transport
  const roomMap = await roomsById(
    db,
    rows.flatMap((r) => {
      const data = transportOf(r.snapshot)?.data
      return [String(data?.toRoomId ?? ''), String(data?.fromRoomId ?? '')]
    }),
  )
  /** Where a batch left from: the words given, else the room it left (both its names). */
  const originOf = (data: Record<string, unknown> | undefined) => {
    if (typeof data?.fromLocation === 'string' && data.fromLocation) return data.fromLocation
    const room = roomMap.get(String(data?.fromRoomId ?? ''))
    return room ? [...new Set([room.nameZh, room.nameEn].filter(Boolean))].join(' / ') : ''
  }
  const list = rows.flatMap((r): InboundItem[] => {
    const process = briefs.get(r.id)
    if (!process) return []
    const transport = transportOf(r.snapshot)
    const arrive = [...(transport?.events ?? [])].reverse().find((e) => e.type === 'ARRIVE')
    const arrivedOn =
      typeof arrive?.payload?.arrivedOn === 'string'
        ? arrive.payload.arrivedOn
        : (arrive?.at?.slice(0, 10) ?? null)
    const toRoom = String(transport?.data?.toRoomId ?? '')
    return [
      {
        process,
        artworks: subjects
          .filter((s) => s.processId === r.id)
          .map(({ processId: _p, ...a }) => a as ArtworkBrief),
        origin: originOf(transport?.data),
        arrivedOn,
        arrivalRoom: roomMap.get(toRoom) ?? null,
      },
    ]
  })
  return { list, total: Number(n), page, pageSize }
}
