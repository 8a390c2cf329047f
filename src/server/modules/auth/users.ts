// Role and user-privilege management (authManage): roles with name, description, enabled flag, full
// privilege or a privilege set; users with roles plus privileges of their own; lifting a user's sign-in
// lock. No change may leave the system without an enabled user holding an enabled full-privilege role, and a
// user manager (authManage:edit without full privilege) makes only the changes grant-rule.ts allows it.
import { randomUUID } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  like,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import {
  passwordResetView,
  privilegeView,
  roleInput,
  rolePreviewView,
  roleView,
  sessionView,
  userCreateInput,
  userListQuery,
  userUpdateInput,
  userView,
} from '../../../shared/contracts/admin'
import { PRIVILEGES } from '../../../shared/privileges'
import { pageQuery } from '../../../shared/validation'
import type { Db, DbOrTx } from '../../db/client'
import {
  loginFailures,
  rolePrivileges,
  roles,
  sessions,
  userPrivileges,
  userRoles,
  users,
} from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { isUniqueViolation, ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { lockedUntilByUsername, unlockUsername } from '../auth/lockout'
import { generatePassword, hashPassword, passwordProblem } from '../auth/passwords'
import { forgetSessions, privilegesOf, revokeUserSessions } from '../auth/sessions'
import {
  type Manager,
  type ManagerChange,
  type NamedRole,
  type Target,
  userManagerRefusal,
} from './grant-rule'

const idParam = z.object({ id: z.uuid().openapi({ param: { in: 'path', name: 'id', required: true } }) })

/** What is in one list and not the other. */
function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))])]
}

/** Refuse (4031, with the reason in words) a change the user-management rule does not allow the manager. */
function refuseUnlessAllowed(manager: Manager, change: ManagerChange, lang: string) {
  const refusal = userManagerRefusal(manager, change, lang)
  if (refusal) throw new AppError(4031, refusal.key, refusal.params)
}

function namedRole(
  role: { nameZh: string; nameEn: string; allPrivileges: boolean; privileges: readonly string[] },
  lang: string,
): NamedRole {
  return {
    name: lang === 'en' ? role.nameEn : role.nameZh,
    allPrivileges: role.allPrivileges,
    privileges: role.privileges,
  }
}

/** Roles by id as the rule sees them (named, with their privileges); 400 at `roleIds` for an unknown one. */
async function namedRoles(
  db: DbOrTx,
  roleIds: string[],
  lang: string,
): Promise<(NamedRole & { id: string })[]> {
  if (roleIds.length === 0) return []
  const rows = await db.select().from(roles).where(inArray(roles.id, roleIds))
  if (rows.length !== new Set(roleIds).size) throw invalid({ roleIds: 'invalidValue' })
  const privs = await db.select().from(rolePrivileges).where(inArray(rolePrivileges.roleId, roleIds))
  return rows.map((r) => ({
    id: r.id,
    ...namedRole({ ...r, privileges: privs.filter((p) => p.roleId === r.id).map((p) => p.privilege) }, lang),
  }))
}

interface UserGrants {
  target: Target
  roleIds: string[]
  /** The user's own privileges, beyond their roles. */
  own: string[]
}

/**
 * What each user holds as the user-management rule sees it: every role of theirs, enabled or not (a disabled
 * full-privilege role may be enabled again), and their own privileges.
 */
async function grantsOfUsers(db: DbOrTx, ids: string[], lang: string): Promise<Map<string, UserGrants>> {
  const out = new Map<string, UserGrants>()
  if (ids.length === 0) return out
  const people = await db.select().from(users).where(inArray(users.id, ids))
  const held = await db
    .select({ userId: userRoles.userId, roleId: roles.id, allPrivileges: roles.allPrivileges })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, ids))
  const roleIds = [...new Set(held.map((r) => r.roleId))]
  const rolePrivs = roleIds.length
    ? await db.select().from(rolePrivileges).where(inArray(rolePrivileges.roleId, roleIds))
    : []
  const own = await db.select().from(userPrivileges).where(inArray(userPrivileges.userId, ids))
  for (const u of people) {
    const mine = held.filter((r) => r.userId === u.id)
    const ownKeys = own.filter((p) => p.userId === u.id).map((p) => p.privilege)
    const privileges = new Set(ownKeys)
    for (const p of rolePrivs) if (mine.some((r) => r.roleId === p.roleId)) privileges.add(p.privilege)
    out.set(u.id, {
      target: {
        id: u.id,
        name: `${nameIn(u, lang)} (${u.username})`,
        holds: { allPrivileges: mine.some((r) => r.allPrivileges), privileges: [...privileges].sort() },
      },
      roleIds: mine.map((r) => r.roleId),
      own: ownKeys,
    })
  }
  return out
}

