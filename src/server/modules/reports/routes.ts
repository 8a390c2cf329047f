// The printed reports (/api/reports): the artwork tear sheet, a condition report, a policy's
// insurance schedule, the stocktake report of a room and the collection summary, as PDFs in the request's
// language. Each needs the privilege of the screen it is downloaded from, reads what it prints before the
// first byte (so an unknown id is a 404 envelope and a refusal a 4031 envelope, never half a PDF), then
// streams the document as it is drawn (src/server/pdf/report.ts).
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { VALUES_PRIVILEGE } from '../../../shared/access'
import { scheduleAsOfQuery } from '../../../shared/contracts/as-of'
import { conditionReportQuery } from '../../../shared/contracts/reports'
import type { Lang } from '../../../shared/errors'
import { access, currentUser } from '../../http/access'
import { notFound } from '../../http/app-error'
import type { AppEnv, Deps } from '../../http/context'
import { moduleRouter } from '../../http/router'
import { seesValues } from '../../http/values'
import { heavyDownload } from '../../jobs/heavy'
import { officeStamp } from '../../office-day'
import { safeFilePart } from '../../pdf/format'
import { openReport, pdfResponses, reportResponse } from '../../pdf/report'
import { requestScope } from '../auth/scope'
import { policySchedule } from '../insurance/under-insurance'
import { stocktakeDetail } from '../stocktakes/queries'
import { momentOf } from '../warehouse/at'
import { drawConditionSheet, readConditionSheet } from './condition'
import { drawSchedule, drawStocktake } from './lists'
import { drawCollectionSummary, readCollectionSummary } from './summary'
import { drawTearSheet, readTearSheet } from './tear-sheet'
import { pick, WORDS } from './words'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})

const stamp = () => officeStamp()

export function reportRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const { storage, config } = deps
  const tags = ['reports']
  const lang = (c: { get(key: 'lang'): Lang }) => c.get('lang')
  /** Every report is drawn while it streams: a heavy download (jobs/heavy.ts). */
  const heavy = (c: Context<AppEnv>, draw: () => Promise<Response>) =>
    heavyDownload(deps.heavy.downloads, currentUser(c).id, draw)

  app.openapi(
    createRoute({
      method: 'get',
      path: '/artworks/{id}/tear-sheet.pdf',
      tags,
      summary:
        "An artwork's tear sheet as a PDF: picture, record, provenance, exhibitions, valuation (in the request's language)",
      ...access(deps, 'artworkArchive:view'),
      request: { params: idParam },
      responses: pdfResponses('The tear sheet (A4)'),
    }),
    async (c) =>
      heavy(c, async () => {
        const l = lang(c)
        const user = currentUser(c)
        const data = await readTearSheet(db, storage, c.req.valid('param').id, l, user.id, seesValues(user))
        const w = WORDS[l]
        const r = await openReport(config, { lang: l, title: w.tearSheet.title })
        const name = `${w.fileNames.tearSheet}-${safeFilePart(data.detail.inventoryNo)}.pdf`
        return reportResponse(r, name, (report) => drawTearSheet(report, data))
      }),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/artworks/{id}/condition-report.pdf',
      tags,
      summary:
        "One condition report of an artwork as a PDF (report: the report's key in the artwork's condition reports)",
      ...access(deps, 'artworkArchive:view'),
      request: { params: idParam, query: conditionReportQuery },
      responses: pdfResponses('The condition report (A4)'),
    }),
    async (c) =>
      heavy(c, async () => {
        const l = lang(c)
        const data = await readConditionSheet(
          db,
          storage,
          c.req.valid('param').id,
          c.req.valid('query').report,
          l,
        )
        const w = WORDS[l]
        const r = await openReport(config, { lang: l, title: w.condition.title })
        const on = (data.report.on ?? data.report.at).slice(0, 10).replaceAll('-', '')
        const name = `${w.fileNames.condition}-${safeFilePart(data.artwork.inventoryNo)}-${on}.pdf`
        return reportResponse(r, name, (report) => drawConditionSheet(report, data, config.timeZone))
      }),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/insurance/policies/{id}/schedule.pdf',
      tags,
      summary:
        "A policy's insurance schedule as a PDF: its particulars, every covered artwork with its insured amount, the total; with `at` (yyyy-MM-dd) as it was on that day (values throughout: behind valueManage:values)",
      ...access(deps, VALUES_PRIVILEGE),
      request: { params: idParam, query: scheduleAsOfQuery },
      responses: pdfResponses('The insurance schedule (A4 landscape), a page at a time'),
    }),
    async (c) => {
      const scope = await requestScope(c, db)
      return heavy(c, async () => {
        const l = lang(c)
        const { at } = c.req.valid('query')
        if (at) momentOf(at, config.timeZone)
        const schedule = await policySchedule(db, c.req.valid('param').id, l, at, scope)
        if (!schedule) throw notFound()
        const w = WORDS[l]
        const r = await openReport(config, { lang: l, title: w.schedule.title, landscape: true })
        const name = `${w.fileNames.schedule}-${safeFilePart(schedule.policy.policyNo)}.pdf`
        return reportResponse(r, name, (report) => drawSchedule(report, schedule), {
          'x-artwork-count': String(schedule.lines.length),
        })
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/stocktakes/{id}/report.pdf',
      tags,
      summary:
        "The stocktake report of a room as a PDF: the count's particulars and each artwork's result (found, missing, found later, still missing)",
      ...access(deps, 'devOpsManage:view'),
      request: { params: idParam },
      responses: pdfResponses('The stocktake report (A4)'),
    }),
    async (c) => {
      const scope = await requestScope(c, db)
      return heavy(c, async () => {
        const l = lang(c)
        const detail = await stocktakeDetail(db, c.req.valid('param').id, scope)
        const w = WORDS[l]
        const r = await openReport(config, { lang: l, title: w.stocktake.title })
        const room = detail.room ? pick(l, detail.room.nameZh, detail.room.nameEn) || detail.room.code : ''
        const name = `${w.fileNames.stocktake}-${safeFilePart(room)}-${(detail.countedOn ?? stamp()).replaceAll('-', '')}.pdf`
        return reportResponse(r, name, (report) => drawStocktake(report, detail))
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/collection-summary.pdf',
      tags,
      summary:
        'The collection summary as a PDF: artworks and value per currency by location, medium and status, and the total in the reporting currency with the rates used',
      ...access(deps, 'art-data-center:view'),
      responses: pdfResponses('The collection summary (A4)'),
    }),
    async (c) => {
      const scope = await requestScope(c, db)
      return heavy(c, async () => {
        const l = lang(c)
        const summary = await readCollectionSummary(db, config.timeZone, scope)
        const w = WORDS[l]
        const r = await openReport(config, { lang: l, title: w.summary.title })
        return reportResponse(r, `${w.fileNames.summary}-${stamp()}.pdf`, (report) =>
          drawCollectionSummary(report, summary, seesValues(currentUser(c))),
        )
      })
    },
  )

  return app
}
