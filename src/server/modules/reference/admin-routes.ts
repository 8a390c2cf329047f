// The admin API that maintains reference data, under /api/reference: for each kind of record (see
// entities.ts) a paged list, one record, create, edit, enable, disable, and delete when nothing uses it.
// Reading needs a signed-in user; writing needs authManage:referenceData.
import { createRoute, z } from '@hono/zod-openapi'
import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  adminListQuery,
  DICT_CODES,
  DICTIONARIES,
  dictItemView,
  dictionaryView,
  isDictCode,
} from '../../../shared/contracts/reference'
import { countries, dictItems } from '../../db/schema'
import { access } from '../../http/access'
import { AppError } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import {
  countryEntity,
  dictItemEntity,
  dictItemViews,
  enterpriseEntity,
  keywordWhere,
  organizationEntity,
  type ReferenceEntity,
  roomEntity,
  tagEntity,
  vendorEntity,
} from './entities'
import { nest } from './queries'
import { isForeignKeyViolation, isReferenced } from './usage'
import { createRecord, editRecord, loadRow, selectRows, setEnabled, viewOf } from './writes'

const WRITE = 'authManage:referenceData' as const
const inUse = () => new AppError(409, 'inUse')

function entityRoutes<
  T extends PgTable,
  Id extends string | number,
  Edit extends object,
  Create extends Edit,
  S extends z.ZodRawShape,