/** One user's grants (grantsOfUsers); 404 when there is no such user. */
async function grantsOfUser(db: DbOrTx, id: string, lang: string): Promise<UserGrants> {
  const found = (await grantsOfUsers(db, [id], lang)).get(id)
  if (!found) throw notFound()
  return found
}

async function loadRole(
  db: Db,
  id: string,
  lang: string,
  manager: Manager,
): Promise<z.infer<typeof roleView>> {
  const [role] = await db.select().from(roles).where(eq(roles.id, id))
  if (!role) throw notFound()
  const privs = await db.select().from(rolePrivileges).where(eq(rolePrivileges.roleId, id))
  const [{ n }] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id))
  const privileges = privs.map((p) => p.privilege).sort()
  const mayManage =
    userManagerRefusal(manager, { kind: 'role', after: namedRole({ ...role, privileges }, lang) }, lang) ===
    null
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
    privileges,
    userCount: Number(n),
    updatedAt: role.updatedAt.toISOString(),
    mayManage,
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
async function keepingFullPrivilege<T>(
  db: Db,
  change: (tx: DbOrTx) => Promise<T>,
  /** The form field the refusal is shown at. */
  field?: string,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vitrine:full-privilege'))`)
    const before = await fullPrivilegeHolders(tx)
    const result = await change(tx)
    if (before > 0 && (await fullPrivilegeHolders(tx)) === 0)
      throw new AppError(
        409,
        'lastFullPrivilege',
        undefined,
        field ? { fieldErrors: { [field]: 'lastFullPrivilege' } } : null,
      )
    return result
  })
}

type RoleBody = z.infer<typeof roleInput>

/**
 * What a role must meet beyond its shape: a name no other role has (in either language, ignoring case), and
 * at least one privilege while it is enabled without full privilege. 400 with the fields, nothing stored.
 */
async function checkRole(db: DbOrTx, input: RoleBody, id?: string) {
  const errors: Record<string, string> = {}
  for (const field of ['nameZh', 'nameEn'] as const) {
    const name = input[field].toLowerCase()
    const [taken] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          or(sql`lower(${roles.nameZh}) = ${name}`, sql`lower(${roles.nameEn}) = ${name}`),
          id ? ne(roles.id, id) : undefined,
        ),
      )
      .limit(1)
    if (taken) errors[field] = 'roleNameTaken'
  }
  if (input.enabled && !input.allPrivileges && input.privileges.length === 0)
    errors.privileges = 'rolePrivilegesEmpty'
  if (Object.keys(errors).length) throw invalid(errors)
}

/** Write a role's fields and privilege set (inside the caller's transaction). */
async function writeRole(tx: DbOrTx, id: string, input: RoleBody) {
  const [row] = await tx
    .update(roles)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(roles.id, id))
    .returning({ id: roles.id })
  if (!row) throw notFound()
  await tx.delete(rolePrivileges).where(eq(rolePrivileges.roleId, id))
  if (input.privileges.length) {
    await tx.insert(rolePrivileges).values(input.privileges.map((privilege) => ({ roleId: id, privilege })))
  }
}

/** Thrown to roll a preview's transaction back, carrying what it computed. */
class PreviewDone<T> extends Error {
  constructor(readonly result: T) {
    super('preview')
  }
}

