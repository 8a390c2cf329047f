// Reads and checks of dynamic content: an item as the API shows it (its audience's names, the signed links
// of its cover and of the images in its bodies for the reader), the readers' feed (published items whose
// audience is empty or shares a role with the reader), the staff list, the recipients of a publication,
// and the checks of an input's images and roles.
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { ContentKind, ContentStatus, contentInput } from '../../../shared/contracts/content'
import type { Lang } from '../../../shared/errors'
import { isImageKind } from '../../../shared/file-types'
import type { DbOrTx } from '../../db/client'
import { contents, files, roles, userRoles, users } from '../../db/schema'
import { AppError } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { sessionIdOf } from '../auth/session-id'
import { linkExpiry, signedUrl } from '../files/links'
import { imageIdsOf, withSignedImages } from './sanitize'

export type ContentRow = typeof contents.$inferSelect
export type ContentValues = z.output<typeof contentInput>

/** Published items the user's enabled roles may read (an empty audience is everyone). */
export function visibleTo(userId: string): SQL {
  return and(
    eq(contents.status, 'published'),
    sql`(${contents.audienceRoleIds} = '[]'::jsonb or exists (
          select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id and r.enabled
           where ur.user_id = ${userId} and ${contents.audienceRoleIds} ? (r.id::text)))`,
  ) as SQL
}

/** Enabled users an item reaches: everyone for an empty audience, else holders of an enabled audience role. */
export async function recipientsOf(db: DbOrTx, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0)
    return (await db.select({ id: users.id }).from(users).where(eq(users.enabled, true))).map((r) => r.id)
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
    .where(and(eq(users.enabled, true), inArray(userRoles.roleId, roleIds)))
  return rows.map((r) => r.id)
}

/** Refuse images that are not our own JPG/PNG uploads and roles that do not exist, at their fields. */
export async function checkReferences(db: DbOrTx, v: ContentValues): Promise<void> {
  const fieldErrors: Record<string, string> = {}
  const wanted = new Map<string, string[]>()
  const want = (id: string, field: string) => wanted.set(id, [...(wanted.get(id) ?? []), field])
  if (v.coverFileId) want(v.coverFileId, 'coverFileId')
  for (const id of imageIdsOf(v.bodyZh)) want(id, 'bodyZh')
  for (const id of imageIdsOf(v.bodyEn)) want(id, 'bodyEn')
  if (wanted.size > 0) {
    const found = await db
      .select({ id: files.id, kind: files.kind })
      .from(files)
      .where(inArray(files.id, [...wanted.keys()]))
    const images = new Set(found.filter((f) => isImageKind(f.kind)).map((f) => f.id))
    for (const [id, fields] of wanted)
      if (!images.has(id)) for (const f of fields) fieldErrors[f] ??= 'contentImageOnly'
  }
  const roleIds = [...new Set(v.audienceRoleIds)]
  if (roleIds.length > 0) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds))
    if (found.length !== roleIds.length) fieldErrors.audienceRoleIds = 'contentUnknownRole'
  }
  if (Object.keys(fieldErrors).length > 0) throw new AppError(400, 'invalidInput', undefined, { fieldErrors })
}

/** Items as the API shows them to `user`, in `lang`, with one query for the audiences' names and the authors. */
export async function toViews(db: DbOrTx, deps: Deps, rows: ContentRow[], user: AuthUser, lang: Lang) {
  const roleIds = [...new Set(rows.flatMap((r) => r.audienceRoleIds))]
  const authorIds = [...new Set(rows.map((r) => r.updatedBy ?? r.createdBy).filter((v): v is string => !!v))]
  const [roleRows, authorRows] = await Promise.all([
    roleIds.length
      ? db
          .select({ id: roles.id, nameZh: roles.nameZh, nameEn: roles.nameEn })
          .from(roles)
          .where(inArray(roles.id, roleIds))
      : Promise.resolve([]),
    authorIds.length
      ? db
          .select({ id: users.id, displayName: users.displayName, displayNameEn: users.displayNameEn })
          .from(users)
          .where(inArray(users.id, authorIds))
      : Promise.resolve([]),
  ])
  const roleName = new Map(roleRows.map((r) => [r.id, lang === 'en' ? r.nameEn : r.nameZh]))
  const authorName = new Map(
    authorRows.map((u) => [u.id, lang === 'en' ? u.displayNameEn || u.displayName : u.displayName]),
  )
  const exp = linkExpiry(deps.config.linkTtlSeconds)
  const sessionId = sessionIdOf(user.sessionHash)
  const link = (fileId: string) =>
    signedUrl(deps.config.linkSecret, {
      target: 'file',
      fileId,
      disposition: 'inline',
      exp,
      userId: user.id,
      sessionId,
    })
  const en = lang === 'en'
  const pick = (zh: string, enText: string) => (en ? enText || zh : zh || enText)
  return rows.map((r) => {
    const bodyZh = withSignedImages(r.bodyZh, link)
    const bodyEn = withSignedImages(r.bodyEn, link)
    const author = r.updatedBy ?? r.createdBy
    return {
      id: r.id,
      kind: r.kind,
      title: pick(r.titleZh, r.titleEn),
      summary: pick(r.summaryZh, r.summaryEn),
      body: pick(bodyZh, bodyEn),
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      summaryZh: r.summaryZh,
      summaryEn: r.summaryEn,
      bodyZh,
      bodyEn,
      coverFileId: r.coverFileId,
      coverUrl: r.coverFileId ? link(r.coverFileId) : null,
      venue: r.venue,
      startsOn: r.startsOn,
      endsOn: r.endsOn,
      audienceRoleIds: r.audienceRoleIds,
      audience: r.audienceRoleIds
        .filter((id) => roleName.has(id))
        .map((id) => ({ id, name: roleName.get(id) as string })),
      pinned: r.pinned,
      status: r.status,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
      updatedByName: author ? (authorName.get(author) ?? null) : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }
  })
}

/** A page of rows with its total. */
export async function pageOfRows(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  pageSize: number,
): Promise<{ rows: ContentRow[]; total: number }> {
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(contents).where(where),
    db
      .select()
      .from(contents)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ])
  return { rows, total: Number(n) }
}

export const feedOrder = [desc(contents.pinned), desc(contents.publishedAt), desc(contents.id)]
export const manageOrder = [desc(contents.updatedAt), desc(contents.id)]

export function manageWhere(q: { kind?: ContentKind; status?: ContentStatus; q?: string }): SQL | undefined {
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null
  return and(
    q.kind ? eq(contents.kind, q.kind) : undefined,
    q.status ? eq(contents.status, q.status) : undefined,
    like ? or(ilike(contents.titleZh, like), ilike(contents.titleEn, like)) : undefined,
  )
}
