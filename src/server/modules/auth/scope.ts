// A user's scope: the legal entities they are limited to (user_entity_scope). The one home of the rule —
// every read of artworks, their files, processes, tasks and exports asks `artworkScope` and applies the
// predicate it returns:
//
//   a scoped user sees an artwork when, on the office's today, one of their entities or an entity under one
//   of them owns it, in any share.
//
// A user with no scope rows, and any holder of full privilege, sees the whole collection (`null`). The scope
// and the entity tree are read from the database on every request (the predicate reads them in SQL), never
// held in the session: a change of either takes effect on the next request.

import { eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { DbOrTx } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { legalEntities, userEntityScope } from '../../db/schema'
import { AppError } from '../../http/app-error'
import type { AppEnv } from '../../http/context'
import { officeToday } from '../../office-day'
import type { ArtworkScope } from './scope-types'

export type { ArtworkScope }

/** Who asks: only their id and whether they hold full privilege matter. */
export interface ScopeActor {
  id: string
  allPrivileges: boolean
}

/** The entities stored as the user's scope (empty: the whole collection). */
export async function scopeEntityIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ entityId: userEntityScope.entityId })
    .from(userEntityScope)
    .where(eq(userEntityScope.userId, userId))
  return rows.map((r) => r.entityId).sort()
}

/** The artwork ids owned today (any share) by one of the user's scope entities or one under them. */
function inScopeArtworks(userId: string): SQL {
  const today = officeToday()
  return sql`(select o.artwork_id from artwork_ownerships o
    where o.valid_from <= ${today}::date and (o.valid_to is null or o.valid_to > ${today}::date)
      and o.entity_id in (with recursive sub(id) as (
        select s.entity_id from user_entity_scope s where s.user_id = ${userId}
        union
        select e.id from legal_entities e join sub on e.parent_id = sub.id)
      select id from sub))`
}

/**
 * The actor's scope as predicates on artwork, process and file ids, or null when they see everything
 * (full privilege, or no scope stored). One statement per call: call it once per request.
 */
export async function artworkScope(db: DbOrTx, actor: ScopeActor): Promise<ArtworkScope | null> {
  if (actor.allPrivileges) return null
  const entityIds = await scopeEntityIds(db, actor.id)
  if (entityIds.length === 0) return null
  const visible = inScopeArtworks(actor.id)
  return {
    entityIds,
    artworkIds: visible,
    artworkVisible: (artworkId) => sql`${artworkId} in ${visible}`,
    processVisible: (processId) =>
      sql`not exists (select 1 from process_artworks pa where pa.process_id = ${processId}
        and pa.artwork_id not in ${visible})`,
    fileVisible: (fileId) =>
      sql`(not exists (select 1 from artwork_media m where m.file_id = ${fileId})
          and not exists (select 1 from artworks a where a.preview_file_id = ${fileId}))
        or exists (select 1 from artwork_media m where m.file_id = ${fileId} and m.artwork_id in ${visible})
        or exists (select 1 from artworks a where a.preview_file_id = ${fileId} and a.id in ${visible})`,
  }
}

/** The signed-in user's scope, read from the database once per request (then kept on the request only). */
export async function requestScope(c: Context<AppEnv>, db: DbOrTx): Promise<ArtworkScope | null> {
  const held = c.get('scope')
  if (held !== undefined) return held
  const user = c.get('user')
  if (!user) throw new AppError(403, 'notSignedIn')
  const scope = await artworkScope(db, user)
  c.set('scope', scope)
  return scope
}

/** The scope's predicate on an artwork id, or undefined when the actor sees everything. */
export function visibleWhere(scope: ArtworkScope | null, artworkId: SQLWrapper): SQL | undefined {
  return scope ? scope.artworkVisible(artworkId) : undefined
}

/** Whether these artworks are all in scope (true for an unscoped actor); the ids out of scope otherwise. */
export async function artworksOutOfScope(
  db: DbOrTx,
  scope: ArtworkScope | null,
  artworkIds: readonly string[],
): Promise<string[]> {
  if (!scope || artworkIds.length === 0) return []
  const ids = [...new Set(artworkIds)]
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select a.id::text as id from artworks a
      where a.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and a.id in ${scope.artworkIds}`),
  )
  const seen = new Set(rows.map((r) => r.id))
  return ids.filter((id) => !seen.has(id))
}

/** Whether the artwork is in scope (true for an unscoped actor). */
export async function artworkInScope(
  db: DbOrTx,
  scope: ArtworkScope | null,
  artworkId: string,
): Promise<boolean> {
  return (await artworksOutOfScope(db, scope, [artworkId])).length === 0
}

/** Whether the process is visible (true for an unscoped actor). */
export async function processInScope(
  db: DbOrTx,
  scope: ArtworkScope | null,
  processId: string,
): Promise<boolean> {
  if (!scope) return true
  const rows = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select ${scope.processVisible(sql`${processId}::uuid`)} as ok`),
  )
  return Boolean(rows[0]?.ok)
}

