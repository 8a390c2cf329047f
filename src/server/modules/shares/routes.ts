// Share links (/api/shares): create one for a selection of artworks, list one's links (an administrator:
// everyone's), revoke, and read who opened a link. The recipient's side is public-routes.ts (/api/public).
import { createRoute, z } from '@hono/zod-openapi'
import {
  shareCreate,
  shareCreated,
  sharePagePath,
  shareView,
  shareViewRow,
} from '../../../shared/contracts/shares'
import { pageQuery } from '../../../shared/validation'
import { access, currentUser } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { createShare, listShares, listViews, loadOwnShare, revokeShare } from './store'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})

export function shareRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['shares']

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Create a share link for a named recipient (the token is shown once, in the answer)',
      ...access(deps, 'artworkArchive:share'),
      request: { body: { required: true, content: { 'application/json': { schema: shareCreate } } } },
      responses: okResponse(shareCreated),
    }),
    async (c) => {
      const { id, token } = await createShare(db, currentUser(c), c.req.valid('json'), new Date())
      return ok(c, { id, token, url: `${deps.config.publicUrl}${sharePagePath(token)}` })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "One's share links newest first (an administrator: everyone's), with their state and views",
      ...access(deps, 'artworkArchive:share'),
      request: { query: pageQuery },
      responses: okResponse(pageOf(shareView)),
    }),
    async (c) => {
      const { page, pageSize } = c.req.valid('query')
      const { list, total } = await listShares(db, currentUser(c), page, pageSize, new Date())
      return ok(c, { list, total, page, pageSize })
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Revoke a share link: from now on it answers 404',
      ...access(deps, 'artworkArchive:share'),
      request: { params: idParam },
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await revokeShare(db, currentUser(c), c.req.valid('param').id)
      return ok(c, null)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/views',
      tags,
      summary: 'Every opening of a share link, newest first: when, from which address, which browser',
      ...access(deps, 'artworkArchive:share'),
      request: { params: idParam, query: pageQuery },
      responses: okResponse(pageOf(shareViewRow)),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { page, pageSize } = c.req.valid('query')
      await loadOwnShare(db, currentUser(c), id)
      const { list, total } = await listViews(db, id, page, pageSize)
      return ok(c, { list, total, page, pageSize })
    },
  )

  return app
}
