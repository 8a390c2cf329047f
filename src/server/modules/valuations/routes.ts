// The valuations API (/api/valuations; the paths and shapes of the list and the add are fixed: src/shared/contracts/valuations.ts): valuations per
// artwork or all, newest first; one valuation added to one artwork or many (the same amount, or each its own)
// — the newest becoming the artwork's latest; the artworks with their latest valuation, and those not valued
// in N years (N from app_settings `valuation.staleYears`, 3 unless an administrator set it); the Excel
// revaluation and its template. Reading needs valueManage:view, writing valueManage:edit.

import { createRoute, z } from '@hono/zod-openapi'
import { templateQuery } from '../../../shared/contracts/artworks'
import {
  artworkValuationQuery,
  artworkValuationRow,
  type ValuationView,
  valuationAdded,
  valuationCreate,
  valuationImportInput,
  valuationImportResult,
  valuationListQuery,
  valuationSettings,
  valuationSettingsInput,
  valuationView,
} from '../../../shared/contracts/valuations'
import type { MessageKey } from '../../../shared/errors'
import { todayIn } from '../../../shared/office-time'
import { access, currentUser } from '../../http/access'
import { AppError } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { artworkValuesFor, seesValues } from '../../http/values'
import { XLSX_MIME } from '../artworks/excel-export'
import { importValuations, templateResponse } from './excel'
import {
  listArtworkValuations,
  listValuations,
  saveStaleYears,
  staleYearsSetting,
  valuationsByIds,
} from './queries'
import {
  addValuations,
  artworksById,
  currencyCodes,
  type NewValuation,
  reportProblems,
  soldOrMissing,
} from './write'

const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})
const binary = (description: string) => ({
  200: { description, content: { [XLSX_MIME]: { schema: z.string().openapi({ format: 'binary' }) } } },
})

type Create = z.output<typeof valuationCreate>
const staleQuery = artworkValuationQuery
  .omit({ staleYears: true })
  .extend({ years: artworkValuationQuery.shape.staleYears })

/** Every rule of an add, checked against the database before anything is written. */
async function checkCreate(deps: Deps, user: AuthUser, input: Create): Promise<NewValuation[]> {
  const db = deps.database.db
  const items = input.artworkId
    ? [{ artworkId: input.artworkId, amount: input.amount, path: 'artworkId' }]
    : (input.items ?? []).map((i, n) => ({
        artworkId: i.artworkId,
        amount: i.amount ?? input.amount,
        path: `items.${n}.artworkId`,
      }))
  const [currencies, found, reports] = await Promise.all([
    currencyCodes(db),
    artworksById(
      db,
      items.map((i) => i.artworkId),
    ),
    reportProblems(db, user, input.reportFileIds),
  ])
  const problems: Record<string, MessageKey> = {}
  if (!currencies.has(input.currency)) problems.currency = 'unknownCurrency'
  if (input.valuedOn > todayIn(deps.config.timeZone)) problems.valuedOn = 'valuationInFuture'
  const seen = new Set<string>()
  const needNote: string[] = []
  for (const item of items) {
    const artwork = found.get(item.artworkId)
    if (!artwork) problems[item.path] = 'unknownArtwork'
    else if (seen.has(item.artworkId)) problems[item.path] = 'duplicateArtwork'
    else if (soldOrMissing(artwork) && !input.note) needNote.push(artwork.inventoryNo)
    seen.add(item.artworkId)
  }
  if (needNote.length > 0) problems.note = 'valuationNeedsNote'
  for (const [i, key] of reports) problems[`reportFileIds.${i}`] = key
  if (Object.keys(problems).length > 0)
    throw new AppError(400, 'invalidInput', { artworks: needNote.join(', ') }, { fieldErrors: problems })
  return items.map((i) => ({
    artworkId: i.artworkId,
    amount: i.amount!,
    currency: input.currency,
    valuedOn: input.valuedOn,
    method: input.method,
    valuer: input.valuer,
    note: input.note,
    reportFileIds: input.reportFileIds,
  }))
}

