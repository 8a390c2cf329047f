// The collection as it was on a day (/api/collection/as-of, and the same as Excel and as a PDF), behind
// art-data-center:view as the data centre's dashboard is. The currency asked must be one of the currency list
// (400 at the field otherwise). A download reads the whole answer before its first byte, so a refusal is an
// envelope, never half a file.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  type CollectionAsOf,
  type CollectionAsOfQuery,
  collectionAsOfQuery,
  collectionAsOf as collectionAsOfSchema,
} from '../../../shared/contracts/as-of'
import { access, currentUser } from '../../http/access'
import { invalid } from '../../http/app-error'
import type { AppEnv, Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { seesValues } from '../../http/values'
import { heavyDownload } from '../../jobs/heavy'
import { XLSX_MIME } from '../../jobs/workbook-writer'
import { openReport, PDF_MIME, reportResponse } from '../../pdf/report'
import { requestScope } from '../auth/scope'
import { knownCurrencies } from '../finance/rates'
import { reportingCurrency } from '../finance/value'
import { momentOf } from '../warehouse/at'
import { collectionAsOf } from './as-of'
import { asOfFileName, asOfTitle, asOfWorkbook, drawCollectionAsOf } from './exports'

const fileResponses = (mime: string, description: string) => ({
  200: { description, content: { [mime]: { schema: z.string().openapi({ format: 'binary' }) } } },
  default: { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } },
})

export function collectionRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['art-data-center']
  const view = access(deps, 'art-data-center:view')

  /** The day's answer, every input checked first. */
  async function read(c: Context<AppEnv>, q: CollectionAsOfQuery): Promise<CollectionAsOf> {
    const moment = momentOf(q.at, deps.config.timeZone)
    if (q.currency && !(await knownCurrencies(db)).has(q.currency))
      throw invalid({ currency: 'unknownCurrency' })
    const target = q.currency ?? (await reportingCurrency(db))
    const data = await collectionAsOf(db, { day: q.at, moment }, target, await requestScope(c, db))
    return seesValues(currentUser(c)) ? data : { ...data, total: null, ratesUsed: [], unconverted: [] }
  }
  const heavy = (c: Context<AppEnv>, draw: () => Promise<Response>) =>
    heavyDownload(deps.heavy.downloads, currentUser(c).id, draw)

  app.openapi(
    createRoute({
      method: 'get',
      path: '/as-of',
      tags,
      summary:
        "The collection as it was on a day (`at`: yyyy-MM-dd; a later day is refused): artworks in the archive then, by status and by room, and the held artworks' value at the valuations dated by then, converted at that day's rates (`currency`, default the reporting currency; amounts without a rate apart, never added)",
      ...view,
      request: { query: collectionAsOfQuery },
      responses: okResponse(collectionAsOfSchema),
    }),
    async (c) => ok(c, await read(c, c.req.valid('query'))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/as-of.xlsx',
      tags,
      summary: 'The collection as it was on a day, as Excel (words in the request language)',
      ...view,
      request: { query: collectionAsOfQuery },
      responses: fileResponses(XLSX_MIME, 'The collection as of the day'),
    }),
    async (c) => {
      const data = await read(c, c.req.valid('query'))
      return heavy(c, () => asOfWorkbook(data, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/as-of.pdf',
      tags,
      summary: 'The collection as it was on a day, as a PDF (A4, in the request language)',
      ...view,
      request: { query: collectionAsOfQuery },
      responses: fileResponses(PDF_MIME, 'The collection as of the day (A4)'),
    }),
    async (c) => {
      const data = await read(c, c.req.valid('query'))
      const lang = c.get('lang')
      return heavy(c, async () => {
        const r = await openReport(deps.config, { lang, title: asOfTitle(data, lang) })
        return reportResponse(r, asOfFileName(data, lang, 'pdf'), (report) =>
          drawCollectionAsOf(report, data),
        )
      })
    },
  )
  return app
}
