// Reads of the operations screens that the process list cannot answer: counts per type and status, the
// movement ledger (with the history row — the batch — that moved each artwork), one batch, the artworks held
// by a live process with since when, exhibition loans by due date, and sold works awaiting delivery. Also
// the artwork brief's columns and the artworks each process is about, which insurance, stocktakes and
// warehouse read too.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  ArtworkBrief,
  BatchView,
  InOperationItem,
  InOperationQuery,
  LoanItem,
  LoanPage,
  LoanShow,
  MovementListQuery,
  MovementView,
  OperationCounts,
  PlaceView,
  ProcessArtworkItem,
  ProcessBrief,
  SaleDeliveryItem,
  SaleDeliveryPage,
  SaleDeliveryShow,
} from '../../../shared/contracts/operations'
import type { Db, DbOrTx } from '../../db/client'
import {
  artworkMovements,
  artworks,
  processArtworks,
  processes,
  processHistory,
  rooms,
  users,
} from '../../db/schema'
import { notFound } from '../../http/app-error'
import { officeDayEnd, officeDayStart, officeToday } from '../../office-day'
import type { ArtworkScope } from '../auth/scope-types'
import { CREATE_EVENT } from '../process/run-effects'

type Paged<T> = Omit<T, 'page' | 'pageSize'> & { page: number; pageSize: number }

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString()

/** The columns of an artwork brief (ArtworkBrief of the operations contract). */
export const artworkColumns = {
  id: artworks.id,
  inventoryNo: artworks.inventoryNo,
  titleZh: artworks.titleZh,
  titleEn: artworks.titleEn,
  previewFileId: artworks.previewFileId,
}

const processColumns = {
  id: processes.id,
  type: processes.type,
  definitionVersion: processes.definitionVersion,
  state: processes.state,
  status: processes.status,
  currentStep: processes.currentStep,
  done: processes.done,
  createdByName: users.displayName,
  createdAt: processes.createdAt,
  updatedAt: processes.updatedAt,
  finishedAt: processes.finishedAt,
}
type ProcessRow = {
  [K in keyof typeof processColumns]: K extends 'createdAt' | 'updatedAt'
    ? Date
    : K extends 'finishedAt'
      ? Date | null
      : K extends 'createdByName'
        ? string
        : ProcessBrief[K]
}

function briefOf(p: ProcessRow): ProcessBrief {
  return {
    ...p,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    finishedAt: p.finishedAt ? iso(p.finishedAt) : null,
  }
}

export async function processBriefs(db: Db, ids: string[]): Promise<Map<string, ProcessBrief>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select(processColumns)
    .from(processes)
    .innerJoin(users, eq(users.id, processes.createdBy))
    .where(inArray(processes.id, ids))
  return new Map(rows.map((r) => [r.id, briefOf(r)]))
}

/** The artworks each process is about, in inventory order. */
export async function subjectsOf(db: DbOrTx, ids: string[]): Promise<Map<string, ArtworkBrief[]>> {
  const out = new Map<string, ArtworkBrief[]>(ids.map((id) => [id, []]))
  if (ids.length === 0) return out
  const rows = await db
    .select({ processId: processArtworks.processId, ...artworkColumns })
    .from(processArtworks)
    .innerJoin(artworks, eq(artworks.id, processArtworks.artworkId))
    .where(inArray(processArtworks.processId, ids))
    .orderBy(asc(artworks.inventoryNo))
  for (const { processId, ...a } of rows) out.get(processId)?.push(a)
  return out
}

const place = (roomId: string | null, zh: string | null, en: string | null, location: string): PlaceView => ({
  roomId,
  roomZh: zh ?? '',
  roomEn: en ?? '',
  location,
})

/** An artwork's whereabouts as selected (its room joined), and as a place in words. */
const whereColumns = {
  roomId: artworks.roomId,
  roomZh: rooms.nameZh,
  roomEn: rooms.nameEn,
  locationText: artworks.locationText,
}
const whereOf = (r: {
  roomId: string | null
  roomZh: string | null
  roomEn: string | null
  locationText: string
}): PlaceView => place(r.roomId, r.roomZh, r.roomEn, r.locationText)

export async function operationCounts(db: Db, scope: ArtworkScope | null = null): Promise<OperationCounts> {
  const rows = await db
    .select({ type: processes.type, status: processes.status, n: count() })
    .from(processes)
    .where(scope ? scope.processVisible(processes.id) : undefined)
    .groupBy(processes.type, processes.status)
    .orderBy(processes.type, processes.status)
  return rows.map((r) => ({ type: r.type, status: r.status, count: Number(r.n) }))
}

// ---------------------------------------------------------------------------------------------------
// Movements and batches