/** Valuation rows without their amounts for a user who may not see values. */
function valuationsFor(user: AuthUser, list: ValuationView[]): ValuationView[] {
  return seesValues(user) ? list : list.map((v) => ({ ...v, amount: null }))
}

export function valuationRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['valueManage: valuations']
  const view = access(deps, 'valueManage:view')
  const edit = access(deps, 'valueManage:edit')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Valuations of one artwork (artworkId) or of all, newest first, with the artwork named',
      ...view,
      request: { query: valuationListQuery },
      responses: okResponse(pageOf(valuationView)),
    }),
    async (c) => {
      const page = await listValuations(db, c.req.valid('query'))
      return ok(c, { ...page, list: valuationsFor(currentUser(c), page.list) })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary:
        'Add a valuation to one artwork (artworkId, amount) or many (items, each with its own amount or the common one); the newest on or after the current one becomes the latest',
      ...edit,
      request: body(valuationCreate),
      responses: okResponse(valuationAdded),
    }),
    async (c) => {
      const user = currentUser(c)
      const rows = await checkCreate(deps, user, c.req.valid('json'))
      const result = await db.transaction((tx) => addValuations(tx, rows, user.id))
      c.set('operationType', `VALUATION_ADD artworks=${rows.length}`)
      const list = valuationsFor(user, await valuationsByIds(db, result.ids))
      return ok(c, { list, becameLatest: result.becameLatest })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/artworks',
      tags,
      summary:
        'Artworks with their latest valuation and how it was made; scope=inOperation: held by a live process; staleYears=N: not valued in N years (sold ones left out)',
      ...view,
      request: { query: artworkValuationQuery },
      responses: okResponse(pageOf(artworkValuationRow)),
    }),
    async (c) => {
      const page = await listArtworkValuations(db, c.req.valid('query'), todayIn(deps.config.timeZone))
      return ok(c, { ...page, list: page.list.map((r) => artworkValuesFor(currentUser(c), r)) })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/stale',
      tags,
      summary: 'Artworks not valued in the last N years (years; default the setting), oldest valuation first',
      ...view,
      request: { query: staleQuery },
      responses: okResponse(pageOf(artworkValuationRow)),
    }),
    async (c) => {
      const { years, ...q } = c.req.valid('query')
      const staleYears = years ?? (await staleYearsSetting(db)).staleYears
      const page = await listArtworkValuations(db, { ...q, staleYears }, todayIn(deps.config.timeZone))
      return ok(c, { ...page, list: page.list.map((r) => artworkValuesFor(currentUser(c), r)) })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings',
      tags,
      summary: 'The N of "not valued in N years" (3 unless an administrator set it)',
      ...view,
      responses: okResponse(valuationSettings),
    }),
    async (c) => ok(c, await staleYearsSetting(db)),
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings',
      tags,
      summary: 'Set the N of "not valued in N years" (1 to 50)',
      ...access(deps, 'authManage:edit'),
      request: body(valuationSettingsInput),
      responses: okResponse(valuationSettings),
    }),
    async (c) => {
      const { staleYears } = c.req.valid('json')
      await saveStaleYears(db, staleYears, currentUser(c).id)
      c.set('operationType', `VALUATION_SETTINGS staleYears=${staleYears}`)
      return ok(c, await staleYearsSetting(db))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/template',
      tags,
      summary: 'The Excel revaluation template (lang=zh-CN|en; default the request language)',
      ...edit,
      request: { query: templateQuery },
      responses: binary('The template workbook'),
    }),
    async (c) => templateResponse(deps, c.req.valid('query').lang ?? c.get('lang')),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/import',
      tags,
      summary:
        'Revalue from an Excel sheet uploaded with purpose excel: every row checked first; one bad row and nothing is written (status refused, every bad row listed)',
      ...edit,
      request: body(valuationImportInput),
      responses: okResponse(valuationImportResult),
    }),
    async (c) => {
      const result = await importValuations(deps, currentUser(c), c.req.valid('json').fileId, c.get('lang'))
      c.set('operationType', `VALUATION_IMPORT ${result.status} rows=${result.totalRows}`)
      return ok(c, result)
    },
  )

  return app
}
