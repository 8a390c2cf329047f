// A user's sessions (authManage, under /api/auth/users/{id}/sessions): the live ones listed for an
// administrator, and one ended on request (its next request is refused with 403).
import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, gt, isNull, like } from 'drizzle-orm'
import { sessionView } from '../../../shared/contracts/admin'
import { sessions, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { grantsOfUser, idParam, refuseUnlessAllowed } from './grants'
import { forgetSessions } from './sessions'

export function userSessionRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tag = ['authManage']

  /** A session's id for the administrator: the start of its token hash (the hash itself is never shown). */
  const SESSION_ID = 16
  const sessionIdParam = idParam.extend({
    sessionId: z
      .string()
      .regex(/^[0-9a-f]{16}$/, { message: 'invalidValue' })
      .openapi({ param: { in: 'path', name: 'sessionId', required: true } }),
  })

  app.openapi(
    createRoute({
      method: 'get',
      path: '/users/{id}/sessions',
      tags: tag,
      summary: "A user's live sessions (not ended, not expired), newest first",
      ...access(deps, 'authManage:view'),
      request: { params: idParam },
      responses: okResponse(z.array(sessionView)),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id))
      if (!row) throw notFound()
      const mine = currentUser(c).sessionHash
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastSeenAt))
        .limit(100)
      return ok(
        c,
        rows.map((s) => ({
          id: s.tokenHash.slice(0, SESSION_ID),
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          clientIp: s.clientIp,
          userAgent: s.userAgent,
          current: s.tokenHash === mine,
        })),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/users/{id}/sessions/{sessionId}',
      tags: tag,
      summary: "End one of a user's sessions: its next request is refused with 403",
      ...access(deps, 'authManage:edit'),
      request: { params: sessionIdParam },
      responses: okResponse(z.object({ ended: z.number() })),
    }),
    async (c) => {
      c.set('operationType', 'SESSION_END')
      const { id, sessionId } = c.req.valid('param')
      const lang = c.get('lang')
      const { target } = await grantsOfUser(db, id, lang)
      refuseUnlessAllowed(currentUser(c), { kind: 'user', target }, lang)
      const ended = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(sessions.userId, id), like(sessions.tokenHash, `${sessionId}%`), isNull(sessions.revokedAt)),
        )
        .returning({ tokenHash: sessions.tokenHash })
      if (ended.length === 0) throw notFound()
      forgetSessions(db)
      return ok(c, { ended: ended.length })
    },
  )

  return app
}
