// The warehouse API (/api/warehouse): rooms with what they hold now, and the movement ledger read at any
// date — the contents of a room, the place of an artwork — with a room's movements in and out and its
// stocktakes. A room's inputs are the reference data's (roomCreate / roomEdit): one set of rules.
import { z } from 'zod'
import { isRealDate } from '../constants'

import { artworkBrief, movementView, placeView, processBrief } from './operations'
import { optionalParam, roomCreate, roomEdit, roomView } from './reference'

export type { RoomCreate, RoomEdit } from './reference'
export { roomCreate, roomEdit }

const page = optionalParam(z.coerce.number({ message: 'digitsOnly' }).int().min(1).max(100_000)).transform(
  (v) => v ?? 1,
)
const pageSize = optionalParam(z.coerce.number({ message: 'digitsOnly' }).int().min(1).max(200)).transform(
  (v) => v ?? 20,
)

/**
 * "At" a moment: a date (yyyy-MM-dd, meaning the end of that day in the office's time zone) or an ISO 8601
 * date-time; absent means now. A moment in the future is refused by the server (`dateInFuture`).
 */
export const AT_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2}))?$/
/** A real calendar date (no 30 February) and a time the clock has. */
function realMoment(v: string): boolean {
  if (!isRealDate(v.slice(0, 10))) return false
  return v.length === 10 || !Number.isNaN(Date.parse(v))
}
export const atParam = optionalParam(
  z
    .string()
    .trim()
    .regex(AT_RE, { message: 'invalidInstant' })
    .refine(realMoment, { message: 'invalidInstant' }),
)

export const roomListQuery = z.object({
  page,
  pageSize,
  /** Code, names, liaison or location. */
  q: optionalParam(z.string().trim().max(100)),
  enabled: optionalParam(z.enum(['true', 'false'], { message: 'invalidValue' })),
})
export type RoomListQuery = z.infer<typeof roomListQuery>

/** A room as the warehouse screens show it: the reference record and how many artworks it holds now. */
export const roomSummary = roomView.extend({ artworkCount: z.number() })
export type RoomSummary = z.infer<typeof roomSummary>

export const contentsQuery = z.object({
  at: atParam,
  page,
  pageSize,
  /** Inventory number or title. */
  q: optionalParam(z.string().trim().max(100)),
})
export type ContentsQuery = z.infer<typeof contentsQuery>

/** One artwork in a room at a moment: where in it, since when (the movement that put it there), by which process. */
export const contentsItem = z.object({
  artwork: artworkBrief,
  artistZh: z.string(),
  artistEn: z.string(),
  /** Its place in the room then (a shelf, a rack: "A区3号架"; '' when none was given). */
  position: z.string(),
  since: z.string(),
  movementId: z.string(),
  kind: movementView.shape.kind,
  processId: z.string().nullable(),
  processType: movementView.shape.processType,
})
export type ContentsItem = z.infer<typeof contentsItem>

export const contentsPage = z.object({
  /** The instant answered (ISO 8601 UTC): now, the date-time asked, or the end of the date asked. */
  at: z.string(),
  list: z.array(contentsItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})
export type ContentsPage = z.infer<typeof contentsPage>

export const placeQuery = z.object({ at: atParam })

/** Where an artwork was at a moment: null `place` when the ledger knows nothing of it before then. */
export const placeAt = z.object({
  at: z.string(),
  artwork: artworkBrief,
  place: placeView.nullable(),
  since: z.string().nullable(),
  movement: movementView.nullable(),
})
export type PlaceAt = z.infer<typeof placeAt>

export const MOVEMENT_DIRECTIONS = ['all', 'in', 'out'] as const
export const roomMovementsQuery = z.object({
  direction: optionalParam(z.enum(MOVEMENT_DIRECTIONS, { message: 'invalidValue' })).transform(
    (v) => v ?? 'all',
  ),
  page,
  pageSize,
})
export type RoomMovementsQuery = z.infer<typeof roomMovementsQuery>

export const stocktakesQuery = z.object({ page, pageSize })

/** A stocktake (INVENTORY_CHECK) of the room: the process, when it was planned and counted, what it found. */
export const stocktakeItem = z.object({
  process: processBrief,
  plannedOn: z.string().nullable(),
  countedOn: z.string().nullable(),
  found: z.number(),
  missing: z.number(),
})
export type StocktakeItem = z.infer<typeof stocktakeItem>
