// The full-privilege rule: no change may leave the system without an enabled user holding an enabled
// full-privilege role. Every write of roles.ts and users.ts that may take full privilege away runs through
// keepingFullPrivilege; the role preview asks fullPrivilegeHolders before and after its rolled-back change.
import { and, eq, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { roles, userRoles, users } from '../../db/schema'
import { AppError } from '../../http/app-error'

/** Enabled users holding an enabled full-privilege role: there must always be at least one. */
export async function fullPrivilegeHolders(tx: DbOrTx): Promise<number> {
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
export async function keepingFullPrivilege<T>(
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
