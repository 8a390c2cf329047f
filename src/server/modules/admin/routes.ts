// Role and user-privilege management (authManage): roles with name, description, enabled flag, full
// privilege or a privilege set; users with roles plus privileges of their own; lifting a user's sign-in
// lock. No change may leave the system without an enabled user holding an enabled full-privilege role.
import { randomUUID } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import {
  privilegeView,
  roleInput,
  roleView,
  userCreateInput,
  userUpdateInput,
  userView,
} from '../../../shared/contracts/admin'
import { PRIVILEGES } from '../../../shared/privileges'
import { pageQuery } from '../../../shared/validation'
import type { Db, DbOrTx } from '../../db/client'
import { rolePrivileges, roles, userPrivileges, userRoles, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { isUniqueViolation, ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { lockedUntilByUsername, unlockUsername } from '../auth/lockout'
import { hashPassword, passwordProblem } from '../auth/passwords'
import { forgetSessions, revokeUserSessions } from '../auth/sessions'

const idParam = z.object({ id: z.uuid().openapi({ param: { in: 'path', name: 'id', required: true } }) })

async function loadRole(db: Db, id: string, lang: string): Promise<z.infer<typeof roleView>> {
  const [role] = await db.select().from(roles).where(eq(roles.id, id))
  if (!role) throw notFound()
  const privs = await db.select().from(rolePrivileges).where(eq(rolePrivileges.roleId, id))
  const [{ n }] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id))
  return {
    id: role.id,
    key: role.key,
    name: lang === 'en' ? role.nameEn : role.nameZh,
    nameZh: role.nameZh,
    nameEn: role.nameEn,
    description: lang === 'en' ? role.descriptionEn : role.descriptionZh,
    descriptionZh: role.descriptionZh,
    descriptionEn: role.descriptionEn,
    enabled: role.enabled,
    allPrivileges: role.allPrivileges,
    privileges: privs.map((p) => p.privilege).sort(),
    userCount: Number(n),
    updatedAt: role.updatedAt.toISOString(),
  }
}

/** Enabled users holding an enabled full-privilege role: there must always be at least one. */
async function fullPrivilegeHolders(tx: DbOrTx): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(distinct ${users.id})` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(
      roles,
      and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true), eq(roles.allPrivileges, true)),
    )
    .where(eq(users.enabled, true))
  return Number(n)
}

/**
 * Run a change that may take full privilege away, refusing it (409, lastFullPrivilege) when it would leave
 * no enabled user with an enabled full-privilege role. One transaction, serialised by an advisory lock so
 * two administrators cannot each remove one of the last two.
 */
async function keepingFullPrivilege<T>(db: Db, change: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vitrine:full-privilege'))`)
    const before = await fullPrivilegeHolders(tx)
    const result = await change(tx)
    if (before > 0 && (await fullPrivilegeHolders(tx)) === 0) throw new AppError(409, 'lastFullPrivilege')
    return result
  })
}

async function loadUsers(db: Db, ids: string[], lang: string): Promise<z.infer<typeof userView>[]> {
  if (ids.length === 0) return []
  const rows = await db.select().from(users).where(inArray(users.id, ids))
  const lockedUntil = await lockedUntilByUsername(
    db,
    rows.map((u) => u.username),
  )
  const roleRows = await db
    .select({ userId: userRoles.userId, roleId: roles.id, nameZh: roles.nameZh, nameEn: roles.nameEn })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, ids))
  const privRows = await db.select().from(userPrivileges).where(inArray(userPrivileges.userId, ids))
  const byId = new Map(rows.map((u) => [u.id, u]))
  return ids
    .map((id) => byId.get(id))
    .filter((u) => u !== undefined)
    .map((u) => {
      const mine = roleRows.filter((r) => r.userId === u.id)
      return {
        id: u.id,
        username: u.username,
        displayName: u.displayName,
        email: u.email ?? '',
        enabled: u.enabled,
        roleIds: mine.map((r) => r.roleId),
        roleNames: mine.map((r) => (lang === 'en' ? r.nameEn : r.nameZh)),
        privileges: privRows
          .filter((p) => p.userId === u.id)
          .map((p) => p.privilege)
          .sort(),
        createdAt: u.createdAt.toISOString(),
        signInLockedUntil: lockedUntil.get(u.username.toLowerCase())?.toISOString() ?? null,
      }
    })
}

async function assertRolesExist(db: Db, roleIds: string[]) {
  if (roleIds.length === 0) return
  const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds))
  if (found.length !== new Set(roleIds).size) throw invalid({ roleIds: 'invalidValue' })
}

