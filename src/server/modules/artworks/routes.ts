// The artwork archive API (/api/artworks, system artworkArchive): list and full-text search, the record's
// create / read / update with the edit lock and row versions, the change history and restore, the
// collection summary, artists, and Excel template, import and export.
import { createRoute, z } from '@hono/zod-openapi'
import { asc, count, desc, eq, ilike, or } from 'drizzle-orm'
import { artistInput, createArtworkInput, updateArtworkInput } from '../../../shared/artwork-rules'
import {
  type ArtworkDetail,
  type ArtworkSummary,
  artistListQuery,
  artistView,
  artworkDetail,
  artworkExportQuery,
  artworkListItem,
  artworkListQuery,
  artworkSummary,
  artworkSummaryQuery,
  EXPORT_MAX_ROWS,
  historyEntry,
  historyVersion,
  importCommitInput,
  importJobView,
  importStartInput,
  lockView,
  restoreInput,
  templateQuery,
} from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'
import { todayIn } from '../../../shared/office-time'
import { issuesToFieldErrors } from '../../../shared/validation'
import type { Db } from '../../db/client'
import { artists, artworkHistory, artworks, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, invalid, notFound } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { artworkValuesFor, nulled, recordHistoryFor, seesValues } from '../../http/values'
import { heavyDownload } from '../../jobs/heavy'
import { startDemoPainter } from '../../seed/demo-artworks/paint'
import { requestScope } from '../auth/scope'
import { artistViewOf, loadDetail, toArtistView } from './detail'
import { assertNotLockedByOther, clearLock, releaseLock, takeLock } from './edit-lock'
import { workbookResponse, XLSX_MIME } from './excel-export'
import { commitImport, jobView, loadJob, startImport } from './excel-import'
import { listArtworks, listStatements } from './list-query'
import { placeInRoom } from './position'
import { checkRecord, type FieldErrors } from './record-checks'
import { historyWhere, insertArtworks, refreshArtistSearch, updateArtwork } from './record-store'
import { loadReferences, tagUnder } from './reference-lookup'
import { artworkSummary as summarise } from './summary'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const jobParam = z.object({
  jobId: z
    .uuid({ message: 'invalidValue' })
    .openapi({ param: { in: 'path', name: 'jobId', required: true } }),
})
const versionParam = idParam.extend({
  version: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { in: 'path', name: 'version', required: true } }),
})

const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})
const binary = (description: string) => ({
  200: { description, content: { [XLSX_MIME]: { schema: z.string().openapi({ format: 'binary' }) } } },
  default: { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } },
})

function refuse(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw invalid(errors)
}

/** A unique-index race on the inventory number is the same answer as the check before it. */
function isInventoryClash(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
  const pgError = e?.cause ?? e
  return pgError?.code === '23505' && (pgError.constraint ?? '').includes('artworks_inventory_no')
}

/** The office's today, for a file name. */
function stamp(timeZone: string): string {
  return todayIn(timeZone).replaceAll('-', '')
}

