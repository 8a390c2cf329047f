// Reading and writing an artwork's record as one unit — the artworks row, its labels, its dated records
// lists and its media — and keeping every change: each write computes which fields changed (old and new
// values), bumps the row version and appends a history row holding the whole record after the change.
// The API, the Excel import and other modules (valuations, a purchase that creates artworks) all write
// through here, so history and the search document never miss a change.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  type ArtworkRecord,
  type ArtworkSnapshot,
  DIMENSION_KINDS,
  type Dimensions,
  mainSizeText,
  NO_RIGHTS,
  normaliseDecimal,
  RECORD_KINDS,
  type RecordEntry,
  type RecordKind,
  type StoredRecord,
  sizeTextOf,
  type Valuation,
} from '../../../shared/artwork-rules'
import { chained } from '../../audit/chain'
import type { DbOrTx, Tx } from '../../db/client'
import {
  artists,
  artworkHistory,
  artworkLabels,
  artworkMedia,
  artworkMovements,
  artworkRecords,
  artworks,
} from '../../db/schema'
import { conflict, notFound } from '../../http/app-error'
import { documentText } from './search-tokens'

export type ArtworkRow = typeof artworks.$inferSelect
type RecordRow = typeof artworkRecords.$inferSelect
type MediaRow = typeof artworkMedia.$inferSelect

export type { Valuation }
/** The record plus the latest valuation: what a history row keeps and a restore brings back. */
export type Snapshot = ArtworkSnapshot
export type ChangeAction = (typeof artworkHistory.$inferInsert)['action']
export interface FieldChange {
  field: string
  old: unknown
  new: unknown
}

const DB_KIND: Record<RecordKind, RecordRow['kind']> = {
  exhibitions: 'exhibition',
  auctions: 'auction',
  privateCollections: 'private_collection',
  literature: 'literature',
}
const LIST_OF = Object.fromEntries(Object.entries(DB_KIND).map(([k, v]) => [v, k])) as Record<
  RecordRow['kind'],
  RecordKind
>

// ---------------------------------------------------------------------------------------------------
// rows → record

export function entryOf(r: RecordRow): RecordEntry {
  const base = {
    date: r.date,
    titleZh: r.titleZh,
    titleEn: r.titleEn,
    placeZh: r.placeZh,
    placeEn: r.placeEn,
    note: r.note,
  }
  if (r.kind === 'auction') return { ...base, lot: r.lot, price: r.price, currency: r.currency }
  if (r.kind === 'literature') return { ...base, literatureType: r.literatureType }
  return base
}

export function snapshotOf(
  row: ArtworkRow,
  labels: number[],
  records: RecordRow[],
  media: MediaRow[],
): Snapshot {
  const lists = { exhibitions: [], auctions: [], privateCollections: [], literature: [] } as Record<
    RecordKind,
    Record<string, unknown>[]
  >
  for (const r of [...records].sort((a, b) => a.seq - b.seq)) lists[LIST_OF[r.kind]].push(entryOf(r))
  const sorted = [...media].sort((a, b) => a.seq - b.seq)
  return {
    inventoryNo: row.inventoryNo,
    titleZh: row.titleZh,
    titleEn: row.titleEn,
    artistId: row.artistId,
    creationTime: row.creationTime,
    materialsZh: row.materialsZh,
    materialsEn: row.materialsEn,
    dimensions: row.dimensions ?? {},
    signature: {
      signed: row.signed ?? false,
      position: row.signaturePosition,
      content: row.signatureContent,
    },
    mediumTagId: row.mediumTagId,
    // null only on artworks created outside the form (a purchase, an import of old data)
    periodTagId: row.periodTagId,
    investMarketTagId: row.investMarketTagId,
    incomeStageTagId: row.incomeStageTagId,
    labelTagIds: [...labels].sort((a, b) => a - b),
    sourceZh: row.sourceZh,
    sourceEn: row.sourceEn,
    buyYear: row.buyYear === null ? '' : String(row.buyYear),
    packagingType: row.packagingType ?? '',
    volumeWeight: row.volumeWeight === null ? '' : normaliseDecimal(row.volumeWeight),
    actualWeight: row.actualWeight === null ? '' : normaliseDecimal(row.actualWeight),
    remarkZh: row.remarkZh,
    remarkEn: row.remarkEn,
    salvagePriority: row.salvagePriority === null ? '' : String(row.salvagePriority),
    handlingNotesZh: row.handlingNotesZh,
    handlingNotesEn: row.handlingNotesEn,
    ...(lists as unknown as Pick<ArtworkRecord, RecordKind>),
    media: sorted
      .filter((m) => m.kind !== 'zip')
      .map((m) => ({
        fileId: m.fileId,
        kind: m.kind as 'image' | 'video' | 'other',
        picType: m.picType,
        isPreview: m.isPreview,
        caption: m.caption,
        rights: { ...NO_RIGHTS, ...m.rights },
      })),
    zipFileId: sorted.find((m) => m.kind === 'zip')?.fileId ?? null,
    latestValuation: row.latestValuation,
    latestValuationCurrency: row.latestValuationCurrency,
    valuationDate: row.valuationDate,
  }
}

