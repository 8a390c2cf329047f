// INVENTORY_CHECK: the count of a room is recorded on the artworks. Found ones stand in the counted room
// (a movement row says they were seen there); missing ones are no longer taken to be in the warehouse.
// The count was checked at SUBMIT (checks/stocktake.ts: only what the room holds); the world may have
// changed since, so the same check runs again here, on the locked rows, before anything moves.
import { invalid } from '../../../http/app-error'
import { checkSubmitted } from '../checks'
import { changeArtworks } from './movements'
import { type EffectContext, field, stepData } from './types'

function ids(value: unknown, name: string): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw invalid({ [name]: 'invalidValue' })
  return [...new Set(value as string[])]
}

export async function stocktakeRecorded(ctx: EffectContext): Promise<void> {
  await checkSubmitted(ctx.definition, ctx.effect.step, {
    db: ctx.tx,
    lang: ctx.lang,
    subject: ctx.context.subject,
    payload: stepData(ctx),
    lock: true,
  })
  const found = ids(field(ctx, 'found', 'foundArtworkIds'), 'found')
  const missing = ids(field(ctx, 'missing', 'missingArtworkIds'), 'missing')
  if (found.some((id) => missing.includes(id))) throw invalid({ missing: 'invalidValue' })
  const roomValue = field(ctx, 'roomId')
  const roomId = typeof roomValue === 'string' ? roomValue : null
  const base = { processId: ctx.process.id, byUserId: ctx.event.actor.id, at: ctx.at }
  await changeArtworks(
    ctx.tx,
    found,
    (a) => ({
      ...(roomId ? { roomId, inWarehouse: true, locationText: '' } : { roomId: a.roomId }),
      // Found again after an earlier stocktake missed it: back in the collection.
      ...(a.status === 'missing' ? { status: 'in_collection' as const } : {}),
    }),
    { ...base, kind: 'stocktake_found', note: ctx.event.comment ?? '' },
  )
  await changeArtworks(
    ctx.tx,
    missing,
    // Not where it should be and not accounted for: missing (the archive shows it; operations refuse it).
    (a) => ({
      inWarehouse: false,
      roomId: null,
      locationText: '',
      ...(a.status === 'in_collection' || a.status === 'purchased' ? { status: 'missing' as const } : {}),
    }),
    { ...base, kind: 'stocktake_missing', note: ctx.event.comment ?? '' },
  )
}
