// The release-notes API (/api/releases). Administrators (versionManage) record releases as drafts, edit
// them, publish them and delete drafts; a number must come after the latest published release (compared
// as versions) and never repeat, and a published release keeps its number. Readers (versionLog:view) list
// the published releases newest first; every signed-in user asks for the newest published release they
// have not been shown and marks it seen (the "what's new" notice appears once per release).
import { createRoute, z } from '@hono/zod-openapi'
import { and, count, desc, eq, ne } from 'drizzle-orm'
import {
  compareReleaseNumbers,
  type ReleaseInput,
  releaseInput,
  releaseListQuery,
  releaseView,
  unseenRelease,
} from '../../../shared/contracts/releases'
import { releases, releaseViews, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { isUniqueViolation, ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'

type Db = Deps['database']['db']
type Row = typeof releases.$inferSelect

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const body = (schema: z.ZodType) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})

function toView(r: Row, lang: string) {
  return {
    id: r.id,
    number: r.number,
    releasedOn: r.releasedOn,
    notes: lang === 'en' ? r.notesEn || r.notesZh : r.notesZh || r.notesEn,
    notesZh: r.notesZh,
    notesEn: r.notesEn,
    status: r.status,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}

const numberError = (
  key: 'releaseNumberNotAfter' | 'releaseNumberTaken' | 'releaseNumberFixed',
  params = {},
) => new AppError(400, 'invalidInput', params, { fieldErrors: { number: key } })

/** The highest published number other than `exceptId`'s (null when none is published). */
async function latestPublished(db: Db, exceptId?: string): Promise<string | null> {
  const rows = await db
    .select({ number: releases.number })
    .from(releases)
    .where(and(eq(releases.status, 'published'), exceptId ? ne(releases.id, exceptId) : undefined))
  let latest: string | null = null
  for (const r of rows) if (latest === null || compareReleaseNumbers(r.number, latest) > 0) latest = r.number
  return latest
}

/** Refuse a number that repeats another release's (as a version: 1.2 = 1.2.0) or is not after the latest published. */
async function checkNumber(db: Db, number: string, exceptId?: string) {
  const others = await db
    .select({ number: releases.number })
    .from(releases)
    .where(exceptId ? ne(releases.id, exceptId) : undefined)
  if (others.some((o) => compareReleaseNumbers(o.number, number) === 0))
    throw numberError('releaseNumberTaken', { number })
  const latest = await latestPublished(db, exceptId)
  if (latest !== null && compareReleaseNumbers(number, latest) <= 0)
    throw numberError('releaseNumberNotAfter', { latest })
}

async function load(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(releases).where(eq(releases.id, id))
  if (!row) throw notFound()
  return row
}

/** A unique-index race (two saves of one number at once) reads as the number being taken. */
async function guarded<T>(number: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw numberError('releaseNumberTaken', { number })
    throw error
  }
}

