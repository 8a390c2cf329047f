// A sale (OPERATION_SELL_ART) starts only on works the collection has let go: every artwork in hand (bought,
// or in the collection) has a deaccession that ended approved (a DEACCESSION process in its `completed`
// state). A work with another status (sold, missing, on loan) is left to the status check of the start
// (checkArtworks), whose refusal says why better. The refusal is a 400 naming the first work without one, at
// the artworks field.
import { and, eq, inArray } from 'drizzle-orm'
import { artworks, processArtworks, processes } from '../../../db/schema'
import { AppError } from '../../../http/app-error'
import type { CheckContext } from './context'

const idsOf = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** The artworks among `ids` with an approved deaccession. */
export async function deaccessionedOf(db: CheckContext['db'], ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ id: processArtworks.artworkId })
    .from(processArtworks)
    .innerJoin(processes, eq(processes.id, processArtworks.processId))
    .where(
      and(
        inArray(processArtworks.artworkId, ids),
        eq(processes.type, 'DEACCESSION'),
        eq(processes.state, 'completed'),
      ),
    )
  return new Set(rows.map((r) => r.id))
}

export async function deaccessioned(ctx: CheckContext): Promise<void> {
  const ids = idsOf(ctx.subject.artworkIds)
  if (ids.length === 0) return
  const inHand = await ctx.db
    .select({ id: artworks.id, inventoryNo: artworks.inventoryNo })
    .from(artworks)
    .where(and(inArray(artworks.id, ids), inArray(artworks.status, ['purchased', 'in_collection'])))
  const approved = await deaccessionedOf(ctx.db, ids)
  const missing = inHand.filter((a) => !approved.has(a.id))
  if (missing.length === 0) return
  const byId = new Map(missing.map((a) => [a.id, a.inventoryNo]))
  const first = ids.find((id) => byId.has(id)) as string
  throw new AppError(
    400,
    'notDeaccessioned',
    { artwork: byId.get(first) ?? '' },
    { fieldErrors: { 'input.artworkIds': 'notDeaccessioned' }, artworkIds: [...byId.keys()] },
  )
}