/** A user's name in the language shown: the English one when set and asked for. */
export function nameIn(u: { displayName: string; displayNameEn?: string | null }, lang: string): string {
  return lang === 'en' && u.displayNameEn ? u.displayNameEn : u.displayName
}

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
      }
    })
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
      for (const r of rows) list.push(await loadRole(db, r.id, c.get('lang'), currentUser(c)))
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
      const lang = c.get('lang')
      refuseUnlessAllowed(currentUser(c), { kind: 'role', after: namedRole(input, lang) }, lang)
      await checkRole(db, input)
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
      return ok(c, await loadRole(db, id, lang, currentUser(c)))
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
      const lang = c.get('lang')
      const manager = currentUser(c)
      const before = await loadRole(db, id, lang, manager)
      refuseUnlessAllowed(
        manager,
        { kind: 'role', before: namedRole(before, lang), after: namedRole(input, lang) },
        lang,
      )
      await checkRole(db, input, id)
      // The refusal lands at what took full privilege away: the switch, or the enabled flag.
      const field = before.allPrivileges && !input.allPrivileges ? 'allPrivileges' : 'enabled'
      await keepingFullPrivilege(db, (tx) => writeRole(tx, id, input), field)
      return ok(c, await loadRole(db, id, lang, manager))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/roles/{id}/preview',
      tags: tag,
      summary:
        "What saving this role would change: each of its users' privileges gained and lost (nothing is written)",
      ...access(deps, 'authManage:view'),
      request: {
        params: idParam,
        body: { required: true, content: { 'application/json': { schema: roleInput } } },
      },
      responses: okResponse(rolePreviewView),
    }),
    async (c) => {
      c.set('operationType', 'QUERY') // nothing is written: a lookup
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      const lang = c.get('lang')
      const members = await db
        .select({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          displayNameEn: users.displayNameEn,
        })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(eq(userRoles.roleId, id))
        .orderBy(asc(users.username))
      const [exists] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id))
      if (!exists) throw notFound()
      const before = new Map<string, Awaited<ReturnType<typeof privilegesOf>>>()
      for (const m of members) before.set(m.id, await privilegesOf(db, m.id))
      // The change is made in a transaction that is always rolled back: the rule of what a user may do
      // (privilegesOf) and of the last full-privilege holder are asked as they stand, not restated here.
      let lastFullPrivilege = false
      const after = new Map<string, Awaited<ReturnType<typeof privilegesOf>>>()
      try {
        await db.transaction(async (tx) => {
          const holders = await fullPrivilegeHolders(tx)
          await writeRole(tx, id, input)
          lastFullPrivilege = holders > 0 && (await fullPrivilegeHolders(tx)) === 0
          for (const m of members) after.set(m.id, await privilegesOf(tx as Db, m.id))
          throw new PreviewDone(null)
        })
      } catch (error) {
        if (!(error instanceof PreviewDone)) throw error
      }
      const changed = []
      for (const m of members) {
        const b = before.get(m.id)!
        const a = after.get(m.id)!
        const gained = [...a.privileges].filter((p) => !b.privileges.has(p)).sort()
        const lost = [...b.privileges].filter((p) => !a.privileges.has(p)).sort()
        const gainsAll = a.allPrivileges && !b.allPrivileges
        const losesAll = b.allPrivileges && !a.allPrivileges
        if (gained.length || lost.length || gainsAll || losesAll)
          changed.push({
            id: m.id,
            username: m.username,
            name: nameIn(m, lang),
            gained,
            lost,
            gainsAll,
            losesAll,
          })
      }
      return ok(c, { users: changed, unchanged: members.length - changed.length, lastFullPrivilege })
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
        const lang = c.get('lang')
        const manager = currentUser(c)
        const role = await loadRole(db, id, lang, manager)
        refuseUnlessAllowed(manager, { kind: 'role', after: namedRole(role, lang) }, lang)
        if (enabled && !role.allPrivileges && role.privileges.length === 0)
          throw invalid({ privileges: 'rolePrivilegesEmpty' })
        const [row] = await keepingFullPrivilege(
          db,
          (tx) =>
            tx.update(roles).set({ enabled, updatedAt: new Date() }).where(eq(roles.id, id)).returning(),
          'enabled',
        )
        if (!row) throw notFound()
        return ok(c, await loadRole(db, id, lang, manager))
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
      const id = await createUser(db, input, passwordHash)
      return ok(c, (await loadUsers(db, [id], lang, manager))[0])
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
