// The data centre API (/api/datacentre), all behind art-data-center:view: the collection
// dashboard (totals per currency and in the reporting currency, the breakdowns, insurance, what is moving),
// the value over time from the valuation history, and the process mining of one type from its history rows.
// Every filter value is checked to exist (400 at the field otherwise), as is every currency.
import { createRoute, z } from '@hono/zod-openapi'
import {
  collectionDashboard,
  collectionFilters,
  DIMENSIONS,
  FILTER_KEYS,
  miningQuery,
  processMining as processMiningSchema,
  valueHistoryQuery,
  valueHistory as valueHistorySchema,
} from '../../../shared/contracts/datacentre'
import { PROCESS_TYPES } from '../../../shared/process-types'
import { access } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { requestScope } from '../auth/scope'
import { reportingCurrency } from '../finance/value'
import type { ProcessCatalog } from '../process/catalog'
import { machineCatalog } from '../process/machine-catalog'
import { activityAggregate, collectionBreakdown, collectionTotals, insuranceAggregate } from './collection'
import { checkFilters, checkRange, type ScopedFilters } from './filters'
import { type HistoryFigures, processMining } from './mining'
import { snapshot } from './snapshot'
import { rangeOf, valueHistory } from './value-history'

const typeParam = z.object({
  type: z
    .enum(PROCESS_TYPES, { message: 'invalidValue' })
    .openapi({ param: { in: 'path', name: 'type', required: true } }),
})

export function datacentreRoutes(deps: Deps, catalog: ProcessCatalog = machineCatalog) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['art-data-center']
  const view = access(deps, 'art-data-center:view')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/collection',
      tags,
      summary:
        "The collection dashboard: held artworks' value per original currency and in the reporting currency (today's rates, named; amounts without a rate apart), by location, medium, period, artist, invest market and income stage (each chart ignoring its own filter), insured or not with the under-insured count, and what is in operations, on loan, in transit",
      ...view,
      request: { query: collectionFilters },
      responses: okResponse(collectionDashboard),
    }),
    async (c) => {
      const f: ScopedFilters = { ...c.req.valid('query'), scope: await requestScope(c, db) }
      const lang = c.get('lang')
      await checkFilters(db, f, lang)
      const target = f.reportingCurrency ?? (await reportingCurrency(db))
      const [totals, insurance, activity, ...breakdowns] = await Promise.all([
        collectionTotals(db, f, target),
        insuranceAggregate(db, f, target),
        activityAggregate(db, f),
        ...DIMENSIONS.map((d) => collectionBreakdown(db, f, d, target, lang)),
      ])
      return ok(c, { totals, breakdowns, insurance, activity })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/value-history',
      tags,
      summary:
        'The value of the held artworks at the end of each month or year of a range (default the last 24 months), per currency from the valuation history, and converted at each day’s rates (named)',
      ...view,
      request: { query: valueHistoryQuery },
      responses: okResponse(valueHistorySchema),
    }),
    async (c) => {
      const q = c.req.valid('query')
      const lang = c.get('lang')
      checkRange(q, lang)
      await checkFilters(db, q, lang)
      const range = rangeOf(q, lang)
      checkRange(range, lang) // a `from` after today with no `to`
      const target = q.reportingCurrency ?? (await reportingCurrency(db))
      const scope = await requestScope(c, db)
      const compute = () => valueHistory(db, { ...q, scope }, { by: q.by, ...range }, target)
      // The unfiltered default view reads every valuation: kept as a snapshot (snapshot.ts), its age shown;
      // never for a user limited to legal entities (the snapshot is the whole collection's).
      const plain = !scope && !q.from && !q.to && FILTER_KEYS.every((k) => q[k] === undefined)
      if (!plain) return ok(c, await compute())
      const kept = await snapshot(
        db,
        `value.${q.by}.${target}`,
        compute,
        (d) => d.from === range.from && d.to === range.to,
      )
      return ok(c, { ...kept.data, computedAt: kept.computedAt })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/processes/{type}',
      tags,
      summary:
        'Process mining of a type from its history rows: per step the median and 90th-percentile time spent, the share rejected and terminated there, live processes and overdue tasks; the bottleneck (largest median × live); completed and terminated per month. `from`/`to` take the processes started in the range',
      ...view,
      request: { params: typeParam, query: miningQuery },
      responses: okResponse(processMiningSchema),
    }),
    async (c) => {
      const { type } = c.req.valid('param')
      const q = c.req.valid('query')
      checkRange(q, c.get('lang'))
      const steps = catalog.latest(type).steps.map((s) => s.key)
      // Without a range, the history figures (every row of the type) come from a snapshot; live counts and
      // overdue tasks are always read now.
      const kept =
        q.from || q.to
          ? undefined
          : (compute: () => Promise<HistoryFigures>) => snapshot(db, `mining.${type}`, compute)
      return ok(c, await processMining(db, type, steps, q, kept))
    },
  )

  return app
}