/** The entity and every entity under each of these (ids). */
export async function subtreesOf(db: DbOrTx, entityIds: readonly string[]): Promise<Set<string>> {
  if (entityIds.length === 0) return new Set()
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`with recursive sub(id) as (
        select id from legal_entities where id in (${sql.join(
          entityIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        union
        select e.id from legal_entities e join sub on e.parent_id = sub.id)
      select id::text as id from sub`),
  )
  return new Set(rows.map((r) => r.id))
}

/**
 * The rule of a grant: a manager limited to entities may give only a scope inside theirs (never the whole
 * collection, never an entity outside their entities' trees); an unscoped manager (or a holder of full
 * privilege) may give any. Every entity must exist: 400 at `entityIds.<n>`.
 */
export async function checkScopeGrant(
  db: DbOrTx,
  manager: ScopeActor,
  entityIds: readonly string[],
): Promise<void> {
  if (entityIds.length > 0) {
    const known = new Set(
      (
        await db
          .select({ id: legalEntities.id })
          .from(legalEntities)
          .where(inArray(legalEntities.id, [...entityIds]))
      ).map((r) => r.id),
    )
    const unknown = entityIds.findIndex((id) => !known.has(id))
    if (unknown >= 0)
      throw new AppError(400, 'entityNotFound', undefined, {
        fieldErrors: { [`entityIds.${unknown}`]: 'entityNotFound' },
      })
  }
  if (manager.allPrivileges) return
  const own = await scopeEntityIds(db, manager.id)
  if (own.length === 0) return
  if (entityIds.length === 0)
    throw new AppError(4031, 'scopeBeyondOwn', undefined, { fieldErrors: { entityIds: 'scopeBeyondOwn' } })
  const mine = await subtreesOf(db, own)
  const outside = entityIds.findIndex((id) => !mine.has(id))
  if (outside >= 0)
    throw new AppError(4031, 'scopeBeyondOwn', undefined, {
      fieldErrors: { [`entityIds.${outside}`]: 'scopeBeyondOwn' },
    })
}

/** Whether a target's scope lies inside the manager's (a scoped manager may not take over a wider account). */
export async function scopeWithin(db: DbOrTx, manager: ScopeActor, targetId: string): Promise<boolean> {
  if (manager.allPrivileges) return true
  const own = await scopeEntityIds(db, manager.id)
  if (own.length === 0) return true
  const theirs = await scopeEntityIds(db, targetId)
  if (theirs.length === 0) return false
  const mine = await subtreesOf(db, own)
  return theirs.every((id) => mine.has(id))
}

/** The entities a scoped actor sees (theirs and every one under them), or null when they see everything. */
export async function scopeEntitySet(db: DbOrTx, scope: ArtworkScope | null): Promise<Set<string> | null> {
  return scope ? subtreesOf(db, scope.entityIds) : null
}

/** Whether the legal entity is one the actor sees (true for an unscoped actor). */
export async function entityInScope(
  db: DbOrTx,
  scope: ArtworkScope | null,
  entityId: string,
): Promise<boolean> {
  const seen = await scopeEntitySet(db, scope)
  return !seen || seen.has(entityId)
}

/** True when the policy (an id column or expression) covers, or covered, an artwork the scope sees. */
export function policyVisibleSql(scope: ArtworkScope, policyId: SQLWrapper): SQL {
  return sql`exists (select 1 from insurance_policy_artworks l where l.policy_id = ${policyId}
    and l.artwork_id in ${scope.artworkIds})`
}

/** True when the policy covers, or covered, an artwork the scope does not see (its totals are then not theirs). */
export function policyCoversOutsideSql(scope: ArtworkScope, policyId: SQLWrapper): SQL {
  return sql`exists (select 1 from insurance_policy_artworks l where l.policy_id = ${policyId}
    and l.artwork_id not in ${scope.artworkIds})`
}

/** Whether the insurance policy is visible: it covers or covered a work in scope (true for an unscoped actor). */
export async function policyInScope(
  db: DbOrTx,
  scope: ArtworkScope | null,
  policyId: string,
): Promise<boolean> {
  if (!scope) return true
  const rows = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select ${policyVisibleSql(scope, sql`${policyId}::uuid`)} as ok`),
  )
  return Boolean(rows[0]?.ok)
}