>(deps: Deps, app: ReturnType<typeof moduleRouter>, entity: ReferenceEntity<T, Id, Edit, Create, S>) {
  // The table as the generic queries below take it (its rows are typed where they are read: toViews).
  const table: PgTable = entity.table
  const { db } = deps.database
  const tag = ['reference data (admin)']
  const base = `/${entity.segment}`
  const idParam = z.object({
    id: entity.idSchema.openapi({ param: { in: 'path', name: 'id', required: true } }),
  })
  const listQuery = adminListQuery.extend(entity.filters.shape)
  const body = <I>(schema: z.ZodType<I>) => ({
    body: { required: true, content: { 'application/json': { schema } } },
  })

  app.openapi(
    createRoute({
      method: 'get',
      path: base,
      tags: tag,
      summary: `List ${entity.noun} records, disabled ones included, paged`,
      ...access(deps, 'signedIn'),
      request: { query: listQuery },
      responses: okResponse(pageOf(entity.view)),
    }),
    async (c) => {
      const query = c.req.valid('query')
      // The shared paging and keyword, and the entity's own filters, each typed by its own schema.
      const q = adminListQuery.parse(query)
      const conditions = [
        ...entity.where(entity.filters.parse(query)),
        keywordWhere(entity.keyword, q.keyword),
        q.enabled ? eq(getTableColumns(table).enabled, q.enabled === 'true') : undefined,
      ].filter((x): x is SQL => x !== undefined)
      const where = conditions.length ? and(...conditions) : undefined
      const [{ n }] = await db.select({ n: count() }).from(table).where(where)
      const rows = await selectRows(db, entity, where, {
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      })
      const list = await entity.toViews(db, rows, c.get('lang'))
      return ok(c, { list, total: Number(n), page: q.page, pageSize: q.pageSize })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags: tag,
      summary: `One ${entity.noun}`,
      ...access(deps, 'signedIn'),
      request: { params: idParam },
      responses: okResponse(entity.view),
    }),
    async (c) => ok(c, await viewOf(db, entity, c.req.valid('param').id, c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: base,
      tags: tag,
      summary: `Create a ${entity.noun} (both names required; its ${entity.identity.field} is fixed from then on)`,
      ...access(deps, WRITE),
      request: body(entity.create),
      responses: okResponse(entity.view),
    }),
    async (c) => {
      const id = await createRecord(db, entity, c.req.valid('json'))
      return ok(c, await viewOf(db, entity, id, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags: tag,
      summary: `Edit a ${entity.noun}`,
      ...access(deps, WRITE),
      request: { params: idParam, ...body(entity.edit) },
      responses: okResponse(entity.view),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      await editRecord(db, entity, id, c.req.valid('json'))
      return ok(c, await viewOf(db, entity, id, c.get('lang')))
    },
  )

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `${base}/{id}/${action}`,
        tags: tag,
        summary: enabled
          ? `Enable a ${entity.noun}`
          : `Disable a ${entity.noun}: forms stop offering it; records that use it keep it`,
        ...access(deps, WRITE),
        request: { params: idParam },
        responses: okResponse(entity.view),
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        await setEnabled(db, entity, id, enabled)
        return ok(c, await viewOf(db, entity, id, c.get('lang')))
      },
    )
  }

  app.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{id}`,
      tags: tag,
      summary: `Delete a ${entity.noun} that nothing uses (409 otherwise: disable it instead)`,
      ...access(deps, WRITE),
      request: { params: idParam },
      responses: okResponse(z.object({ deleted: z.boolean() })),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const row = await loadRow(db, entity, id)
      if (entity.parentColumn) {
        const [child] = await db
          .select({ id: entity.idColumn })
          .from(table)
          .where(eq(entity.parentColumn, id))
          .limit(1)
        if (child) throw inUse()
      }
      const { key, dictCode } = entity.usageKey(row)
      if (await isReferenced(db, entity.name, key, dictCode)) throw inUse()
      try {
        await db.delete(table).where(eq(entity.idColumn, id))
      } catch (error) {
        if (isForeignKeyViolation(error)) throw inUse()
        throw error
      }
      return ok(c, { deleted: true })
    },
  )
}

export function referenceAdminRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tag = ['reference data (admin)']

  app.openapi(
    createRoute({
      method: 'get',
      path: '/dictionaries',
      tags: tag,
      summary: 'Every dictionary of docs/architecture.md § Reference-data calls with its item count',
      ...access(deps, 'signedIn'),
      responses: okResponse(z.array(dictionaryView)),
    }),
    async (c) => {
      const lang = c.get('lang')
      const counts = await db
        .select({ code: dictItems.dictCode, n: count() })
        .from(dictItems)
        .groupBy(dictItems.dictCode)
      const [{ n: countryCount }] = await db.select({ n: count() }).from(countries)
      const byCode = new Map<string, number>(counts.map((r) => [r.code, Number(r.n)]))
      return ok(
        c,
        DICT_CODES.map((code) => {
          const d = DICTIONARIES[code]
          return {
            code,
            name: lang === 'en' ? d.nameEn : d.nameZh,
            nameZh: d.nameZh,
            nameEn: d.nameEn,
            tree: d.tree,
            source: d.source,
            itemCount: d.source === 'countries' ? Number(countryCount) : (byCode.get(code) ?? 0),
          }
        }),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/dictionaries/{code}/items',
      tags: tag,
      summary: 'Every item of one dictionary, disabled ones included, in tree order with their level',
      ...access(deps, 'signedIn'),
      request: {
        params: z.object({
          code: z
            .string()
            .max(64)
            .openapi({ param: { in: 'path', name: 'code', required: true } }),
        }),
      },
      responses: okResponse(z.array(dictItemView)),
    }),
    async (c) => {
      const { code } = c.req.valid('param')
      if (!isDictCode(code) || code === 'COUNTRY') {
        throw new AppError(400, 'unknownDictCode', undefined, { fieldErrors: { code: 'unknownDictCode' } })
      }
      const rows = await db
        .select()
        .from(dictItems)
        .where(eq(dictItems.dictCode, code))
        .orderBy(dictItems.sort, dictItems.id)
      // Pre-order: each item followed by the items below it.
      type Node = { row: (typeof rows)[number]; children: Node[] }
      const ordered: (typeof rows)[number][] = []
      const walk = (nodes: Node[]) => {
        for (const n of nodes) {
          ordered.push(n.row)
          walk(n.children)
        }
      }
      walk(nest(rows, (row) => ({ row })) as Node[])
      return ok(c, await dictItemViews(db, ordered, c.get('lang')))
    },
  )

  entityRoutes(deps, app, dictItemEntity)
  entityRoutes(deps, app, tagEntity)
  entityRoutes(deps, app, countryEntity)
  entityRoutes(deps, app, organizationEntity)
  entityRoutes(deps, app, enterpriseEntity)
  entityRoutes(deps, app, vendorEntity)
  entityRoutes(deps, app, roomEntity)
  return app
}
