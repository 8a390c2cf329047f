// The finance API (/api/finance): exchange rates (list, add, edit, delete, import), the reporting
// currency, the payment history and its summary, the contracts register, their Excel exports, and the
// collection's value in a currency. Reading needs financeManage:view; changing rates or the setting needs
// financeManage:edit. The conversion itself lives in convert.ts for the other areas to reuse.
import { createRoute, z } from '@hono/zod-openapi'
import {
  collectionValueQuery,
  collectionValue as collectionValueSchema,
  contractListQuery,
  contractRow,
  financeSettingsInput,
  financeSettings as financeSettingsSchema,
  paymentListQuery,
  paymentRow,
  paymentSummaryQuery,
  paymentSummary as paymentSummarySchema,
  rateImportInput,
  rateImportResult,
  rateInput,
  rateListQuery,
  rateView,
} from '../../../shared/contracts/finance'
import { formatMessage } from '../../../shared/errors'
import { todayIn } from '../../../shared/office-time'
import { access, currentUser } from '../../http/access'
import { invalid } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { seesValues, withoutValueKeys } from '../../http/values'
import { heavyDownload } from '../../jobs/heavy'
import { allContracts, listContracts } from './contracts'
import { contractsWorkbook, paymentsWorkbook, XLSX_MIME } from './excel'
import { allPayments, listPayments, paymentSummary } from './payments'
import { createRate, deleteRate, editRate, importRates, knownCurrencies, listRates } from './rates'
import { collectionValue, financeSettings, reportingCurrency, saveReportingCurrency } from './value'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})
const xlsxResponses = (description: string) => ({
  200: { description, content: { [XLSX_MIME]: { schema: z.string().openapi({ format: 'binary' }) } } },
  default: { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } },
})

