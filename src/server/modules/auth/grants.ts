// What the user-management routes (roles.ts, users.ts, user-sessions.ts) share: what each user holds as the
// user-manager rule (grant-rule.ts) sees it, the refusal of a change that rule does not allow, the path's
// id parameter, and the held sessions forgotten after every write (any of them may change what someone may do).
import { z } from '@hono/zod-openapi'
import { eq, inArray } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import type { Db, DbOrTx } from '../../db/client'
import { rolePrivileges, roles, userPrivileges, userRoles, users } from '../../db/schema'
import { AppError, invalid, notFound } from '../../http/app-error'
import type { AppEnv } from '../../http/context'
import {
  type Manager,
  type ManagerChange,
  type NamedRole,
  type Target,
  userManagerRefusal,
} from './grant-rule'
import { nameIn } from './names'
import { forgetSessions } from './sessions'

export const idParam = z.object({
  id: z.uuid().openapi({ param: { in: 'path', name: 'id', required: true } }),
})

/**
 * After a write (any method but GET), held sessions are read again on their next request: a change of roles,
 * users or sessions may change what someone may do.
 */
export function forgetSessionsAfterWrites(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (c.req.method !== 'GET') forgetSessions(db)
  }
}

/** What is in one list and not the other. */
export function symmetricDifference(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))])]
}

/** Refuse (4031, with the reason in words) a change the user-management rule does not allow the manager. */
export function refuseUnlessAllowed(manager: Manager, change: ManagerChange, lang: string) {
  const refusal = userManagerRefusal(manager, change, lang)
  if (refusal) throw new AppError(4031, refusal.key, refusal.params)
}

export function namedRole(
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
export async function namedRoles(
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

export interface UserGrants {
  target: Target
  roleIds: string[]
  /** The user's own privileges, beyond their roles. */
  own: string[]
}

/**
 * What each user holds as the user-management rule sees it: every role of theirs, enabled or not (a disabled
 * full-privilege role may be enabled again), and their own privileges.
 */
export async function grantsOfUsers(
  db: DbOrTx,
  ids: string[],
  lang: string,
): Promise<Map<string, UserGrants>> {
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
export async function grantsOfUser(db: DbOrTx, id: string, lang: string): Promise<UserGrants> {
  const found = (await grantsOfUsers(db, [id], lang)).get(id)
  if (!found) throw notFound()
  return found
}
