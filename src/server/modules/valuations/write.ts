// Adding valuations: every rule checked before anything is written (the currency is one of the currency
// dictionary, the date not after today in the office's time zone, the artwork exists, a sold or missing one
// only with a note, every report a stored PDF the user may read), then one transaction writes the rows and,
// per artwork, makes the newest of them its latest valuation when its date is on or after the current one
// (a tie goes to the newer row) — through the archive's recordValuation, so the artwork's history keeps
// who changed it, when, from what to what. Used by the form (one or many artworks) and the Excel revaluation.
import { eq, inArray } from 'drizzle-orm'
import type { ValuationMethod } from '../../../shared/contracts/valuations'
import type { MessageKey } from '../../../shared/errors'
import type { DbOrTx, Tx } from '../../db/client'
import { artworks, dictItems, files, valuations } from '../../db/schema'
import type { AuthUser } from '../../http/context'
import { lockRow, recordValuation } from '../artworks/record-store'
import { forgetValueSnapshots } from '../datacentre/snapshot'
import { mayReadFile } from '../files/file-access'

export interface NewValuation {
  artworkId: string
  amount: string
  currency: string
  valuedOn: string
  method: ValuationMethod
  valuer: string
  note: string
  reportFileIds: string[]
  processId?: string | null
}

export interface ArtworkBrief {
  id: string
  inventoryNo: string
  status: string
}

export async function currencyCodes(db: DbOrTx): Promise<Set<string>> {
  const rows = await db
    .select({ value: dictItems.value })
    .from(dictItems)
    .where(eq(dictItems.dictCode, 'CURRENCY'))
  return new Set(rows.map((r) => r.value))
}

export async function artworksById(db: DbOrTx, ids: string[]): Promise<Map<string, ArtworkBrief>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: artworks.id, inventoryNo: artworks.inventoryNo, status: artworks.status })
    .from(artworks)
    .where(inArray(artworks.id, [...new Set(ids)]))
  return new Map(rows.map((r) => [r.id, r]))
}

export async function artworksByInventoryNo(db: DbOrTx, nos: string[]): Promise<Map<string, ArtworkBrief>> {
  if (nos.length === 0) return new Map()
  const out = new Map<string, ArtworkBrief>()
  const unique = [...new Set(nos)]
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select({ id: artworks.id, inventoryNo: artworks.inventoryNo, status: artworks.status })
      .from(artworks)
      .where(inArray(artworks.inventoryNo, unique.slice(i, i + 1000)))
    for (const r of rows) out.set(r.inventoryNo, r)
  }
  return out
}

export const soldOrMissing = (a: ArtworkBrief) => a.status === 'sold' || a.status === 'missing'

/** Each report id's problem (absent: fine): not stored or not readable by the user, or not a PDF. */
export async function reportProblems(
  db: DbOrTx,
  user: AuthUser,
  ids: string[],
): Promise<Map<number, MessageKey>> {
  const out = new Map<number, MessageKey>()
  if (ids.length === 0) return out
  const rows = await db
    .select({ id: files.id, kind: files.kind, uploadedBy: files.uploadedBy })
    .from(files)
    .where(inArray(files.id, [...new Set(ids)]))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const seen = new Set<string>()
  ids.forEach((id, i) => {
    const file = byId.get(id)
    if (!file || !mayReadFile(user, file)) out.set(i, 'fileNotFound')
    else if (file.kind !== 'pdf') out.set(i, 'reportNotPdf')
    else if (seen.has(id)) out.set(i, 'duplicateFile')
    seen.add(id)
  })
  return out
}

/**
 * Write valuations and move each artwork's latest valuation where the newest new one is on or after it.
 * Returns the new rows' ids (in input order) and the artworks whose latest valuation they became.
 */
export async function addValuations(
  tx: Tx,
  rows: NewValuation[],
  actor: string | null,
): Promise<{ ids: string[]; becameLatest: string[] }> {
  const ids: string[] = []
  const createdAt = new Date()
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await tx
      .insert(valuations)
      .values(
        rows.slice(i, i + 500).map((r) => ({
          artworkId: r.artworkId,
          amount: r.amount,
          currency: r.currency,
          valuedOn: r.valuedOn,
          method: r.method,
          valuer: r.valuer,
          note: r.note,
          reportFileIds: r.reportFileIds,
          processId: r.processId ?? null,
          createdBy: actor,
          createdAt,
        })),
      )
      .returning({ id: valuations.id })
    ids.push(...inserted.map((r) => r.id))
  }
  await forgetValueSnapshots(tx)
  // The newest new valuation of each artwork (a later row wins a tie: it is the newer one).
  const newest = new Map<string, NewValuation>()
  for (const r of rows) {
    const held = newest.get(r.artworkId)
    if (!held || r.valuedOn >= held.valuedOn) newest.set(r.artworkId, r)
  }
  const becameLatest: string[] = []
  // Locked in one order, so two adds over the same artworks never wait on each other in a circle.
  for (const artworkId of [...newest.keys()].sort()) {
    const r = newest.get(artworkId)!
    const row = await lockRow(tx, artworkId)
    if (row.valuationDate !== null && r.valuedOn < row.valuationDate) continue
    await recordValuation(
      tx,
      artworkId,
      { latestValuation: r.amount, latestValuationCurrency: r.currency, valuationDate: r.valuedOn },
      actor,
    )
    becameLatest.push(artworkId)
  }
  return { ids, becameLatest }
}
