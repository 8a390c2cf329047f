// Effects that move artworks or change their standing: warehousing, transport (to be transported →
// transporting → arrived), exhibition loans out and back, sale, stocktake. Each location change writes a
// movement row through changeArtworks.
import { and, desc, eq, inArray } from 'drizzle-orm'
import { artworkMovements, rooms } from '../../../db/schema'
import { invalid } from '../../../http/app-error'
import { officeDayOf } from '../../../office-day'
import { endOwnership } from '../../artworks/ownership/ownership'
import { endCoverOnSale } from './insurance'
import { changeArtworks } from './movements'
import { type EffectContext, field, stepData, targetArtworks, textField } from './types'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function roomOf(ctx: EffectContext, ...names: string[]): string | null {
  const v = field(ctx, ...names)
  if (v === undefined) return null
  if (typeof v !== 'string' || !UUID_RE.test(v)) throw invalid({ [names[0]]: 'invalidValue' })
  return v
}

type MoveKind =
  | 'warehousing'
  | 'transport_start'
  | 'transport_arrive'
  | 'transport_aborted'
  | 'loan_out'
  | 'loan_return'
  | 'sold'

function move(ctx: EffectContext, kind: MoveKind) {
  return {
    kind,
    processId: ctx.process.id,
    byUserId: ctx.event.actor.id,
    at: ctx.at,
    note: ctx.event.comment ?? '',
  }
}

/**
 * The artworks go into the room of the step data, in the warehouse, in the collection. A batch form
 * (BUY_ART_TRANS v2: `artworks`, one row per artwork) puts each into its own room with its condition note
 * on its movement row; the one-room form (v1, and the deliveries back from mounting or repair) puts them all
 * into one room.
 */
export async function warehoused(ctx: EffectContext): Promise<void> {
  const rows = stepData(ctx).artworks
  if (Array.isArray(rows)) return warehousedEach(ctx, rows)
  if (ctx.effect.params?.perArtwork && field(ctx, 'roomId') === undefined)
    throw invalid({ artworks: 'batchArtworkMissing' })
  const roomId = roomOf(ctx, 'roomId', 'toRoomId', 'warehouseRoomId')
  if (!roomId) throw invalid({ roomId: 'required' })
  await assertRoom(ctx, roomId, 'roomId')
  await changeArtworks(
    ctx.tx,
    targetArtworks(ctx),
    (a) => ({
      roomId,
      inWarehouse: true,
      locationText: '',
      transportStatus: 'none',
      status: a.status === 'purchased' ? 'in_collection' : a.status,
    }),
    move(ctx, 'warehousing'),
  )
}

interface Entry {
  artworkId: string
  roomId: string
  conditionOk?: boolean
  conditionNote?: string
}

/** One row per artwork of the batch: every artwork exactly once, each into an enabled room. */
async function warehousedEach(ctx: EffectContext, rows: unknown[]): Promise<void> {
  const batch = new Set(targetArtworks(ctx))
  const entries: Entry[] = rows.map((row, i) => {
    const r = (row ?? {}) as Record<string, unknown>
    if (typeof r.artworkId !== 'string' || !batch.has(r.artworkId))
      throw invalid({ [`artworks.${i}.artworkId`]: 'notInBatch' })
    if (typeof r.roomId !== 'string' || !UUID_RE.test(r.roomId))
      throw invalid({ [`artworks.${i}.roomId`]: 'invalidValue' })
    return {
      artworkId: r.artworkId,
      roomId: r.roomId,
      conditionOk: typeof r.conditionOk === 'boolean' ? r.conditionOk : undefined,
      conditionNote: typeof r.conditionNote === 'string' ? r.conditionNote.trim() : '',
    }
  })
  const named = new Set(entries.map((e) => e.artworkId))
  if (named.size !== entries.length || named.size !== batch.size)
    throw invalid({ artworks: 'batchArtworkMissing' })
  const roomIds = [...new Set(entries.map((e) => e.roomId))]
  const found = await ctx.tx
    .select({ id: rooms.id, enabled: rooms.enabled })
    .from(rooms)
    .where(inArray(rooms.id, roomIds))
  const state = new Map(found.map((r) => [r.id, r.enabled]))
  entries.forEach((e, i) => {
    const enabled = state.get(e.roomId)
    if (enabled === undefined) throw invalid({ [`artworks.${i}.roomId`]: 'unknownRoom' })
    if (!enabled) throw invalid({ [`artworks.${i}.roomId`]: 'roomDisabled' })
  })
  // Artwork by artwork: its own room, its movement row with its condition note (all in this transaction).
  const base = move(ctx, 'warehousing')
  for (const e of entries) {
    await changeArtworks(
      ctx.tx,
      [e.artworkId],
      (a) => ({
        roomId: e.roomId,
        inWarehouse: true,
        locationText: '',
        transportStatus: 'none',
        status: a.status === 'purchased' ? 'in_collection' : a.status,
      }),
      { ...base, note: [base.note, e.conditionNote].filter(Boolean).join(' — ') },
    )
  }
}

async function assertRoom(ctx: EffectContext, roomId: string, name: string) {
  const [room] = await ctx.tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId))
  if (!room) throw invalid({ [name]: 'invalidValue' })
}

/**
 * Where a transport goes, in words: the words given, else the room it goes into (its name in both
 * languages; the form does not ask for words once a room is chosen).
 */
async function destinationOf(ctx: EffectContext): Promise<string> {
  const words = textField(ctx, 'destination', 'toLocation', 'toAddress', 'destinationAddress')
  if (words) return words
  const roomId = roomOf(ctx, 'toRoomId', 'destinationRoomId')
  if (!roomId) return ''
  const [room] = await ctx.tx
    .select({ zh: rooms.nameZh, en: rooms.nameEn })
    .from(rooms)
    .where(eq(rooms.id, roomId))
  return room ? [...new Set([room.zh, room.en].filter(Boolean))].join(' / ') : ''
}

