// The dynamic-content API (/api/content). Readers (any signed-in user) get the published items whose
// audience includes one of their roles (or everyone), and one such item; staff (dynamicManage:edit) list
// every item, write drafts in both languages (bodies sanitised here: the HTML a browser sends is never kept
// as sent), publish — each user of the audience gets a `content` message, in one batch, at the item's
// publication instant — and withdraw (the item leaves the readers' lists and its messages the bells).
import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, eq } from 'drizzle-orm'
import { holds } from '../../../shared/access'
import {
  audienceRole,
  type ContentKind,
  contentFeedQuery,
  contentInput,
  contentManageQuery,
  contentView,
  publishResult,
} from '../../../shared/contracts/content'
import { contents, messages, roles } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, notFound } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { sendMessages } from '../messages/send'
import { noticeTasksChanged } from '../tasks/notice'
import {
  type ContentRow,
  type ContentValues,
  checkReferences,
  feedOrder,
  manageOrder,
  manageWhere,
  pageOfRows,
  recipientsOf,
  toViews,
  visibleTo,
} from './queries'
import { hasContent, sanitizeBody } from './sanitize'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const body = (schema: z.ZodType) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})

const mayEdit = (user: AuthUser) => holds(user, 'dynamicManage:edit')

/** The input with both bodies sanitised; a body with nothing to read is refused at its field. */
function clean(input: ContentValues): ContentValues {
  const v = { ...input, bodyZh: sanitizeBody(input.bodyZh), bodyEn: sanitizeBody(input.bodyEn) }
  const fieldErrors: Record<string, string> = {}
  if (!hasContent(v.bodyZh)) fieldErrors.bodyZh = 'contentBodyRequired'
  if (!hasContent(v.bodyEn)) fieldErrors.bodyEn = 'contentBodyRequired'
  if (Object.keys(fieldErrors).length > 0) throw new AppError(400, 'invalidInput', undefined, { fieldErrors })
  return { ...v, audienceRoleIds: [...new Set(v.audienceRoleIds)] }
}

