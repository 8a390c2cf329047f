// Reads of the warehouse screens: rooms with how many artworks each holds now, and the movement ledger at a
// moment. A movement row says where its artwork was during [at, until) (`until` kept by the database's
// trigger, migration 0017), so "what was in room R at t" is the rows into R whose period contains t — read
// through the index (to_room_id, until, at, artwork_id) — and "where was artwork A at t" is A's one row whose
// period contains t.
import { and, asc, count, desc, eq, ilike, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { StepRecord } from '../../../../machines/types'
import type {
  ContentsItem,
  ContentsPage,
  PlaceAt,
  RoomListQuery,
  RoomSummary,
  StocktakeItem,
} from '../../../shared/contracts/warehouse'
import type { Lang } from '../../../shared/errors'
import type { Db } from '../../db/client'
import { artists, artworkMovements, artworks, processes, rooms } from '../../db/schema'
import { notFound } from '../../http/app-error'
import { artworkColumns, movementRows, processBriefs } from '../operations/queries'
import { keywordWhere, type RoomRow, roomEntity, roomViews } from '../reference/entities'
import type { Moment } from './at'

type Paged<T> = Omit<T, 'page' | 'pageSize'> & { page: number; pageSize: number }

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** Artworks standing in each room now (artworks.room_id, which the processes keep with the ledger). */
async function occupancy(db: Db, roomIds: string[]): Promise<Map<string, number>> {
  if (roomIds.length === 0) return new Map()
  const rows = await db
    .select({ roomId: artworks.roomId, n: count() })
    .from(artworks)
    .where(inArray(artworks.roomId, roomIds))
    .groupBy(artworks.roomId)
  return new Map(rows.map((r) => [r.roomId as string, Number(r.n)]))
}

async function summaries(db: Db, rows: RoomRow[], lang: Lang): Promise<RoomSummary[]> {
  const [views, counts] = await Promise.all([
    roomViews(db, rows, lang),
    occupancy(
      db,
      rows.map((r) => r.id),
    ),
  ])
  return views.map((v) => ({ ...v, artworkCount: counts.get(v.id) ?? 0 }))
}

export async function listRooms(db: Db, q: Paged<RoomListQuery>, lang: Lang) {
  const where = and(
    keywordWhere(roomEntity.keyword, q.q),
    q.enabled ? eq(rooms.enabled, q.enabled === 'true') : undefined,
  )
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(rooms).where(where),
    db
      .select()
      .from(rooms)
      .where(where)
      .orderBy(desc(rooms.enabled), asc(rooms.sort), asc(rooms.code))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ])
  return { list: await summaries(db, rows, lang), total: Number(n), page: q.page, pageSize: q.pageSize }
}

export async function roomSummary(db: Db, id: string, lang: Lang): Promise<RoomSummary> {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id))
  if (!row) throw notFound()
  const [view] = await summaries(db, [row], lang)
  return view
}

async function assertRoom(db: Db, id: string) {
  const [row] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, id))
  if (!row) throw notFound()
}

type Param = string | Placeholder
const momentSql = (at: Param) => sql`${at}::timestamptz`

/** The ledger's rows that put an artwork in `roomId` at the moment `at`: the index's own condition. */
export function inRoomAt(roomId: Param, at: Param): SQL {
  return and(
    eq(artworkMovements.toRoomId, roomId as string),
    sql`${artworkMovements.until} > ${momentSql(at)}`,
    sql`${artworkMovements.at} <= ${momentSql(at)}`,
  ) as SQL
}

/**
 * The contents query itself, in two parts: the page is chosen from the index alone — the rows into the room
 * whose period holds the moment, newest arrival first, with their total — and only its rows are joined with
 * the movement's details, the artwork, its artist and process. The bench sends its SQL raw.
 */
