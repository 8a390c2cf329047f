// Excel import as a job the browser polls: first the whole file is checked — every bad cell listed with its
// sheet, row, column and reason, nothing written — then, when the user confirms (and, if some rows are
// bad, explicitly agrees to import only the valid ones), every valid row is written in one transaction:
// all of them or none. A known inventory number updates that artwork (so an export, edited and imported
// back, is a bulk edit); a new one creates it. Images cannot travel in a sheet and are left untouched.
// The check itself is excel-check.ts.

import { and, eq, getTableColumns, inArray } from 'drizzle-orm'
import type { ArtworkRecord } from '../../../shared/artwork-rules'
import type { ImportJobView } from '../../../shared/contracts/artworks'
import { formatMessage, type Lang, type MessageKey } from '../../../shared/errors'
import { EXCEL_MAX_BYTES } from '../../../shared/file-types'
import type { Db } from '../../db/client'
import { artists, artworkImportJobs, artworks, files } from '../../db/schema'
import { AppError, notFound } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { WORKBOOK_LIMIT_PARAMS } from '../../jobs/xlsx-unpack'
import { mayReadFile } from '../files/file-access'
import {
  type CheckOptions,
  checkWorkbook,
  inChunks,
  lockedByOthers,
  type Plan,
  type PlanItem,
  type StoredRowError,
} from './excel-check'
import { headerOf, MAIN_COLUMNS, MAIN_SHEET, RECORD_SHEETS, sheetNameOf } from './excel-columns'
import { readWorkbookText, type SheetText } from './excel-read'
import { csvSheet, detectTextFormat, type TextFormat } from './import-text'
import { lidoSheet, validateLido } from './lido-read'
import { setOwnership } from './ownership/ownership'
import { insertArtworks, updateArtwork } from './record-store'
import { loadReferences } from './reference-lookup'

/** A job untouched this long while running belongs to a server that stopped: reported failed. */
const STALE_MS = 10 * 60_000

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
  const read = async (): Promise<ReadSheets> => ({
    sheets: await readWorkbookText(await loadBytes(deps, file.storageKey)),
  })
  background(deps.heavy.imports.run(job.id, () => runCheck(deps, user, job.id, read)))
  return job
}

/** The sheets a job checks, and how (a LIDO file carries only part of a record). */
interface ReadSheets {
  sheets: SheetText[]
  options?: CheckOptions
}

/**
 * Start a job for a CSV or LIDO file sent with the request (at most the Excel import's 3 MB, held in memory):
 * what it is, and for LIDO its validity against the schema, are decided before the job exists, so a file
 * that is neither, or not valid, is a 400 and no job; then it is checked like a workbook.
 */
export async function startTextImport(
  deps: Deps,
  user: AuthUser,
  upload: { bytes: Buffer; fileName: string; format: TextFormat | undefined },
): Promise<JobRow> {
  const format = detectTextFormat(upload.bytes, upload.format)
  let read: () => Promise<ReadSheets>
  if (format === 'lido') {
    await validateLido(upload.bytes, upload.fileName)
    const refs = await loadReferences(deps.database.db)
    const { sheet, defaults } = lidoSheet(upload.bytes, refs)
    read = async () => ({ sheets: [sheet], options: { partial: { defaults } } })
  } else {
    const sheet = csvSheet(upload.bytes)
    read = async () => ({ sheets: [sheet] })
  }
  const [job] = await deps.database.db
    .insert(artworkImportJobs)
    .values({ createdBy: user.id, fileId: null, fileName: upload.fileName })
    .returning()
  background(deps.heavy.imports.run(job.id, () => runCheck(deps, user, job.id, read)))
  return job
}

async function runCheck(deps: Deps, user: AuthUser, jobId: string, read: () => Promise<ReadSheets>) {
  const db = deps.database.db
  const setJob = (values: Partial<typeof artworkImportJobs.$inferInsert>) =>
    db
      .update(artworkImportJobs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(artworkImportJobs.id, jobId))
  try {
    await setJob({}) // its turn came: the job is alive again, however long it waited
    let input: ReadSheets
    try {
      input = await read()
    } catch (error) {
      if (error instanceof AppError) throw error
      await setJob({ status: 'failed', failure: 'incorrectFileFormat', finishedAt: new Date() })
      return
    }
    const { plan, errors, totalRows } = await checkWorkbook(
      db,
      user,
      input.sheets,
      (processed, total) => setJob({ processedRows: processed, totalRows: total }).then(() => undefined),
      input.options,
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
      const taken = await inChunks(
        creates.map((c) => c.record.inventoryNo),
        (numbers) =>
          tx
            .select({ inventoryNo: artworks.inventoryNo })
            .from(artworks)
            .where(inArray(artworks.inventoryNo, numbers)),
      )
      const takenNumbers = new Set(taken.map((t) => t.inventoryNo))
      for (const c of creates) {
        if (takenNumbers.has(c.record.inventoryNo)) {
          conflicts.push({
            sheet: 'main',
            row: c.row,
            column: 'inventoryNo',
            reason: { key: 'inventoryNoTaken' },
          })
        }
      }
      const updateIds = updates.map((u) => u.artworkId!)
      const locked = await lockedByOthers(tx, user, updateIds)
      const versions = await inChunks(updateIds, (ids) =>
        tx
          .select({ id: artworks.id, version: artworks.rowVersion })
          .from(artworks)
          .where(inArray(artworks.id, ids)),
      )
      const current = new Map(versions.map((v) => [v.id, v.version]))
      for (const u of updates) {
        const reason: MessageKey | null = locked.has(u.artworkId!)
          ? 'editLocked'
          : current.get(u.artworkId!) !== u.version
            ? 'changedSinceCheck'
            : null
        if (reason) conflicts.push({ sheet: 'main', row: u.row, column: '', reason: { key: reason } })
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
      const createdIds = await insertArtworks(
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
      const updatedIds = new Set<string>()
      for (const u of updates) {
        const { changes } = await updateArtwork(tx, u.artworkId!, withArtist(u), {
          actor: user.id,
          action: 'import',
        })
        if (changes.length > 0) {
          updated++
          updatedIds.add(u.artworkId!)
        }
      }
      // the owners column: an ownership period from the day of the check, under the ownership API's rules
      const owned = [
        ...creates.map((c, k) => ({ id: createdIds[k], item: c })),
        ...updates.map((u) => ({ id: u.artworkId!, item: u })),
      ]
      for (const { id, item } of owned) {
        if (!item.owners) continue
        await setOwnership(
          tx,
          [id],
          { owners: item.owners.owners, from: item.owners.from },
          { userId: user.id },
        )
        if (item.mode === 'update' && !updatedIds.has(id)) updated++
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
