// The operations API (/api/operations): what the operations screens of devOpsManage read beyond GET
// /api/process — counts per type and status, the movement ledger, one batch of artworks moved together, the
// artworks of a process and the artworks in an operation now, exhibition loans by due date (overdue flagged) and sold works awaiting
// delivery. Reading only; every route needs devOpsManage:view.
import { createRoute, z } from '@hono/zod-openapi'
import {
  batchView,
  inOperationItem,
  inOperationQuery,
  loanListQuery,
  loanPage,
  movementListQuery,
  movementView,
  operationCounts,
  processArtworkItem,
  saleDeliveryPage,
  saleDeliveryQuery,
} from '../../../shared/contracts/operations'
import { access } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { requestScope } from '../auth/scope'
import {
  artworksOfProcess,
  batchOf,
  operationCounts as countOperations,
  inOperation,
  listLoans,
  listMovements,
  listSaleDeliveries,
} from './queries'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
// Path parameters with `.openapi()` (built here, after @hono/zod-openapi is loaded).
const batchParams = z.object({
  processId: z
    .uuid({ message: 'invalidValue' })
    .openapi({ param: { in: 'path', name: 'processId', required: true } }),
  seq: z.coerce
    .number({ message: 'invalidValue' })
    .int({ message: 'invalidValue' })
    .min(1, { message: 'invalidValue' })
    .openapi({ param: { in: 'path', name: 'seq', required: true }, type: 'integer' }),
})

export function operationsRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['devOpsManage: operations']
  const view = access(deps, 'devOpsManage:view')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/counts',
      tags,
      summary: 'How many processes there are per type and status',
      ...view,
      responses: okResponse(operationCounts),
    }),
    async (c) => ok(c, await countOperations(db, await requestScope(c, db))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/movements',
      tags,
      summary: 'Artwork movements, newest first: of one process, one artwork, one kind, a date range',
      ...view,
      request: { query: movementListQuery },
      responses: okResponse(pageOf(movementView)),
    }),
    async (c) => ok(c, await listMovements(db, c.req.valid('query'), await requestScope(c, db))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/batches/{processId}/{seq}',
      tags,
      summary: 'One batch: the artworks one event of a process moved or warehoused together',
      ...view,
      request: { params: batchParams },
      responses: okResponse(batchView),
    }),
    async (c) => {
      const { processId, seq } = c.req.valid('param')
      return ok(c, await batchOf(db, processId, seq))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/processes/{id}/artworks',
      tags,
      summary: "A process's artworks and where each is now",
      ...view,
      request: { params: idParam },
      responses: okResponse(z.array(processArtworkItem)),
    }),
    async (c) => ok(c, await artworksOfProcess(db, c.req.valid('param').id)),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/in-operation',
      tags,
      summary: 'Artworks held by a live process now: where they are and since when',
      ...view,
      request: { query: inOperationQuery },
      responses: okResponse(pageOf(inOperationItem)),
    }),
    async (c) => ok(c, await inOperation(db, c.req.valid('query'), await requestScope(c, db))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/loans',
      tags,
      summary: 'Exhibition loans: upcoming, on loan (overdue returns flagged), overdue, returned',
      ...view,
      request: { query: loanListQuery },
      responses: okResponse(loanPage),
    }),
    async (c) => ok(c, await listLoans(db, c.req.valid('query'), undefined, await requestScope(c, db))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/sale-deliveries',
      tags,
      summary: 'Sold works: awaiting a delivery transport, or with one started',
      ...view,
      request: { query: saleDeliveryQuery },
      responses: okResponse(saleDeliveryPage),
    }),
    async (c) => ok(c, await listSaleDeliveries(db, c.req.valid('query'), await requestScope(c, db))),
  )

  return app
}