export function artworkRoutes(deps: Deps) {
  const app = moduleRouter()
  const db: Db = deps.database.db
  const tags = ['artworkArchive']
  // The demo collection's pictures are painted after start-up (the seed has no storage). Test runs skip
  // it: they never look at the pictures, and painting hundreds of them would slow every API test file.
  if (deps.config.demo && !process.env.VITEST) startDemoPainter(deps)
  const lang = (c: { get(key: 'lang'): Lang }) => c.get('lang')

  // ---- list, summary, Excel (fixed paths before /{id}) ----

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary:
        'Artworks: full-text search, filters by every tag, status, room, buy year and valuation; sort; paging',
      ...access(deps, 'artworkArchive:view'),
      request: { query: artworkListQuery },
      responses: okResponse(pageOf(artworkListItem)),
    }),
    async (c) => {
      const user = currentUser(c)
      const page = await listArtworks(
        db,
        valueFiltersFor(user, c.req.valid('query')),
        lang(c),
        await requestScope(c, db),
      )
      return ok(c, { ...page, list: page.list.map((r) => artworkValuesFor(user, r)) })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Create an artwork (preview image, period and signature required)',
      ...access(deps, 'artworkArchive:edit'),
      request: json(createArtworkInput),
      responses: okResponse(artworkDetail),
    }),
    async (c) => {
      const user = currentUser(c)
      const input = c.req.valid('json')
      const { inWarehouse, roomId, locationText, ...record } = input
      refuse(await checkRecord(db, record, { user, roomId }))
      let id: string
      try {
        ;[id] = await db.transaction((tx) =>
          insertArtworks(tx, [{ record, inWarehouse, roomId, locationText }], user.id, 'create'),
        )
      } catch (error) {
        if (isInventoryClash(error)) throw invalid({ inventoryNo: 'inventoryNoTaken' })
        throw error
      }
      return ok(c, detailFor(user, await loadDetail(db, id, lang(c), user.id)))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/summary',
      tags,
      summary:
        'The collection at a glance: counts and latest valuations by medium, period, market, room, status, per currency',
      ...access(deps, 'artworkArchive:view'),
      request: { query: artworkSummaryQuery },
      responses: okResponse(artworkSummary),
    }),
    async (c) => {
      const user = currentUser(c)
      const summary = await summarise(
        db,
        valueFiltersFor(user, c.req.valid('query')),
        lang(c),
        await requestScope(c, db),
      )
      return ok(c, seesValues(user) ? summary : summaryWithoutValues(summary))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/template',
      tags,
      summary: 'The Excel import template (lang=zh-CN|en; default the request language)',
      ...access(deps, 'artworkArchive:import'),
      request: { query: templateQuery },
      responses: binary('The template workbook'),
    }),
    async (c) => {
      const l = c.req.valid('query').lang ?? lang(c)
      const name = l === 'en' ? 'artwork-import-template.xlsx' : '艺术品导入模板.xlsx'
      return workbookResponse({ db, lang: l, fileName: name })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/export',
      tags,
      summary: 'The current search as Excel, with the template’s columns (imports back unchanged)',
      ...access(deps, 'artworkArchive:export'),
      request: { query: artworkExportQuery },
      responses: binary('The artworks and their records lists'),
    }),
    async (c) => {
      const q = c.req.valid('query')
      const l = q.lang ?? lang(c)
      const user = currentUser(c)
      const scope = await requestScope(c, db)
      const search = valueFiltersFor(user, q)
      const [{ n }] = await listStatements(db, { ...search, page: 1, pageSize: 1 }, scope).total
      if (Number(n) > EXPORT_MAX_ROWS) throw new AppError(400, 'exportTooMany', { max: EXPORT_MAX_ROWS })
      const name = `${l === 'en' ? 'artworks' : '艺术品档案'}-${stamp(deps.config.timeZone)}.xlsx`
      return heavyDownload(deps.heavy.downloads, currentUser(c).id, () =>
        workbookResponse({ db, lang: l, fileName: name, search, scope, values: seesValues(user) }),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/import',
      tags,
      summary: 'Check an Excel file uploaded with purpose excel; answers the import job to poll',
      ...access(deps, 'artworkArchive:import'),
      request: json(importStartInput),
      responses: okResponse(importJobView),
    }),
    async (c) => {
      const job = await startImport(deps, currentUser(c), c.req.valid('json').fileId)
      return ok(c, jobView(job, lang(c), deps.heavy.imports.ahead(job.id)))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/import/{jobId}',
      tags,
      summary: 'An import job: progress, every bad row (sheet, row, column, reason), counts',
      ...access(deps, 'artworkArchive:import'),
      request: { params: jobParam },
      responses: okResponse(importJobView),
    }),
    async (c) => {
      const job = await loadJob(db, c.req.valid('param').jobId, currentUser(c))
      return ok(c, jobView(job, lang(c), deps.heavy.imports.ahead(job.id)))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/import/{jobId}/commit',
      tags,
      summary: 'Import the checked rows in one transaction (skipInvalid: leave the bad rows out)',
      ...access(deps, 'artworkArchive:import'),
      request: { params: jobParam, ...json(importCommitInput) },
      responses: okResponse(importJobView),
    }),
    async (c) => {
      const { skipInvalid } = c.req.valid('json')
      const job = await commitImport(deps, currentUser(c), c.req.valid('param').jobId, skipInvalid)
      return ok(c, jobView(job, lang(c), deps.heavy.imports.ahead(job.id)))
    },
  )

  // ---- artists ----

  app.openapi(
    createRoute({
      method: 'get',
      path: '/artists',
      tags,
      summary: 'Artists, by name in either language',
      ...access(deps, 'artworkArchive:view'),
      request: { query: artistListQuery },
      responses: okResponse(pageOf(artistView)),
    }),
    async (c) => {
      const { keyword, page, pageSize } = c.req.valid('query')
      const where = keyword
        ? or(ilike(artists.nameZh, `%${keyword}%`), ilike(artists.nameEn, `%${keyword}%`))
        : undefined
      const [{ n }] = await db.select({ n: count() }).from(artists).where(where)
      const rows = await db
        .select({ a: artists, works: count(artworks.id) })
        .from(artists)
        .leftJoin(artworks, eq(artworks.artistId, artists.id))
        .where(where)
        .groupBy(artists.id)
        .orderBy(asc(artists.nameEn), asc(artists.nameZh), asc(artists.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      return ok(c, {
        list: rows.map((r) => toArtistView(r.a, Number(r.works), lang(c))),
        total: Number(n),
        page,
        pageSize,
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/artists',
      tags,
      summary: 'Create an artist',
      ...access(deps, 'artworkArchive:edit'),
      request: json(artistInput),
      responses: okResponse(artistView),
    }),
    async (c) => {
      const input = c.req.valid('json')
      await checkArtistStage(input.artistStageTagId)
      const [row] = await db.insert(artists).values(artistColumns(input)).returning({ id: artists.id })
      return ok(c, (await artistViewOf(db, row.id, lang(c)))!)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/artists/{id}',
      tags,
      summary: 'One artist',
      ...access(deps, 'artworkArchive:view'),
      request: { params: idParam },
      responses: okResponse(artistView),
    }),
    async (c) => {
      const view = await artistViewOf(db, c.req.valid('param').id, lang(c))
      if (!view) throw notFound()
      return ok(c, view)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/artists/{id}',
      tags,
      summary: 'Edit an artist (their artworks are found by the new names at once)',
      ...access(deps, 'artworkArchive:edit'),
      request: { params: idParam, ...json(artistInput) },
      responses: okResponse(artistView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      await checkArtistStage(input.artistStageTagId)
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(artists)
          .set({ ...artistColumns(input), updatedAt: new Date() })
          .where(eq(artists.id, id))
          .returning({ id: artists.id })
        if (!row) throw notFound()
        await refreshArtistSearch(tx, id)
      })
      return ok(c, (await artistViewOf(db, id, lang(c)))!)
    },
  )

  async function checkArtistStage(tagId: number | null) {
    if (tagId === null) return
    if (!tagUnder(await loadReferences(db), tagId, 'ARTIST_STAGE'))
      throw invalid({ artistStageTagId: 'unknownOption' })
  }

  // ---- one artwork ----

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary:
        'Everything about one artwork: record, media, records lists, whereabouts history, processes, insurance, lock',
      ...access(deps, 'artworkArchive:view'),
      request: { params: idParam },
      responses: okResponse(artworkDetail),
    }),
    async (c) => {
      const user = currentUser(c)
      return ok(c, detailFor(user, await loadDetail(db, c.req.valid('param').id, lang(c), user.id)))
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary:
        'Save the record (expectedVersion: a stale one is 409; locked by someone else: 423) and the place in its room (position: a movement within the room); releases the lock',
      ...access(deps, 'artworkArchive:edit'),
      request: { params: idParam, ...json(updateArtworkInput) },
      responses: okResponse(artworkDetail),
    }),
    async (c) => {
      const user = currentUser(c)
      const { id } = c.req.valid('param')
      const { expectedVersion, position, ...record } = c.req.valid('json')
      await saveRecord(user, id, record, expectedVersion, 'update', { position })
      return ok(c, detailFor(user, await loadDetail(db, id, lang(c), user.id)))
    },
  )

  async function saveRecord(
    user: AuthUser,
    id: string,
    record: Parameters<typeof updateArtwork>[2],
    expectedVersion: number,
    action: 'update' | 'restore',
    extra: {
      restoredFrom?: number
      valuation?: Parameters<typeof updateArtwork>[3]['valuation']
      /** The place in its room, when the edit form sends it. */
      position?: string
    } = {},
  ) {
    const { position, ...options } = extra
    const [exists] = await db.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, id))
    if (!exists) throw notFound()
    await assertNotLockedByOther(db, id, user.id)
    refuse(await checkRecord(db, record, { user, selfId: id }))
    try {
      await db.transaction(async (tx) => {
        await assertNotLockedByOther(tx, id, user.id)
        await updateArtwork(tx, id, record, { actor: user.id, action, expectedVersion, ...options })
        if (position !== undefined) await placeInRoom(tx, id, position, user.id)
        await clearLock(tx, id)
      })
    } catch (error) {
      if (isInventoryClash(error)) throw invalid({ inventoryNo: 'inventoryNoTaken' })
      throw error
    }
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/lock',
      tags,
      summary: 'Take (or renew) the edit lock; 423 when someone else is editing',
      ...access(deps, 'artworkArchive:edit'),
      request: { params: idParam },
      responses: okResponse(lockView),
    }),
    async (c) => ok(c, await takeLock(db, c.req.valid('param').id, currentUser(c).id)),
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/lock',
      tags,
      summary: 'Give the edit lock up (editing abandoned)',
      ...access(deps, 'artworkArchive:edit'),
      request: { params: idParam },
      responses: okResponse(z.object({ released: z.boolean() })),
    }),
    async (c) => ok(c, { released: await releaseLock(db, c.req.valid('param').id, currentUser(c).id) }),
  )

  const historyColumns = {
    version: artworkHistory.version,
    action: artworkHistory.action,
    byUserId: artworkHistory.byUserId,
    byName: users.displayName,
    at: artworkHistory.at,
    changes: artworkHistory.changes,
    restoredFrom: artworkHistory.restoredFrom,
  }
  const toEntry = (h: {
    version: number
    action: z.infer<typeof historyEntry>['action']
    byUserId: string | null
    byName: string | null
    at: Date
    changes: z.infer<typeof historyEntry>['changes']
    restoredFrom: number | null
  }) => ({ ...h, byName: h.byName ?? '', at: h.at.toISOString() })

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/history',
      tags,
      summary: 'Every change to the record, newest first: who, when, which fields, old and new values',
      ...access(deps, 'artworkArchive:view'),
      request: {
        params: idParam,
        query: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(20),
        }),
      },
      responses: okResponse(pageOf(historyEntry)),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { page, pageSize } = c.req.valid('query')
      const [exists] = await db.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, id))
      if (!exists) throw notFound()
      const [{ n }] = await db.select({ n: count() }).from(artworkHistory).where(historyWhere(id))
      const rows = await db
        .select(historyColumns)
        .from(artworkHistory)
        .leftJoin(users, eq(users.id, artworkHistory.byUserId))
        .where(historyWhere(id))
        .orderBy(desc(artworkHistory.version))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      const user = currentUser(c)
      const list = rows.map((r) => recordHistoryFor(user, toEntry(r)))
      return ok(c, { list, total: Number(n), page, pageSize })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/history/{version}',
      tags,
      summary: 'One earlier version: the change and the whole record as it was after it',
      ...access(deps, 'artworkArchive:view'),
      request: { params: versionParam },
      responses: okResponse(historyVersion),
    }),
    async (c) => {
      const { id, version } = c.req.valid('param')
      const [row] = await db
        .select({ ...historyColumns, snapshot: artworkHistory.snapshot })
        .from(artworkHistory)
        .leftJoin(users, eq(users.id, artworkHistory.byUserId))
        .where(historyWhere(id, version))
      if (!row) throw notFound()
      return ok(c, recordHistoryFor(currentUser(c), { ...toEntry(row), snapshot: row.snapshot }))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/restore',
      tags,
      summary: 'Bring an earlier version back (record and valuation); the restore is itself a change',
      ...access(deps, 'artworkArchive:edit'),
      request: { params: idParam, ...json(restoreInput) },
      responses: okResponse(artworkDetail),
    }),
    async (c) => {
      const user = currentUser(c)
      const { id } = c.req.valid('param')
      const { version, expectedVersion } = c.req.valid('json')
      const [h] = await db
        .select({ snapshot: artworkHistory.snapshot })
        .from(artworkHistory)
        .where(historyWhere(id, version))
      if (!h) throw notFound()
      const { latestValuation, latestValuationCurrency, valuationDate, ...stored } = h.snapshot
      // The record is checked as today's rules and references see it (a tag since removed is refused).
      const parsed = updateArtworkInput.safeParse({ ...stored, expectedVersion })
      if (!parsed.success) {
        throw invalid(issuesToFieldErrors(parsed.error.issues, lang(c)))
      }
      const { expectedVersion: _v, position: _p, ...record } = parsed.data
      await saveRecord(user, id, record, expectedVersion, 'restore', {
        restoredFrom: version,
        valuation: { latestValuation, latestValuationCurrency, valuationDate },
      })
      return ok(c, detailFor(user, await loadDetail(db, id, lang(c), user.id)))
    },
  )

  return app
}