export function contentRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['dynamicManage']
  const edit = access(deps, 'dynamicManage:edit')

  const views = (rows: ContentRow[], user: AuthUser, lang: 'zh-CN' | 'en') =>
    toViews(db, deps, rows, user, lang)
  const load = async (id: string) => {
    const [row] = await db.select().from(contents).where(eq(contents.id, id))
    if (!row) throw notFound()
    return row
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "Published items for the current user's roles, pinned first, then newest",
      ...access(deps, 'signedIn'),
      request: { query: contentFeedQuery },
      responses: okResponse(pageOf(contentView)),
    }),
    async (c) => {
      const user = currentUser(c)
      const { page, pageSize, kind } = c.req.valid('query')
      const where = and(visibleTo(user.id), kind ? eq(contents.kind, kind as ContentKind) : undefined)
      const { rows, total } = await pageOfRows(db, where, feedOrder, page, pageSize)
      return ok(c, { list: await views(rows, user, c.get('lang')), total, page, pageSize })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/manage',
      tags,
      summary: 'Every item (drafts, published, withdrawn), newest change first',
      ...edit,
      request: { query: contentManageQuery },
      responses: okResponse(pageOf(contentView)),
    }),
    async (c) => {
      const user = currentUser(c)
      const q = c.req.valid('query')
      const { rows, total } = await pageOfRows(db, manageWhere(q), manageOrder, q.page, q.pageSize)
      return ok(c, {
        list: await views(rows, user, c.get('lang')),
        total,
        page: q.page,
        pageSize: q.pageSize,
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/roles',
      tags,
      summary: 'The roles an audience may name (enabled ones), in the request’s language',
      ...edit,
      responses: okResponse(z.array(audienceRole)),
    }),
    async (c) => {
      const en = c.get('lang') === 'en'
      const rows = await db
        .select({ id: roles.id, nameZh: roles.nameZh, nameEn: roles.nameEn })
        .from(roles)
        .where(eq(roles.enabled, true))
        .orderBy(asc(roles.createdAt))
      return ok(
        c,
        rows.map((r) => ({ id: r.id, name: en ? r.nameEn : r.nameZh })),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: 'One item: published for the reader’s roles, or any item for staff',
      ...access(deps, 'signedIn'),
      request: { params: idParam },
      responses: okResponse(contentView),
    }),
    async (c) => {
      const user = currentUser(c)
      const { id } = c.req.valid('param')
      const [row] = mayEdit(user)
        ? await db.select().from(contents).where(eq(contents.id, id))
        : await db
            .select()
            .from(contents)
            .where(and(eq(contents.id, id), visibleTo(user.id)))
      if (!row) throw notFound()
      return ok(c, (await views([row], user, c.get('lang')))[0])
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Write a draft (bodies sanitised; images must be our own JPG/PNG uploads)',
      ...edit,
      request: body(contentInput),
      responses: okResponse(contentView),
    }),
    async (c) => {
      const user = currentUser(c)
      const input = clean(c.req.valid('json') as ContentValues)
      await checkReferences(db, input)
      const [row] = await db
        .insert(contents)
        .values({ ...input, createdBy: user.id, updatedBy: user.id })
        .returning()
      return ok(c, (await views([row], user, c.get('lang')))[0])
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary: 'Edit an item (a published one changes for its readers; its messages stay as sent)',
      ...edit,
      request: { params: idParam, ...body(contentInput) },
      responses: okResponse(contentView),
    }),
    async (c) => {
      const user = currentUser(c)
      const { id } = c.req.valid('param')
      const input = clean(c.req.valid('json') as ContentValues)
      await load(id)
      await checkReferences(db, input)
      const [row] = await db
        .update(contents)
        .set({ ...input, updatedBy: user.id, updatedAt: new Date() })
        .where(eq(contents.id, id))
        .returning()
      return ok(c, (await views([row], user, c.get('lang')))[0])
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/publish',
      tags,
      summary: 'Publish a draft (or a withdrawn item again): each user of the audience gets a message',
      ...edit,
      request: { params: idParam },
      responses: okResponse(publishResult),
    }),
    async (c) => {
      const user = currentUser(c)
      const { id } = c.req.valid('param')
      const result = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(contents).where(eq(contents.id, id)).for('update')
        if (!row) throw notFound()
        if (row.status === 'published') throw new AppError(409, 'contentAlreadyPublished')
        const at = new Date()
        const [saved] = await tx
          .update(contents)
          .set({
            status: 'published',
            publishedAt: at,
            withdrawnAt: null,
            updatedBy: user.id,
            updatedAt: new Date(),
          })
          .where(eq(contents.id, id))
          .returning()
        const to = await recipientsOf(tx, saved.audienceRoleIds)
        await sendMessages(tx, to, {
          kind: 'content',
          processId: null,
          contentId: saved.id,
          senderId: user.id,
          title: { zh: saved.titleZh, en: saved.titleEn },
          body: { zh: saved.summaryZh, en: saved.summaryEn },
          at,
        })
        return { saved, recipients: to.length }
      })
      const [view] = await views([result.saved], user, c.get('lang'))
      return ok(c, { ...view, recipients: result.recipients })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/withdraw',
      tags,
      summary: "Withdraw a published item: it leaves the readers' lists, and its messages the bells",
      ...edit,
      request: { params: idParam },
      responses: okResponse(contentView),
    }),
    async (c) => {
      const user = currentUser(c)
      const { id } = c.req.valid('param')
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(contents).where(eq(contents.id, id)).for('update')
        if (!row) throw notFound()
        if (row.status !== 'published' || !row.publishedAt) throw new AppError(409, 'contentNotPublished')
        await tx.delete(messages).where(eq(messages.contentId, row.id))
        const [out] = await tx
          .update(contents)
          .set({ status: 'withdrawn', withdrawnAt: new Date(), updatedBy: user.id, updatedAt: new Date() })
          .where(eq(contents.id, id))
          .returning()
        await noticeTasksChanged(tx)
        return out
      })
      return ok(c, (await views([saved], user, c.get('lang')))[0])
    },
  )

  return app
}
