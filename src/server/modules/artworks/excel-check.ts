// The Excel import's check: the whole workbook read against the database, every bad cell listed with its
// sheet, row, column and reason, nothing written; what passes becomes the plan the import later writes.
// The cells are read by the layout's own parsers (excel-columns.ts, excel-cells.ts) into the record's
// fields; the row then adds what only it can know (a duplicate inventory number, someone else's edit lock,
// which artist the two names mean, the records sheets' entries) and the record is checked by the same
// rules as the form's (a cell already refused keeps its first, clearer reason).
import { and, getTableColumns, gt, inArray, ne, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  type ArtworkRecord,
  importedArtworkRecord,
  RECORD_KINDS,
  type RecordKind,
} from '../../../shared/artwork-rules'
import { MESSAGES, type MessageKey } from '../../../shared/errors'
import type { Db, DbOrTx } from '../../db/client'
import { artists, artworkEditLocks, artworkOwnerships, artworks, legalEntities } from '../../db/schema'
import type { AuthUser } from '../../http/context'
import { officeToday } from '../../office-day'
import { artworkScope, artworksOutOfScope, scopeEntitySet } from '../auth/scope'
import { entitiesByName, type NamedEntity, type OwnerShareRead, ownersCell, type Reason } from './excel-cells'
import { type ColumnDef, MAIN_COLUMNS, MAIN_SHEET, RECORD_SHEETS, sheetMatches } from './excel-columns'
import { readSheet, type SheetRows, type SheetText } from './excel-read'
import { referenceErrors } from './record-checks'
import { type ArtworkRow, readSnapshots, type Snapshot } from './record-store'
import { loadReferences, type References } from './reference-lookup'

export type { Reason }
export type SheetKey = 'main' | RecordKind

/** A bad cell as stored: sheet and column by key, worded when shown (in the reader's language). */
export interface StoredRowError {
  sheet: SheetKey
  row: number
  column: string
  reason: Reason
  /** The cell's text as the file holds it, quoted when shown ('' for an empty cell or a whole row). */
  value?: string
}

export interface PlanItem {
  row: number
  mode: 'create' | 'update'
  artworkId: string | null
  /** The row version the check saw: a record changed since then is not overwritten. */
  version: number | null
  record: ArtworkRecord
  /** Set when the artist is new: created at import time. */
  newArtist: string | null
  inWarehouse: boolean
  roomId: string | null
  locationText: string
  /** New owners from the owners column, from `from` (absent: the column was empty or named the owners it has). */
  owners?: { from: string; owners: OwnerShareRead[] }
}
interface NewArtist {
  key: string
  nameZh: string
  nameEn: string
}
export interface Plan {
  items: PlanItem[]
  newArtists: NewArtist[]
}

const MAX_STORED_ERRORS = 5000
const CHUNK = 1000

/** Keys read a thousand at a time (a statement's parameters are limited): the rows of every chunk. */
export async function inChunks<K, R>(
  keys: readonly K[],
  read: (chunk: K[]) => Promise<Iterable<R>>,
): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < keys.length; i += CHUNK) out.push(...(await read(keys.slice(i, i + CHUNK))))
  return out
}

/** The artworks among `ids` someone else is editing now (their edit lock has not run out). */
export async function lockedByOthers(db: DbOrTx, user: AuthUser, ids: string[]): Promise<Set<string>> {
  const locks = await inChunks(ids, (chunk) =>
    db
      .select({ artworkId: artworkEditLocks.artworkId })
      .from(artworkEditLocks)
      .where(
        and(
          inArray(artworkEditLocks.artworkId, chunk),
          ne(artworkEditLocks.userId, user.id),
          gt(artworkEditLocks.expiresAt, new Date()),
        ),
      ),
  )
  return new Set(locks.map((l) => l.artworkId))
}

const byKind = <T>(f: (kind: RecordKind) => T): Record<RecordKind, T> => ({
  exhibitions: f('exhibitions'),
  auctions: f('auctions'),
  privateCollections: f('privateCollections'),
  literature: f('literature'),
})

// ---------------------------------------------------------------------------------------------------
// cells into fields, and errors back to cells

type Fields = Record<string, unknown>

