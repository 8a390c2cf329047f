// The legal entities API (/api/entities): the tree (read by whoever sees the archive, which filters and sets
// owners by entity), creating and changing entities (privilege authManage:entities: no cycle, a known parent
// and jurisdiction), and what an entity and those under it hold on a day (art-data-center:view).
import { createRoute, z } from '@hono/zod-openapi'
import { eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  type EntityInput,
  entityInput,
  entityNodeDocument,
  entityView,
  type HoldingsView,
  holdingsQuery,
  holdingsView,
  ownerSplit,
} from '../../../shared/contracts/ownership'
import { legalEntities } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { invalid, notFound } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { seesValues } from '../../http/values'
import { heavyDownload } from '../../jobs/heavy'
import { XLSX_MIME } from '../../jobs/workbook-writer'
import { officeToday } from '../../office-day'
import { openReport, PDF_MIME, reportResponse } from '../../pdf/report'
import { requestScope, scopeEntitySet } from '../auth/scope'
import type { ArtworkScope } from '../auth/scope-types'
import { knownCurrencies } from '../finance/rates'
import { reportingCurrency } from '../finance/value'
import { holdingsOf } from './holdings'
import { drawHoldings, holdingsFileName, holdingsTitle, holdingsWorkbook } from './holdings-exports'
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
    async (c) =>
      ok(c, await entityTree(db, c.get('lang'), await scopeEntitySet(db, await requestScope(c, db)))),
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
      const held = await holdingsOf(db, id, query.at ?? officeToday(), currency, await requestScope(c, db))
      return ok(c, holdingsFor(currentUser(c), held))
    },
  )

  /** The holdings answer for a download, every input checked first (a refusal is an envelope, never half a file). */
  async function readHoldings(
    user: AuthUser,
    scope: ArtworkScope | null,
    id: string,
    query: z.infer<typeof holdingsQuery>,
  ) {
    const entity = await loadEntity(db, id)
    if (!entity) throw notFound()
    const currency = query.currency ?? (await reportingCurrency(db))
    if (!(await knownCurrencies(db)).has(currency)) throw invalid({ currency: 'unknownCurrency' })
    const data = holdingsFor(user, await holdingsOf(db, id, query.at ?? officeToday(), currency, scope))
    return { entity, data }
  }
  const fileResponses = (mime: string, description: string) => ({
    200: { description, content: { [mime]: { schema: z.string().openapi({ format: 'binary' }) } } },
    default: { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } },
  })

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/holdings.xlsx',
      tags: ['art-data-center'],
      summary:
        'The holdings of the entity and those under it on a day as Excel (words in the request language; values only for holders of valueManage:values)',
      ...access(deps, 'art-data-center:view'),
      request: { params: idParam, query: holdingsQuery },
      responses: fileResponses(XLSX_MIME, 'The holdings as of the day'),
    }),
    async (c) => {
      const { entity, data } = await readHoldings(
        currentUser(c),
        await requestScope(c, db),
        c.req.valid('param').id,
        c.req.valid('query'),
      )
      const lang = c.get('lang')
      return heavyDownload(deps.heavy.downloads, currentUser(c).id, () =>
        holdingsWorkbook(entity, data, lang),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/holdings.pdf',
      tags: ['art-data-center'],
      summary:
        'The holdings of the entity and those under it on a day as a PDF (A4, in the request language; values only for holders of valueManage:values)',
      ...access(deps, 'art-data-center:view'),
      request: { params: idParam, query: holdingsQuery },
      responses: fileResponses(PDF_MIME, 'The holdings as of the day (A4)'),
    }),
    async (c) => {
      const { entity, data } = await readHoldings(
        currentUser(c),
        await requestScope(c, db),
        c.req.valid('param').id,
        c.req.valid('query'),
      )
      const lang = c.get('lang')
      return heavyDownload(deps.heavy.downloads, currentUser(c).id, async () => {
        const r = await openReport(deps.config, { lang, title: holdingsTitle(entity, data, lang) })
        return reportResponse(r, holdingsFileName(entity, data, lang, 'pdf'), (report) =>
          drawHoldings(report, entity, data),
        )
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/split',
      tags: ['art-data-center'],
      summary:
        'The collection split by owner on a day: each top-level entity (with those under it) with its artworks and share-weighted value converted at the rates of that day',
      ...access(deps, 'art-data-center:view'),
      request: { query: holdingsQuery },
      responses: okResponse(ownerSplit),
    }),
    async (c) => {
      const query = c.req.valid('query')
      const currency = query.currency ?? (await reportingCurrency(db))
      if (!(await knownCurrencies(db)).has(currency)) throw invalid({ currency: 'unknownCurrency' })
      const at = query.at ?? officeToday()
      const user = currentUser(c)
      const scope = await requestScope(c, db)
      const rows = []
      for (const e of await splitRoots(scope)) {
        const h = holdingsFor(user, await holdingsOf(db, e.id, at, currency, scope))
        rows.push({
          entityId: e.id,
          nameZh: e.nameZh,
          nameEn: e.nameEn,
          count: h.count,
          total: h.total,
          unconverted: h.unconverted.length,
        })
      }
      rows.sort((a, b) => Number(b.total ?? 0) - Number(a.total ?? 0) || b.count - a.count)
      return ok(c, { at, currency, entities: rows })
    },
  )
  /**
   * The entities the split is by: the top-level ones; for a user limited to legal entities, the highest of
   * theirs (an entity of theirs under another of theirs counts within that one).
   */
  async function splitRoots(scope: ArtworkScope | null) {
    const seen = await scopeEntitySet(db, scope)
    if (!seen) return db.select().from(legalEntities).where(isNull(legalEntities.parentId))
    const mine = await db
      .select()
      .from(legalEntities)
      .where(inArray(legalEntities.id, [...seen]))
    return mine.filter((e) => !e.parentId || !seen.has(e.parentId))
  }
  return app
}

/** The holdings without values (total, each value and its conversion null) for a user who may not see them. */
export function holdingsFor(user: AuthUser, h: HoldingsView): HoldingsView {
  if (seesValues(user)) return h
  return {
    ...h,
    total: null,
    unconverted: [],
    artworks: h.artworks.map((a) => ({ ...a, value: null, currency: null, converted: null })),
  }
}
