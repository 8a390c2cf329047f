// Works the office holds without owning them: a work entered into its care (OBJECT_ENTRY) or borrowed
// (LOAN_IN) becomes an archive record when it is in the office's hands (status in_care or borrowed, in the
// room the step names, a 'created' movement naming the process), and leaves again to its owner (status
// returned, out of the warehouse, at the owner's, a 'returned_to_owner' movement). No ownership period is
// ever written for them, so holdings and the totals of owned works never count them.
import { eq } from 'drizzle-orm'
import { blankRecord } from '../../../../shared/artwork-rules'
import type { ArtworkStatus } from '../../../../shared/contracts/artworks'
import { rooms } from '../../../db/schema'
import { invalid } from '../../../http/app-error'
import { insertArtworks } from '../../artworks/record-store'
import { changeArtworks, loadArtworks } from './movements'
import { nextInventoryNumbers } from './purchase'
import { type EffectContext, stepData, textField } from './types'

/** Inventory numbers of works not owned: `EN-` entered, `LI-` borrowed (never the collection's `VT-`). */
const PREFIX = { in_care: 'EN', borrowed: 'LI' } as const

async function enabledRoom(ctx: EffectContext, roomId: unknown): Promise<string> {
  if (typeof roomId !== 'string' || roomId === '') throw invalid({ roomId: 'required' })
  const [room] = await ctx.tx
    .select({ id: rooms.id, enabled: rooms.enabled })
    .from(rooms)
    .where(eq(rooms.id, roomId))
  if (!room) throw invalid({ roomId: 'unknownRoom' })
  if (!room.enabled) throw invalid({ roomId: 'roomDisabled' })
  return room.id
}

/** The work the first step describes, as a record in `roomId` with `status`, linked to the process. */
async function recordWork(
  ctx: EffectContext,
  describing: Record<string, unknown>,
  owner: string,
  roomId: string,
  status: keyof typeof PREFIX,
): Promise<void> {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
  const [inventoryNo] = await nextInventoryNumbers(
    ctx.tx,
    1,
    Number(ctx.event.at.slice(0, 4)),
    PREFIX[status],
  )
  const remark = [str(describing.artistName), str(describing.description)].filter(Boolean).join(' — ')
  const ids = await insertArtworks(
    ctx.tx,
    [
      {
        record: blankRecord({
          inventoryNo,
          titleZh: str(describing.titleZh),
          titleEn: str(describing.titleEn),
          sourceZh: owner,
          sourceEn: owner,
          remarkZh: remark,
          remarkEn: remark,
        }),
        signatureUnrecorded: true,
        status,
        inWarehouse: true,
        roomId,
        locationText: '',
        processId: ctx.process.id,
      },
    ],
    ctx.event.actor.id,
    'create',
  )
  await ctx.linkArtworks(ids)
}

/** OBJECT_ENTRY's entry approved: the work is in our care (not owned), in the room the entry names. */
export async function worksEntered(ctx: EffectContext): Promise<void> {
  const entry = stepData(ctx, 'entry')
  const roomId = await enabledRoom(ctx, entry.roomId)
  await recordWork(ctx, entry, textField(ctx, 'depositor'), roomId, 'in_care')
}

/** LOAN_IN's arrival approved: the borrowed work is with us, in the room the arrival names. */
export async function borrowedArrived(ctx: EffectContext): Promise<void> {
  const roomId = await enabledRoom(ctx, stepData(ctx, 'arrival').roomId)
  const agreement = stepData(ctx, 'agreement')
  await recordWork(ctx, agreement, String(agreement.lender ?? ''), roomId, 'borrowed')
}

/** The works of the process still held without being owned go back to `owner`: status returned. */
async function giveBack(ctx: EffectContext, owner: string, from: readonly ArtworkStatus[]): Promise<void> {
  const held = (await loadArtworks(ctx.tx, ctx.artworkIds)).filter((a) => from.includes(a.status))
  await changeArtworks(
    ctx.tx,
    held.map((a) => a.id),
    { status: 'returned', inWarehouse: false, roomId: null, locationText: owner, transportStatus: 'none' },
    {
      kind: 'returned_to_owner',
      processId: ctx.process.id,
      byUserId: ctx.event.actor.id,
      at: ctx.at,
      note: ctx.event.comment ?? '',
    },
  )
}

/** OBJECT_ENTRY ended "returned" (or terminated after the entry): the work goes back to the depositor. */
export async function worksGivenBack(ctx: EffectContext): Promise<void> {
  await giveBack(ctx, String(stepData(ctx, 'entry').depositor ?? ''), ['in_care'])
}

/** LOAN_IN's RETURN: the borrowed work goes back to the lender. */
export async function borrowedReturned(ctx: EffectContext): Promise<void> {
  await giveBack(ctx, String(stepData(ctx, 'agreement').lender ?? ''), ['borrowed'])
}
