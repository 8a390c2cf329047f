// The edit lock (docs/architecture.md § Errors and behaviours "Envelop edit privilege locked, a moment later"): whoever opens an artwork for
// editing takes a lock for EDIT_LOCK_MINUTES, renewed by taking it again; anyone else who tries to lock
// or save it meanwhile gets 423 until it is saved, released or expired. Kept in the database, so several
// API servers share it; taking it is one atomic upsert.
import { and, eq, gt, lt, or, sql } from 'drizzle-orm'
import { EDIT_LOCK_MINUTES } from '../../../shared/artwork-rules'
import type { LockView } from '../../../shared/contracts/artworks'
import type { DbOrTx } from '../../db/client'
import { artworkEditLocks, artworks, users } from '../../db/schema'
import { AppError, notFound } from '../../http/app-error'

function lockedError(holder: { userName: string; expiresAt: Date }) {
  return new AppError(423, 'editLocked', undefined, {
    lockedBy: holder.userName,
    expiresAt: holder.expiresAt.toISOString(),
  })
}

/** The live lock of an artwork (expired ones count as none). */
export async function currentLock(db: DbOrTx, artworkId: string, viewer?: string): Promise<LockView | null> {
  const [row] = await db
    .select({
      artworkId: artworkEditLocks.artworkId,
      userId: artworkEditLocks.userId,
      userName: users.displayName,
      acquiredAt: artworkEditLocks.acquiredAt,
      expiresAt: artworkEditLocks.expiresAt,
    })
    .from(artworkEditLocks)
    .innerJoin(users, eq(users.id, artworkEditLocks.userId))
    .where(and(eq(artworkEditLocks.artworkId, artworkId), gt(artworkEditLocks.expiresAt, new Date())))
  if (!row) return null
  return {
    ...row,
    acquiredAt: row.acquiredAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    mine: row.userId === viewer,
  }
}

/** Take or renew the lock; 423 when someone else holds a live one. */
export async function takeLock(db: DbOrTx, artworkId: string, userId: string): Promise<LockView> {
  const [exists] = await db.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, artworkId))
  if (!exists) throw notFound()
  const now = new Date()
  const expiresAt = new Date(now.getTime() + EDIT_LOCK_MINUTES * 60_000)
  const taken = await db
    .insert(artworkEditLocks)
    .values({ artworkId, userId, acquiredAt: now, expiresAt })
    .onConflictDoUpdate({
      target: artworkEditLocks.artworkId,
      set: {
        userId,
        expiresAt,
        // a renewal keeps when the editing began
        acquiredAt: sql`case when ${artworkEditLocks.userId} = ${userId}::uuid then ${artworkEditLocks.acquiredAt} else excluded.acquired_at end`,
      },
      setWhere: or(eq(artworkEditLocks.userId, userId), lt(artworkEditLocks.expiresAt, now)),
    })
    .returning({ artworkId: artworkEditLocks.artworkId })
  const lock = await currentLock(db, artworkId, userId)
  if (taken.length === 0 || !lock || !lock.mine) {
    if (lock && !lock.mine)
      throw lockedError({ userName: lock.userName, expiresAt: new Date(lock.expiresAt) })
    throw new AppError(409, 'conflict')
  }
  return lock
}

/** Give the lock up (only the holder's own). */
export async function releaseLock(db: DbOrTx, artworkId: string, userId: string): Promise<boolean> {
  const gone = await db
    .delete(artworkEditLocks)
    .where(and(eq(artworkEditLocks.artworkId, artworkId), eq(artworkEditLocks.userId, userId)))
    .returning({ artworkId: artworkEditLocks.artworkId })
  return gone.length > 0
}

/** Before a save: refuse (423) when another user holds a live lock. */
export async function assertNotLockedByOther(db: DbOrTx, artworkId: string, userId: string): Promise<void> {
  const lock = await currentLock(db, artworkId, userId)
  if (lock && !lock.mine) throw lockedError({ userName: lock.userName, expiresAt: new Date(lock.expiresAt) })
}

/** A save ends the editing: the lock goes (the caller's, or an expired one of someone else). */
export async function clearLock(db: DbOrTx, artworkId: string): Promise<void> {
  await db.delete(artworkEditLocks).where(eq(artworkEditLocks.artworkId, artworkId))
}