export function contentsSelect(
  db: Db,
  roomId: Param,
  at: Param,
  q: { q?: string },
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const keyword = q.q
    ? inArray(
        artworkMovements.artworkId,
        db
          .select({ id: artworks.id })
          .from(artworks)
          .where(
            or(
              ilike(artworks.inventoryNo, likePattern(q.q)),
              ilike(artworks.titleZh, likePattern(q.q)),
              ilike(artworks.titleEn, likePattern(q.q)),
            ),
          ),
      )
    : undefined
  const page = db
    .select({
      artworkId: sql<string>`${artworkMovements.artworkId}`.as('page_artwork_id'),
      at: sql<Date>`${artworkMovements.at}`.as('page_at'),
      total: sql<number>`count(*) over ()`.as('page_total'),
    })
    .from(artworkMovements)
    .where(and(inRoomAt(roomId, at), keyword))
    // Ordered through an expression: no index hands this order over, so the planner picks its scan by the
    // condition alone — the period index — rather than walking (to_room_id, at) of migration 0018 backwards.
    .orderBy(sql`${artworkMovements.at} + interval '0 seconds' desc`, asc(artworkMovements.artworkId))
    .limit(limit)
    .offset(offset)
    .as('page')
  return db
    .select({
      movementId: artworkMovements.id,
      since: artworkMovements.at,
      position: artworkMovements.toLocation,
      kind: artworkMovements.kind,
      processId: artworkMovements.processId,
      processType: processes.type,
      id: artworks.id,
      inventoryNo: artworks.inventoryNo,
      titleZh: artworks.titleZh,
      titleEn: artworks.titleEn,
      previewFileId: artworks.previewFileId,
      artistZh: artists.nameZh,
      artistEn: artists.nameEn,
      total: sql<number>`${page.total}`.mapWith(Number),
    })
    .from(page)
    .innerJoin(
      artworkMovements,
      and(
        eq(artworkMovements.artworkId, page.artworkId),
        eq(artworkMovements.at, page.at),
        inRoomAt(roomId, at),
      ),
    )
    .innerJoin(artworks, eq(artworks.id, page.artworkId))
    .leftJoin(artists, eq(artists.id, artworks.artistId))
    .leftJoin(processes, eq(processes.id, artworkMovements.processId))
    .orderBy(desc(page.at), asc(page.artworkId))
}

