// Delegations: a user away from the office hands their tasks — of every type or of one — to
// another user for a range of dates (inclusive, in the office's time zone). Anyone signed in keeps their own
// (given by or to them); an authManage:edit holder may set one up for someone else or cancel any, and
// authManage:view lists everyone's. Refused, storing nothing: to oneself, to an unknown or disabled user, an
// end before the start, one overlapping a live delegation of the same delegator in type and dates, and one
// that would close a loop of delegations in force together (A → B while B → A, or longer).
import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { holds } from '../../../shared/access'
import {
  delegationInput,
  delegationListQuery,
  delegationView,
  personOption,
} from '../../../shared/contracts/tasks'
import { todayIn } from '../../../shared/office-time'
import type { DbOrTx } from '../../db/client'
import { delegations, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, forbidden, invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { nameIn } from '../auth/names'

const idParam = z.object({ id: z.uuid().openapi({ param: { in: 'path', name: 'id', required: true } }) })
const json = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
})

const fromUser = alias(users, 'delegation_from')
const toUser = alias(users, 'delegation_to')

async function listDelegations(db: DbOrTx, where: SQL | undefined, today: string, page = 1, pageSize = 200) {
  const [{ n }] = await db.select({ n: count() }).from(delegations).where(where)
  const rows = await db
    .select({
      d: delegations,
      fromName: fromUser.displayName,
      toName: toUser.displayName,
      enabled: sql<boolean>`${fromUser.enabled} and ${toUser.enabled}`,
    })
    .from(delegations)
    .innerJoin(fromUser, eq(fromUser.id, delegations.fromUserId))
    .innerJoin(toUser, eq(toUser.id, delegations.toUserId))
    .where(where)
    .orderBy(
      sql`${delegations.cancelledAt} is not null`,
      desc(delegations.startsOn),
      desc(delegations.createdAt),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const list = rows.map(({ d, fromName, toName, enabled }) => ({
    id: d.id,
    fromUserId: d.fromUserId,
    fromName,
    toUserId: d.toUserId,
    toName,
    processType: d.processType,
    startsOn: d.startsOn,
    endsOn: d.endsOn,
    note: d.note,
    // A delegation of a disabled user (or to one) is void, whatever its dates say.
    active: enabled && d.cancelledAt === null && d.startsOn <= today && today <= d.endsOn,
    cancelledAt: d.cancelledAt?.toISOString() ?? null,
  }))
  return { list, total: Number(n), page, pageSize }
}

type Span = Pick<z.infer<typeof delegationInput>, 'toUserId' | 'processType' | 'startsOn' | 'endsOn'> & {
  fromUserId: string
}

/** The type two delegations both cover (null: every type), or false when they cover none in common. */
function commonType<T extends string>(a: T | null, b: T | null): T | null | false {
  if (a === null) return b
  if (b === null || a === b) return a
  return false
}

/**
 * The loop a new delegation would close, as the users along it (`from`, `to`, ..., `from`), or undefined:
 * live delegations leading from its delegate back to its delegator, all in force together on some day of
 * its dates for some type it covers (A → B while B → A, or A → B → C → A).
 */
async function loopThrough(db: DbOrTx, next: Span): Promise<string[] | undefined> {
  const live = await db
    .select()
    .from(delegations)
    .where(
      and(
        isNull(delegations.cancelledAt),
        lte(delegations.startsOn, next.endsOn),
        gte(delegations.endsOn, next.startsOn),
      ),
    )
  const walk = (path: string[], at: Span): string[] | undefined => {
    const here = path[path.length - 1]
    for (const d of live) {
      if (d.fromUserId !== here) continue
      const type = commonType(at.processType, d.processType)
      // The days both are in force: the later start, the earlier end (yyyy-MM-dd sorts as text).
      const [, startsOn] = [d.startsOn, at.startsOn].sort()
      const [endsOn] = [d.endsOn, at.endsOn].sort()
      if (type === false || startsOn > endsOn) continue
      if (d.toUserId === next.fromUserId) return [...path, d.toUserId]
      if (path.includes(d.toUserId)) continue
      const found = walk([...path, d.toUserId], { ...at, processType: type, startsOn, endsOn })
      if (found) return found
    }
    return undefined
  }
  return walk([next.fromUserId, next.toUserId], next)
}

/** 400 naming the loop by the users' names, in the request's language: `A → B → A`. */
async function loopError(db: DbOrTx, loop: string[], lang: string) {
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, displayNameEn: users.displayNameEn })
    .from(users)
    .where(inArray(users.id, loop))
  const names = new Map(rows.map((u) => [u.id, nameIn(u, lang)]))
  return new AppError(
    400,
    'invalidInput',
    { loop: loop.map((id) => names.get(id) ?? id).join(' → ') },
    { fieldErrors: { toUserId: 'delegationLoop' } },
  )
}

