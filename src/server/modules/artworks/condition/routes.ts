// Condition reports (/api/artworks/{id}/condition-reports, system artworkArchive): every hand-over of one
// artwork with its condition, notes and photographs, newest first — read from the processes' records
// (reports.ts), seen by whoever may see the artwork's detail.
import { createRoute, z } from '@hono/zod-openapi'
import { conditionReportList } from '../../../../shared/contracts/condition'
import { access } from '../../../http/access'
import type { Deps } from '../../../http/context'
import { ok, okResponse } from '../../../http/envelope'
import { moduleRouter } from '../../../http/router'
import { conditionReports } from './reports'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})

export function conditionRoutes(deps: Deps) {
  const app = moduleRouter()
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/condition-reports',
      tags: ['artworkArchive'],
      summary:
        'Condition reports of one artwork, newest first: departure, arrival, loan return, back from mounting or repair, warehousing (condition, notes, photographs, who, when, which process)',
      ...access(deps, 'artworkArchive:view'),
      request: { params: idParam },
      responses: okResponse(conditionReportList),
    }),
    async (c) => ok(c, await conditionReports(deps.database.db, c.req.valid('param').id, c.get('lang'))),
  )
  return app
}