/** Set a field by its path (`signature.signed`: one level down). */
function put(into: Fields, path: string, value: unknown) {
  const [head, sub] = path.split('.')
  if (sub === undefined) {
    into[head] = value
    return
  }
  const inner = into[head]
  into[head] = { ...(typeof inner === 'object' && inner !== null ? inner : {}), [sub]: value }
}

/** A row's cells read by its columns' parsers into the fields they fill, and the cells they refused. */
export function readCells(
  columns: ColumnDef[],
  cells: Record<string, string>,
  refs: References,
  into: Fields,
  skip: (column: ColumnDef) => boolean = () => false,
): { fields: Fields; refused: { column: string; reason: Reason }[] } {
  const refused: { column: string; reason: Reason }[] = []
  for (const column of columns) {
    if (!column.parse || skip(column)) continue
    const read = column.parse(cells[column.key] ?? '', refs)
    if (read.refused) refused.push({ column: column.key, reason: read.refused })
    if (column.field && read.value !== undefined) put(into, column.field, read.value)
  }
  return { fields: into, refused }
}

function reasonOf(issue: z.core.$ZodIssue): Reason {
  if (typeof issue.message === 'string' && issue.message in MESSAGES)
    return { key: issue.message as MessageKey }
  if (issue.code === 'invalid_type' && issue.input === undefined) return { key: 'required' }
  if (issue.code === 'too_big' && issue.origin === 'string')
    return { key: 'tooLong', params: { max: Number(issue.maximum) } }
  if (issue.code === 'too_small' && issue.origin === 'string') return { key: 'required' }
  return { key: 'invalidValue' }
}

/** The column a record field comes from: the layout's own, and the one field the row fills from two. */
const FIELD_COLUMN = new Map<string, string>([
  ...MAIN_COLUMNS.flatMap((c): [string, string][] => (c.field ? [[c.field, c.key]] : [])),
  ['artistId', 'artistZh'],
])
/** Where an error about the whole of a field goes (its first column). */
const WHOLE_FIELD_COLUMN: Record<string, string> = { dimensions: 'pictureSize', signature: 'signed' }

interface Located {
  sheet: SheetKey
  row: number
  column: string
}

/** Where a record field's error belongs in the workbook. */
function locate(
  path: (string | number)[],
  mainRow: number,
  entryRows: Record<RecordKind, number[]>,
): Located {
  const [head, a, b] = path.map(String)
  if ((RECORD_KINDS as readonly string[]).includes(head)) {
    const kind = head as RecordKind
    const row = a !== undefined ? entryRows[kind][Number(a)] : undefined
    if (row !== undefined) return { sheet: kind, row, column: b ?? '' }
    return { sheet: 'main', row: mainRow, column: '' }
  }
  if (head === 'media' || head === 'zipFileId') return { sheet: 'main', row: mainRow, column: '' }
  const column =
    (a !== undefined ? FIELD_COLUMN.get(`${head}.${a}`) : undefined) ??
    FIELD_COLUMN.get(head) ??
    WHOLE_FIELD_COLUMN[head] ??
    head
  return { sheet: 'main', row: mainRow, column }
}

// ---------------------------------------------------------------------------------------------------
// what the rows are checked against

type MainRow = SheetRows['rows'][number]

/** The artworks sheet and the records sheets (by name in either language; the first sheet otherwise). */
function sheetsOf(sheets: SheetText[]) {
  const mainWs = sheets.find((ws) => sheetMatches(ws.name, MAIN_SHEET)) ?? sheets[0]
  return {
    main: readSheet(mainWs, MAIN_COLUMNS),
    lists: byKind((k) =>
      readSheet(
        sheets.find((ws) => ws !== mainWs && sheetMatches(ws.name, RECORD_SHEETS[k])),
        RECORD_SHEETS[k].columns,
      ),
    ),
  }
}