export function delegationRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['tasks: delegations']
  const today = () => todayIn(deps.config.timeZone)
  const one = async (id: string) => (await listDelegations(db, eq(delegations.id, id), today())).list[0]

  app.openapi(
    createRoute({
      method: 'get',
      path: '/delegations',
      tags,
      summary: 'Delegations given by or to me (scope=mine), or everyone’s (scope=all, authManage:view)',
      ...access(deps, 'signedIn'),
      request: { query: delegationListQuery },
      responses: okResponse(pageOf(delegationView)),
    }),
    async (c) => {
      const user = currentUser(c)
      const { scope, page, pageSize } = c.req.valid('query')
      if (scope === 'all' && !holds(user, 'authManage:view')) throw forbidden()
      const where =
        scope === 'all'
          ? undefined
          : or(eq(delegations.fromUserId, user.id), eq(delegations.toUserId, user.id))
      return ok(c, await listDelegations(db, where, today(), page, pageSize))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/delegations/people',
      tags,
      summary: 'The enabled users one may delegate to, by name',
      ...access(deps, 'signedIn'),
      responses: okResponse(z.array(personOption)),
    }),
    async (c) => {
      const rows = await db
        .select({ id: users.id, name: users.displayName })
        .from(users)
        .where(eq(users.enabled, true))
        .orderBy(asc(users.displayName))
      return ok(c, rows)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/delegations',
      tags,
      summary:
        'Delegate my tasks (all, or of one type) to another user for a range of dates; authManage:edit may name another delegator',
      ...access(deps, 'signedIn'),
      request: { body: json(delegationInput) },
      responses: okResponse(delegationView),
    }),
    async (c) => {
      const user = currentUser(c)
      const input = c.req.valid('json')
      const from = input.fromUserId ?? user.id
      if (from !== user.id && !holds(user, 'authManage:edit')) throw forbidden()
      if (input.toUserId === from) throw invalid({ toUserId: 'delegateToSelf' })
      if (input.endsOn < input.startsOn) throw invalid({ endsOn: 'endBeforeStart' })
      const id = await db.transaction(async (tx) => {
        // Delegations are written one at a time, so neither two overlapping ones nor the two halves of a
        // loop can both pass.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vitrine:delegations'))`)
        const [fromRow] = await tx.select().from(users).where(eq(users.id, from))
        if (!fromRow?.enabled) throw invalid({ fromUserId: 'invalidValue' })
        const [toRow] = await tx.select().from(users).where(eq(users.id, input.toUserId))
        if (!toRow?.enabled) throw invalid({ toUserId: 'invalidValue' })
        const [clash] = await tx
          .select({ id: delegations.id })
          .from(delegations)
          .where(
            and(
              eq(delegations.fromUserId, from),
              isNull(delegations.cancelledAt),
              lte(delegations.startsOn, input.endsOn),
              gte(delegations.endsOn, input.startsOn),
              input.processType === null
                ? undefined
                : or(isNull(delegations.processType), eq(delegations.processType, input.processType)),
            ),
          )
          .limit(1)
        if (clash) throw invalid({ startsOn: 'delegationOverlaps' })
        const loop = await loopThrough(tx, { ...input, fromUserId: from })
        if (loop) throw await loopError(tx, loop, c.get('lang'))
        const [row] = await tx
          .insert(delegations)
          .values({
            fromUserId: from,
            toUserId: input.toUserId,
            processType: input.processType,
            startsOn: input.startsOn,
            endsOn: input.endsOn,
            note: input.note,
            createdBy: user.id,
          })
          .returning({ id: delegations.id })
        return row.id
      })
      c.set('operationType', 'DELEGATION_CREATE')
      return ok(c, await one(id))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/delegations/{id}/cancel',
      tags,
      summary: 'Cancel a delegation (its delegator, or authManage:edit)',
      ...access(deps, 'signedIn'),
      request: { params: idParam },
      responses: okResponse(delegationView),
    }),
    async (c) => {
      const user = currentUser(c)
      const { id } = c.req.valid('param')
      const [row] = await db.select().from(delegations).where(eq(delegations.id, id))
      if (!row) throw notFound()
      if (row.fromUserId !== user.id && !holds(user, 'authManage:edit')) throw forbidden()
      await db
        .update(delegations)
        .set({ cancelledAt: new Date() })
        .where(and(eq(delegations.id, id), isNull(delegations.cancelledAt)))
      c.set('operationType', 'DELEGATION_CANCEL')
      return ok(c, await one(id))
    },
  )

  return app
}
