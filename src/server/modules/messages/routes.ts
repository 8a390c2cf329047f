// The message bell (mounted at /api/message): the signed-in user's own messages, newest first, the unread
// count for the header, and marking read. Due reminders are delivered before each read, so the bell is
// right even when no scheduler runs on this server.
import { createRoute, z } from '@hono/zod-openapi'
import { and, count, eq, isNull } from 'drizzle-orm'
import { messageListQuery, messageView } from '../../../shared/contracts/process'
import { messages } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { noticeTasksChanged } from '../tasks/notice'
import { messagePage } from './queries'
import { deliverDueReminders } from './send'

const idParam = z.object({ id: z.uuid().openapi({ param: { in: 'path', name: 'id', required: true } }) })

export function messageRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['messageCenter']

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "The current user's messages, newest first (unread only, or one kind, when asked)",
      ...access(deps, 'signedIn'),
      request: { query: messageListQuery },
      responses: okResponse(pageOf(messageView)),
    }),
    async (c) => {
      const user = currentUser(c)
      const { page, pageSize, unread, kind } = c.req.valid('query')
      await deliverDueReminders(db)
      return ok(
        c,
        await messagePage(db, user.id, { page, pageSize, unread: unread === '1', kind }, c.get('lang')),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/unread-count',
      tags,
      summary: 'How many unread messages the current user has (the bell badge)',
      ...access(deps, 'signedIn'),
      responses: okResponse(z.object({ count: z.number() })),
    }),
    async (c) => {
      await deliverDueReminders(db)
      const [{ n }] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.recipientId, currentUser(c).id), isNull(messages.readAt)))
      return ok(c, { count: Number(n) })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/read-all',
      tags,
      summary: "Mark all the current user's messages read",
      ...access(deps, 'signedIn'),
      responses: okResponse(z.object({ count: z.number() })),
    }),
    async (c) => {
      const done = await db
        .update(messages)
        .set({ readAt: new Date() })
        .where(and(eq(messages.recipientId, currentUser(c).id), isNull(messages.readAt)))
        .returning({ id: messages.id })
      if (done.length > 0) await noticeTasksChanged(db)
      return ok(c, { count: done.length })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/read',
      tags,
      summary: 'Mark one message read (only the recipient can)',
      ...access(deps, 'signedIn'),
      request: { params: idParam },
      responses: okResponse(z.object({ id: z.string(), read: z.boolean() })),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const [row] = await db
        .select({ id: messages.id, readAt: messages.readAt })
        .from(messages)
        .where(and(eq(messages.id, id), eq(messages.recipientId, currentUser(c).id)))
      if (!row) throw notFound()
      if (!row.readAt) {
        await db.update(messages).set({ readAt: new Date() }).where(eq(messages.id, id))
        await noticeTasksChanged(db)
      }
      return ok(c, { id, read: true })
    },
  )

  return app
}