/** The errors found, each with the text of its cell, up to the number a job stores. */
function errorList(sheets: [SheetKey, SheetRows][]) {
  const errors: StoredRowError[] = []
  const cellsAt = new Map<string, Record<string, string>>()
  for (const [sheet, s] of sheets) for (const r of s.rows) cellsAt.set(`${sheet}:${r.row}`, r.cells)
  const add = (sheet: SheetKey, row: number, column: string, reason: Reason) => {
    if (errors.length >= MAX_STORED_ERRORS) return
    const value =
      column && reason.key !== 'missingColumn' ? (cellsAt.get(`${sheet}:${row}`)?.[column] ?? '') : ''
    errors.push({ sheet, row, column, reason, ...(value ? { value } : {}) })
  }
  return { errors, add }
}
type AddError = ReturnType<typeof errorList>['add']

/** Each error once, the artworks sheet first, by row. */
function finished(errors: StoredRowError[]): StoredRowError[] {
  const seen = new Set<string>()
  const unique = errors.filter((e) => {
    const k = `${e.sheet}:${e.row}:${e.column}:${e.reason.key}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
  return unique.sort((a, b) => (a.sheet === b.sheet ? a.row - b.row : a.sheet === 'main' ? -1 : 1))
}

/** The file's inventory numbers: the row each first appears on, and the rows repeating one. */
function inventoryNumbers(rows: MainRow[]) {
  const firstRow = new Map<string, number>()
  const duplicate = new Set<number>()
  for (const r of rows) {
    const no = r.cells.inventoryNo
    if (!no) continue
    if (firstRow.has(no)) duplicate.add(r.row)
    else firstRow.set(no, r.row)
  }
  return { firstRow, duplicate }
}

/** The artworks the file names that exist already, their records, and those someone else is editing. */
async function loadExisting(db: Db, user: AuthUser, numbers: string[]) {
  const { searchVector: _sv, ...cols } = getTableColumns(artworks)
  const rows = await inChunks(numbers, (chunk) =>
    db.select(cols).from(artworks).where(inArray(artworks.inventoryNo, chunk)),
  )
  const existing = new Map<string, ArtworkRow>(rows.map((r) => [r.inventoryNo, { ...r, searchVector: null }]))
  const existingRows = [...existing.values()]
  const snapshots = new Map<string, Snapshot>(
    await inChunks(existingRows, (chunk) => readSnapshots(db, chunk)),
  )
  const lockedByOther = await lockedByOthers(
    db,
    user,
    existingRows.map((r) => r.id),
  )
  return { existing, snapshots, lockedByOther }
}

const lower = (s: string) => s.normalize('NFKC').trim().toLowerCase()

type ArtistMatch = { id: string | null; newKey: string | null } | 'ambiguous'

/**
 * The artists the sheet names, by their Chinese and English names (case aside): one match is that artist,
 * two or more are ambiguous, none is a new artist created at import time (once per pair of names).
 */
async function artistsNamed(db: Db, rows: MainRow[]) {
  const zhNames = [...new Set(rows.map((r) => lower(r.cells.artistZh ?? '')).filter(Boolean))]
  const enNames = [...new Set(rows.map((r) => lower(r.cells.artistEn ?? '')).filter(Boolean))]
  const known =
    zhNames.length + enNames.length === 0
      ? []
      : await db
          .select({ id: artists.id, nameZh: artists.nameZh, nameEn: artists.nameEn })
          .from(artists)
          .where(
            or(
              zhNames.length ? inArray(sql`lower(${artists.nameZh})`, zhNames) : undefined,
              enNames.length ? inArray(sql`lower(${artists.nameEn})`, enNames) : undefined,
            ),
          )
  const created = new Map<string, NewArtist>()
  const resolve = (zhRaw: string, enRaw: string): ArtistMatch => {
    const zh = lower(zhRaw)
    const en = lower(enRaw)
    if (!zh && !en) return { id: null, newKey: null }
    const matches = known.filter((a) => (zh && lower(a.nameZh) === zh) || (en && lower(a.nameEn) === en))
    let pick = matches
    if (pick.length > 1 && zh && en)
      pick = matches.filter((a) => lower(a.nameZh) === zh && lower(a.nameEn) === en)
    if (pick.length === 1) return { id: pick[0].id, newKey: null }
    if (pick.length > 1 || matches.length > 1) return 'ambiguous'
    const key = `${zh}|${en}`
    if (!created.has(key)) created.set(key, { key, nameZh: zhRaw.trim(), nameEn: enRaw.trim() })
    return { id: null, newKey: key }
  }
  /** The new artists the valid rows need. */
  const needed = (items: PlanItem[]) => {
    const used = new Set(items.map((i) => i.newArtist).filter(Boolean))
    return [...created.values()].filter((a) => used.has(a.key))
  }
  return { resolve, needed }
}

interface Entry {
  row: number
  fields: Fields
  /** Its cells refused (a record type that is not one), reported with its artwork's row. */
  refused: StoredRowError[]
}
type Entries = Record<RecordKind, Entry[]>

/** The records sheets' rows by the artwork they belong to; a row naming no artwork of the file is refused. */
function entriesByArtwork(
  lists: Record<RecordKind, SheetRows>,
  inFile: (inventoryNo: string) => boolean,
  refs: References,
  add: AddError,
): Map<string, Entries> {
  const entriesOf = new Map<string, Entries>()
  for (const kind of RECORD_KINDS) {
    for (const r of lists[kind].rows) {
      const no = r.cells.inventoryNo
      if (!no || !inFile(no)) {
        add(kind, r.row, 'inventoryNo', { key: no ? 'recordWithoutArtwork' : 'required' })
        continue
      }
      const { fields, refused } = readCells(RECORD_SHEETS[kind].columns, r.cells, refs, {})
      const group = entriesOf.get(no) ?? byKind((): Entry[] => [])
      group[kind].push({
        row: r.row,
        fields,
        refused: refused.map((f) => ({ sheet: kind, row: r.row, column: f.column, reason: f.reason })),
      })
      entriesOf.set(no, group)
    }
  }
  return entriesOf
}

// ---------------------------------------------------------------------------------------------------
// one row

interface RowContext {
  refs: References
  lists: Record<RecordKind, SheetRows>
  duplicate: Set<number>
  existing: Map<string, ArtworkRow>
  snapshots: Map<string, Snapshot>
  lockedByOther: Set<string>
  artist: (zh: string, en: string) => ArtistMatch
  entriesOf: Map<string, Entries>
  /** Legal entities by name (either language), for the owners column. */
  entities: Map<string, NamedEntity | null>
  /** Each existing artwork's current owners and the start of its latest ownership period. */
  ownership: Map<string, { owners: OwnerShareRead[]; latestFrom: string | null }>
  /** The office's today: new owners from the column hold from it. */
  today: string
  /**
   * For a user limited to legal entities (auth/scope.ts): the entities they may name as owners (theirs and
   * those under them), by name, and the existing artworks they see. Null: no limit.
   */
  scope: { entities: Map<string, NamedEntity | null>; artworks: Set<string> } | null
}

/** One row of the artworks sheet with its records entries: its errors, or what the import will write. */
function checkRow(r: MainRow, ctx: RowContext): { errors: StoredRowError[]; item: PlanItem | null } {
  const c = r.cells
  const errors: StoredRowError[] = []
  const bad = (column: string, reason: Reason, sheet: SheetKey = 'main', row = r.row) => {
    errors.push({ sheet, row, column, reason })
  }
  if (ctx.duplicate.has(r.row)) bad('inventoryNo', { key: 'duplicateInFile' })
  const current = c.inventoryNo ? ctx.existing.get(c.inventoryNo) : undefined
  // an artwork out of the user's scope is not theirs to change: its number is, to them, simply taken
  if (current && ctx.scope && !ctx.scope.artworks.has(current.id)) {
    bad('inventoryNo', { key: 'inventoryNoTaken' })
    return { errors, item: null }
  }
  const before = current ? ctx.snapshots.get(current.id) : undefined
  if (current && ctx.lockedByOther.has(current.id)) bad('', { key: 'editLocked' })

  const { fields, refused } = readCells(
    MAIN_COLUMNS,
    c,
    ctx.refs,
    { dimensions: {} },
    (column) => current !== undefined && column.newOnly === true,
  )
  for (const f of refused) bad(f.column, f.reason)
  // whereabouts: read only for a new artwork (artworks move through operations)
  if (current) {
    fields.inWarehouse = current.inWarehouse
    fields.roomId = current.roomId
    fields.locationText = current.locationText
  }
  const artist = ctx.artist(c.artistZh ?? '', c.artistEn ?? '')
  if (artist === 'ambiguous') bad('artistZh', { key: 'ambiguousArtist' })
  fields.artistId = artist === 'ambiguous' ? null : artist.id

  // records lists: the sheet's entries when the sheet is in the file, else the record's own
  const group = c.inventoryNo ? ctx.entriesOf.get(c.inventoryNo) : undefined
  const entries = byKind((k) => (ctx.lists[k].present ? (group?.[k] ?? []) : null))
  const entryRows = byKind((k) => (entries[k] ?? []).map((e) => e.row))
  for (const k of RECORD_KINDS) {
    const list = entries[k]
    fields[k] = list ? list.map((e) => e.fields) : (before?.[k] ?? [])
    for (const e of list ?? []) errors.push(...e.refused)
  }
  fields.media = before?.media ?? []
  fields.zipFileId = before?.zipFileId ?? null
  // Emergency planning has no column in the layout: an import keeps what the record holds.
  fields.salvagePriority = before?.salvagePriority ?? ''
  fields.handlingNotesZh = before?.handlingNotesZh ?? ''
  fields.handlingNotesEn = before?.handlingNotesEn ?? ''

  const parsed = importedArtworkRecord.safeParse(fields)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = locate(issue.path as (string | number)[], r.row, entryRows)
      // a cell already reported (unknown word, bad size) keeps its first, clearer reason
      if (!errors.some((e) => e.sheet === at.sheet && e.row === at.row && e.column === at.column)) {
        bad(at.column, reasonOf(issue), at.sheet, at.row)
      }
    }
    return { errors, item: null }
  }
  const refErrors = referenceErrors(parsed.data, ctx.refs, { roomId: parsed.data.roomId })
  for (const [path, key] of Object.entries(refErrors)) {
    const at = locate(path.split('.'), r.row, entryRows)
    bad(at.column, { key }, at.sheet, at.row)
  }
  const owners = ownersOfRow(c.owners ?? '', current?.id, ctx, (reason) => bad('owners', reason))
  if (errors.length > 0) return { errors, item: null }
  const { inWarehouse, roomId, locationText, ...record } = parsed.data
  return {
    errors,
    item: {
      row: r.row,
      mode: current ? 'update' : 'create',
      artworkId: current?.id ?? null,
      version: current?.rowVersion ?? null,
      record,
      newArtist: artist === 'ambiguous' ? null : artist.newKey,
      inWarehouse,
      roomId,
      locationText,
      ...(owners ? { owners: { from: ctx.today, owners } } : {}),
    },
  }
}

const sameOwners = (a: OwnerShareRead[], b: OwnerShareRead[]) =>
  a.length === b.length &&
  a.every((o) =>
    b.some((p) => p.entityId === o.entityId && Number(p.sharePercent) === Number(o.sharePercent)),
  )

/**
 * The owners column of a row: the new owners to write, or none (an empty cell, or the owners it has). Refused
 * as the ownership API refuses: a part not written "name share%", an unknown entity, shares not adding up to
 * 100.00, and a change on a day its latest ownership period does not precede.
 */
function ownersOfRow(
  text: string,
  artworkId: string | undefined,
  ctx: RowContext,
  bad: (reason: Reason) => void,
): OwnerShareRead[] | null {
  const read = ownersCell(text, ctx.entities)
  if (read.refused) {
    bad(read.refused)
    return null
  }
  if (!read.value) return null
  const now = artworkId ? ctx.ownership.get(artworkId) : undefined
  if (now && sameOwners(now.owners, read.value)) return null
  // a user limited to legal entities sets only owners among theirs; another entity is, to them, unknown
  const limited = ctx.scope ? ownersCell(text, ctx.scope.entities) : read
  if (limited.refused) {
    bad(limited.refused)
    return null
  }
  if (now?.latestFrom && now.latestFrom >= ctx.today) {
    bad({ key: 'ownershipOverlaps', params: { from: now.latestFrom } })
    return null
  }
  return read.value
}

/** The current owners and the latest period start of each artwork. */
async function loadOwnership(db: Db, ids: string[]) {
  const out = new Map<string, { owners: OwnerShareRead[]; latestFrom: string | null }>()
  const rows = await inChunks(ids, (chunk) =>
    db
      .select({
        artworkId: artworkOwnerships.artworkId,
        entityId: artworkOwnerships.entityId,
        sharePercent: artworkOwnerships.sharePercent,
        from: artworkOwnerships.validFrom,
        to: artworkOwnerships.validTo,
      })
      .from(artworkOwnerships)
      .where(inArray(artworkOwnerships.artworkId, chunk)),
  )
  for (const r of rows) {
    const o = out.get(r.artworkId) ?? { owners: [], latestFrom: null }
    if (r.to === null) o.owners.push({ entityId: r.entityId, sharePercent: r.sharePercent })
    if (o.latestFrom === null || r.from > o.latestFrom) o.latestFrom = r.from
    out.set(r.artworkId, o)
  }
  return out
}

// ---------------------------------------------------------------------------------------------------
// the workbook

/** What a user limited to legal entities may touch in an import (null: everything), read once per check. */
async function importScope(
  db: Db,
  user: AuthUser,
  entities: NamedEntity[],
  existing: ArtworkRow[],
): Promise<RowContext['scope']> {
  const scope = await artworkScope(db, user)
  const seen = await scopeEntitySet(db, scope)
  if (!scope || !seen) return null
  const ids = existing.map((r) => r.id)
  const outside = new Set(await inChunks(ids, (chunk) => artworksOutOfScope(db, scope, chunk)))
  return {
    entities: entitiesByName(entities.filter((e) => seen.has(e.id))),
    artworks: new Set(ids.filter((id) => !outside.has(id))),
  }
}

/** Check a workbook against the database; returns the plan of valid rows and every error. */
export async function checkWorkbook(
  db: Db,
  user: AuthUser,
  sheets: SheetText[],
  progress: (processed: number, total: number) => Promise<void>,
): Promise<{ plan: Plan; errors: StoredRowError[]; totalRows: number }> {
  const { main, lists } = sheetsOf(sheets)
  const all: [SheetKey, SheetRows][] = [
    ['main', main],
    ...RECORD_KINDS.map((k): [SheetKey, SheetRows] => [k, lists[k]]),
  ]
  const { errors, add } = errorList(all)
  for (const [sheet, s] of all) for (const m of s.missing) add(sheet, 1, m.key, { key: 'missingColumn' })
  if (errors.length > 0) return { plan: { items: [], newArtists: [] }, errors, totalRows: main.rows.length }
  if (main.rows.length === 0) {
    add('main', 2, '', { key: 'noDataRows' })
    return { plan: { items: [], newArtists: [] }, errors, totalRows: 0 }
  }

  const refs = await loadReferences(db)
  const { firstRow, duplicate } = inventoryNumbers(main.rows)
  const known = await loadExisting(db, user, [...firstRow.keys()])
  const allEntities = await db
    .select({ id: legalEntities.id, nameZh: legalEntities.nameZh, nameEn: legalEntities.nameEn })
    .from(legalEntities)
  const named = await artistsNamed(db, main.rows)
  const ctx: RowContext = {
    refs,
    lists,
    duplicate,
    ...known,
    artist: named.resolve,
    entriesOf: entriesByArtwork(lists, (no) => firstRow.has(no), refs, add),
    entities: entitiesByName(allEntities),
    ownership: await loadOwnership(
      db,
      [...known.existing.values()].map((r) => r.id),
    ),
    today: officeToday(),
    scope: await importScope(db, user, allEntities, [...known.existing.values()]),
  }
  const items: PlanItem[] = []
  let processed = 0
  for (const r of main.rows) {
    const checked = checkRow(r, ctx)
    for (const e of checked.errors) add(e.sheet, e.row, e.column, e.reason)
    if (checked.item) items.push(checked.item)
    processed++
    if (processed % 500 === 0) await progress(processed, main.rows.length)
  }
  return {
    plan: { items, newArtists: named.needed(items) },
    errors: finished(errors),
    totalRows: main.rows.length,
  }
}
