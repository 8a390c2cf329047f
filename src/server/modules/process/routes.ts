// The process API (its paths and shapes are fixed: docs/api.md, src/shared/contracts/process.ts): definitions with their graphs, per-state counts, start, list,
// view, its history page by page, and events; plus the approver's inbox and an administrator's migration of a
// process to another machine version. Reading needs devOpsManage:view, starting devOpsManage:start, migrating
// authManage:edit; who may send which event is decided by the machines' guards.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  processCreateInput,
  processDefinitionView,
  processEventInput,
  processHistoryItem,
  processListQuery,
  processMigrateInput,
  processReplay,
  processStatsView,
  processStepRecord,
  processView,
} from '../../../shared/contracts/process'
import { processBulkInput, processBulkResult } from '../../../shared/contracts/process-bulk'
import { PROCESS_TYPES } from '../../../shared/process-types'
import { pageQuery } from '../../../shared/validation'
import { access, currentUser } from '../../http/access'
import { notFound } from '../../http/app-error'
import type { AppEnv, Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { processValuesFor } from '../../http/values'
import { heavyDownload } from '../../jobs/heavy'
import { officeStamp } from '../../office-day'
import { openReport, pdfResponses, reportResponse } from '../../pdf/report'
import { requestScope } from '../auth/scope'
import { runBulk } from './bulk'
import type { ProcessCatalog } from './catalog'
import { definitionViews } from './definitions'
import { drawEntryReceipt, readEntryReceipt } from './entry-receipt'
import { machineCatalog } from './machine-catalog'
import { allProcessStats, listProcesses, processStats } from './queries'
import { replayProcess } from './replay'
import { actorOf, applyEvent, type RuntimeEnv, startProcess, viewProcess } from './runtime'
import { mayStartSome } from './start-access'
import { MIGRATE_PRIVILEGE, migrateProcess } from './versions'
import { historyPage, stepRecord } from './views'

const idParam = z.object({ id: z.uuid().openapi({ param: { in: 'path', name: 'id', required: true } }) })
const seqParam = idParam.extend({
  seq: z.coerce
    .number({ message: 'digitsOnly' })
    .int({ message: 'digitsOnly' })
    .min(1, { message: 'historySeqBeyond' })
    .openapi({ param: { in: 'path', name: 'seq', required: true }, example: 3 }),
})
const stepParam = idParam.extend({
  step: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, { message: 'invalidValue' })
    .openapi({ param: { in: 'path', name: 'step', required: true } }),
})
// A schema of its own (not processTypeSchema): `.openapi()` exists only on schemas built after
// @hono/zod-openapi is loaded, and the shared contract may be loaded first.
const typeParam = z.object({
  type: z
    .enum(PROCESS_TYPES, { message: 'invalidValue' })
    .openapi({ param: { in: 'path', name: 'type', required: true } }),
})
const json = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
})

/** An answer carrying processes, their values left out for a user who may not see values (http/values.ts). */
async function shown<T>(c: Context<AppEnv>, answer: Promise<T>): Promise<T> {
  return processValuesFor(currentUser(c), await answer)
}

