// The legal entities API (/api/entities): the tree (read by whoever sees the archive, which filters and sets
// owners by entity), creating and changing entities (privilege authManage:entities: no cycle, a known parent
// and jurisdiction), and what an entity and those under it hold on a day (art-data-center:view).
import { createRoute, z } from '@hono/zod-openapi'
import { eq, sql } from 'drizzle-orm'
import {
  type EntityInput,
  entityInput,
  entityNodeDocument,
  entityView,
  holdingsQuery,
  holdingsView,
} from '../../../shared/contracts/ownership'
import { legalEntities } from '../../db/schema'
import { access } from '../../http/access'
import { invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { officeToday } from '../../office-day'
import { knownCurrencies } from '../finance/rates'
import { reportingCurrency } from '../finance/value'
import { holdingsOf } from './holdings'
import { checkEntityInput, entityTree, entityViewOf, loadEntity } from './tree'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})

/** One writer of the tree at a time, so two moves cannot close a cycle between them. */
const TREE_LOCK = sql`select pg_advisory_xact_lock(hashtext('legal_entities'))`

const columnsOf = (input: EntityInput) => ({
  nameZh: input.nameZh,
  nameEn: input.nameEn,
  kind: input.kind,
  jurisdiction: input.jurisdiction,
  parentId: input.parentId ?? null,
})

export function entityRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['authManage']
  const manage = access(deps, 'authManage:entities')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Every legal entity as a tree (roots and children by name)',
      ...access(deps, 'artworkArchive:view', { anySystem: true }),
      responses: okResponse(z.array(entityNodeDocument)),
    }),
    async (c) => ok(c, await entityTree(db, c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Create a legal entity (person, company, trust, foundation, fund) under an optional parent',
      ...manage,
      request: body(entityInput),
      responses: okResponse(entityView),
    }),
    async (c) => {
      const input = c.req.valid('json')
      const row = await db.transaction(async (tx) => {
        await tx.execute(TREE_LOCK)
        await checkEntityInput(tx, input)
        const [created] = await tx.insert(legalEntities).values(columnsOf(input)).returning()
        return created
      })
      return ok(c, entityViewOf(row))
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary: 'Change a legal entity: names, kind, jurisdiction, parent (never itself nor one under it)',
      ...manage,
      request: { params: idParam, ...body(entityInput) },
      responses: okResponse(entityView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const input = c.req.valid('json')
      const row = await db.transaction(async (tx) => {
        await tx.execute(TREE_LOCK)
        if (!(await loadEntity(tx, id))) throw notFound()
        await checkEntityInput(tx, input, id)
        const [updated] = await tx
          .update(legalEntities)
          .set({ ...columnsOf(input), updatedAt: new Date() })
          .where(eq(legalEntities.id, id))
          .returning()
        return updated
      })
      return ok(c, entityViewOf(row))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/holdings',
      tags: ['art-data-center'],
      summary:
        'What the entity and those under it own on a day (default today), share-weighted, valued then and converted at the rates of that day',
      ...access(deps, 'art-data-center:view'),
      request: { params: idParam, query: holdingsQuery },
      responses: okResponse(holdingsView),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const query = c.req.valid('query')
      if (!(await loadEntity(db, id))) throw notFound()
      const currency = query.currency ?? (await reportingCurrency(db))
      if (!(await knownCurrencies(db)).has(currency)) throw invalid({ currency: 'unknownCurrency' })
      return ok(c, await holdingsOf(db, id, query.at ?? officeToday(), currency))
    },
  )
  return app
}
