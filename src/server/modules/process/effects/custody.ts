// A process takes hold of its artworks while it runs (artworks.activeProcessId) so that two processes
// cannot move the same artwork at once; it lets them go when it ends or is terminated.
import { and, eq, inArray } from 'drizzle-orm'
import { artworks } from '../../../db/schema'
import { conflict } from '../../../http/app-error'
import { loadArtworks } from './movements'
import { type EffectContext, targetArtworks } from './types'

export async function holdArtworks(ctx: EffectContext): Promise<void> {
  const ids = targetArtworks(ctx)
  const rows = await loadArtworks(ctx.tx, ids)
  // Another live process holds one of them: "Operation failed, other ongoing process at the moment".
  if (rows.some((a) => a.activeProcessId && a.activeProcessId !== ctx.process.id)) throw conflict()
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