const fromRoom = alias(rooms, 'from_room')
const toRoom = alias(rooms, 'to_room')
/** The history row written with the movement (same process, same instant): the event that moved it. */
const seqOf = sql<number | null>`(select max(h.seq) from ${processHistory} h
  where h.process_id = ${artworkMovements.processId} and h.at = ${artworkMovements.at})`

export async function movementRows(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({
      id: artworkMovements.id,
      at: artworkMovements.at,
      kind: artworkMovements.kind,
      note: artworkMovements.note,
      fromRoomId: artworkMovements.fromRoomId,
      toRoomId: artworkMovements.toRoomId,
      fromLocation: artworkMovements.fromLocation,
      toLocation: artworkMovements.toLocation,
      fromZh: fromRoom.nameZh,
      fromEn: fromRoom.nameEn,
      toZh: toRoom.nameZh,
      toEn: toRoom.nameEn,
      byName: users.displayName,
      processId: artworkMovements.processId,
      processType: processes.type,
      seq: seqOf,
      artwork: artworkColumns,
    })
    .from(artworkMovements)
    .innerJoin(artworks, eq(artworks.id, artworkMovements.artworkId))
    .leftJoin(fromRoom, eq(fromRoom.id, artworkMovements.fromRoomId))
    .leftJoin(toRoom, eq(toRoom.id, artworkMovements.toRoomId))
    .leftJoin(users, eq(users.id, artworkMovements.byUserId))
    .leftJoin(processes, eq(processes.id, artworkMovements.processId))
    .where(where)
    .orderBy(desc(artworkMovements.at), asc(artworks.inventoryNo))
    .limit(limit)
    .offset(offset)
  return rows.map(
    (r): MovementView => ({
      id: r.id,
      at: iso(r.at),
      kind: r.kind,
      artwork: r.artwork,
      from: place(r.fromRoomId, r.fromZh, r.fromEn, r.fromLocation),
      to: place(r.toRoomId, r.toZh, r.toEn, r.toLocation),
      note: r.note,
      byName: r.byName ?? '',
      processId: r.processId,
      processType: r.processType,
      seq: r.seq === null ? null : Number(r.seq),
    }),
  )
}

export async function listMovements(db: Db, q: Paged<MovementListQuery>, scope: ArtworkScope | null = null) {
  const where: SQL[] = []
  if (scope) where.push(scope.artworkVisible(artworkMovements.artworkId))
  if (q.processId) where.push(eq(artworkMovements.processId, q.processId))
  if (q.artworkId) where.push(eq(artworkMovements.artworkId, q.artworkId))
  if (q.kind) where.push(eq(artworkMovements.kind, q.kind))
  if (q.from) where.push(gte(artworkMovements.at, officeDayStart(q.from)))
  if (q.to) where.push(lt(artworkMovements.at, officeDayEnd(q.to)))
  const filter = where.length > 0 ? and(...where) : undefined
  const [[{ n }], list] = await Promise.all([
    db.select({ n: count() }).from(artworkMovements).where(filter),
    movementRows(db, filter, q.pageSize, (q.page - 1) * q.pageSize),
  ])
  return { list, total: Number(n), page: q.page, pageSize: q.pageSize }
}

/** At most this many artworks are listed in one batch (a process names at most 500). */
const BATCH_LIMIT = 500

/** One batch; the process is in the user's scope (the path guard answers 404 otherwise), so are its works. */
export async function batchOf(db: Db, processId: string, seq: number): Promise<BatchView> {
  const [event] = await db
    .select({
      at: processHistory.at,
      eventType: processHistory.eventType,
      comment: processHistory.comment,
      byName: users.displayName,
    })
    .from(processHistory)
    .innerJoin(users, eq(users.id, processHistory.byUserId))
    .where(and(eq(processHistory.processId, processId), eq(processHistory.seq, seq)))
  if (!event) throw notFound()
  const [briefs, movements] = await Promise.all([
    processBriefs(db, [processId]),
    movementRows(
      db,
      and(eq(artworkMovements.processId, processId), eq(artworkMovements.at, event.at)),
      BATCH_LIMIT,
      0,
    ),
  ])
  const process = briefs.get(processId)
  if (!process) throw notFound()
  return { process, seq, ...event, at: iso(event.at), movements }
}

// ---------------------------------------------------------------------------------------------------
// Artworks in an operation