/** Transport planned: the artworks are to be transported; they have not moved yet. */
export async function transportScheduled(ctx: EffectContext): Promise<void> {
  await changeArtworks(ctx.tx, targetArtworks(ctx), { transportStatus: 'to_be_transported' })
}

/** Picked up: out of any room, in transit with the carrier. */
export async function transportDeparted(ctx: EffectContext): Promise<void> {
  const carrier = textField(ctx, 'carrier', 'shipper', 'transportCompany', 'vendorName')
  const destination = await destinationOf(ctx)
  const where = [carrier, destination && `→ ${destination}`].filter(Boolean).join(' ')
  await changeArtworks(
    ctx.tx,
    targetArtworks(ctx),
    {
      transportStatus: 'transporting',
      inWarehouse: false,
      roomId: null,
      locationText: where || 'in transit',
    },
    move(ctx, 'transport_start'),
  )
}

/** Arrived: in the destination room when the step names one, else at the destination address. */
export async function transportArrived(ctx: EffectContext): Promise<void> {
  const roomId = roomOf(ctx, 'toRoomId', 'destinationRoomId', 'roomId')
  if (roomId) await assertRoom(ctx, roomId, 'toRoomId')
  const destination = textField(ctx, 'destination', 'toLocation', 'toAddress', 'destinationAddress')
  await changeArtworks(
    ctx.tx,
    targetArtworks(ctx),
    roomId
      ? { transportStatus: 'none', roomId, inWarehouse: true, locationText: '' }
      : { transportStatus: 'none', roomId: null, inWarehouse: false, locationText: destination },
    move(ctx, 'transport_arrive'),
  )
}

/** Terminated before departure: the planned transport is called off; the artworks stay where they are. */
export async function transportCancelled(ctx: EffectContext): Promise<void> {
  await changeArtworks(ctx.tx, targetArtworks(ctx), { transportStatus: 'none' })
}

/**
 * Terminated once the artworks left the warehouse (in transit, or arrived at a restorer, a framer or a
 * purchase's destination): the TERMINATE payload says where they are now (a room, or a place in words);
 * they are recorded there with a movement row and are no longer transporting.
 */
export async function transportAborted(ctx: EffectContext): Promise<void> {
  const where = ctx.event.payload ?? {}
  const roomId = typeof where.roomId === 'string' ? where.roomId : null
  if (roomId) await assertRoom(ctx, roomId, 'payload.roomId')
  const location = typeof where.location === 'string' ? where.location.trim() : ''
  if (!roomId && !location) throw invalid({ 'payload.location': 'whereNowRequired' })
  const conditionNote = typeof where.conditionNote === 'string' ? where.conditionNote : ''
  await changeArtworks(
    ctx.tx,
    targetArtworks(ctx),
    roomId
      ? { transportStatus: 'none', roomId, inWarehouse: true, locationText: '' }
      : { transportStatus: 'none', roomId: null, inWarehouse: false, locationText: location },
    {
      ...move(ctx, 'transport_aborted'),
      note: [ctx.event.comment, conditionNote].filter(Boolean).join(' — '),
    },
  )
}

/** Lent to an exhibition: on loan, at the borrower's venue. */
export async function loanOut(ctx: EffectContext): Promise<void> {
  const venue = textField(ctx, 'borrower', 'venue', 'exhibitionVenue', 'exhibitionName', 'institution')
  await changeArtworks(
    ctx.tx,
    targetArtworks(ctx),
    { status: 'on_loan', inWarehouse: false, roomId: null, locationText: venue, transportStatus: 'none' },
    move(ctx, 'loan_out'),
  )
}

/** Back from the loan: into the return room of the step data, else the room it left from. */
export async function loanReturned(ctx: EffectContext): Promise<void> {
  const explicit = roomOf(ctx, 'returnRoomId', 'toRoomId', 'roomId')
  if (explicit) await assertRoom(ctx, explicit, 'returnRoomId')
  const ids = targetArtworks(ctx)
  const previous = new Map<string, string | null>()
  if (!explicit) {
    for (const id of ids) {
      const [out] = await ctx.tx
        .select({ fromRoomId: artworkMovements.fromRoomId })
        .from(artworkMovements)
        .where(and(eq(artworkMovements.artworkId, id), eq(artworkMovements.kind, 'loan_out')))
        .orderBy(desc(artworkMovements.at))
        .limit(1)
      previous.set(id, out?.fromRoomId ?? null)
    }
  }
  await changeArtworks(
    ctx.tx,
    ids,
    (a) => {
      const roomId = explicit ?? previous.get(a.id) ?? null
      return {
        status: 'in_collection',
        roomId,
        inWarehouse: roomId !== null,
        locationText: roomId ? '' : a.locationText,
        transportStatus: 'none',
      }
    },
    move(ctx, 'loan_return'),
  )
}

/**
 * Sold: out of the collection (status, a "sold" movement row), released by the sale. It stays where it is —
 * its room, or the place in words — until its delivery transport moves it: the buyer is the contract's
 * counterparty, not a place.
 */
export async function sold(ctx: EffectContext): Promise<void> {
  await changeArtworks(
    ctx.tx,
    targetArtworks(ctx),
    { status: 'sold', transportStatus: 'none', activeProcessId: null },
    move(ctx, 'sold'),
  )
  // A sold work no longer reads insured: its cover ends with an endorsement on the policy.
  await endCoverOnSale(ctx)
  // Nor owned by any of the office's entities: their periods end on the day of the sale.
  await endOwnership(ctx.tx, targetArtworks(ctx), officeDayOf(ctx.at))
}