export function processRoutes(deps: Deps, catalog: ProcessCatalog = machineCatalog) {
  const app = moduleRouter()
  const env: RuntimeEnv = { db: deps.database.db, config: deps.config, catalog }
  const tags = ['devOpsManage: processes']

  app.openapi(
    createRoute({
      method: 'get',
      path: '/definitions',
      tags,
      summary: 'Every process type: version, steps (both languages) and graph',
      ...access(deps, 'devOpsManage:view'),
      responses: okResponse(z.array(processDefinitionView)),
    }),
    (c) => ok(c, definitionViews(catalog)),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/definitions/stats',
      tags,
      summary: 'For every process type: how many live processes sit in each state (one answer for all types)',
      ...access(deps, 'devOpsManage:view'),
      responses: okResponse(z.array(processStatsView)),
    }),
    async (c) => ok(c, await allProcessStats(env.db, catalog)),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/definitions/{type}/stats',
      tags,
      summary: 'How many live processes of a type sit in each state',
      ...access(deps, 'devOpsManage:view'),
      request: { params: typeParam },
      responses: okResponse(processStatsView),
    }),
    async (c) => ok(c, await processStats(env.db, catalog, c.req.valid('param').type)),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary:
        "Start a process, optionally with its first step's draft (saved in the same transaction, as a SAVE)",
      // devOpsManage:start, or a type's own start privileges (finance raises payment requests): start-access.ts.
      ...access(deps, mayStartSome(catalog)),
      request: { body: json(processCreateInput) },
      responses: okResponse(processView),
    }),
    async (c) => {
      const body = c.req.valid('json')
      c.set('operationType', `PROCESS_START ${body.type}`)
      return ok(
        c,
        await shown(
          c,
          startProcess(
            env,
            currentUser(c),
            body.type,
            body.input,
            c.get('lang'),
            body.idempotencyKey,
            body.draft,
          ),
        ),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Processes, filtered and paged, newest activity first',
      ...access(deps, 'devOpsManage:view'),
      request: { query: processListQuery },
      responses: okResponse(pageOf(processView)),
    }),
    async (c) =>
      ok(
        c,
        await shown(
          c,
          listProcesses(
            env.db,
            catalog,
            c.req.valid('query'),
            actorOf(currentUser(c)),
            await requestScope(c, env.db),
          ),
        ),
      ),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/entry-receipt.pdf',
      tags,
      summary:
        "An object entry's receipt as a PDF, every label in both languages: the depositor, the reason, the dates, the entered work with its inventory number, lines to sign (400 entryReceiptNotReady before the entry is approved)",
      ...access(deps, 'devOpsManage:view'),
      request: { params: idParam },
      responses: pdfResponses('The receipt (A4)'),
    }),
    async (c) =>
      heavyDownload(deps.heavy.downloads, currentUser(c).id, async () => {
        const receipt = await readEntryReceipt(env, currentUser(c), c.req.valid('param').id)
        const r = await openReport(deps.config, { lang: c.get('lang'), title: 'Object entry receipt' })
        return reportResponse(r, `entry-receipt-${receipt.inventoryNo}-${officeStamp()}.pdf`, (report) =>
          drawEntryReceipt(report, receipt),
        )
      }),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary:
        'One process, with the events the current user may send now (or may send for `onBehalfOf`, who delegated to them)',
      ...access(deps, 'devOpsManage:view'),
      request: { params: idParam, query: z.object({ onBehalfOf: z.uuid().optional() }) },
      responses: okResponse(processView),
    }),
    async (c) =>
      ok(
        c,
        await shown(
          c,
          viewProcess(env, currentUser(c), c.req.valid('param').id, c.req.valid('query').onBehalfOf),
        ),
      ),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/at/{seq}',
      tags,
      summary:
        'The process as it was after history event `seq`: its state, step data and diagram state then, rebuilt from the history (read-only)',
      ...access(deps, 'devOpsManage:view'),
      request: { params: seqParam },
      responses: okResponse(processReplay),
    }),
    async (c) => {
      const { id, seq } = c.req.valid('param')
      // The same checks as viewing the process now (the past offers no event, so no one acts for another here).
      const current = await viewProcess(env, currentUser(c), id)
      return ok(c, await replayProcess(env, current, seq))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/history',
      tags,
      summary:
        "A process's whole history, newest first, a page at a time (a view carries only the latest rows)",
      ...access(deps, 'devOpsManage:view'),
      request: { params: idParam, query: pageQuery },
      responses: okResponse(pageOf(processHistoryItem)),
    }),
    async (c) => {
      const { page, pageSize } = c.req.valid('query')
      const found = await historyPage(env.db, c.req.valid('param').id, page, pageSize)
      if (!found) throw notFound()
      return ok(c, processValuesFor(currentUser(c), found))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/steps/{step}',
      tags,
      summary:
        "One step's whole record: every event, payment failure and approval (a view carries only the latest)",
      ...access(deps, 'devOpsManage:view'),
      request: { params: stepParam },
      responses: okResponse(processStepRecord),
    }),
    async (c) => {
      const { id, step } = c.req.valid('param')
      const found = await stepRecord(env.db, catalog, id, step)
      if (!found) throw notFound()
      return ok(c, processValuesFor(currentUser(c), found))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/events',
      tags,
      summary:
        'Send an event (409 when expectedVersion is stale; a repeated idempotencyKey returns the first result)',
      ...access(deps, 'devOpsManage:view'),
      request: { params: idParam, body: json(processEventInput) },
      responses: okResponse(processView),
    }),
    async (c) => {
      const body = c.req.valid('json')
      c.set('operationType', `PROCESS_EVENT ${body.type}`)
      return ok(
        c,
        await shown(c, applyEvent(env, currentUser(c), c.req.valid('param').id, body, c.get('lang'))),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/bulk',
      tags,
      summary:
        'Terminate, reassign the open task or migrate many processes (chosen, or all matching the filter): dryRun answers per process what would happen; a real run (idempotencyKey) does each in its own transaction, with the privileges of the single action',
      ...access(deps, 'devOpsManage:view'),
      request: { body: json(processBulkInput) },
      responses: okResponse(processBulkResult),
    }),
    async (c) => {
      const body = c.req.valid('json')
      c.set('operationType', `PROCESS_BULK${body.dryRun ? '_PREVIEW' : ''} ${body.action}`)
      const user = currentUser(c)
      return ok(c, await runBulk(env, user, body, c.get('lang'), await requestScope(c, env.db)))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/migrate',
      tags,
      summary:
        'Administrators: move a running process to another machine version along a declared state mapping (machines/migrations.ts)',
      ...access(deps, MIGRATE_PRIVILEGE),
      request: { params: idParam, body: json(processMigrateInput) },
      responses: okResponse(processView),
    }),
    async (c) => {
      const body = c.req.valid('json')
      c.set('operationType', `PROCESS_MIGRATE v${body.toVersion}`)
      return ok(
        c,
        await shown(c, migrateProcess(env, actorOf(currentUser(c)), c.req.valid('param').id, body)),
      )
    },
  )

  return app
}
