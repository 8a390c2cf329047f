// Users (authManage, under /api/auth): users with roles plus privileges of their own, created, edited,
// enabled or disabled, their sign-in lock lifted, a new generated password given. Every write keeps the
// full-privilege rule (full-privilege.ts), and a user manager (authManage:edit without full privilege) makes
// only the changes grant-rule.ts allows it. Their sessions: user-sessions.ts.
import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import {
  passwordResetView,
  scopeChoiceView,
  userCreateInput,
  userListQuery,
  userScopeInput,
  userUpdateInput,
  userView,
} from '../../../shared/contracts/admin'
import { pageQuery } from '../../../shared/validation'
import type { Db } from '../../db/client'
import {
  legalEntities,
  loginFailures,
  roles,
  sessions,
  userEntityScope,
  userPrivileges,
  userRoles,
  users,
} from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { isUniqueViolation, ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { entityTree } from '../entities/tree'
import { keepingFullPrivilege } from './full-privilege'
import { type Manager, userManagerRefusal } from './grant-rule'
import {
  forgetSessionsAfterWrites,
  grantsOfUser,
  grantsOfUsers,
  idParam,
  namedRoles,
  refuseUnlessAllowed,
  symmetricDifference,
} from './grants'
import { lockedUntilByUsername, unlockUsername } from './lockout'
import { nameIn } from './names'
import { generatePassword, hashPassword, passwordProblem } from './passwords'
import { checkScopeGrant, scopeEntityIds, scopeWithin, subtreesOf } from './scope'
import { forgetSessions, revokeUserSessions } from './sessions'

async function loadUsers(
  db: Db,
  ids: string[],
  lang: string,
  manager: Manager,
): Promise<z.infer<typeof userView>[]> {
  if (ids.length === 0) return []
  const rows = await db.select().from(users).where(inArray(users.id, ids))
  const grants = await grantsOfUsers(db, ids, lang)
  const allowed = (id: string, setsPassword: boolean) => {
    const target = grants.get(id)?.target
    return userManagerRefusal(manager, { kind: 'user', target, setsPassword }, lang) === null
  }
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
  const scopeRows = await db
    .select({
      userId: userEntityScope.userId,
      entityId: userEntityScope.entityId,
      nameZh: legalEntities.nameZh,
      nameEn: legalEntities.nameEn,
    })
    .from(userEntityScope)
    .innerJoin(legalEntities, eq(legalEntities.id, userEntityScope.entityId))
    .where(inArray(userEntityScope.userId, ids))
  const entityName = (r: { nameZh: string; nameEn: string }) =>
    lang === 'en' ? r.nameEn || r.nameZh : r.nameZh || r.nameEn
  scopeRows.sort((a, b) => entityName(a).localeCompare(entityName(b), lang))
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
        displayNameEn: u.displayNameEn,
        name: nameIn(u, lang),
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
        mayManage: allowed(u.id, false),
        mayResetPassword: allowed(u.id, true),
        entityIds: scopeRows.filter((r) => r.userId === u.id).map((r) => r.entityId),
        entityNames: scopeRows.filter((r) => r.userId === u.id).map(entityName),
      }
    })
}

