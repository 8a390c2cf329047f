// Excel import as a job the browser polls: first the whole file is checked — every bad cell listed with its
// sheet, row, column and reason, nothing written — then, when the user confirms (and, if some rows are
// bad, explicitly agrees to import only the valid ones), every valid row is written in one transaction:
// all of them or none. A known inventory number updates that artwork (so an export, edited and imported
// back, is a bulk edit); a new one creates it. Images cannot travel in a sheet and are left untouched.

import { and, eq, getTableColumns, gt, inArray, ne, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  type ArtworkRecord,
  DIMENSION_KINDS,
  type Dimensions,
  importedArtworkRecord,
  parseSizeText,
  RECORD_KINDS,
  type RecordKind,
} from '../../../shared/artwork-rules'
import type { ImportJobView } from '../../../shared/contracts/artworks'
import { formatMessage, type Lang, MESSAGES, type MessageKey } from '../../../shared/errors'
import { EXCEL_MAX_BYTES } from '../../../shared/file-types'
import type { Db } from '../../db/client'
import { artists, artworkEditLocks, artworkImportJobs, artworks, files } from '../../db/schema'
import { AppError, notFound } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { WORKBOOK_LIMIT_PARAMS } from '../../jobs/xlsx-unpack'
import { mayReadFile } from '../files/file-access'
import {
  headerOf,
  MAIN_COLUMNS,
  MAIN_SHEET,
  RECORD_SHEETS,
  sheetMatches,
  sheetNameOf,
  splitList,
  yesNo,
} from './excel-columns'
import { readSheet, readWorkbookText, type SheetRows, type SheetText } from './excel-read'
import { referenceErrors } from './record-checks'
import { type ArtworkRow, insertArtworks, readSnapshots, type Snapshot, updateArtwork } from './record-store'
import { dictValueByWord, loadReferences, roomByWord, tagByWord } from './reference-lookup'

type SheetKey = 'main' | RecordKind
interface Reason {
  key: MessageKey
  params?: Record<string, string | number>
}
/** A bad cell as stored: sheet and column by key, worded when shown (in the reader's language). */
export interface StoredRowError {
  sheet: SheetKey
  row: number
  column: string
  reason: Reason
  /** The cell's text as the file holds it, quoted when shown ('' for an empty cell or a whole row). */
  value?: string
}

interface PlanItem {
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
}
interface Plan {
  items: PlanItem[]
  newArtists: { key: string; nameZh: string; nameEn: string }[]
}

const MAX_STORED_ERRORS = 5000
/** A job untouched this long while running belongs to a server that stopped: reported failed. */
const STALE_MS = 10 * 60_000

// ---------------------------------------------------------------------------------------------------
// the check

function reasonOf(issue: z.core.$ZodIssue): Reason {
  if (typeof issue.message === 'string' && issue.message in MESSAGES)
    return { key: issue.message as MessageKey }
  if (issue.code === 'invalid_type' && issue.input === undefined) return { key: 'required' }
  if (issue.code === 'too_big' && issue.origin === 'string')
    return { key: 'tooLong', params: { max: Number(issue.maximum) } }
  if (issue.code === 'too_small' && issue.origin === 'string') return { key: 'required' }
  return { key: 'invalidValue' }
}

const FIELD_COLUMN: Record<string, string> = {
  mediumTagId: 'medium',
  periodTagId: 'period',
  investMarketTagId: 'investMarket',
  incomeStageTagId: 'incomeStage',
  labelTagIds: 'labels',
  packagingType: 'packaging',
  artistId: 'artistZh',
  roomId: 'room',
  locationText: 'location',
}
const SIGNATURE_COLUMN: Record<string, string> = {
  signed: 'signed',
  position: 'signaturePosition',
  content: 'signatureContent',
}

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
  if (head === 'dimensions') return { sheet: 'main', row: mainRow, column: a ? `${a}Size` : 'pictureSize' }
  if (head === 'signature')
    return { sheet: 'main', row: mainRow, column: SIGNATURE_COLUMN[a ?? 'signed'] ?? 'signed' }
  if (head === 'media' || head === 'zipFileId') return { sheet: 'main', row: mainRow, column: '' }
  return { sheet: 'main', row: mainRow, column: FIELD_COLUMN[head] ?? head }
}

const lower = (s: string) => s.normalize('NFKC').trim().toLowerCase()

