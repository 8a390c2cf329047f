// A process takes hold of its artworks while it runs (artworks.activeProcessId) so that two processes
// cannot move the same artwork at once; it lets them go when it ends or is terminated. Before either, the
// machine's checkArtworks says which artwork statuses the type may start on (no operation on a sold or
// missing work; a follower may also start on what the process it follows declares, e.g. a sale's delivery
// on the sale's sold works): a refusal names the artworks and why.
import { and, eq, inArray } from 'drizzle-orm'
import { declaredFollowUps, predecessorsOf } from '../../../../../machines/follow-ups'
import { latest, registeredTypes } from '../../../../../machines/registry'
import type { ArtworkStatus } from '../../../../shared/contracts/artworks'
import type { MessageKey } from '../../../../shared/errors'
import type { ProcessType } from '../../../../shared/process-types'
import type { DbOrTx, Tx } from '../../../db/client'
import { artworks, processArtworks, processes } from '../../../db/schema'
import { AppError } from '../../../http/app-error'
import { pgErrorCode } from '../../reference/usage'
import { loadArtworks } from './movements'
import { type EffectContext, targetArtworks } from './types'

const REFUSALS = {
  sold: 'artworkIsSold',
  missing: 'artworkIsMissing',
  on_loan: 'artworkIsOnLoan',
  purchased: 'artworkIsPurchased',
  in_collection: 'artworkIsInCollection',
  in_care: 'artworkIsInCare',
  borrowed: 'artworkIsBorrowed',
  returned: 'artworkIsReturned',
} as const satisfies Record<ArtworkStatus, MessageKey>

const listed = (rows: { inventoryNo: string }[]) => rows.map((a) => a.inventoryNo).join(', ')

/** Every follow-up the registry declares (machines: followUps). */
const FOLLOW_UPS = declaredFollowUps(registeredTypes().map((t) => latest(t)))

/**
 * Statuses a follower may also start on, per artwork of the process it follows (a sale's delivery moves
 * the sale's sold works), as the followed type declares them.
 */
async function followerAllowance(
  db: DbOrTx,
  type: ProcessType,
  subject: Record<string, unknown>,
): Promise<Map<string, readonly string[]>> {
  const out = new Map<string, readonly string[]>()
  for (const named of predecessorsOf(FOLLOW_UPS, type, subject)) {
    const extra = named.allowed.filter((f) => f.artworkStatuses?.length)
    if (extra.length === 0) continue
    const [row] = await db.select({ type: processes.type }).from(processes).where(eq(processes.id, named.id))
    const statuses = extra.find((f) => f.from === row?.type)?.artworkStatuses
    if (!statuses) continue
    const linked = await db
      .select({ id: processArtworks.artworkId })
      .from(processArtworks)
      .where(eq(processArtworks.processId, named.id))
    for (const { id } of linked) out.set(id, [...(out.get(id) ?? []), ...statuses])
  }
  return out
}

/** An artwork a process may not act on, and its status (the reason). */
export interface RefusedArtwork {
  id: string
  inventoryNo: string
  status: ArtworkStatus
}

/**
 * The one rule of which artworks a process may act on: those whose status is among the statuses its
 * machine declares (`artworkStatuses`), or that a process it follows allows. Returns the others, by
 * inventory number. With `lock` (in a transaction) the artworks stay locked until it ends, so that no sale
 * or stocktake changes them between this check and what the caller writes.
 */
export async function refusedArtworks(
  db: DbOrTx,
  process: { type: ProcessType; subject: Record<string, unknown> },
  ids: string[],
  allowed: readonly string[],
  { lock }: { lock: boolean },
): Promise<RefusedArtwork[]> {
  if (ids.length === 0) return []
  const columns = { id: artworks.id, inventoryNo: artworks.inventoryNo, status: artworks.status }
  const query = db
    .select(columns)
    .from(artworks)
    .where(inArray(artworks.id, ids))
    .orderBy(artworks.inventoryNo)
  const rows = lock ? await query.for('update') : await query
  const outside = rows.filter((a) => !allowed.includes(a.status))
  if (outside.length === 0) return []
  const also = await followerAllowance(db, process.type, process.subject)
  return outside.filter((a) => !also.get(a.id)?.includes(a.status))
}