/** The children of these artworks, grouped by artwork. */
export async function loadChildren(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return { labels: new Map(), records: new Map(), media: new Map() }
  const [labelRows, recordRows, mediaRows] = await Promise.all([
    db.select().from(artworkLabels).where(inArray(artworkLabels.artworkId, ids)),
    db
      .select()
      .from(artworkRecords)
      .where(inArray(artworkRecords.artworkId, ids))
      .orderBy(asc(artworkRecords.seq)),
    db.select().from(artworkMedia).where(inArray(artworkMedia.artworkId, ids)).orderBy(asc(artworkMedia.seq)),
  ])
  const group = <T extends { artworkId: string }>(rows: T[]) => {
    const out = new Map<string, T[]>()
    for (const r of rows) out.set(r.artworkId, [...(out.get(r.artworkId) ?? []), r])
    return out
  }
  return {
    labels: new Map([...group(labelRows)].map(([k, v]) => [k, v.map((l) => l.tagId)])) as Map<
      string,
      number[]
    >,
    records: group(recordRows) as Map<string, RecordRow[]>,
    media: group(mediaRows) as Map<string, MediaRow[]>,
  }
}

export async function readSnapshots(db: DbOrTx, rows: ArtworkRow[]): Promise<Map<string, Snapshot>> {
  const children = await loadChildren(
    db,
    rows.map((r) => r.id),
  )
  return new Map(
    rows.map((r) => [
      r.id,
      snapshotOf(
        r,
        children.labels.get(r.id) ?? [],
        children.records.get(r.id) ?? [],
        children.media.get(r.id) ?? [],
      ),
    ]),
  )
}

// ---------------------------------------------------------------------------------------------------
// differences

/** JSON with sorted keys, so values that jsonb reordered still compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  )
}

function isEmpty(v: unknown): boolean {
  return (
    v === null ||
    v === undefined ||
    v === '' ||
    (Array.isArray(v) && v.length === 0) ||
    (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0)
  )
}

/** Field paths with their values, one level into dimensions and signature. */
function flatten(s: Snapshot | null): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (!s) return out
  for (const [key, value] of Object.entries(s)) {
    if (key === 'dimensions') {
      const dims = (value ?? {}) as Dimensions
      for (const k of DIMENSION_KINDS) out.set(`dimensions.${k}`, sizeTextOf(dims[k]) || null)
    } else if (key === 'signature') {
      for (const [k, v] of Object.entries(value as object)) out.set(`signature.${k}`, v)
    } else out.set(key, value ?? null)
  }
  return out
}

/** Which fields differ, with old and new values. For a new record (`before` null) the fields it sets. */
export function diffSnapshots(before: Snapshot | null, after: Snapshot): FieldChange[] {
  const a = flatten(before)
  const b = flatten(after)
  const changes: FieldChange[] = []
  for (const [field, value] of b) {
    const old = a.has(field) ? a.get(field) : null
    if (before === null ? isEmpty(value) : canonical(old) === canonical(value)) continue
    changes.push({ field, old: before === null ? null : old, new: value })
  }
  return changes
}

// ---------------------------------------------------------------------------------------------------
// record → rows

export function searchVectorSql(
  record: { inventoryNo: string; titleZh: string; titleEn: string },
  artist: { nameZh: string; nameEn: string } | null | undefined,
) {
  const text = documentText(
    record.inventoryNo,
    record.titleZh,
    record.titleEn,
    artist?.nameZh,
    artist?.nameEn,
  )
  return sql`array_to_tsvector(string_to_array(${text}::text, ' '))`
}