function artistColumns(input: z.infer<typeof artistInput>) {
  return {
    nameZh: input.nameZh,
    nameEn: input.nameEn,
    nationality: input.nationality || null,
    birthYear: input.birthYear ? Number(input.birthYear) : null,
    deathYear: input.deathYear ? Number(input.deathYear) : null,
    artistStageTagId: input.artistStageTagId,
  }
}

/** Without the values privilege a search may neither filter nor sort by value (it would tell the values). */
function valueFiltersFor<
  T extends { valuationCurrency?: string; valuationMin?: string; valuationMax?: string; sort?: string },
>(user: AuthUser, q: T): T {
  if (seesValues(user)) return q
  const { valuationCurrency: _c, valuationMin: _min, valuationMax: _max, ...rest } = q
  const sort = rest.sort === 'latestValuation' ? undefined : rest.sort
  return { ...rest, sort } as T
}

/** An artwork's details without its values: its latest valuation and its policies' amounts. */
function detailFor(user: AuthUser, d: ArtworkDetail): ArtworkDetail {
  if (seesValues(user)) return d
  return {
    ...artworkValuesFor(user, d),
    insurancePolicies: d.insurancePolicies.map((p) => nulled(p, ['insuredAmount', 'scheduledAmount'])),
  }
}

/** The summary's counts without the sums of values. */
function summaryWithoutValues(s: ArtworkSummary): ArtworkSummary {
  const groups = Object.fromEntries(
    Object.entries(s.groups).map(([k, items]) => [k, items.map((i) => ({ ...i, valuations: [] }))]),
  ) as unknown as ArtworkSummary['groups']
  return { ...s, valuations: [], groups }
}