/** Start and restart: every artwork's status must be one the machine allows (else 400 naming them and why). */
export async function checkArtworks(ctx: EffectContext): Promise<void> {
  const allowed = (ctx.effect.params?.statuses ?? []) as ArtworkStatus[]
  const subject = { type: ctx.process.type, subject: ctx.context.subject }
  const refused = await refusedArtworks(ctx.tx, subject, targetArtworks(ctx), allowed, { lock: true })
  if (refused.length === 0) return
  const status = refused[0].status
  throw new AppError(
    400,
    REFUSALS[status],
    { artworks: listed(refused.filter((a) => a.status === status)) },
    { fieldErrors: { 'input.artworkIds': REFUSALS[status] }, artworkIds: refused.map((a) => a.id) },
  )
}

export async function holdArtworks(ctx: EffectContext): Promise<void> {
  const ids = targetArtworks(ctx)
  const rows = await loadArtworks(ctx.tx, ids)
  // Another live process holds one of them: say which artworks and which process.
  const held = rows.filter((a) => a.activeProcessId && a.activeProcessId !== ctx.process.id)
  if (held.length > 0) throw await heldError(ctx.tx, held)
  if (ids.length === 0) return
  await ctx.tx
    .update(artworks)
    .set({ activeProcessId: ctx.process.id, updatedAt: ctx.at })
    .where(inArray(artworks.id, ids))
}

/** The 409 of artworks another live process holds: their inventory numbers, and that process. */
async function heldError(
  db: DbOrTx,
  held: { id: string; inventoryNo: string; activeProcessId: string | null }[],
): Promise<AppError> {
  const holder = held.find((a) => a.activeProcessId)?.activeProcessId
  const [other] = holder
    ? await db
        .select({ id: processes.id, type: processes.type })
        .from(processes)
        .where(eq(processes.id, holder))
    : []
  return new AppError(
    409,
    'artworkHeld',
    { artworks: listed(held) },
    { artworkIds: held.map((a) => a.id), processId: other?.id ?? null, processType: other?.type ?? null },
  )
}

/**
 * Take the row locks of a new process's subject artworks, in one order (by id), before anything refers to
 * them: inserting the process's links takes a shared key lock on each artwork, and two starts that each
 * hold one and then ask for the row lock of holdArtworks would wait on each other.
 */
export async function lockSubjectArtworks(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await tx
    .select({ id: artworks.id })
    .from(artworks)
    .where(inArray(artworks.id, ids))
    .orderBy(artworks.id)
    .for('update')
}

/** PostgreSQL's deadlock_detected and serialization_failure: two transactions wanted the same rows. */
const LOCK_CONFLICTS = new Set(['40P01', '40001'])

/**
 * A start that lost a race for its artworks with a deadlock or a serialization failure (the database
 * chose it as the one to roll back) is refused like any start on a held artwork: 409 naming the works
 * (those another process holds now, else all of them).
 */
export async function startLockConflict(db: DbOrTx, error: unknown, ids: string[]): Promise<AppError | null> {
  const code = pgErrorCode(error)
  if (ids.length === 0 || !code || !LOCK_CONFLICTS.has(code)) return null
  const rows = await db
    .select({ id: artworks.id, inventoryNo: artworks.inventoryNo, activeProcessId: artworks.activeProcessId })
    .from(artworks)
    .where(inArray(artworks.id, ids))
    .orderBy(artworks.inventoryNo)
  const held = rows.filter((a) => a.activeProcessId)
  return heldError(db, held.length > 0 ? held : rows)
}

export async function releaseArtworks(ctx: EffectContext): Promise<void> {
  const ids = targetArtworks(ctx)
  if (ids.length === 0) return
  await ctx.tx
    .update(artworks)
    .set({ activeProcessId: null, updatedAt: ctx.at })
    .where(and(inArray(artworks.id, ids), eq(artworks.activeProcessId, ctx.process.id)))
}
