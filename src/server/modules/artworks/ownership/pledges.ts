// Pledges of artworks to lenders: from a day, until a last day or until released. While a pledge runs (the
// office's today within it) the artwork may not be sold nor lent to an exhibition: the refusal names the
// pledge (lender and first day).
import { and, asc, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm'
import type { PledgeInput, PledgeView } from '../../../../shared/contracts/ownership'
import type { DbOrTx } from '../../../db/client'
import { artworkPledges, artworks } from '../../../db/schema'
import { AppError } from '../../../http/app-error'
import { officeToday } from '../../../office-day'

type Row = typeof artworkPledges.$inferSelect

const runsOn = (day: string) =>
  and(
    lte(artworkPledges.validFrom, day),
    or(isNull(artworkPledges.validTo), gte(artworkPledges.validTo, day)),
  )

function viewOf(r: Row, today: string): PledgeView {
  return {
    id: r.id,
    lender: r.lender,
    from: r.validFrom,
    to: r.validTo,
    note: r.note,
    active: r.validFrom <= today && (r.validTo === null || r.validTo >= today),
  }
}

export async function pledgesOf(db: DbOrTx, artworkId: string): Promise<PledgeView[]> {
  const today = officeToday()
  const rows = await db
    .select()
    .from(artworkPledges)
    .where(eq(artworkPledges.artworkId, artworkId))
    .orderBy(desc(artworkPledges.validFrom), desc(artworkPledges.createdAt))
  return rows.map((r) => viewOf(r, today))
}

export async function addPledge(
  db: DbOrTx,
  artworkId: string,
  input: PledgeInput,
  userId: string | null,
): Promise<PledgeView> {
  const [row] = await db
    .insert(artworkPledges)
    .values({
      artworkId,
      lender: input.lender,
      validFrom: input.from,
      validTo: input.to ?? null,
      note: input.note ?? '',
      createdBy: userId,
    })
    .returning()
  return viewOf(row, officeToday())
}

/** Of these artworks, those pledged on `day` (one pledge each, the earliest running), for badges and refusals. */
export async function pledgedOn(
  db: DbOrTx,
  artworkIds: readonly string[],
  day: string = officeToday(),
): Promise<Map<string, { lender: string; from: string }>> {
  const out = new Map<string, { lender: string; from: string }>()
  if (artworkIds.length === 0) return out
  const rows = await db
    .select({
      artworkId: artworkPledges.artworkId,
      lender: artworkPledges.lender,
      from: artworkPledges.validFrom,
    })
    .from(artworkPledges)
    .where(and(inArray(artworkPledges.artworkId, [...artworkIds]), runsOn(day)))
    .orderBy(asc(artworkPledges.validFrom))
  for (const r of rows) if (!out.has(r.artworkId)) out.set(r.artworkId, { lender: r.lender, from: r.from })
  return out
}

/**
 * Refuse (400 at `field`) when one of the artworks is pledged today: the message names the artwork, the
 * lender and the pledge's first day.
 */
export async function assertNotPledged(
  db: DbOrTx,
  artworkIds: readonly string[],
  field: string,
): Promise<void> {
  const pledged = await pledgedOn(db, artworkIds)
  if (pledged.size === 0) return
  const [artworkId, pledge] = [...pledged.entries()][0]
  const [artwork] = await db
    .select({ inventoryNo: artworks.inventoryNo })
    .from(artworks)
    .where(eq(artworks.id, artworkId))
  throw new AppError(
    400,
    'artworkPledged',
    { artwork: artwork?.inventoryNo ?? '', lender: pledge.lender, from: pledge.from },
    { fieldErrors: { [field]: 'artworkPledged' }, artworkIds: [...pledged.keys()] },
  )
}