export async function artworksOfProcess(db: Db, processId: string): Promise<ProcessArtworkItem[]> {
  const [found] = await db.select({ id: processes.id }).from(processes).where(eq(processes.id, processId))
  if (!found) throw notFound()
  const rows = await db
    .select({
      artwork: artworkColumns,
      ...whereColumns,
      transportStatus: artworks.transportStatus,
    })
    .from(processArtworks)
    .innerJoin(artworks, eq(artworks.id, processArtworks.artworkId))
    .leftJoin(rooms, eq(rooms.id, artworks.roomId))
    .where(eq(processArtworks.processId, processId))
    .orderBy(asc(artworks.inventoryNo))
  return rows.map((r) => ({
    artwork: r.artwork,
    where: whereOf(r),
    transportStatus: r.transportStatus,
  }))
}

export async function inOperation(db: Db, q: Paged<InOperationQuery>, scope: ArtworkScope | null = null) {
  const since = sql<Date | string>`(select max(h.at) from ${processHistory} h
    where h.process_id = ${processes.id} and h.event_type in (${CREATE_EVENT}, 'RESTART'))`
  const filter = and(
    isNotNull(artworks.activeProcessId),
    eq(processes.done, false),
    q.type ? eq(processes.type, q.type) : undefined,
    scope ? and(scope.artworkVisible(artworks.id), scope.processVisible(processes.id)) : undefined,
  )
  const base = () =>
    db
      .select({ n: count() })
      .from(artworks)
      .innerJoin(processes, eq(processes.id, artworks.activeProcessId))
      .where(filter)
  const [[{ n }], rows] = await Promise.all([
    base(),
    db
      .select({
        artwork: artworkColumns,
        ...whereColumns,
        transportStatus: artworks.transportStatus,
        process: processColumns,
        since,
      })
      .from(artworks)
      .innerJoin(processes, eq(processes.id, artworks.activeProcessId))
      .innerJoin(users, eq(users.id, processes.createdBy))
      .leftJoin(rooms, eq(rooms.id, artworks.roomId))
      .where(filter)
      .orderBy(desc(since), asc(artworks.inventoryNo))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ])
  const list = rows.map(
    (r): InOperationItem => ({
      artwork: r.artwork,
      where: whereOf(r),
      transportStatus: r.transportStatus,
      process: briefOf(r.process),
      since: iso(r.since ?? r.process.createdAt),
    }),
  )
  return { list, total: Number(n), page: q.page, pageSize: q.pageSize }
}

// ---------------------------------------------------------------------------------------------------
// Exhibition loans

type Data = Record<string, unknown>
interface Snapshot {
  context?: {
    steps?: Record<string, { data?: Data; draft?: Data; events?: { type: string; payload?: Data }[] }>
  }
}
const stepData = (snapshot: unknown, step: string): Data => {
  const s = (snapshot as Snapshot)?.context?.steps?.[step]
  return s?.data ?? s?.draft ?? {}
}
const str = (v: unknown) => (typeof v === 'string' ? v : '')

const LOAN = 'OPERATION_LOAN_EXHIBITION_ART'
const loanEnd = sql<string | null>`coalesce(
  ${processes.snapshot} #>> '{context,steps,loan,data,endDate}',
  ${processes.snapshot} #>> '{context,steps,loan,draft,endDate}')`

function loanFilter(show: LoanShow, today: string): SQL | undefined {
  switch (show) {
    case 'upcoming':
      return and(eq(processes.done, false), notInArray(processes.status, ['onLoan', 'terminated']))
    case 'onLoan':
      return eq(processes.status, 'onLoan')
    case 'overdue':
      return and(eq(processes.status, 'onLoan'), lt(loanEnd, today))
    case 'returned':
      return eq(processes.status, 'completed')
  }
}