/** One stored form for one meaning: only images carry a picture type or the preview flag. */
export function normaliseRecord<R extends StoredRecord>(record: R): R {
  return {
    ...record,
    labelTagIds: [...new Set(record.labelTagIds)].sort((a, b) => a - b),
    media: record.media.map((m) => (m.kind === 'image' ? m : { ...m, picType: '', isPreview: false })),
  }
}

/** The artworks columns a record sets. */
export function recordColumns(record: StoredRecord) {
  return {
    inventoryNo: record.inventoryNo,
    titleZh: record.titleZh,
    titleEn: record.titleEn,
    artistId: record.artistId,
    creationTime: record.creationTime,
    materialsZh: record.materialsZh,
    materialsEn: record.materialsEn,
    dimensions: record.dimensions as Dimensions,
    sizeText: mainSizeText(record.dimensions as Dimensions),
    signed: record.signature.signed,
    signaturePosition: record.signature.position,
    signatureContent: record.signature.content,
    mediumTagId: record.mediumTagId,
    periodTagId: record.periodTagId,
    investMarketTagId: record.investMarketTagId,
    incomeStageTagId: record.incomeStageTagId,
    sourceZh: record.sourceZh,
    sourceEn: record.sourceEn,
    buyYear: record.buyYear ? Number(record.buyYear) : null,
    packagingType: record.packagingType || null,
    volumeWeight: record.volumeWeight || null,
    actualWeight: record.actualWeight || null,
    remarkZh: record.remarkZh,
    remarkEn: record.remarkEn,
    salvagePriority: record.salvagePriority ? Number(record.salvagePriority) : null,
    handlingNotesZh: record.handlingNotesZh,
    handlingNotesEn: record.handlingNotesEn,
    previewFileId: record.media.find((m) => m.kind === 'image' && m.isPreview)?.fileId ?? null,
  }
}

function childRows(artworkId: string, record: StoredRecord) {
  const labels = record.labelTagIds.map((tagId) => ({ artworkId, tagId }))
  const records: (typeof artworkRecords.$inferInsert)[] = []
  for (const list of RECORD_KINDS) {
    ;(record[list] as RecordEntry[]).forEach((e, seq) => {
      records.push({
        artworkId,
        kind: DB_KIND[list],
        seq,
        date: e.date,
        titleZh: e.titleZh,
        titleEn: e.titleEn,
        placeZh: e.placeZh,
        placeEn: e.placeEn,
        note: e.note,
        lot: e.lot ?? '',
        price: e.price ?? null,
        currency: e.currency ?? '',
        literatureType: e.literatureType ?? '',
      })
    })
  }
  const media: (typeof artworkMedia.$inferInsert)[] = record.media.map((m, seq) => ({
    artworkId,
    fileId: m.fileId,
    kind: m.kind,
    seq,
    picType: m.kind === 'image' ? m.picType : '',
    isPreview: m.kind === 'image' && m.isPreview,
    caption: m.caption,
    rights: { ...NO_RIGHTS, ...m.rights },
  }))
  if (record.zipFileId) {
    media.push({
      artworkId,
      fileId: record.zipFileId,
      kind: 'zip',
      seq: media.length,
      picType: '',
      caption: '',
    })
  }
  return { labels, records, media }
}

const CHUNK = 400

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

async function insertChildren(tx: DbOrTx, items: { id: string; record: StoredRecord }[]) {
  const all = items.map((i) => childRows(i.id, i.record))
  await insertChunked(
    all.flatMap((c) => c.labels),
    (rows) => tx.insert(artworkLabels).values(rows),
  )
  await insertChunked(
    all.flatMap((c) => c.records),
    (rows) => tx.insert(artworkRecords).values(rows),
  )
  await insertChunked(
    all.flatMap((c) => c.media),
    (rows) => tx.insert(artworkMedia).values(rows),
  )
}

