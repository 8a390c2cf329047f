// One artwork as it was on a day (/api/artworks/{id}/as-of, system artworkArchive): seen by whoever may see
// the artwork's detail. The reading itself is as-of.ts.
import { createRoute, z } from '@hono/zod-openapi'
import { artworkAsOfQuery, artworkAsOf as artworkAsOfSchema } from '../../../shared/contracts/as-of'
import { access, currentUser } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { seesValues } from '../../http/values'
import { momentOf } from '../warehouse/at'
import { artworkAsOf } from './as-of'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})

export function artworkAsOfRoutes(deps: Deps) {
  const app = moduleRouter()
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/as-of',
      tags: ['artworkArchive'],
      summary:
        'One artwork as it was on a day (`at`: yyyy-MM-dd, the end of that day in the office time zone; a later day is refused): status, room or place, owners, the latest valuation dated by then, the policies covering it, and the record as it was',
      ...access(deps, 'artworkArchive:view'),
      request: { params: idParam, query: artworkAsOfQuery },
      responses: okResponse(artworkAsOfSchema),
    }),
    async (c) => {
      const day = c.req.valid('query').at
      const moment = momentOf(day, deps.config.timeZone)
      const data = await artworkAsOf(deps.database.db, c.req.valid('param').id, { day, moment })
      if (seesValues(currentUser(c))) return ok(c, data)
      return ok(c, { ...data, latestValuation: null, valuationCurrency: null })
    },
  )
  return app
}