/** Without a search, the contents statement is prepared once per database (named: planned once per connection). */
const preparedContents = new WeakMap<Db, ReturnType<ReturnType<typeof contentsSelect>['prepare']>>()
function contentsStatement(db: Db) {
  let statement = preparedContents.get(db)
  if (!statement) {
    statement = contentsSelect(
      db,
      sql.placeholder('room'),
      sql.placeholder('at'),
      {},
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare('warehouse_room_contents')
    preparedContents.set(db, statement)
  }
  return statement
}

export async function roomContents(
  db: Db,
  roomId: string,
  m: Moment,
  q: Paged<{ q?: string }>,
): Promise<ContentsPage> {
  const offset = (q.page - 1) * q.pageSize
  const rows = q.q
    ? await contentsSelect(db, roomId, m.sql, q, q.pageSize, offset)
    : await contentsStatement(db).execute({ room: roomId, at: m.sql, limit: q.pageSize, offset })
  let total = rows[0]?.total ?? 0
  // A row into the room proves the room exists; only an empty page asks.
  if (rows.length === 0) await assertRoom(db, roomId)
  if (rows.length === 0 && offset > 0) {
    // A page past the end: the total still has to be told.
    const [{ n }] = await db
      .select({ n: count() })
      .from(artworkMovements)
      .innerJoin(artworks, eq(artworks.id, artworkMovements.artworkId))
      .where(
        and(
          inRoomAt(roomId, m.sql),
          q.q
            ? or(
                ilike(artworks.inventoryNo, likePattern(q.q)),
                ilike(artworks.titleZh, likePattern(q.q)),
                ilike(artworks.titleEn, likePattern(q.q)),
              )
            : undefined,
        ),
      )
    total = Number(n)
  }
  const list = rows.map(
    (r): ContentsItem => ({
      artwork: {
        id: r.id,
        inventoryNo: r.inventoryNo,
        titleZh: r.titleZh,
        titleEn: r.titleEn,
        previewFileId: r.previewFileId,
      },
      artistZh: r.artistZh ?? '',
      artistEn: r.artistEn ?? '',
      position: r.position,
      since: r.since.toISOString(),
      movementId: r.movementId,
      kind: r.kind,
      processId: r.processId,
      processType: r.processType,
    }),
  )
  return { at: m.iso, list, total, page: q.page, pageSize: q.pageSize }
}

export async function placeOf(db: Db, artworkId: string, m: Moment): Promise<PlaceAt> {
  const [artwork] = await db.select(artworkColumns).from(artworks).where(eq(artworks.id, artworkId))
  if (!artwork) throw notFound()
  // The one row of the artwork whose period holds the moment (read through (artwork_id, at)).
  const [movement] = await movementRows(
    db,
    and(
      eq(artworkMovements.artworkId, artworkId),
      sql`${artworkMovements.at} <= ${momentSql(m.sql)}`,
      sql`${artworkMovements.until} > ${momentSql(m.sql)}`,
    ),
    1,
    0,
  )
  return {
    at: m.iso,
    artwork,
    place: movement ? movement.to : null,
    since: movement ? movement.at : null,
    movement: movement ?? null,
  }
}

/**
 * A room's movements, newest first: the page's rows chosen through the indexes (to_room_id, at) and
 * (from_room_id, at) — "in and out" takes the newest of each and merges them —, then read in full; the total
 * from index counts (into + out of − both, a row from the room to itself counting once).
 */
export async function roomMovements(
  db: Db,
  roomId: string,
  q: { direction: 'all' | 'in' | 'out'; page: number; pageSize: number },
) {
  await assertRoom(db, roomId)
  const m = artworkMovements
  const offset = (q.page - 1) * q.pageSize
  const reach = offset + q.pageSize
  const newest = (where: SQL | undefined, limit: number, skip = 0) =>
    db
      .select({ id: m.id, at: m.at })
      .from(m)
      .where(where)
      .orderBy(desc(m.at), desc(m.id))
      .limit(limit)
      .offset(skip)
  const into = eq(m.toRoomId, roomId)
  const outOf = eq(m.fromRoomId, roomId)
  let ids: string[]
  if (q.direction === 'all') {
    const [a, b] = await Promise.all([newest(into, reach), newest(outOf, reach)])
    // A move within the room is both in and out: listed once.
    const byId = new Map([...a, ...b].map((r) => [r.id, r]))
    ids = [...byId.values()]
      .sort((x, y) => y.at.getTime() - x.at.getTime() || (y.id < x.id ? -1 : 1))
      .slice(offset, reach)
      .map((r) => r.id)
  } else {
    const where =
      q.direction === 'in'
        ? and(into, sql`${m.fromRoomId} is distinct from ${roomId}`)
        : and(outOf, sql`${m.toRoomId} is distinct from ${roomId}`)
    ids = (await newest(where, q.pageSize, offset)).map((r) => r.id)
  }
  const counted = sql<number>`(select count(*) from ${m} where ${m.toRoomId} = ${roomId})`
  const countedOut = sql<number>`(select count(*) from ${m} where ${m.fromRoomId} = ${roomId})`
  const both = sql<number>`(select count(*) from ${m} where ${m.toRoomId} = ${roomId} and ${m.fromRoomId} = ${roomId})`
  const totalSql =
    q.direction === 'all'
      ? sql`${counted} + ${countedOut} - ${both}`
      : q.direction === 'in'
        ? sql`${counted} - ${both}`
        : sql`${countedOut} - ${both}`
  const [[{ n }], list] = await Promise.all([
    db.select({ n: sql<number>`${totalSql}`.mapWith(Number) }).from(sql`(select 1) as one`),
    ids.length > 0 ? movementRows(db, inArray(m.id, ids), ids.length, 0) : Promise.resolve([]),
  ])
  return { list, total: Number(n), page: q.page, pageSize: q.pageSize }
}

/** A stocktake's step records as read from its snapshot (only their data is read here). */
type StepsJson = Partial<Record<string, Pick<StepRecord, 'data'>>> | null

const stepIds = (steps: StepsJson, step: string, field: string): number => {
  const list = steps?.[step]?.data?.[field]
  return Array.isArray(list) ? list.length : 0
}

/** The INVENTORY_CHECK processes naming the room (its start input's roomId), newest first. */
export async function roomStocktakes(db: Db, roomId: string, q: { page: number; pageSize: number }) {
  await assertRoom(db, roomId)
  const where = and(
    eq(processes.type, 'INVENTORY_CHECK'),
    sql`${processes.snapshot} -> 'context' -> 'subject' ->> 'roomId' = ${roomId}`,
  )
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(processes).where(where),
    db
      .select({
        id: processes.id,
        subject: sql<Record<string, unknown>>`${processes.snapshot} -> 'context' -> 'subject'`,
        steps: sql<StepsJson>`${processes.snapshot} -> 'context' -> 'steps'`,
      })
      .from(processes)
      .where(where)
      .orderBy(desc(processes.createdAt), desc(processes.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ])
  const briefs = await processBriefs(
    db,
    rows.map((r) => r.id),
  )
  const list = rows.flatMap((r): StocktakeItem[] => {
    const process = briefs.get(r.id)
    if (!process) return []
    const steps = r.steps
    const resolved = steps?.discrepancies?.data !== undefined
    const countedOn = steps?.counting?.data?.countedOn
    return [
      {
        process,
        plannedOn: typeof r.subject?.plannedOn === 'string' ? r.subject.plannedOn : null,
        countedOn: typeof countedOn === 'string' ? countedOn : null,
        found:
          stepIds(steps, 'counting', 'foundArtworkIds') +
          (resolved ? stepIds(steps, 'discrepancies', 'foundArtworkIds') : 0),
        missing: resolved
          ? stepIds(steps, 'discrepancies', 'missingArtworkIds')
          : stepIds(steps, 'counting', 'missingArtworkIds'),
      },
    ]
  })
  return { list, total: Number(n), page: q.page, pageSize: q.pageSize }
}
