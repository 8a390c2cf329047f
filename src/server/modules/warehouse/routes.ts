// The warehouse API (/api/warehouse): rooms (list with how many artworks each holds now, one room, create,
// edit, disable, enable) and the movement ledger read at a moment (a room's contents, an artwork's place),
// with a room's movements in and out and its stocktakes. Reading needs devOpsManage:view; changing a room
// needs authManage:referenceData, as on the reference-data path, and goes through the same writes
// (reference/writes.ts) and rules (reference/entities.ts roomEntity).
import { createRoute, z } from '@hono/zod-openapi'
import { movementView } from '../../../shared/contracts/operations'
import {
  contentsPage,
  contentsQuery,
  placeAt,
  placeQuery,
  roomCreate,
  roomEdit,
  roomListQuery,
  roomMovementsQuery,
  roomSummary as roomSummarySchema,
  stocktakeItem,
  stocktakesQuery,
} from '../../../shared/contracts/warehouse'
import { access, currentUser } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { heavyDownload } from '../../jobs/heavy'
import { officeStamp } from '../../office-day'
import { safeFilePart } from '../../pdf/format'
import { openReport, pdfResponses, reportResponse } from '../../pdf/report'
import { roomEntity } from '../reference/entities'
import { createRecord, editRecord, setEnabled } from '../reference/writes'
import { momentOf } from './at'
import { drawGrabSheet, EMERGENCY_WORDS, readGrabSheet } from './emergency'
import { listRooms, placeOf, roomContents, roomMovements, roomStocktakes, roomSummary } from './queries'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const body = <I>(schema: z.ZodType<I>) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})

export function warehouseRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['devOpsManage: warehouse']
  const view = access(deps, 'devOpsManage:view')
  const write = access(deps, 'authManage:referenceData')
  const zone = deps.config.timeZone

  app.openapi(
    createRoute({
      method: 'get',
      path: '/rooms',
      tags,
      summary: 'Rooms with how many artworks each holds now, enabled ones first',
      ...view,
      request: { query: roomListQuery },
      responses: okResponse(pageOf(roomSummarySchema)),
    }),
    async (c) => ok(c, await listRooms(db, c.req.valid('query'), c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/rooms/{id}',
      tags,
      summary: 'One room with how many artworks it holds now',
      ...view,
      request: { params: idParam },
      responses: okResponse(roomSummarySchema),
    }),
    async (c) => ok(c, await roomSummary(db, c.req.valid('param').id, c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/rooms',
      tags,
      summary: 'Create a room (its code is fixed from then on; a code in use is refused)',
      ...write,
      request: body(roomCreate),
      responses: okResponse(roomSummarySchema),
    }),
    async (c) => {
      const id = await createRecord(db, roomEntity, c.req.valid('json'))
      return ok(c, await roomSummary(db, id, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/rooms/{id}',
      tags,
      summary: 'Edit a room (capacity not below the artworks in it now; minimum not above maximum)',
      ...write,
      request: { params: idParam, ...body(roomEdit) },
      responses: okResponse(roomSummarySchema),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await editRecord(db, roomEntity, id, c.req.valid('json'))
      return ok(c, await roomSummary(db, id, c.get('lang')))
    },
  )

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/rooms/{id}/${action}`,
        tags,
        summary: enabled
          ? 'Enable a room'
          : 'Disable a room: refused while artworks are in it (the message says how many)',
        ...write,
        request: { params: idParam },
        responses: okResponse(roomSummarySchema),
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        await setEnabled(db, roomEntity, id, enabled)
        return ok(c, await roomSummary(db, id, c.get('lang')))
      },
    )
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/rooms/{id}/emergency.pdf',
      tags,
      summary:
        "A room's emergency grab sheet as a PDF (in the request's language): the artworks it holds now by salvage priority (1 first, none last), each with its thumbnail, place in the room and handling notes",
      ...view,
      request: { params: idParam },
      responses: pdfResponses('The grab sheet (A4)'),
    }),
    async (c) =>
      heavyDownload(deps.heavy.downloads, currentUser(c).id, async () => {
        const lang = c.get('lang')
        const sheet = await readGrabSheet(db, deps.storage, c.req.valid('param').id)
        const w = EMERGENCY_WORDS[lang]
        const r = await openReport(deps.config, { lang, title: w.title })
        const room = safeFilePart(sheet.room.code)
        return reportResponse(
          r,
          `${w.fileName}-${room}-${officeStamp()}.pdf`,
          (report) => drawGrabSheet(report, sheet),
          { 'x-artwork-count': String(sheet.items.length) },
        )
      }),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/rooms/{id}/contents',
      tags,
      summary:
        'The artworks in a room at a moment (`at`: yyyy-MM-dd = the end of that day in the office time zone, or an ISO date-time; absent = now; the future is refused), by inventory number',
      ...view,
      request: { params: idParam, query: contentsQuery },
      responses: okResponse(contentsPage),
    }),
    async (c) => {
      const q = c.req.valid('query')
      return ok(c, await roomContents(db, c.req.valid('param').id, momentOf(q.at, zone), q))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/rooms/{id}/movements',
      tags,
      summary: "A room's movements in and out (or one direction), newest first",
      ...view,
      request: { params: idParam, query: roomMovementsQuery },
      responses: okResponse(pageOf(movementView)),
    }),
    async (c) => ok(c, await roomMovements(db, c.req.valid('param').id, c.req.valid('query'))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/rooms/{id}/stocktakes',
      tags,
      summary: 'The stocktakes (INVENTORY_CHECK processes) of a room, newest first',
      ...view,
      request: { params: idParam, query: stocktakesQuery },
      responses: okResponse(pageOf(stocktakeItem)),
    }),
    async (c) => ok(c, await roomStocktakes(db, c.req.valid('param').id, c.req.valid('query'))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/artworks/{id}/place',
      tags,
      summary: 'Where an artwork was at a moment (`at` as for contents): the place, since when, the movement',
      ...view,
      request: { params: idParam, query: placeQuery },
      responses: okResponse(placeAt),
    }),
    async (c) => ok(c, await placeOf(db, c.req.valid('param').id, momentOf(c.req.valid('query').at, zone))),
  )

  return app
}
