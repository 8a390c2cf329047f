// The collection as it was on a day (/api/collection/as-of), behind art-data-center:view as the data
// centre's dashboard is. The currency asked must be one of the currency list (400 at the field otherwise).
import { createRoute } from '@hono/zod-openapi'
import { collectionAsOfQuery, collectionAsOf as collectionAsOfSchema } from '../../../shared/contracts/as-of'
import { access } from '../../http/access'
import { invalid } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { knownCurrencies } from '../finance/rates'
import { reportingCurrency } from '../finance/value'
import { momentOf } from '../warehouse/at'
import { collectionAsOf } from './as-of'

export function collectionRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  app.openapi(
    createRoute({
      method: 'get',
      path: '/as-of',
      tags: ['art-data-center'],
      summary:
        "The collection as it was on a day (`at`: yyyy-MM-dd; a later day is refused): artworks in the archive then, by status and by room, and the held artworks' value at the valuations dated by then, converted at that day's rates (`currency`, default the reporting currency; amounts without a rate apart, never added)",
      ...access(deps, 'art-data-center:view'),
      request: { query: collectionAsOfQuery },
      responses: okResponse(collectionAsOfSchema),
    }),
    async (c) => {
      const q = c.req.valid('query')
      const moment = momentOf(q.at, deps.config.timeZone)
      if (q.currency && !(await knownCurrencies(db)).has(q.currency))
        throw invalid({ currency: 'unknownCurrency' })
      const target = q.currency ?? (await reportingCurrency(db))
      return ok(c, await collectionAsOf(db, { day: q.at, moment }, target))
    },
  )
  return app
}