export function userRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tag = ['authManage']
  app.use('/users/*', forgetSessionsAfterWrites(db))

  /** A manager limited to legal entities may not learn the password of someone who sees more than they do. */
  async function refuseScopeTakeOver(manager: Manager, targetId: string, name: string, _lang: string) {
    if (!(await scopeWithin(db, manager, targetId))) throw new AppError(4031, 'scopeTakeOver', { user: name })
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/users',
      tags: tag,
      summary: 'Users with their roles and own privileges, paged',
      ...access(deps, 'authManage:view'),
      request: { query: pageQuery.extend(userListQuery.shape) },
      responses: okResponse(pageOf(userView)),
    }),
    async (c) => {
      const { page, pageSize, keyword, roleId, enabled, locked } = c.req.valid('query')
      const conditions: SQL[] = []
      if (keyword) {
        const pattern = `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
        conditions.push(
          or(
            ilike(users.username, pattern),
            ilike(users.displayName, pattern),
            ilike(users.displayNameEn, pattern),
            ilike(users.email, pattern),
          )!,
        )
      }
      if (enabled) conditions.push(eq(users.enabled, enabled === 'true'))
      if (locked) {
        // A lock of the user's own counter or of any address's pair counter (lockout.ts keys).
        conditions.push(
          sql`exists (select 1 from ${loginFailures} lf where lf.locked_until > now()
                and (lf.key = 'user:' || lower(${users.username})
                     or starts_with(lf.key, 'pair:' || lower(${users.username}) || '@')))`,
        )
      }
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
        currentUser(c),
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
      const lang = c.get('lang')
      const manager = currentUser(c)
      const problem = passwordProblem(input.password, input.username)
      if (problem) throw invalid({ password: problem })
      const rolesChanged = await namedRoles(db, input.roleIds, lang)
      refuseUnlessAllowed(manager, { kind: 'user', rolesChanged, privilegesChanged: input.privileges }, lang)
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(ilike(users.username, input.username))
      if (taken) throw invalid({ username: 'usernameTaken' })
      const passwordHash = await hashPassword(input.password)
      // A manager limited to legal entities creates users limited to the same (never wider than their own).
      const scope = manager.allPrivileges ? [] : await scopeEntityIds(db, manager.id)
      const id = await createUser(db, input, passwordHash, scope, manager.id)
      return ok(c, (await loadUsers(db, [id], lang, manager))[0])
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/users/scope-choices',
      tags: tag,
      summary:
        'The legal entities the caller may put in a scope (all of them, or those of its own scope and under them), as a flat tree',
      ...access(deps, 'authManage:view'),
      responses: okResponse(z.array(scopeChoiceView)),
    }),
    async (c) => {
      const manager = currentUser(c)
      const own = manager.allPrivileges ? [] : await scopeEntityIds(db, manager.id)
      const mine = own.length ? await subtreesOf(db, own) : null
      const out: z.infer<typeof scopeChoiceView>[] = []
      const walk = (nodes: Awaited<ReturnType<typeof entityTree>>, depth: number) => {
        for (const n of nodes) {
          if (!mine || mine.has(n.id)) out.push({ id: n.id, name: n.name, depth })
          walk(n.children, depth + 1)
        }
      }
      walk(await entityTree(db, c.get('lang')), 0)
      return ok(c, out)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/users/{id}',
      tags: tag,
      summary: 'One user with roles, own privileges and scope (the legal entities they are limited to)',
      ...access(deps, 'authManage:view'),
      request: { params: idParam },
      responses: okResponse(userView),
    }),
    async (c) => {
      const [user] = await loadUsers(db, [c.req.valid('param').id], c.get('lang'), currentUser(c))
      if (!user) throw notFound()
      return ok(c, user)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/users/{id}/entities',
      tags: tag,
      summary:
        "Set a user's scope: the legal entities they are limited to (empty: the whole collection); never wider than the caller's own",
      ...access(deps, 'authManage:edit'),
      request: {
        params: idParam,
        body: { required: true, content: { 'application/json': { schema: userScopeInput } } },
      },
      responses: okResponse(userView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { entityIds } = c.req.valid('json')
      const lang = c.get('lang')
      const manager = currentUser(c)
      const { target } = await grantsOfUser(db, id, lang)
      refuseUnlessAllowed(manager, { kind: 'user', target }, lang)
      const unique = [...new Set(entityIds)]
      await checkScopeGrant(db, manager, unique)
      // A manager limited to legal entities may not reach a user who sees more than they do.
      if (!(await scopeWithin(db, manager, id)))
        throw new AppError(4031, 'scopeBeyondOwn', undefined, {
          fieldErrors: { entityIds: 'scopeBeyondOwn' },
        })
      await db.transaction(async (tx) => {
        await tx.delete(userEntityScope).where(eq(userEntityScope.userId, id))
        if (unique.length)
          await tx
            .insert(userEntityScope)
            .values(unique.map((entityId) => ({ userId: id, entityId, createdBy: manager.id })))
      })
      return ok(c, (await loadUsers(db, [id], lang, manager))[0])
    },
  )

  /** Insert the user; losing a race for the same username answers 409 (duplicate), never 500. */
  async function createUser(
    db: Db,
    input: z.infer<typeof userCreateInput>,
    passwordHash: string,
    scope: string[],
    createdBy: string,
  ): Promise<string> {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            username: input.username,
            displayName: input.displayName,
            displayNameEn: input.displayNameEn,
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
        if (scope.length)
          await tx
            .insert(userEntityScope)
            .values(scope.map((entityId) => ({ userId: row.id, entityId, createdBy })))
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
      const lang = c.get('lang')
      const me = currentUser(c)
      if (id === me.id && !input.enabled) throw invalid({ enabled: 'disableSelf' })
      const before = await grantsOfUser(db, id, lang)
      refuseUnlessAllowed(
        me,
        {
          kind: 'user',
          target: before.target,
          setsPassword: Boolean(input.password),
          // What the edit gives or takes away: roles and own privileges in one list and not the other.
          rolesChanged: await namedRoles(db, symmetricDifference(input.roleIds, before.roleIds), lang),
          privilegesChanged: symmetricDifference(input.privileges, before.own),
        },
        lang,
      )
      if (input.password) {
        await refuseScopeTakeOver(me, id, before.target.name, lang)
        const [target] = await db.select({ username: users.username }).from(users).where(eq(users.id, id))
        const problem = passwordProblem(input.password, target?.username ?? '')
        if (problem) throw invalid({ password: problem })
      }
      const passwordHash = input.password ? await hashPassword(input.password) : undefined
      const [prior] = await db.select({ enabled: users.enabled }).from(users).where(eq(users.id, id))
      await keepingFullPrivilege(
        db,
        async (tx) => {
          const [row] = await tx
            .update(users)
            .set({
              displayName: input.displayName,
              displayNameEn: input.displayNameEn,
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
        },
        prior?.enabled && !input.enabled ? 'enabled' : 'roleIds',
      )
      if (passwordHash || !input.enabled) await revokeUserSessions(db, id)
      return ok(c, (await loadUsers(db, [id], lang, me))[0])
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
        const lang = c.get('lang')
        const manager = currentUser(c)
        if (!enabled && id === manager.id) throw new AppError(400, 'disableSelf')
        const { target } = await grantsOfUser(db, id, lang)
        refuseUnlessAllowed(manager, { kind: 'user', target }, lang)
        const [row] = await keepingFullPrivilege(db, (tx) =>
          tx.update(users).set({ enabled, updatedAt: new Date() }).where(eq(users.id, id)).returning(),
        )
        if (!row) throw notFound()
        if (!enabled) await revokeUserSessions(db, id)
        return ok(c, (await loadUsers(db, [id], lang, manager))[0])
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
      const lang = c.get('lang')
      const manager = currentUser(c)
      const { target } = await grantsOfUser(db, id, lang)
      refuseUnlessAllowed(manager, { kind: 'user', target }, lang)
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id))
      if (!row) throw notFound()
      await unlockUsername(db, row.username)
      return ok(c, (await loadUsers(db, [id], lang, manager))[0])
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/users/{id}/reset-password',
      tags: tag,
      summary:
        'Give a user a new generated password, answered once (never stored readable nor logged); their sessions end',
      ...access(deps, 'authManage:edit'),
      request: { params: idParam },
      responses: okResponse(passwordResetView),
    }),
    async (c) => {
      c.set('operationType', 'PASSWORD_RESET')
      const { id } = c.req.valid('param')
      const lang = c.get('lang')
      const { target } = await grantsOfUser(db, id, lang)
      refuseUnlessAllowed(currentUser(c), { kind: 'user', target, setsPassword: true }, lang)
      await refuseScopeTakeOver(currentUser(c), id, target.name, lang)
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id))
      if (!row) throw notFound()
      let password = generatePassword()
      while (passwordProblem(password, row.username)) password = generatePassword()
      const passwordHash = await hashPassword(password)
      const ended = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id))
        return tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
          .returning({ tokenHash: sessions.tokenHash })
      })
      forgetSessions(db)
      return ok(c, { password, endedSessions: ended.length })
    },
  )

  return app
}
