// INVENTORY_CHECK: a stocktake counts a room that exists and is in use, and its count names only artworks
// the room holds — in the room now, neither sold, on loan, in transit nor missing since an earlier count.
// Found there, such an artwork is counted found; not found, missing, unless a live process holds it (that
// process accounts for it: counted missing it would be marked missing under the process's feet). An
// artwork found in the room that the room does not hold is only noted as unexpected (the scan screen),
// never counted. Each refusal names the artwork by inventory number and says why, at its place in the list.
import { eq, inArray } from 'drizzle-orm'
import { formatMessage, type Lang, type MessageKey } from '../../../../shared/errors'
import { PROCESS_TYPE_LABELS } from '../../../../shared/process-types'
import { artworks, processes, rooms } from '../../../db/schema'
import { AppError, invalid } from '../../../http/app-error'
import type { CheckContext } from './context'

const LISTS = ['foundArtworkIds', 'missingArtworkIds'] as const
type List = (typeof LISTS)[number]

interface Counted {
  id: string
  inventoryNo: string
  status: (typeof artworks.$inferSelect)['status']
  transportStatus: (typeof artworks.$inferSelect)['transportStatus']
  roomId: string | null
  activeProcessId: string | null
}

const asString = (v: unknown) => (typeof v === 'string' ? v : '')
const idsOf = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** The room of a stocktake exists and is in use. */
export async function roomOfStocktake(ctx: CheckContext): Promise<void> {
  const [room] = await ctx.db
    .select({ enabled: rooms.enabled })
    .from(rooms)
    .where(eq(rooms.id, asString(ctx.subject.roomId)))
  if (!room) throw invalid({ 'input.roomId': 'unknownRoom' })
  if (!room.enabled) throw invalid({ 'input.roomId': 'roomDisabled' })
}

/** Why the room's count may not name this artwork in this list, or null when it may. */
function refusalOf(a: Counted, roomId: string, list: List): MessageKey | null {
  if (a.status === 'sold') return 'countArtworkSold'
  if (a.status === 'on_loan') return 'countArtworkOnLoan'
  if (a.transportStatus === 'transporting') return 'countArtworkInTransit'
  if (a.status === 'missing') return 'countArtworkMissing'
  if (a.roomId !== roomId) return a.roomId ? 'countArtworkOtherRoom' : 'countArtworkNoRoom'
  if (list === 'missingArtworkIds' && a.activeProcessId) return 'countArtworkHeld'
  return null
}

async function countedArtworks(ctx: CheckContext, ids: string[]): Promise<Map<string, Counted>> {
  if (ids.length === 0) return new Map()
  const query = ctx.db
    .select({
      id: artworks.id,
      inventoryNo: artworks.inventoryNo,
      status: artworks.status,
      transportStatus: artworks.transportStatus,
      roomId: artworks.roomId,
      activeProcessId: artworks.activeProcessId,
    })
    .from(artworks)
    .where(inArray(artworks.id, ids))
    .orderBy(artworks.id)
  const rows = ctx.lock ? await query.for('update') : await query
  return new Map(rows.map((a) => [a.id, a]))
}

/** The words a refusal names beside the artwork: the room it is in, the process that holds it. */
async function namesFor(ctx: CheckContext, refused: Counted[]) {
  const roomIds = [...new Set(refused.flatMap((a) => (a.roomId ? [a.roomId] : [])))]
  const processIds = [...new Set(refused.flatMap((a) => (a.activeProcessId ? [a.activeProcessId] : [])))]
  const [roomRows, processRows] = await Promise.all([
    roomIds.length
      ? ctx.db
          .select({ id: rooms.id, code: rooms.code, nameZh: rooms.nameZh, nameEn: rooms.nameEn })
          .from(rooms)
          .where(inArray(rooms.id, roomIds))
      : Promise.resolve([]),
    processIds.length
      ? ctx.db
          .select({ id: processes.id, type: processes.type })
          .from(processes)
          .where(inArray(processes.id, processIds))
      : Promise.resolve([]),
  ])
  const nameOf = (r: (typeof roomRows)[number], lang: Lang) =>
    `${r.code} ${lang === 'en' ? r.nameEn || r.nameZh : r.nameZh || r.nameEn}`.trim()
  return {
    room: new Map(roomRows.map((r) => [r.id, nameOf(r, ctx.lang)])),
    process: new Map(processRows.map((p) => [p.id, PROCESS_TYPE_LABELS[p.type][ctx.lang]])),
  }
}

/**
 * Every artwork the count names is one the room holds (above); refused with a 400 naming each at its
 * field (`payload.foundArtworkIds.2`): the artwork by inventory number and why, or an id no artwork has.
 */
export async function countOfRoom(ctx: CheckContext): Promise<void> {
  const roomId = asString(ctx.subject.roomId)
  const lists = LISTS.map((list) => [list, idsOf(ctx.payload?.[list])] as const)
  const found = await countedArtworks(ctx, [...new Set(lists.flatMap(([, ids]) => ids))])
  const unknown: Record<string, string> = {}
  const refused: { field: string; artwork: Counted; key: MessageKey }[] = []
  for (const [list, ids] of lists)
    ids.forEach((id, i) => {
      const field = `payload.${list}.${i}`
      const artwork = found.get(id)
      if (!artwork) unknown[field] = formatMessage('unknownArtwork', ctx.lang)
      const key = artwork && refusalOf(artwork, roomId, list)
      if (artwork && key) refused.push({ field, artwork, key })
    })
  if (refused.length === 0) {
    if (Object.keys(unknown).length > 0) throw invalid(unknown)
    return
  }
  const names = await namesFor(
    ctx,
    refused.map((r) => r.artwork),
  )
  const fieldErrors = { ...unknown }
  for (const { field, artwork, key } of refused)
    fieldErrors[field] = formatMessage(key, ctx.lang, {
      artwork: artwork.inventoryNo,
      room: (artwork.roomId && names.room.get(artwork.roomId)) || '',
      process: (artwork.activeProcessId && names.process.get(artwork.activeProcessId)) || '',
    })
  const listed = [...new Set(refused.map((r) => r.artwork.inventoryNo))].join(', ')
  throw new AppError(
    400,
    'countNotOfRoom',
    { artworks: listed },
    { fieldErrors, artworkIds: refused.map((r) => r.artwork.id) },
  )
}
