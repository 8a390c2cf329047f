// Ownership and pledges of artworks (/api/artworks/{id}/ownership, /{id}/pledges, /ownership for a
// selection, system artworkArchive): read by whoever sees the archive, written with artworkArchive:edit.
// Every write is checked whole before anything is stored (ownership.ts, pledges.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { eq, inArray } from 'drizzle-orm'
import {
  bulkOwnershipInput,
  ownershipInput,
  ownershipView,
  pledgeInput,
  pledgeView,
} from '../../../../shared/contracts/ownership'
import type { DbOrTx } from '../../../db/client'
import { artworks } from '../../../db/schema'
import { access, currentUser } from '../../../http/access'
import { invalid, notFound } from '../../../http/app-error'
import type { Deps } from '../../../http/context'
import { ok, okResponse } from '../../../http/envelope'
import { moduleRouter } from '../../../http/router'
import { ownershipOf, setOwnership } from './ownership'
import { addPledge, pledgesOf } from './pledges'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})

async function assertArtwork(db: DbOrTx, id: string): Promise<void> {
  const [row] = await db.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, id))
  if (!row) throw notFound()
}

export function ownershipRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['artworkArchive']
  const view = access(deps, 'artworkArchive:view')
  const edit = access(deps, 'artworkArchive:edit')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/ownership',
      tags,
      summary: "The artwork's current owners with their shares, and every period of ownership, newest first",
      ...view,
      request: { params: idParam },
      responses: okResponse(ownershipView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await assertArtwork(db, id)
      return ok(c, await ownershipOf(db, id))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/ownership',
      tags,
      summary:
        'New owners from a day (shares adding up to exactly 100.00): the running periods end that day, earlier ones keep theirs',
      ...edit,
      request: { params: idParam, ...body(ownershipInput) },
      responses: okResponse(ownershipView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      const user = currentUser(c)
      await db.transaction((tx) => setOwnership(tx, [id], input, { userId: user.id }))
      return ok(c, await ownershipOf(db, id))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/ownership',
      tags,
      summary: 'The same owners for a selection of artworks from a day: all of them or none',
      ...edit,
      request: body(bulkOwnershipInput),
      responses: okResponse(z.object({ count: z.number() })),
    }),
    async (c) => {
      const { artworkIds, ...input } = c.req.valid('json')
      const ids = [...new Set(artworkIds)]
      const user = currentUser(c)
      const found = await db.select({ id: artworks.id }).from(artworks).where(inArray(artworks.id, ids))
      const known = new Set(found.map((r) => r.id))
      const missing = ids.findIndex((id) => !known.has(id))
      if (missing >= 0) throw invalid({ [`artworkIds.${missing}`]: 'notFound' })
      await db.transaction((tx) => setOwnership(tx, [...ids].sort(), input, { userId: user.id }))
      return ok(c, { count: ids.length })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/pledges',
      tags,
      summary: "The artwork's pledges, newest first (active: running today)",
      ...view,
      request: { params: idParam },
      responses: okResponse(z.array(pledgeView)),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await assertArtwork(db, id)
      return ok(c, await pledgesOf(db, id))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/pledges',
      tags,
      summary: 'Pledge the artwork to a lender from a day, until a last day or until released',
      ...edit,
      request: { params: idParam, ...body(pledgeInput) },
      responses: okResponse(pledgeView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await assertArtwork(db, id)
      return ok(c, await addPledge(db, id, c.req.valid('json'), currentUser(c).id))
    },
  )
  return app
}
