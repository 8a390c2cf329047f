// A process takes hold of its artworks while it runs (artworks.activeProcessId) so that two processes
// cannot move the same artwork at once; it lets them go when it ends or is terminated. Before either, the
// machine's checkArtworks says which artwork statuses the type may start on (no operation on a sold or
// missing work): a refusal names the artworks and why.
import { and, eq, inArray } from 'drizzle-orm'
import type { ArtworkStatus } from '../../../../shared/contracts/artworks'
import type { MessageKey } from '../../../../shared/errors'
import { artworks, processes } from '../../../db/schema'
import { AppError } from '../../../http/app-error'
import { loadArtworks } from './movements'
import { type EffectContext, targetArtworks } from './types'

const REFUSALS = {
  sold: 'artworkIsSold',
  missing: 'artworkIsMissing',
  on_loan: 'artworkIsOnLoan',
  purchased: 'artworkIsPurchased',
  in_collection: 'artworkIsInCollection',
} as const satisfies Record<ArtworkStatus, MessageKey>

const listed = (rows: { inventoryNo: string }[]) => rows.map((a) => a.inventoryNo).join(', ')

export async function checkArtworks(ctx: EffectContext): Promise<void> {
  const allowed = (ctx.effect.params?.statuses ?? []) as ArtworkStatus[]
  const refused = (await loadArtworks(ctx.tx, targetArtworks(ctx))).filter((a) => !allowed.includes(a.status))
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
  if (held.length > 0) {
    const [other] = await ctx.tx
      .select({ id: processes.id, type: processes.type })
      .from(processes)
      .where(eq(processes.id, held[0].activeProcessId as string))
    throw new AppError(
      409,
      'artworkHeld',
      { artworks: listed(held) },
      { artworkIds: held.map((a) => a.id), processId: other?.id ?? null, processType: other?.type ?? null },
    )
  }
  if (ids.length === 0) return
  await ctx.tx
    .update(artworks)
    .set({ activeProcessId: ctx.process.id, updatedAt: ctx.at })
    .where(inArray(artworks.id, ids))
}

export async function releaseArtworks(ctx: EffectContext): Promise<void> {
  const ids = targetArtworks(ctx)
  if (ids.length === 0) return
  await ctx.tx
    .update(artworks)
    .set({ activeProcessId: null, updatedAt: ctx.at })
    .where(and(inArray(artworks.id, ids), eq(artworks.activeProcessId, ctx.process.id)))
}
