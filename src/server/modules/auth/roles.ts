// Roles (authManage, under /api/auth): the privilege catalogue, roles with name, description, enabled flag,
// full privilege or a privilege set, the preview of what saving a role would change for its users, and
// enabling or disabling one. Every write keeps the full-privilege rule (full-privilege.ts), and a user
// manager (authManage:edit without full privilege) makes only the changes grant-rule.ts allows it.
import { randomUUID } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm'
import { privilegeView, roleInput, rolePreviewView, roleView } from '../../../shared/contracts/admin'
import { PRIVILEGES } from '../../../shared/privileges'
import { pageQuery } from '../../../shared/validation'
import type { Db, DbOrTx } from '../../db/client'
import { rolePrivileges, roles, userRoles, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { fullPrivilegeHolders, keepingFullPrivilege } from './full-privilege'
import { type Manager, userManagerRefusal } from './grant-rule'
import { forgetSessionsAfterWrites, idParam, namedRole, refuseUnlessAllowed } from './grants'
import { nameIn } from './names'
import { privilegesOf } from './sessions'

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

export function roleRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tag = ['authManage']
  app.use('/roles/*', forgetSessionsAfterWrites(db))

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

  return app
}
