// The stocktakes API (/api/stocktakes): the INVENTORY_CHECK list by outcome, one stocktake's result per
// artwork, the warehouse summary per room, and the batches of arriving artworks awaiting warehousing (batch
// inbound). Reading only (the counts and the warehousing are process events); every route needs
// devOpsManage:view.
import { createRoute, z } from '@hono/zod-openapi'
import {
  inboundPage,
  inboundQuery,
  stocktakeDetail,
  stocktakeListQuery,
  stocktakePage,
  summaryQuery,
  warehouseSummary,
} from '../../../shared/contracts/stocktakes'
import { access } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { requestScope } from '../auth/scope'
import {
  inboundBatches,
  listStocktakes,
  stocktakeDetail as readStocktake,
  warehouseSummary as summarise,
} from './queries'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})

export function stocktakeRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['storageRoom: stocktakes and warehouse']
  const view = access(deps, 'devOpsManage:view')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Stocktakes (INVENTORY_CHECK) by outcome: in progress, completed, uncompleted, terminated',
      ...view,
      request: { query: stocktakeListQuery },
      responses: okResponse(stocktakePage),
    }),
    async (c) => ok(c, await listStocktakes(db, c.req.valid('query'), await requestScope(c, db))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/summary',
      tags,
      summary:
        'Per warehouse room: artworks now, value per currency, last stocktake, artworks missing, movements in and out per month (12 months)',
      ...view,
      request: { query: summaryQuery },
      responses: okResponse(warehouseSummary),
    }),
    async (c) => ok(c, await summarise(db, c.req.valid('query'))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/inbound',
      tags,
      summary: 'Batches of arriving artworks (purchase shippings) awaiting warehousing',
      ...view,
      request: { query: inboundQuery },
      responses: okResponse(inboundPage),
    }),
    async (c) => ok(c, await inboundBatches(db, c.req.valid('query'))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: "One stocktake's result per artwork: found, missing, found later, still missing",
      ...view,
      request: { params: idParam },
      responses: okResponse(stocktakeDetail),
    }),
    async (c) => ok(c, await readStocktake(db, c.req.valid('param').id, await requestScope(c, db))),
  )

  return app
}