async function artistNames(tx: DbOrTx, ids: (string | null)[]) {
  const unique = [...new Set(ids.filter((id): id is string => !!id))]
  if (unique.length === 0) return new Map<string, { nameZh: string; nameEn: string }>()
  const rows = await tx
    .select({ id: artists.id, nameZh: artists.nameZh, nameEn: artists.nameEn })
    .from(artists)
    .where(inArray(artists.id, unique))
  return new Map(rows.map((r) => [r.id, r]))
}

export interface NewArtwork {
  /** The period may be left for the archive's form (`blankRecord` in src/shared/artwork-rules.ts). */
  record: StoredRecord
  /**
   * Whether it is signed is not known yet (a purchase describes a title and an artist only): stored as not
   * recorded, which the archive's form then asks for, rather than as "not signed".
   */
  signatureUnrecorded?: boolean
  inWarehouse: boolean
  roomId: string | null
  locationText: string
  status?: ArtworkRow['status']
  /** Known from the start (a purchase price, demo data); otherwise valuations set it later. */
  valuation?: Valuation
  insuranceStatus?: ArtworkRow['insuranceStatus']
  insuredUntil?: string | null
  /** The process that brought it in (a purchase), named on its 'created' movement. */
  processId?: string
}

/** Create artworks (one or thousands) with their children, a 'created' movement and history version 1. */
export async function insertArtworks(
  tx: DbOrTx,
  items: NewArtwork[],
  actor: string | null,
  action: Extract<ChangeAction, 'create' | 'import'>,
): Promise<string[]> {
  items = items.map((i) => ({ ...i, record: normaliseRecord(i.record) }))
  const names = await artistNames(
    tx,
    items.map((i) => i.record.artistId),
  )
  const now = new Date()
  const ids: string[] = []
  await insertChunked(items, async (chunk) => {
    const rows = await tx
      .insert(artworks)
      .values(
        chunk.map((i) => ({
          ...recordColumns(i.record),
          ...(i.signatureUnrecorded ? { signed: null } : {}),
          inWarehouse: i.inWarehouse,
          roomId: i.roomId,
          locationText: i.locationText,
          status: i.status ?? 'in_collection',
          ...(i.valuation ?? {}),
          insuranceStatus: i.insuranceStatus ?? 'to_be_insured',
          insuredUntil: i.insuredUntil ?? null,
          searchVector: searchVectorSql(i.record, i.record.artistId ? names.get(i.record.artistId) : null),
          createdBy: actor,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: artworks.id })
    ids.push(...rows.map((r) => r.id))
  })
  const placed = items.map((item, i) => ({ id: ids[i], record: item.record, item }))
  await insertChildren(tx, placed)
  await insertChunked(placed, (chunk) =>
    tx.insert(artworkMovements).values(
      chunk.map((p) => ({
        artworkId: p.id,
        at: now,
        kind: 'created' as const,
        toRoomId: p.item.roomId,
        toLocation: p.item.locationText,
        processId: p.item.processId ?? null,
        byUserId: actor,
        status: p.item.status ?? 'in_collection',
      })),
    ),
  )
  await insertChunked(placed, async (chunk) =>
    tx.insert(artworkHistory).values(
      chained(
        'artwork_history',
        chunk.map((p) => {
          const snapshot: Snapshot = {
            ...p.record,
            latestValuation: p.item.valuation?.latestValuation ?? null,
            latestValuationCurrency: p.item.valuation?.latestValuationCurrency ?? null,
            valuationDate: p.item.valuation?.valuationDate ?? null,
          }
          return {
            artworkId: p.id,
            version: 1,
            action,
            byUserId: actor,
            at: now,
            changes: diffSnapshots(null, snapshot),
            snapshot,
          }
        }),
      ),
    ),
  )
  return ids
}

export async function lockRow(tx: Tx, id: string): Promise<ArtworkRow> {
  const [row] = await tx.select().from(artworks).where(eq(artworks.id, id)).for('update')
  if (!row) throw notFound()
  return row
}

export interface UpdateOptions {
  actor: string | null
  action: Exclude<ChangeAction, 'create'>
  /** The row version the editor loaded; a different one is refused (409). Omitted: no check (import). */
  expectedVersion?: number
  restoredFrom?: number
  /** For a restore: the valuation brought back too. */
  valuation?: Valuation
}

/**
 * Replace an artwork's record. Returns the changes (none: nothing written, version unchanged) and the
 * row version after.
 */
export async function updateArtwork(
  tx: Tx,
  id: string,
  record: ArtworkRecord,
  options: UpdateOptions,
): Promise<{ changes: FieldChange[]; version: number }> {
  record = normaliseRecord(record)
  const row = await lockRow(tx, id)
  if (options.expectedVersion !== undefined && options.expectedVersion !== row.rowVersion) throw conflict()
  const before = (await readSnapshots(tx, [row])).get(id)!
  const valuation: Valuation = options.valuation ?? {
    latestValuation: row.latestValuation,
    latestValuationCurrency: row.latestValuationCurrency,
    valuationDate: row.valuationDate,
  }
  const after: Snapshot = { ...record, ...valuation }
  const changes = diffSnapshots(before, after)
  if (changes.length === 0) return { changes, version: row.rowVersion }
  const version = row.rowVersion + 1
  const names = await artistNames(tx, [record.artistId])
  await tx
    .update(artworks)
    .set({
      ...recordColumns(record),
      ...valuation,
      searchVector: searchVectorSql(record, record.artistId ? names.get(record.artistId) : null),
      rowVersion: version,
      updatedAt: new Date(),
    })
    .where(eq(artworks.id, id))
  await tx.delete(artworkLabels).where(eq(artworkLabels.artworkId, id))
  await tx.delete(artworkRecords).where(eq(artworkRecords.artworkId, id))
  await tx.delete(artworkMedia).where(eq(artworkMedia.artworkId, id))
  await insertChildren(tx, [{ id, record }])
  await tx.insert(artworkHistory).values(
    chained('artwork_history', [
      {
        artworkId: id,
        version,
        action: options.action,
        byUserId: options.actor,
        changes,
        snapshot: after,
        restoredFrom: options.restoredFrom ?? null,
      },
    ]),
  )
  return { changes, version }
}

/**
 * The valuations module's way to set an artwork's latest valuation: the change is kept in the artwork's
 * history (who, when, old and new) like any other, and the row version moves on.
 */
export async function recordValuation(
  tx: Tx,
  id: string,
  valuation: Valuation,
  actor: string | null,
): Promise<{ changes: FieldChange[]; version: number }> {
  const row = await lockRow(tx, id)
  const before = (await readSnapshots(tx, [row])).get(id)!
  const after: Snapshot = { ...before, ...valuation }
  const changes = diffSnapshots(before, after)
  if (changes.length === 0) return { changes, version: row.rowVersion }
  const version = row.rowVersion + 1
  await tx
    .update(artworks)
    .set({ ...valuation, rowVersion: version, updatedAt: new Date() })
    .where(eq(artworks.id, id))
  await tx.insert(artworkHistory).values(
    chained('artwork_history', [
      {
        artworkId: id,
        version,
        action: 'valuation' as const,
        byUserId: actor,
        changes,
        snapshot: after,
      },
    ]),
  )
  return { changes, version }
}

/** After an artist's names change: the search documents of their artworks follow. */
export async function refreshArtistSearch(tx: Tx, artistId: string): Promise<void> {
  const [artist] = await tx
    .select({ nameZh: artists.nameZh, nameEn: artists.nameEn })
    .from(artists)
    .where(eq(artists.id, artistId))
  const rows = await tx
    .select({
      id: artworks.id,
      inventoryNo: artworks.inventoryNo,
      titleZh: artworks.titleZh,
      titleEn: artworks.titleEn,
    })
    .from(artworks)
    .where(eq(artworks.artistId, artistId))
  await insertChunked(rows, async (chunk) => {
    const values = sql.join(
      chunk.map(
        (r) =>
          sql`(${r.id}::uuid, ${documentText(r.inventoryNo, r.titleZh, r.titleEn, artist?.nameZh, artist?.nameEn)}::text)`,
      ),
      sql`, `,
    )
    await tx.execute(
      sql`update artworks set search_vector = array_to_tsvector(string_to_array(v.doc, ' ')) from (values ${values}) as v(id, doc) where artworks.id = v.id`,
    )
  })
}

/** The history rows of an artwork, newest first. */
export function historyWhere(artworkId: string, version?: number) {
  return version === undefined
    ? eq(artworkHistory.artworkId, artworkId)
    : and(eq(artworkHistory.artworkId, artworkId), eq(artworkHistory.version, version))
}
