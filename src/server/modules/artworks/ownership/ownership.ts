// Who owns an artwork, in which share, over which period. A period is [from, to): `to` is the first day it no
// longer holds, null while it runs. Setting new owners from a day closes the running periods on that day
// (those before it keep their period) and opens one per new owner; their shares add up to exactly 100.00.
// A completed sale closes the running periods; a completed purchase opens the buying entity's.
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or } from 'drizzle-orm'
import type { OwnershipInput, OwnershipView } from '../../../../shared/contracts/ownership'
import { addMoney } from '../../../../shared/validation'
import type { DbOrTx, Tx } from '../../../db/client'
import { artworkOwnerships, artworks, legalEntities } from '../../../db/schema'
import { AppError, notFound } from '../../../http/app-error'

export interface OwnerOnDay {
  entityId: string
  sharePercent: string
  nameZh: string
  nameEn: string
  /** The first day of the period that holds the day asked. */
  since: string
}

/** The owners of an artwork on a day (yyyy-MM-dd) with their decimal shares; empty when it had none. */
export async function ownersAsOf(db: DbOrTx, artworkId: string, at: string): Promise<OwnerOnDay[]> {
  return db
    .select({
      entityId: artworkOwnerships.entityId,
      sharePercent: artworkOwnerships.sharePercent,
      nameZh: legalEntities.nameZh,
      nameEn: legalEntities.nameEn,
      since: artworkOwnerships.validFrom,
    })
    .from(artworkOwnerships)
    .innerJoin(legalEntities, eq(legalEntities.id, artworkOwnerships.entityId))
    .where(
      and(
        eq(artworkOwnerships.artworkId, artworkId),
        lte(artworkOwnerships.validFrom, at),
        or(isNull(artworkOwnerships.validTo), gt(artworkOwnerships.validTo, at)),
      ),
    )
    .orderBy(asc(legalEntities.nameEn), asc(artworkOwnerships.entityId))
}

/** The current owners (the running periods) and every period, newest first. */
export async function ownershipOf(db: DbOrTx, artworkId: string): Promise<OwnershipView> {
  const rows = await db
    .select({
      entityId: artworkOwnerships.entityId,
      sharePercent: artworkOwnerships.sharePercent,
      from: artworkOwnerships.validFrom,
      to: artworkOwnerships.validTo,
      note: artworkOwnerships.note,
      nameZh: legalEntities.nameZh,
      nameEn: legalEntities.nameEn,
    })
    .from(artworkOwnerships)
    .innerJoin(legalEntities, eq(legalEntities.id, artworkOwnerships.entityId))
    .where(eq(artworkOwnerships.artworkId, artworkId))
  rows.sort((a, b) => b.from.localeCompare(a.from) || a.nameEn.localeCompare(b.nameEn))
  const current = rows
    .filter((r) => r.to === null)
    .map(({ entityId, sharePercent, nameZh, nameEn }) => ({ entityId, sharePercent, nameZh, nameEn }))
  return { current, history: rows }
}

function invalidAt(
  name: string,
  key: 'sharesNotHundred' | 'ownerTwice' | 'entityNotFound' | 'ownershipOverlaps' | 'ownershipBeforeArtwork',
  params: Record<string, string> = {},
) {
  return new AppError(400, key, params, { fieldErrors: { [name]: key } })
}

/** The shares add up to 100.00 and no entity is listed twice; every entity exists. */
async function checkOwners(db: DbOrTx, owners: OwnershipInput['owners']): Promise<void> {
  const total = addMoney(...owners.map((o) => o.sharePercent))
  if (total !== '100.00') throw invalidAt('owners', 'sharesNotHundred', { total })
  const ids = owners.map((o) => o.entityId)
  const twice = ids.findIndex((id, k) => ids.indexOf(id) !== k)
  if (twice >= 0) throw invalidAt(`owners.${twice}.entityId`, 'ownerTwice')
  const known = new Set(
    (await db.select({ id: legalEntities.id }).from(legalEntities).where(inArray(legalEntities.id, ids))).map(
      (r) => r.id,
    ),
  )
  const unknown = ids.findIndex((id) => !known.has(id))
  if (unknown >= 0) throw invalidAt(`owners.${unknown}.entityId`, 'entityNotFound')
}