export function adminRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tag = ['authManage']
  // Every write here may change what someone may do: held sessions are read again on their next request.
  app.use('*', async (c, next) => {
    await next()
    if (c.req.method !== 'GET') forgetSessions(db)
  })

  app.openapi(
    createRoute({
      method: 'get',
      path: '/privileges',
      tags: tag,
      summary: 'The privilege catalogue',
      ...access(deps, 'authManage:view'),
      responses: okResponse(z.array(privilegeView)),
    }),
    (c) => {
      const lang = c.get('lang')
      return ok(
        c,
        PRIVILEGES.map((p) => ({ ...p, label: lang === 'en' ? p.labelEn : p.labelZh })),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/roles',
      tags: tag,
      summary: 'Roles, paged',
      ...access(deps, 'authManage:view'),
      request: { query: pageQuery.extend({ keyword: z.string().max(50).optional() }) },
      responses: okResponse(pageOf(roleView)),
    }),
    async (c) => {
      const { page, pageSize, keyword } = c.req.valid('query')
      const where = keyword
        ? or(ilike(roles.nameZh, `%${keyword}%`), ilike(roles.nameEn, `%${keyword}%`))
        : undefined
      const [{ n }] = await db.select({ n: count() }).from(roles).where(where)
      const rows = await db
        .select({ id: roles.id })
        .from(roles)
        .where(where)
        .orderBy(asc(roles.createdAt), asc(roles.key))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      const list = []
      for (const r of rows) list.push(await loadRole(db, r.id, c.get('lang')))
      return ok(c, { list, total: Number(n), page, pageSize })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/roles',
      tags: tag,
      summary: 'Create a role',
      ...access(deps, 'authManage:edit'),
      request: { body: { required: true, content: { 'application/json': { schema: roleInput } } } },
      responses: okResponse(roleView),
    }),
    async (c) => {
      const input = c.req.valid('json')
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(roles)
          .values({ ...input, key: `custom-${randomUUID().slice(0, 8)}` })
          .returning({ id: roles.id })
        if (input.privileges.length) {
          await tx
            .insert(rolePrivileges)
            .values(input.privileges.map((privilege) => ({ roleId: row.id, privilege })))
        }
        return row.id
      })
      return ok(c, await loadRole(db, id, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/roles/{id}',
      tags: tag,
      summary: 'Edit a role (name, description, enabled, full privilege, privilege set)',
      ...access(deps, 'authManage:edit'),
      request: {
        params: idParam,
        body: { required: true, content: { 'application/json': { schema: roleInput } } },
      },
      responses: okResponse(roleView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      await keepingFullPrivilege(db, async (tx) => {
        const [row] = await tx
          .update(roles)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(roles.id, id))
          .returning()
        if (!row) throw notFound()
        await tx.delete(rolePrivileges).where(eq(rolePrivileges.roleId, id))
        if (input.privileges.length) {
          await tx
            .insert(rolePrivileges)
            .values(input.privileges.map((privilege) => ({ roleId: id, privilege })))
        }
      })
      return ok(c, await loadRole(db, id, c.get('lang')))
    },
  )

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/roles/{id}/${action}`,
        tags: tag,
        summary: enabled ? 'Enable a role' : 'Disable a role: it then grants nothing',
        ...access(deps, 'authManage:edit'),
        request: { params: idParam },
        responses: okResponse(roleView),
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        const [row] = await keepingFullPrivilege(db, (tx) =>
          tx.update(roles).set({ enabled, updatedAt: new Date() }).where(eq(roles.id, id)).returning(),
        )
        if (!row) throw notFound()
        return ok(c, await loadRole(db, id, c.get('lang')))
      },
    )
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/users',
      tags: tag,
      summary: 'Users with their roles and own privileges, paged',
      ...access(deps, 'authManage:view'),
      request: {
        query: pageQuery.extend({ keyword: z.string().max(64).optional(), roleId: z.uuid().optional() }),
      },
      responses: okResponse(pageOf(userView)),
    }),
    async (c) => {
      const { page, pageSize, keyword, roleId } = c.req.valid('query')
      const conditions: SQL[] = []
      if (keyword)
        conditions.push(or(ilike(users.username, `%${keyword}%`), ilike(users.displayName, `%${keyword}%`))!)
      if (roleId) {
        const members = db
          .select({ id: userRoles.userId })
          .from(userRoles)
          .where(eq(userRoles.roleId, roleId))
        conditions.push(inArray(users.id, members))
      }
      const where = conditions.length ? and(...conditions) : undefined
      const [{ n }] = await db.select({ n: count() }).from(users).where(where)
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(asc(users.username))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
      const list = await loadUsers(
        db,
        rows.map((r) => r.id),
        c.get('lang'),
      )
      return ok(c, { list, total: Number(n), page, pageSize })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/users',
      tags: tag,
      summary: 'Create a user',
      ...access(deps, 'authManage:edit'),
      request: { body: { required: true, content: { 'application/json': { schema: userCreateInput } } } },
      responses: okResponse(userView),
    }),
    async (c) => {
      const input = c.req.valid('json')
      const problem = passwordProblem(input.password, input.username)
      if (problem) throw invalid({ password: problem })
      await assertRolesExist(db, input.roleIds)
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(ilike(users.username, input.username))
      if (taken) throw invalid({ username: 'usernameTaken' })
      const passwordHash = await hashPassword(input.password)
      const id = await createUser(db, input, passwordHash)
      return ok(c, (await loadUsers(db, [id], c.get('lang')))[0])
    },
  )

  /** Insert the user; losing a race for the same username answers 409 (duplicate), never 500. */
  async function createUser(
    db: Db,
    input: z.infer<typeof userCreateInput>,
    passwordHash: string,
  ): Promise<string> {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            username: input.username,
            displayName: input.displayName,
            email: input.email || null,
            enabled: input.enabled,
            passwordHash,
          })
          .returning({ id: users.id })
        if (input.roleIds.length)
          await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: row.id, roleId })))
        if (input.privileges.length) {
          await tx
            .insert(userPrivileges)
            .values(input.privileges.map((privilege) => ({ userId: row.id, privilege })))
        }
        return row.id
      })
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError(409, 'duplicate', undefined, { fieldErrors: { username: 'usernameTaken' } })
      throw error
    }
  }

  app.openapi(
    createRoute({
      method: 'put',
      path: '/users/{id}',
      tags: tag,
      summary: 'Edit a user: details, roles, own privileges, optionally a new password',
      ...access(deps, 'authManage:edit'),
      request: {
        params: idParam,
        body: { required: true, content: { 'application/json': { schema: userUpdateInput } } },
      },
      responses: okResponse(userView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      const me = currentUser(c)
      if (id === me.id && !input.enabled) throw invalid({ enabled: 'invalidValue' })
      if (input.password) {
        const [target] = await db.select({ username: users.username }).from(users).where(eq(users.id, id))
        const problem = passwordProblem(input.password, target?.username ?? '')
        if (problem) throw invalid({ password: problem })
      }
      await assertRolesExist(db, input.roleIds)
      const passwordHash = input.password ? await hashPassword(input.password) : undefined
      await keepingFullPrivilege(db, async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            displayName: input.displayName,
            email: input.email || null,
            enabled: input.enabled,
            updatedAt: new Date(),
            ...(passwordHash ? { passwordHash } : {}),
          })
          .where(eq(users.id, id))
          .returning({ id: users.id })
        if (!row) throw notFound()
        await tx.delete(userRoles).where(eq(userRoles.userId, id))
        if (input.roleIds.length)
          await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: id, roleId })))
        await tx.delete(userPrivileges).where(eq(userPrivileges.userId, id))
        if (input.privileges.length) {
          await tx
            .insert(userPrivileges)
            .values(input.privileges.map((privilege) => ({ userId: id, privilege })))
        }
      })
      if (passwordHash || !input.enabled) await revokeUserSessions(db, id)
      return ok(c, (await loadUsers(db, [id], c.get('lang')))[0])
    },
  )

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/users/{id}/${action}`,
        tags: tag,
        summary: enabled ? 'Enable a user' : 'Disable a user: their sessions end',
        ...access(deps, 'authManage:edit'),
        request: { params: idParam },
        responses: okResponse(userView),
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        if (!enabled && id === currentUser(c).id) throw new AppError(400, 'invalidValue')
        const [row] = await keepingFullPrivilege(db, (tx) =>
          tx.update(users).set({ enabled, updatedAt: new Date() }).where(eq(users.id, id)).returning(),
        )
        if (!row) throw notFound()
        if (!enabled) await revokeUserSessions(db, id)
        return ok(c, (await loadUsers(db, [id], c.get('lang')))[0])
      },
    )
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/users/{id}/unlock',
      tags: tag,
      summary: "Lift a user's sign-in locks (their own and every address's); the request is logged",
      ...access(deps, 'authManage:edit'),
      request: { params: idParam },
      responses: okResponse(userView),
    }),
    async (c) => {
      c.set('operationType', 'UNLOCK')
      const { id } = c.req.valid('param')
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id))
      if (!row) throw notFound()
      await unlockUsername(db, row.username)
      return ok(c, (await loadUsers(db, [id], c.get('lang')))[0])
    },
  )

  return app
}
