// The one way processes (and the archive's change of a place in a room) change where an artwork is or what
// state it is in: update the artwork rows and, whenever the whereabouts change, append a movement row (so its
// location is known at any date).
import { inArray } from 'drizzle-orm'
import type { Tx } from '../../../db/client'
import { artworkMovements, artworks } from '../../../db/schema'
import { AppError } from '../../../http/app-error'

type Artwork = typeof artworks.$inferSelect
type Kind = (typeof artworkMovements.$inferInsert)['kind']

export interface ArtworkChange {
  status?: Artwork['status']
  inWarehouse?: boolean
  roomId?: string | null
  locationText?: string
  transportStatus?: Artwork['transportStatus']
  insuranceStatus?: Artwork['insuranceStatus']
  insuredUntil?: string | null
  activeProcessId?: string | null
}

export interface Movement {
  kind: Kind
  /** The process that moved it; null for a move by hand in the archive (a new place in the room). */
  processId: string | null
  byUserId: string
  at: Date
  note?: string
}

/** Load the artworks, refusing when one is missing (the process names an artwork that is gone). */
export async function loadArtworks(tx: Tx, ids: string[]): Promise<Artwork[]> {
  if (ids.length === 0) return []
  // Locked in one order (by id), as every transaction that locks several artworks does.
  const rows = await tx
    .select()
    .from(artworks)
    .where(inArray(artworks.id, ids))
    .orderBy(artworks.id)
    .for('update')
  if (rows.length !== new Set(ids).size) throw new AppError(404, 'notFound')
  return rows
}

/**
 * Apply `change` to each artwork; with `movement`, append one movement row per artwork recording where
 * it was and where it is now (room and free-text location).
 */
export async function changeArtworks(
  tx: Tx,
  ids: string[],
  change: ArtworkChange | ((a: Artwork) => ArtworkChange),
  movement?: Movement,
): Promise<void> {
  const rows = await loadArtworks(tx, ids)
  const moves: (typeof artworkMovements.$inferInsert)[] = []
  for (const a of rows) {
    const c = typeof change === 'function' ? change(a) : change
    const roomId = c.roomId !== undefined ? c.roomId : a.roomId
    const locationText = c.locationText !== undefined ? c.locationText : a.locationText
    await tx
      .update(artworks)
      .set({ ...c, updatedAt: movement?.at ?? new Date() })
      .where(inArray(artworks.id, [a.id]))
    if (movement) {
      moves.push({
        artworkId: a.id,
        at: movement.at,
        kind: movement.kind,
        fromRoomId: a.roomId,
        toRoomId: roomId,
        fromLocation: a.locationText,
        toLocation: locationText,
        processId: movement.processId,
        byUserId: movement.byUserId,
        note: movement.note ?? '',
        // the status since this movement: the ledger answers "what was it on that day" too
        status: c.status ?? a.status,
      })
    }
  }
  if (moves.length > 0) await tx.insert(artworkMovements).values(moves)
}
