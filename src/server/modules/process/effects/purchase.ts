// BUY_ART completed: the purchased artworks become records of the archive (status purchased, not yet in
// the warehouse, at the seller's), each with a generated inventory number, a first movement row and the
// first version of its record history, and
// the BUY_ART_TRANS process that brings them in is opened in the same transaction.
import { inArray, sql } from 'drizzle-orm'
import { blankRecord } from '../../../../shared/artwork-rules'
import type { Tx } from '../../../db/client'
import { artists, artworks, valuations } from '../../../db/schema'
import { invalid } from '../../../http/app-error'
import { officeDayOf } from '../../../office-day'
import { ownWholly } from '../../artworks/ownership/ownership'
import { insertArtworks } from '../../artworks/record-store'
import { changeArtworks, loadArtworks } from './movements'
import { type EffectContext, field, textField } from './types'

/**
 * Inventory numbers `VT-<year>-<0001>` (works not owned: `EN-`, `LI-`, effects/not-owned.ts): serialised by a
 * transaction-scoped advisory lock.
 */
export async function nextInventoryNumbers(
  tx: Tx,
  count: number,
  year: number,
  series = 'VT',
): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vitrine.inventory_no'))`)
  const prefix = `${series}-${year}-`
  const rows = await tx.execute<{ max: string | null }>(
    sql`select max(${artworks.inventoryNo}) as max from ${artworks} where ${artworks.inventoryNo} like ${`${prefix}%`}`,
  )
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { max: string | null }[] }).rows) as {
    max: string | null
  }[]
  const last = list[0]?.max ? Number(list[0].max.slice(prefix.length)) || 0 : 0
  return Array.from({ length: count }, (_, i) => `${prefix}${String(last + i + 1).padStart(4, '0')}`)
}

interface Candidate {
  titleZh: string
  titleEn: string
  artistId: string | null
}

function candidatesOf(ctx: EffectContext): Candidate[] {
  const list = field(ctx, 'artworks', 'candidates')
  if (!Array.isArray(list)) return []
  return list.map((item, i) => {
    const a = (item ?? {}) as Record<string, unknown>
    const titleZh = String(a.titleZh ?? a.title ?? a.titleEn ?? '').trim()
    if (!titleZh) throw invalid({ [`artworks.${i}.titleZh`]: 'required' })
    return {
      titleZh,
      titleEn: String(a.titleEn ?? '').trim(),
      artistId: typeof a.artistId === 'string' && a.artistId ? a.artistId : null,
    }
  })
}

export async function purchaseCompleted(ctx: EffectContext): Promise<void> {
  const seller = textField(ctx, 'seller', 'sellerName', 'vendorName')
  const price = textField(ctx, 'price', 'amount')
  const currency = textField(ctx, 'currency')
  const year = Number(ctx.event.at.slice(0, 4))
  // Chosen from the archive: the existing records become purchased. Described: new records are created.
  // A work already in our care (entered by an OBJECT_ENTRY) is in the collection at once, where it is: it
  // needs no shipping.
  const existing = [...ctx.artworkIds]
  const inHand = (await loadArtworks(ctx.tx, existing)).filter((a) => a.status === 'in_care').map((a) => a.id)
  const movement = {
    kind: 'manual',
    processId: ctx.process.id,
    byUserId: ctx.event.actor.id,
    at: ctx.at,
  } as const
  const elsewhere = existing.filter((id) => !inHand.includes(id))
  if (elsewhere.length > 0)
    await changeArtworks(
      ctx.tx,
      elsewhere,
      { status: 'purchased', inWarehouse: false, roomId: null, locationText: seller },
      movement,
    )
  if (inHand.length > 0) await changeArtworks(ctx.tx, inHand, { status: 'in_collection' }, movement)
  const candidates = candidatesOf(ctx)
  const created: string[] = []
  if (candidates.length > 0) {
    const numbers = await nextInventoryNumbers(ctx.tx, candidates.length, year)
    // The price is the first valuation when one artwork is bought; a lot's price is not split.
    const single = candidates.length === 1 && existing.length === 0
    const artistIds = [
      ...new Set(candidates.map((c) => c.artistId).filter((id): id is string => id !== null)),
    ]
    if (artistIds.length > 0) {
      const found = await ctx.tx
        .select({ id: artists.id })
        .from(artists)
        .where(inArray(artists.id, artistIds))
      if (found.length !== artistIds.length) throw invalid({ 'input.artworks': 'invalidValue' })
    }
    // Records of the archive made the archive's way: search document, 'created' movement, history version 1.
    const ids = await insertArtworks(
      ctx.tx,
      candidates.map((c, i) => ({
        record: blankRecord({
          inventoryNo: numbers[i],
          titleZh: c.titleZh,
          titleEn: c.titleEn,
          artistId: c.artistId,
          buyYear: String(year),
        }),
        // the purchase says nothing of a signature: left to be recorded, not set to "not signed"
        signatureUnrecorded: true,
        status: 'purchased' as const,
        inWarehouse: false,
        roomId: null,
        locationText: seller,
        valuation:
          single && price
            ? {
                latestValuation: price,
                latestValuationCurrency: currency || null,
                valuationDate: ctx.event.at.slice(0, 10),
              }
            : undefined,
        processId: ctx.process.id,
      })),
      ctx.event.actor.id,
      'create',
    )
    created.push(...ids)
    // The price set as the latest valuation is also the artwork's first row of valuation history.
    if (single && price && currency)
      await ctx.tx.insert(valuations).values({
        artworkId: ids[0],
        amount: price,
        currency,
        valuedOn: ctx.event.at.slice(0, 10),
        method: 'purchase_price',
        valuer: seller,
        processId: ctx.process.id,
        createdBy: ctx.event.actor.id,
      })
    await ctx.linkArtworks(created)
  }
  const all = [...existing, ...created]
  if (all.length === 0) throw invalid({ artworks: 'required' })
  // The buying entity owns them from the day the purchase completes.
  const buyer = ctx.context.subject.buyerEntityId
  if (typeof buyer === 'string')
    await ownWholly(ctx.tx, all, buyer, officeDayOf(ctx.at), {
      userId: ctx.event.actor.id,
      processId: ctx.process.id,
    })
  const toShip = all.filter((id) => !inHand.includes(id))
  if (toShip.length > 0)
    await ctx.openProcess('BUY_ART_TRANS', { artworkIds: toShip, sourceProcessId: ctx.process.id })
}