/** Check a workbook against the database; returns the plan of valid rows and every error. */
export async function checkWorkbook(
  db: Db,
  user: AuthUser,
  sheets: SheetText[],
  progress: (processed: number, total: number) => Promise<void>,
): Promise<{ plan: Plan; errors: StoredRowError[]; totalRows: number }> {
  const mainWs = sheets.find((ws) => sheetMatches(ws.name, MAIN_SHEET)) ?? sheets[0]
  const main = readSheet(mainWs, MAIN_COLUMNS)
  const lists = Object.fromEntries(
    RECORD_KINDS.map((k) => [
      k,
      readSheet(
        sheets.find((ws) => ws !== mainWs && sheetMatches(ws.name, RECORD_SHEETS[k])),
        RECORD_SHEETS[k].columns,
      ),
    ]),
  ) as Record<RecordKind, SheetRows>

  const errors: StoredRowError[] = []
  const cellsAt = new Map<string, Record<string, string>>()
  for (const [sheet, s] of [['main', main], ...Object.entries(lists)] as [SheetKey, SheetRows][]) {
    for (const r of s.rows) cellsAt.set(`${sheet}:${r.row}`, r.cells)
  }
  const add = (sheet: SheetKey, row: number, column: string, reason: Reason) => {
    if (errors.length >= MAX_STORED_ERRORS) return
    const value =
      column && reason.key !== 'missingColumn' ? (cellsAt.get(`${sheet}:${row}`)?.[column] ?? '') : ''
    errors.push({ sheet, row, column, reason, ...(value ? { value } : {}) })
  }
  for (const [sheet, s] of [['main', main], ...Object.entries(lists)] as [SheetKey, SheetRows][]) {
    for (const m of s.missing) add(sheet, 1, m.key, { key: 'missingColumn' })
  }
  if (errors.length > 0) return { plan: { items: [], newArtists: [] }, errors, totalRows: main.rows.length }
  if (main.rows.length === 0) {
    add('main', 2, '', { key: 'noDataRows' })
    return { plan: { items: [], newArtists: [] }, errors, totalRows: 0 }
  }

  const refs = await loadReferences(db)

  // inventory numbers: duplicates in the file, and which exist already
  const firstRow = new Map<string, number>()
  const duplicate = new Set<number>()
  for (const r of main.rows) {
    const no = r.cells.inventoryNo
    if (!no) continue
    if (firstRow.has(no)) duplicate.add(r.row)
    else firstRow.set(no, r.row)
  }
  const existing = new Map<string, ArtworkRow>()
  const numbers = [...firstRow.keys()]
  const { searchVector: _sv, ...cols } = getTableColumns(artworks)
  for (let i = 0; i < numbers.length; i += 1000) {
    const rows = await db
      .select(cols)
      .from(artworks)
      .where(inArray(artworks.inventoryNo, numbers.slice(i, i + 1000)))
    for (const r of rows) existing.set(r.inventoryNo, { ...r, searchVector: null })
  }
  const snapshots = new Map<string, Snapshot>()
  const existingRows = [...existing.values()]
  for (let i = 0; i < existingRows.length; i += 1000) {
    for (const [id, s] of await readSnapshots(db, existingRows.slice(i, i + 1000))) snapshots.set(id, s)
  }
  const lockedByOther = new Set<string>()
  const ids = existingRows.map((r) => r.id)
  for (let i = 0; i < ids.length; i += 1000) {
    const locks = await db
      .select({ artworkId: artworkEditLocks.artworkId })
      .from(artworkEditLocks)
      .where(
        and(
          inArray(artworkEditLocks.artworkId, ids.slice(i, i + 1000)),
          ne(artworkEditLocks.userId, user.id),
          gt(artworkEditLocks.expiresAt, new Date()),
        ),
      )
    for (const l of locks) lockedByOther.add(l.artworkId)
  }

  // artists named in the sheet
  const zhNames = [...new Set(main.rows.map((r) => lower(r.cells.artistZh ?? '')).filter(Boolean))]
  const enNames = [...new Set(main.rows.map((r) => lower(r.cells.artistEn ?? '')).filter(Boolean))]
  const artistRows =
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
  const newArtists = new Map<string, { key: string; nameZh: string; nameEn: string }>()
  const resolveArtist = (
    zhRaw: string,
    enRaw: string,
  ): { id: string | null; newKey: string | null } | 'ambiguous' => {
    const zh = lower(zhRaw)
    const en = lower(enRaw)
    if (!zh && !en) return { id: null, newKey: null }
    const matches = artistRows.filter((a) => (zh && lower(a.nameZh) === zh) || (en && lower(a.nameEn) === en))
    let pick = matches
    if (pick.length > 1 && zh && en)
      pick = matches.filter((a) => lower(a.nameZh) === zh && lower(a.nameEn) === en)
    if (pick.length === 1) return { id: pick[0].id, newKey: null }
    if (pick.length > 1 || matches.length > 1) return 'ambiguous'
    const key = `${zh}|${en}`
    if (!newArtists.has(key)) newArtists.set(key, { key, nameZh: zhRaw.trim(), nameEn: enRaw.trim() })
    return { id: null, newKey: key }
  }

  // records sheets grouped by inventory number
  const entriesOf = new Map<string, Record<RecordKind, { row: number; raw: Record<string, unknown> }[]>>()
  for (const kind of RECORD_KINDS) {
    for (const r of lists[kind].rows) {
      const no = r.cells.inventoryNo
      if (!no || !firstRow.has(no)) {
        add(kind, r.row, 'inventoryNo', { key: no ? 'recordWithoutArtwork' : 'required' })
        continue
      }
      const raw: Record<string, unknown> = {
        date: r.cells.date ?? '',
        titleZh: r.cells.titleZh ?? '',
        titleEn: r.cells.titleEn ?? '',
        placeZh: r.cells.placeZh ?? '',
        placeEn: r.cells.placeEn ?? '',
        note: r.cells.note ?? '',
      }
      if (kind === 'auctions') {
        raw.lot = r.cells.lot ?? ''
        raw.price = r.cells.price ? r.cells.price.replaceAll(',', '') : null
        raw.currency = (r.cells.currency ?? '').toUpperCase()
      }
      if (kind === 'literature') {
        const word = r.cells.literatureType ?? ''
        raw.literatureType = word ? (dictValueByWord(refs, 'LITERATU_RECORD_TYPERE', word) ?? `?${word}`) : ''
      }
      const group =
        entriesOf.get(no) ??
        ({ exhibitions: [], auctions: [], privateCollections: [], literature: [] } as Record<
          RecordKind,
          { row: number; raw: Record<string, unknown> }[]
        >)
      group[kind].push({ row: r.row, raw })
      entriesOf.set(no, group)
    }
  }

  const items: PlanItem[] = []
  let processed = 0
  for (const r of main.rows) {
    const c = r.cells
    const rowErrors: StoredRowError[] = []
    const bad = (column: string, reason: Reason, sheet: SheetKey = 'main', row = r.row) => {
      rowErrors.push({ sheet, row, column, reason })
    }
    if (duplicate.has(r.row)) bad('inventoryNo', { key: 'duplicateInFile' })
    const current = c.inventoryNo ? existing.get(c.inventoryNo) : undefined
    const before = current ? snapshots.get(current.id) : undefined
    if (current && lockedByOther.has(current.id)) bad('', { key: 'editLocked' })

    const tagOf = (column: string, parent: Parameters<typeof tagByWord>[1]) => {
      const word = c[column] ?? ''
      if (!word) return null
      const t = tagByWord(refs, parent, word)
      if (!t) bad(column, { key: 'unknownOption' })
      return t?.id ?? null
    }
    const dims: Dimensions = {}
    for (const kind of DIMENSION_KINDS) {
      const text = c[`${kind}Size`] ?? ''
      if (!text) continue
      const d = parseSizeText(text)
      if (d) dims[kind] = d
      else bad(`${kind}Size`, { key: 'invalidSize' })
    }
    const yes = (column: string, fallback: boolean | undefined) => {
      const word = c[column] ?? ''
      if (!word) return fallback
      const v = yesNo(word)
      if (v === undefined) bad(column, { key: 'yesOrNo' })
      return v
    }
    const labelTagIds: number[] = []
    for (const word of splitList(c.labels ?? '')) {
      const t = tagByWord(refs, 'ARTWORK_LABEL', word)
      if (t) labelTagIds.push(t.id)
      else bad('labels', { key: 'unknownOption' })
    }
    let packagingType = ''
    if (c.packaging) {
      packagingType = dictValueByWord(refs, 'PACKAGING_TYPE', c.packaging) ?? ''
      if (!packagingType) bad('packaging', { key: 'unknownOption' })
    }
    let roomId: string | null = null
    if (c.room && !current) {
      roomId = roomByWord(refs, c.room)?.id ?? null
      if (!roomId) bad('room', { key: 'unknownOption' })
    }
    let artist: { id: string | null; newKey: string | null } = { id: null, newKey: null }
    for (const col of ['artistZh', 'artistEn']) {
      if ((c[col] ?? '').length > 100) bad(col, { key: 'tooLong', params: { max: 100 } })
    }
    const resolved = resolveArtist(c.artistZh ?? '', c.artistEn ?? '')
    if (resolved === 'ambiguous') bad('artistZh', { key: 'ambiguousArtist' })
    else artist = resolved

    const group = c.inventoryNo ? entriesOf.get(c.inventoryNo) : undefined
    const entryRows = Object.fromEntries(
      RECORD_KINDS.map((k) => [k, lists[k].present ? (group?.[k] ?? []).map((e) => e.row) : []]),
    ) as Record<RecordKind, number[]>
    const listValue = (k: RecordKind) =>
      lists[k].present ? (group?.[k] ?? []).map((e) => e.raw) : ((before?.[k] as unknown[]) ?? [])
    const raw = {
      inventoryNo: c.inventoryNo ?? '',
      titleZh: c.titleZh ?? '',
      titleEn: c.titleEn ?? '',
      artistId: artist.id,
      creationTime: c.creationTime ?? '',
      materialsZh: c.materialsZh ?? '',
      materialsEn: c.materialsEn ?? '',
      dimensions: dims,
      signature: {
        signed: yes('signed', undefined),
        position: c.signaturePosition ?? '',
        content: c.signatureContent ?? '',
      },
      mediumTagId: tagOf('medium', 'CREATION_MEDIUM'),
      periodTagId: tagOf('period', 'PERIOD'),
      investMarketTagId: tagOf('investMarket', 'INVEST_MARKET'),
      incomeStageTagId: tagOf('incomeStage', 'INCOME_STAGE'),
      labelTagIds,
      sourceZh: c.sourceZh ?? '',
      sourceEn: c.sourceEn ?? '',
      buyYear: c.buyYear ?? '',
      packagingType,
      volumeWeight: c.volumeWeight ?? '',
      actualWeight: c.actualWeight ?? '',
      remarkZh: c.remarkZh ?? '',
      remarkEn: c.remarkEn ?? '',
      exhibitions: listValue('exhibitions'),
      auctions: listValue('auctions'),
      privateCollections: listValue('privateCollections'),
      literature: listValue('literature'),
      media: before?.media ?? [],
      zipFileId: before?.zipFileId ?? null,
      // whereabouts: only for a new artwork (artworks move through operations)
      inWarehouse: current ? current.inWarehouse : (yes('inWarehouse', false) ?? false),
      roomId: current ? current.roomId : roomId,
      locationText: current ? current.locationText : (c.location ?? ''),
    }
    // literature types that did not match were marked "?word": report them on their own row
    RECORD_KINDS.forEach((k) => {
      raw[k].forEach((e, i) => {
        const t = (e as { literatureType?: string }).literatureType
        if (t?.startsWith('?')) {
          bad('literatureType', { key: 'unknownOption' }, k, entryRows[k][i])
          ;(e as { literatureType?: string }).literatureType = ''
        }
      })
    })
    const parsed = importedArtworkRecord.safeParse(raw)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const at = locate(issue.path as (string | number)[], r.row, entryRows)
        // a cell already reported (unknown word, bad size) keeps its first, clearer reason
        if (!rowErrors.some((e) => e.sheet === at.sheet && e.row === at.row && e.column === at.column)) {
          bad(at.column, reasonOf(issue), at.sheet, at.row)
        }
      }
    } else {
      const refErrors = referenceErrors(parsed.data, refs, { roomId: parsed.data.roomId })
      for (const [path, key] of Object.entries(refErrors)) {
        const at = locate(path.split('.'), r.row, entryRows)
        bad(at.column, { key }, at.sheet, at.row)
      }
    }
    if (rowErrors.length > 0) {
      for (const e of rowErrors) add(e.sheet, e.row, e.column, e.reason)
    } else if (parsed.success) {
      const { inWarehouse, roomId: room, locationText, ...record } = parsed.data
      items.push({
        row: r.row,
        mode: current ? 'update' : 'create',
        artworkId: current?.id ?? null,
        version: current?.rowVersion ?? null,
        record,
        newArtist: artist.newKey,
        inWarehouse,
        roomId: room,
        locationText,
      })
    }
    processed++
    if (processed % 500 === 0) await progress(processed, main.rows.length)
  }
  const seen = new Set<string>()
  const unique = errors.filter((e) => {
    const k = `${e.sheet}:${e.row}:${e.column}:${e.reason.key}`
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
  const used = new Set(items.map((i) => i.newArtist).filter(Boolean))
  return {
    plan: { items, newArtists: [...newArtists.values()].filter((a) => used.has(a.key)) },
    errors: unique.sort((a, b) => (a.sheet === b.sheet ? a.row - b.row : a.sheet === 'main' ? -1 : 1)),
    totalRows: main.rows.length,
  }
}

// ---------------------------------------------------------------------------------------------------
// the job

type JobRow = typeof artworkImportJobs.$inferSelect

/** The parameters a failure's message may name (the file's and the workbook's limits). */
const FAILURE_PARAMS = { limit: '3 MB', ...WORKBOOK_LIMIT_PARAMS }

/** The cell's text the reason is about, quoted in the reader's language (long texts cut short). */
function quoted(value: string | undefined, lang: Lang): string {
  if (!value) return ''
  const text = value.length > 60 ? `${value.slice(0, 59)}…` : value
  return lang === 'zh-CN' ? `“${text}”：` : `"${text}": `
}

/** Rows of the file with at least one error (a row with two bad cells is one row to correct). */
export function rowsWithErrors(errors: StoredRowError[]): number {
  return new Set(errors.map((e) => `${e.sheet}:${e.row}`)).size
}

/** The job as shown; `waitingAhead`: imports ahead of it in this server's line (jobs/heavy.ts). */
export function jobView(job: JobRow, lang: Lang, waitingAhead = 0): ImportJobView {
  const stale =
    (job.status === 'checking' || job.status === 'importing') &&
    waitingAhead === 0 &&
    Date.now() - job.updatedAt.getTime() > STALE_MS
  const errors = (job.errors as StoredRowError[]).map((e) => {
    const defs = e.sheet === 'main' ? MAIN_COLUMNS : RECORD_SHEETS[e.sheet].columns
    const col = defs.find((d) => d.key === e.column)
    const column = col ? headerOf(col, lang).replace(/\*$/, '') : ''
    const params = e.reason.key === 'missingColumn' ? { column } : e.reason.params
    return {
      sheet: sheetNameOf(e.sheet === 'main' ? MAIN_SHEET : RECORD_SHEETS[e.sheet], lang),
      row: e.row,
      column,
      reason: quoted(e.value, lang) + formatMessage(e.reason.key, lang, params),
    }
  })
  return {
    id: job.id,
    status: stale ? 'failed' : job.status,
    waitingAhead: stale ? 0 : waitingAhead,
    fileName: job.fileName,
    totalRows: job.totalRows,
    processedRows: job.processedRows,
    validRows: job.validRows,
    toCreate: job.toCreate,
    toUpdate: job.toUpdate,
    createdCount: job.createdCount,
    updatedCount: job.updatedCount,
    errorCount: rowsWithErrors(job.errors as StoredRowError[]),
    errors,
    failure: stale
      ? formatMessage('importFailed', lang)
      : job.failure
        ? formatMessage(job.failure as MessageKey, lang, FAILURE_PARAMS)
        : null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  }
}

/** The job without its plan (the checked rows can be many megabytes; only the import reads them). */
export async function loadJob(db: Db, id: string, user: AuthUser): Promise<JobRow> {
  const { plan: _plan, ...columns } = getTableColumns(artworkImportJobs)
  const [job] = await db.select(columns).from(artworkImportJobs).where(eq(artworkImportJobs.id, id))
  if (!job || (job.createdBy !== user.id && !user.allPrivileges)) throw notFound()
  return { ...job, plan: null }
}

async function readWorkbook(deps: Deps, user: AuthUser, fileId: string) {
  const [file] = await deps.database.db.select().from(files).where(eq(files.id, fileId))
  if (!file || !mayReadFile(user, file)) throw new AppError(404, 'fileNotFound')
  if (file.kind !== 'xlsx') throw new AppError(415, 'incorrectFileFormat')
  if (file.size > EXCEL_MAX_BYTES) throw new AppError(413, 'fileTooLarge', { limit: FAILURE_PARAMS.limit })
  return file
}

async function loadBytes(deps: Deps, storageKey: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of deps.storage.read(storageKey)) {
    size += chunk.length
    if (size > EXCEL_MAX_BYTES) throw new AppError(413, 'fileTooLarge', { limit: FAILURE_PARAMS.limit })
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** Background work is tracked so a shutdown (or a test) can wait for it. */
const running = new Set<Promise<void>>()
function background(work: Promise<void>) {
  running.add(work)
  void work.finally(() => running.delete(work))
}
export async function importsSettled(): Promise<void> {
  await Promise.all([...running])
}

/**
 * Start a job: the file is checked in the background, in this server's line of imports (at most a few
 * checked or written at once); the answer is the job to poll.
 */
export async function startImport(deps: Deps, user: AuthUser, fileId: string): Promise<JobRow> {
  const db = deps.database.db
  const file = await readWorkbook(deps, user, fileId)
  const [job] = await db
    .insert(artworkImportJobs)
    .values({ createdBy: user.id, fileId: file.id, fileName: file.originalName })
    .returning()
  background(deps.heavy.imports.run(job.id, () => runCheck(deps, user, job.id, file.storageKey)))
  return job
}

async function runCheck(deps: Deps, user: AuthUser, jobId: string, storageKey: string) {
  const db = deps.database.db
  const setJob = (values: Partial<typeof artworkImportJobs.$inferInsert>) =>
    db
      .update(artworkImportJobs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(artworkImportJobs.id, jobId))
  try {
    await setJob({}) // its turn came: the job is alive again, however long it waited
    let sheets: SheetText[]
    try {
      sheets = await readWorkbookText(await loadBytes(deps, storageKey))
    } catch (error) {
      if (error instanceof AppError) throw error
      await setJob({ status: 'failed', failure: 'incorrectFileFormat', finishedAt: new Date() })
      return
    }
    const { plan, errors, totalRows } = await checkWorkbook(db, user, sheets, (processed, total) =>
      setJob({ processedRows: processed, totalRows: total }).then(() => undefined),
    )
    await setJob({
      status: 'checked',
      totalRows,
      processedRows: totalRows,
      validRows: plan.items.length,
      toCreate: plan.items.filter((i) => i.mode === 'create').length,
      toUpdate: plan.items.filter((i) => i.mode === 'update').length,
      errors,
      plan,
    })
  } catch (error) {
    if (!(error instanceof AppError)) console.error('artwork import check failed', error)
    await setJob({
      status: 'failed',
      failure: error instanceof AppError ? error.messageKey : 'importFailed',
      finishedAt: new Date(),
    }).catch(() => undefined)
  }
}

/** Import the checked rows: refused while rows are bad unless the user agreed to skip them. */
export async function commitImport(
  deps: Deps,
  user: AuthUser,
  jobId: string,
  skipInvalid: boolean,
): Promise<JobRow> {
  const db = deps.database.db
  const job = await loadJob(db, jobId, user)
  if (job.status !== 'checked') throw new AppError(409, 'importNotReady')
  const errorCount = rowsWithErrors(job.errors as StoredRowError[])
  if (errorCount > 0 && !skipInvalid) {
    throw new AppError(
      400,
      'importHasErrors',
      { count: errorCount },
      { fieldErrors: { skipInvalid: 'importHasErrors' } },
    )
  }
  if (job.validRows === 0) throw new AppError(400, 'nothingToImport')
  const [claimed] = await db
    .update(artworkImportJobs)
    .set({ status: 'importing', updatedAt: new Date() })
    .where(and(eq(artworkImportJobs.id, jobId), eq(artworkImportJobs.status, 'checked')))
    .returning({ id: artworkImportJobs.id })
  if (!claimed) throw new AppError(409, 'importNotReady')
  const running = { ...job, status: 'importing' as const }
  background(deps.heavy.imports.run(job.id, () => runImport(deps, user, running)))
  return running
}

class ImportConflict extends Error {
  constructor(readonly errors: StoredRowError[]) {
    super('import conflict')
  }
}

async function runImport(deps: Deps, user: AuthUser, job: JobRow) {
  const db = deps.database.db
  try {
    const [{ plan }] = (await db
      .select({ plan: artworkImportJobs.plan })
      .from(artworkImportJobs)
      .where(eq(artworkImportJobs.id, job.id))) as { plan: Plan }[]
    await db.transaction(async (tx) => {
      const creates = plan.items.filter((i) => i.mode === 'create')
      const updates = plan.items.filter((i) => i.mode === 'update')
      // the database may have moved since the check: the same rules again, inside the transaction
      const conflicts: StoredRowError[] = []
      for (let i = 0; i < creates.length; i += 1000) {
        const chunk = creates.slice(i, i + 1000)
        const taken = await tx
          .select({ inventoryNo: artworks.inventoryNo })
          .from(artworks)
          .where(
            inArray(
              artworks.inventoryNo,
              chunk.map((c) => c.record.inventoryNo),
            ),
          )
        const set = new Set(taken.map((t) => t.inventoryNo))
        for (const c of chunk) {
          if (set.has(c.record.inventoryNo)) {
            conflicts.push({
              sheet: 'main',
              row: c.row,
              column: 'inventoryNo',
              reason: { key: 'inventoryNoTaken' },
            })
          }
        }
      }
      const updateIds = updates.map((u) => u.artworkId!)
      for (let i = 0; i < updateIds.length; i += 1000) {
        const locks = await tx
          .select({ artworkId: artworkEditLocks.artworkId })
          .from(artworkEditLocks)
          .where(
            and(
              inArray(artworkEditLocks.artworkId, updateIds.slice(i, i + 1000)),
              ne(artworkEditLocks.userId, user.id),
              gt(artworkEditLocks.expiresAt, new Date()),
            ),
          )
        const versions = await tx
          .select({ id: artworks.id, version: artworks.rowVersion })
          .from(artworks)
          .where(inArray(artworks.id, updateIds.slice(i, i + 1000)))
        const locked = new Set(locks.map((l) => l.artworkId))
        const current = new Map(versions.map((v) => [v.id, v.version]))
        for (const u of updates.slice(i, i + 1000)) {
          const reason: MessageKey | null = locked.has(u.artworkId!)
            ? 'editLocked'
            : current.get(u.artworkId!) !== u.version
              ? 'changedSinceCheck'
              : null
          if (reason) conflicts.push({ sheet: 'main', row: u.row, column: '', reason: { key: reason } })
        }
      }
      if (conflicts.length > 0) throw new ImportConflict(conflicts)

      const artistIds = new Map<string, string>()
      if (plan.newArtists.length > 0) {
        const rows = await tx
          .insert(artists)
          .values(plan.newArtists.map((a) => ({ nameZh: a.nameZh, nameEn: a.nameEn })))
          .returning({ id: artists.id })
        plan.newArtists.forEach((a, i) => {
          artistIds.set(a.key, rows[i].id)
        })
      }
      const withArtist = (i: PlanItem): ArtworkRecord =>
        i.newArtist ? { ...i.record, artistId: artistIds.get(i.newArtist)! } : i.record
      await insertArtworks(
        tx,
        creates.map((c) => ({
          record: withArtist(c),
          inWarehouse: c.inWarehouse,
          roomId: c.roomId,
          locationText: c.locationText,
        })),
        user.id,
        'import',
      )
      let updated = 0
      for (const u of updates) {
        const { changes } = await updateArtwork(tx, u.artworkId!, withArtist(u), {
          actor: user.id,
          action: 'import',
        })
        if (changes.length > 0) updated++
      }
      await tx
        .update(artworkImportJobs)
        .set({
          status: 'done',
          createdCount: creates.length,
          updatedCount: updated,
          plan: null,
          processedRows: job.totalRows,
          updatedAt: new Date(),
          finishedAt: new Date(),
        })
        .where(eq(artworkImportJobs.id, job.id))
    })
  } catch (error) {
    const conflicts = error instanceof ImportConflict ? error.errors : null
    if (!conflicts) console.error('artwork import failed', error)
    await db
      .update(artworkImportJobs)
      .set({
        status: 'failed',
        failure: 'importFailed',
        ...(conflicts ? { errors: conflicts } : {}),
        updatedAt: new Date(),
        finishedAt: new Date(),
      })
      .where(eq(artworkImportJobs.id, job.id))
      .catch(() => undefined)
  }
}