export function financeRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['financeManage']
  const view = access(deps, 'financeManage:view')
  const edit = access(deps, 'financeManage:edit')

  // ---- Exchange rates and the reporting currency --------------------------------------------------------

  app.openapi(
    createRoute({
      method: 'get',
      path: '/rates',
      tags,
      summary: 'Exchange rates, newest date first (either side of a pair in `currency`; dates from/to)',
      ...view,
      request: { query: rateListQuery },
      responses: okResponse(pageOf(rateView)),
    }),
    async (c) => {
      const q = c.req.valid('query')
      return ok(c, await listRates(db, { ...q, page: q.page, pageSize: q.pageSize }))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/rates',
      tags,
      summary:
        'Add a rate: 1 base = rate quote from `on` (above zero, two known currencies, one per pair and date)',
      ...edit,
      request: body(rateInput),
      responses: okResponse(rateView),
    }),
    async (c) => ok(c, await createRate(db, c.req.valid('json'), currentUser(c), c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/rates/{id}',
      tags,
      summary: 'Edit a rate (the same checks as adding one)',
      ...edit,
      request: { params: idParam, ...body(rateInput) },
      responses: okResponse(rateView),
    }),
    async (c) => ok(c, await editRate(db, c.req.valid('param').id, c.req.valid('json'), c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/rates/{id}',
      tags,
      summary: 'Delete a rate (totals already shown are recomputed with the rates left)',
      ...edit,
      request: { params: idParam },
      responses: okResponse(z.object({ deleted: z.boolean() })),
    }),
    async (c) => {
      await deleteRate(db, c.req.valid('param').id)
      return ok(c, { deleted: true })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/rates/import',
      tags,
      summary:
        'Import rates from an uploaded Excel file (`fileId`) or CSV text (`csv`), columns base, quote, date, rate, source: checked whole first; one bad row and nothing is written, the bad rows listed',
      ...edit,
      request: body(rateImportInput),
      responses: okResponse(rateImportResult),
    }),
    async (c) => ok(c, await importRates(deps, currentUser(c), c.req.valid('json'), c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings',
      tags,
      summary: 'The reporting currency (CNY until someone sets it), who set it and when',
      ...view,
      responses: okResponse(financeSettingsSchema),
    }),
    async (c) => ok(c, await financeSettings(db)),
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings',
      tags,
      summary: 'Set the reporting currency (a currency of the CURRENCY dictionary)',
      ...edit,
      request: body(financeSettingsInput),
      responses: okResponse(financeSettingsSchema),
    }),
    async (c) => {
      const { reportingCurrency: currency } = c.req.valid('json')
      if (!(await knownCurrencies(db)).has(currency))
        throw invalid({ reportingCurrency: formatMessage('unknownCurrency', c.get('lang')) })
      await saveReportingCurrency(db, currency, currentUser(c).id)
      return ok(c, await financeSettings(db))
    },
  )

  // ---- Payments --------------------------------------------------------------------------------------------

  app.openapi(
    createRoute({
      method: 'get',
      path: '/payments',
      tags,
      summary:
        'Every payment and collection, one row per attempt (paid, or failed with its reason), newest first; `processId` also finds the non-contract payments settling that process',
      ...view,
      request: { query: paymentListQuery },
      responses: okResponse(pageOf(paymentRow)),
    }),
    async (c) => {
      const q = c.req.valid('query')
      const page = await listPayments(db, { ...q, page: q.page, pageSize: q.pageSize }, c.get('lang'))
      const user = currentUser(c)
      return ok(c, { ...page, list: page.list.map((p) => financeValuesFor(user, p)) })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/payments/summary',
      tags,
      summary:
        'Paid amounts by month, paying company, cost attribution or currency, each row in one currency (never added across currencies); `reportingCurrency=1` adds totals in the reporting currency through dated rates, naming them, with the amounts no rate converted apart',
      ...view,
      request: { query: paymentSummaryQuery },
      responses: okResponse(paymentSummarySchema),
    }),
    async (c) => {
      const q = c.req.valid('query')
      const target = q.reportingCurrency === '1' ? await reportingCurrency(db) : ''
      const summary = await paymentSummary(db, q, target, c.get('lang'))
      if (seesValues(currentUser(c))) return ok(c, summary)
      // the counts stay; every sum, and the totals in the reporting currency, are values
      return ok(c, {
        ...summary,
        ...withoutValueKeys({ rows: summary.rows, totals: summary.totals }, FINANCE_VALUE_KEYS),
        reporting: null,
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/payments/export',
      tags,
      summary: 'The payment history with the same filters as an Excel workbook (streamed)',
      ...view,
      request: { query: paymentListQuery },
      responses: xlsxResponses('The payments'),
    }),
    async (c) =>
      heavyDownload(deps.heavy.downloads, currentUser(c).id, () =>
        paymentsWorkbook(
          shownRows(currentUser(c), allPayments(db, c.req.valid('query'), c.get('lang'))),
          c.get('lang'),
        ),
      ),
  )

  // ---- Contracts -------------------------------------------------------------------------------------------

  app.openapi(
    createRoute({
      method: 'get',
      path: '/contracts',
      tags,
      summary:
        'The contracts register (purchase, sale, service): amount, paid so far (paid payments in its currency), outstanding, expiring soon',
      ...view,
      request: { query: contractListQuery },
      responses: okResponse(pageOf(contractRow)),
    }),
    async (c) => {
      const user = currentUser(c)
      const q = contractFiltersFor(user, c.req.valid('query'))
      const page = await listContracts(db, { ...q, page: q.page, pageSize: q.pageSize }, c.get('lang'))
      return ok(c, { ...page, list: page.list.map((r) => financeValuesFor(user, r)) })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/contracts/export',
      tags,
      summary: 'The contracts register with the same filters as an Excel workbook (streamed)',
      ...view,
      request: { query: contractListQuery },
      responses: xlsxResponses('The contracts'),
    }),
    async (c) =>
      heavyDownload(deps.heavy.downloads, currentUser(c).id, () => {
        const user = currentUser(c)
        const q = contractFiltersFor(user, c.req.valid('query'))
        return contractsWorkbook(shownRows(user, allContracts(db, q, c.get('lang'))), c.get('lang'))
      }),
  )

  // ---- Collection value ------------------------------------------------------------------------------------

  app.openapi(
    createRoute({
      method: 'get',
      path: '/collection-value',
      tags,
      summary:
        "The collection's value at a date (default today) in a currency (default the reporting currency): each held artwork's latest valuation on or before it, per-currency subtotals converted at that date's rates (named), artworks without a rate apart",
      ...view,
      request: { query: collectionValueQuery },
      responses: okResponse(collectionValueSchema),
    }),
    async (c) => {
      const q = c.req.valid('query')
      const today = todayIn(deps.config.timeZone)
      if (q.at && q.at > today) throw invalid({ at: formatMessage('dateInFuture', c.get('lang')) })
      const at = q.at ?? today
      const target = q.currency ?? (await reportingCurrency(db))
      if (q.currency && !(await knownCurrencies(db)).has(q.currency))
        throw invalid({ currency: formatMessage('unknownCurrency', c.get('lang')) })
      const value = await collectionValue(db, at, target, today)
      return ok(c, seesValues(currentUser(c)) ? value : withoutValueKeys(value, COLLECTION_VALUE_KEYS))
    },
  )

  return app
}

/** The amounts of a payment, a contract or a summary row: null for a user who may not see values. */
const FINANCE_VALUE_KEYS: ReadonlySet<string> = new Set([
  'amount',
  'paid',
  'outstanding',
  'outgoing',
  'incoming',
])
/** The collection's value: its total, each currency's amount and conversion, each unconverted valuation. */
const COLLECTION_VALUE_KEYS: ReadonlySet<string> = new Set(['total', 'amount', 'converted'])

function financeValuesFor<T extends object>(user: AuthUser, row: T): T {
  return seesValues(user) ? row : withoutValueKeys(row, FINANCE_VALUE_KEYS)
}

/** Rows streamed to an export, without values for a user who may not see them. */
async function* shownRows<T extends object>(user: AuthUser, rows: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const row of rows) yield financeValuesFor(user, row)
}

/** Without values, "only those with an amount outstanding" would tell the amounts: it is not applied. */
function contractFiltersFor<T extends { outstanding?: string }>(user: AuthUser, q: T): T {
  return seesValues(user) ? q : { ...q, outstanding: undefined }
}
