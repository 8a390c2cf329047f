// Notification preferences (mounted at /api/notifications): the signed-in user's own choices of which
// kinds of message also reach them by email, and the language of those emails. Mounting the module also
// takes this server's email settings (settings.ts).
import { createRoute } from '@hono/zod-openapi'
import { eq, sql } from 'drizzle-orm'
import {
  EMAIL_DEFAULT,
  EMAIL_KINDS,
  type EmailKind,
  type NotificationPreferencesView,
  notificationPreferencesInput,
  notificationPreferencesView,
} from '../../../shared/contracts/notifications'
import { langOf } from '../../../shared/lang'
import type { DbOrTx } from '../../db/client'
import { notificationPreferences, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { configureEmail, emailSettings } from './settings'

async function preferencesOf(db: DbOrTx, userId: string): Promise<NotificationPreferencesView> {
  const [user] = await db
    .select({ language: users.language, address: users.email })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw notFound()
  const chosen = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
  const byKind = new Map(chosen.map((c) => [c.kind, c.email]))
  return {
    language: langOf(user.language),
    email: Object.fromEntries(EMAIL_KINDS.map((k) => [k, byKind.get(k) ?? EMAIL_DEFAULT])) as Record<
      EmailKind,
      boolean
    >,
    address: user.address?.trim() || null,
    delivery: emailSettings() !== undefined,
  }
}

export function notificationRoutes(deps: Deps) {
  configureEmail(deps.config)
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['notifications']

  app.openapi(
    createRoute({
      method: 'get',
      path: '/preferences',
      tags,
      summary: "The current user's notification choices: which kinds also come by email, in which language",
      ...access(deps, 'signedIn'),
      responses: okResponse(notificationPreferencesView),
    }),
    async (c) => ok(c, await preferencesOf(db, currentUser(c).id)),
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/preferences',
      tags,
      summary: "Set the current user's notification choices (every emailable kind, and the language)",
      ...access(deps, 'signedIn'),
      request: {
        body: { content: { 'application/json': { schema: notificationPreferencesInput } }, required: true },
      },
      responses: okResponse(notificationPreferencesView),
    }),
    async (c) => {
      const userId = currentUser(c).id
      const input = c.req.valid('json')
      const view = await db.transaction(async (tx) => {
        const at = new Date()
        await tx.update(users).set({ language: input.language, updatedAt: at }).where(eq(users.id, userId))
        await tx
          .insert(notificationPreferences)
          .values(EMAIL_KINDS.map((kind) => ({ userId, kind, email: input.email[kind], updatedAt: at })))
          .onConflictDoUpdate({
            target: [notificationPreferences.userId, notificationPreferences.kind],
            set: { email: sql`excluded.email`, updatedAt: at },
          })
        return preferencesOf(tx, userId)
      })
      return ok(c, view)
    },
  )

  return app
}