/** The first year written in the artwork's creation time ("约1920年" → 1920), if any. */
function madeIn(creationTime: string): string | null {
  return /(\d{4})/.exec(creationTime)?.[1] ?? null
}

/**
 * The artwork (locked) may take new owners from `from`: not before it was made, and after the start of every
 * period it has (a day already covered by a later period would overlap). Returns nothing; 404 when absent.
 */
async function checkPeriod(tx: Tx, artworkId: string, from: string, fieldName: string): Promise<void> {
  const [artwork] = await tx
    .select({ creationTime: artworks.creationTime })
    .from(artworks)
    .where(eq(artworks.id, artworkId))
    .for('update')
  if (!artwork) throw notFound()
  const year = madeIn(artwork.creationTime)
  if (year && from < `${year}-01-01`) throw invalidAt(fieldName, 'ownershipBeforeArtwork', { year })
  const starts = await tx
    .select({ from: artworkOwnerships.validFrom })
    .from(artworkOwnerships)
    .where(eq(artworkOwnerships.artworkId, artworkId))
  const latest = starts.reduce<string | null>((m, r) => (m === null || r.from > m ? r.from : m), null)
  if (latest !== null && from <= latest) throw invalidAt(fieldName, 'ownershipOverlaps', { from: latest })
}

/** Close the running periods of the artworks on `on` (a sale's end). */
export async function endOwnership(tx: Tx, artworkIds: string[], on: string): Promise<void> {
  if (artworkIds.length === 0) return
  await tx
    .update(artworkOwnerships)
    .set({ validTo: on })
    .where(
      and(
        inArray(artworkOwnerships.artworkId, artworkIds),
        isNull(artworkOwnerships.validTo),
        lt(artworkOwnerships.validFrom, on),
      ),
    )
  // A period that starts on or after the end day never held: it goes.
  await tx
    .delete(artworkOwnerships)
    .where(
      and(
        inArray(artworkOwnerships.artworkId, artworkIds),
        isNull(artworkOwnerships.validTo),
        gte(artworkOwnerships.validFrom, on),
      ),
    )
}

/**
 * One entity owns the artworks wholly from `from` (a completed purchase): the running periods end that day,
 * and one that would only start on or after it is replaced. Nothing to refuse: the purchase has completed.
 */
export async function ownWholly(
  tx: Tx,
  artworkIds: string[],
  entityId: string,
  from: string,
  meta: { userId: string | null; processId: string | null },
): Promise<void> {
  if (artworkIds.length === 0) return
  await endOwnership(tx, artworkIds, from)
  await tx.insert(artworkOwnerships).values(
    artworkIds.map((artworkId) => ({
      artworkId,
      entityId,
      sharePercent: '100.00',
      validFrom: from,
      processId: meta.processId,
      createdBy: meta.userId,
    })),
  )
}

/**
 * New owners of each artwork from `input.from`, in the caller's transaction: everything checked (a refusal
 * names the field; with several artworks the artwork's inventory number is in the message), the running
 * periods closed on that day, one period per owner opened.
 */
export async function setOwnership(
  tx: Tx,
  artworkIds: string[],
  input: OwnershipInput,
  meta: { userId: string | null; processId?: string | null },
): Promise<void> {
  await checkOwners(tx, input.owners)
  for (const artworkId of artworkIds) {
    await checkPeriod(tx, artworkId, input.from, 'from')
    await tx
      .update(artworkOwnerships)
      .set({ validTo: input.from })
      .where(and(eq(artworkOwnerships.artworkId, artworkId), isNull(artworkOwnerships.validTo)))
    await tx.insert(artworkOwnerships).values(
      input.owners.map((o) => ({
        artworkId,
        entityId: o.entityId,
        sharePercent: o.sharePercent,
        validFrom: input.from,
        note: input.note ?? '',
        processId: meta.processId ?? null,
        createdBy: meta.userId,
      })),
    )
  }
}
