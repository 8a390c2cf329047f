// The place of an artwork in its room — a shelf, a rack, a drawer ("A区3号架") — kept in artworks.location_text
// while the artwork stands in a warehouse room: entered when it is registered, changed with the archive's edit
// form. A change is a movement within the room (kind `manual`, by the user, no process), so the ledger still
// says where it stood on any date. Moving to another room starts it empty again (the processes' effects).
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { artworks } from '../../db/schema'
import { AppError, notFound } from '../../http/app-error'
import { changeArtworks } from '../process/effects/movements'

export async function placeInRoom(tx: Tx, artworkId: string, position: string, actor: string): Promise<void> {
  const [a] = await tx
    .select({
      inventoryNo: artworks.inventoryNo,
      inWarehouse: artworks.inWarehouse,
      roomId: artworks.roomId,
      locationText: artworks.locationText,
    })
    .from(artworks)
    .where(eq(artworks.id, artworkId))
    .for('update')
  if (!a) throw notFound()
  if (a.locationText === position) return
  if (!a.inWarehouse || !a.roomId)
    throw new AppError(
      400,
      'positionOutsideRoom',
      { inventoryNo: a.inventoryNo },
      { fieldErrors: { position: 'positionOutsideRoom' } },
    )
  await changeArtworks(
    tx,
    [artworkId],
    { locationText: position },
    { kind: 'manual', processId: null, byUserId: actor, at: new Date() },
  )
}