/** `today` (yyyy-MM-dd, the office's day) decides what is overdue: a loan on loan past its end date. */
export async function listLoans(
  db: Db,
  q: Paged<{ show?: LoanShow }>,
  today = officeToday(),
  scope: ArtworkScope | null = null,
): Promise<LoanPage> {
  const isLoan = and(eq(processes.type, LOAN), scope ? scope.processVisible(processes.id) : undefined)
  const where = and(isLoan, q.show ? loanFilter(q.show, today) : undefined)
  const countOf = async (show: LoanShow) => {
    const [{ n }] = await db
      .select({ n: count() })
      .from(processes)
      .where(and(isLoan, loanFilter(show, today)))
    return Number(n)
  }
  const [upcoming, onLoan, overdue, returned, [{ n }], rows] = await Promise.all([
    countOf('upcoming'),
    countOf('onLoan'),
    countOf('overdue'),
    countOf('returned'),
    db.select({ n: count() }).from(processes).where(where),
    db
      .select({ ...processColumns, snapshot: processes.snapshot, endDate: loanEnd })
      .from(processes)
      .innerJoin(users, eq(users.id, processes.createdBy))
      .where(where)
      // Live loans by the date they are due back, then the rest by their last change.
      .orderBy(asc(processes.done), sql`${loanEnd} asc nulls last`, desc(processes.updatedAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ])
  const subjects = await subjectsOf(
    db,
    rows.map((r) => r.id),
  )
  const list = rows.map(({ snapshot, endDate, ...p }): LoanItem => {
    const loan = stepData(snapshot, 'loan')
    const returned = (snapshot as Snapshot)?.context?.steps?.return?.events?.find((e) => e.type === 'RETURN')
    return {
      process: briefOf(p),
      artworks: subjects.get(p.id) ?? [],
      borrower: str(loan.borrower),
      exhibitionName: str(loan.exhibitionName),
      venue: str(loan.venue),
      startDate: str(loan.startDate) || null,
      endDate: endDate ?? null,
      overdue: p.status === 'onLoan' && !!endDate && endDate < today,
      returnedOn: str(returned?.payload?.returnedOn) || null,
    }
  })
  return {
    list,
    total: Number(n),
    page: q.page,
    pageSize: q.pageSize,
    counts: { upcoming, onLoan, overdue, returned },
  }
}

// ---------------------------------------------------------------------------------------------------
// Sold works and their delivery

export async function listSaleDeliveries(
  db: Db,
  q: Paged<{ show?: SaleDeliveryShow }>,
  scope: ArtworkScope | null = null,
): Promise<SaleDeliveryPage> {
  // Every sold work with the completed sale that sold it (the latest, should there be more than one).
  const sold = await db
    .select({
      artwork: artworkColumns,
      ...whereColumns,
      saleId: processes.id,
      soldAt: processes.finishedAt,
      buyer: sql<string | null>`${processes.snapshot} #>> '{context,steps,contract,data,counterparty}'`,
    })
    .from(artworks)
    .innerJoin(processArtworks, eq(processArtworks.artworkId, artworks.id))
    .innerJoin(processes, eq(processes.id, processArtworks.processId))
    .leftJoin(rooms, eq(rooms.id, artworks.roomId))
    .where(
      and(
        eq(artworks.status, 'sold'),
        eq(processes.type, 'OPERATION_SELL_ART'),
        eq(processes.status, 'completed'),
        scope ? scope.processVisible(processes.id) : undefined,
      ),
    )
    .orderBy(desc(processes.finishedAt), asc(artworks.inventoryNo))
  const seen = new Set<string>()
  const works = sold.filter((s) => !seen.has(s.artwork.id) && seen.add(s.artwork.id))
  // Transports of those works started since their sale and not terminated: the delivery.
  const transports =
    works.length === 0
      ? []
      : await db
          .select({ artworkId: processArtworks.artworkId, id: processes.id, createdAt: processes.createdAt })
          .from(processArtworks)
          .innerJoin(processes, eq(processes.id, processArtworks.processId))
          .where(
            and(
              inArray(
                processArtworks.artworkId,
                works.map((w) => w.artwork.id),
              ),
              eq(processes.type, 'OPERATION_TRANS_ART'),
              ne(processes.status, 'terminated'),
              scope ? scope.processVisible(processes.id) : undefined,
            ),
          )
          .orderBy(desc(processes.createdAt))
  const deliveryOf = new Map<string, string>()
  for (const w of works) {
    const soldAt = w.soldAt?.getTime() ?? 0
    const t = transports.find((x) => x.artworkId === w.artwork.id && x.createdAt.getTime() >= soldAt)
    if (t) deliveryOf.set(w.artwork.id, t.id)
  }
  const awaiting = works.filter((w) => !deliveryOf.has(w.artwork.id))
  const started = works.filter((w) => deliveryOf.has(w.artwork.id))
  const chosen = q.show === 'awaiting' ? awaiting : q.show === 'started' ? started : works
  const page = chosen.slice((q.page - 1) * q.pageSize, q.page * q.pageSize)
  const briefs = await processBriefs(db, [
    ...new Set(page.flatMap((w) => [w.saleId, deliveryOf.get(w.artwork.id) ?? w.saleId])),
  ])
  const list = page.flatMap((w): SaleDeliveryItem[] => {
    const sale = briefs.get(w.saleId)
    if (!sale) return []
    const delivery = deliveryOf.get(w.artwork.id)
    return [
      {
        artwork: w.artwork,
        where: whereOf(w),
        sale,
        buyer: w.buyer ?? '',
        soldAt: iso(w.soldAt ?? sale.updatedAt),
        delivery: delivery ? (briefs.get(delivery) ?? null) : null,
      },
    ]
  })
  return {
    list,
    total: chosen.length,
    page: q.page,
    pageSize: q.pageSize,
    counts: { awaiting: awaiting.length, started: started.length },
  }
}