export function releaseRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['versionManage']
  const manage = access(deps, 'versionManage:view')
  const edit = access(deps, 'versionManage:edit')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['versionLog'],
      summary: 'Published releases, newest first',
      ...access(deps, 'versionLog:view'),
      request: { query: releaseListQuery.omit({ status: true }) },
      responses: okResponse(pageOf(releaseView)),
    }),
    async (c) => {
      const { page, pageSize } = c.req.valid('query')
      const where = eq(releases.status, 'published')
      const [{ n }] = await db.select({ n: count() }).from(releases).where(where)
      const rows = await db
        .select()
        .from(releases)
        .where(where)
        .orderBy(desc(releases.publishedAt), desc(releases.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      return ok(c, { list: rows.map((r) => toView(r, c.get('lang'))), total: Number(n), page, pageSize })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/manage',
      tags,
      summary: 'Every release, drafts too (by status), newest change first',
      ...manage,
      request: { query: releaseListQuery },
      responses: okResponse(pageOf(releaseView)),
    }),
    async (c) => {
      const { page, pageSize, status } = c.req.valid('query')
      const where = status ? eq(releases.status, status) : undefined
      const [{ n }] = await db.select({ n: count() }).from(releases).where(where)
      const rows = await db
        .select()
        .from(releases)
        .where(where)
        .orderBy(desc(releases.updatedAt), desc(releases.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      return ok(c, { list: rows.map((r) => toView(r, c.get('lang'))), total: Number(n), page, pageSize })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/unseen',
      tags: ['versionLog'],
      summary: 'The newest published release, when the current user has not been shown it (else null)',
      ...access(deps, 'signedIn'),
      responses: okResponse(unseenRelease),
    }),
    async (c) => {
      const user = currentUser(c)
      const [newest] = await db
        .select()
        .from(releases)
        .where(eq(releases.status, 'published'))
        .orderBy(desc(releases.publishedAt), desc(releases.id))
        .limit(1)
      if (!newest) return ok(c, { release: null })
      // A release is news to those who used the app before it: an account opened after it was published
      // starts on that version and is not shown it.
      const [account] = await db
        .select({ createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, user.id))
      if (account && newest.publishedAt && account.createdAt >= newest.publishedAt)
        return ok(c, { release: null })
      const [seen] = await db
        .select({ id: releaseViews.releaseId })
        .from(releaseViews)
        .where(and(eq(releaseViews.userId, user.id), eq(releaseViews.releaseId, newest.id)))
      return ok(c, { release: seen ? null : toView(newest, c.get('lang')) })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/seen',
      tags: ['versionLog'],
      summary: 'The current user has been shown this published release',
      ...access(deps, 'signedIn'),
      request: { params: idParam },
      responses: okResponse(z.object({ id: z.string(), seen: z.boolean() })),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const row = await load(db, id)
      if (row.status !== 'published') throw notFound()
      await db
        .insert(releaseViews)
        .values({ userId: currentUser(c).id, releaseId: id })
        .onConflictDoNothing()
      return ok(c, { id, seen: true })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Record a release as a draft (its number after the latest published, never repeated)',
      ...edit,
      request: body(releaseInput),
      responses: okResponse(releaseView),
    }),
    async (c) => {
      const input = c.req.valid('json') as ReleaseInput
      await checkNumber(db, input.number)
      const [row] = await guarded(input.number, () =>
        db
          .insert(releases)
          .values({ ...input, createdBy: currentUser(c).id })
          .returning(),
      )
      return ok(c, toView(row, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary: 'Edit a release (a published one keeps its number)',
      ...edit,
      request: { params: idParam, ...body(releaseInput) },
      responses: okResponse(releaseView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json') as ReleaseInput
      const row = await load(db, id)
      if (row.status === 'published') {
        if (compareReleaseNumbers(row.number, input.number) !== 0 || row.number !== input.number)
          throw numberError('releaseNumberFixed')
      } else await checkNumber(db, input.number, id)
      const [saved] = await guarded(input.number, () =>
        db
          .update(releases)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(releases.id, id))
          .returning(),
      )
      return ok(c, toView(saved, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/publish',
      tags,
      summary: 'Publish a draft: users are shown it once ("what\'s new")',
      ...edit,
      request: { params: idParam },
      responses: okResponse(releaseView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const row = await load(db, id)
      if (row.status === 'published') throw new AppError(409, 'releaseAlreadyPublished')
      // Another release may have been published since this draft was saved.
      await checkNumber(db, row.number, id)
      const [saved] = await db
        .update(releases)
        .set({ status: 'published', publishedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(releases.id, id), eq(releases.status, 'draft')))
        .returning()
      if (!saved) throw new AppError(409, 'releaseAlreadyPublished')
      return ok(c, toView(saved, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Delete a draft (published releases are kept)',
      ...edit,
      request: { params: idParam },
      responses: okResponse(z.object({ id: z.string(), deleted: z.boolean() })),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const row = await load(db, id)
      if (row.status !== 'draft') throw new AppError(409, 'releaseDeleteDraftOnly')
      await db.delete(releases).where(and(eq(releases.id, id), eq(releases.status, 'draft')))
      return ok(c, { id, deleted: true })
    },
  )

  return app
}
