// The system log (systemLog): the request log newest first with its filters (user, module, operation,
// method, success, response code, client address, time range), the same filters as a streamed Excel
// export, and the retention (days) that the scheduler's daily purge applies (queries.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { logFilters, logPage, logSettingsInput, logSettingsView } from '../../../shared/contracts/system-log'
import { LOG_EXPORT_MAX } from '../../../shared/system-log'
import { pageQuery } from '../../../shared/validation'
import { access, currentUser } from '../../http/access'
import { AppError } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { heavyDownload } from '../../jobs/heavy'
import { XLSX_MIME } from '../artworks/excel-export'
import { logWorkbookResponse } from './excel'
import { cappedCount, logPageRows, logSettings, logWhere, saveLogSettings } from './queries'

export function systemLogRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['systemLog']

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'The system log, newest first; total counts up to 10,000 (more: there are more)',
      ...access(deps, 'systemLog:view'),
      request: { query: pageQuery.extend(logFilters.shape) },
      responses: okResponse(logPage),
    }),
    async (c) => {
      const q = c.req.valid('query')
      // What is still buffered belongs in the answer too; the log's own reads (one per page looked at) are
      // left to the writer's next batch, so reading the log does not wait for an insert each time.
      if (deps.logWriter.holds((row) => row.moduleName !== 'system_log')) await deps.logWriter.flush()
      const where = logWhere(q)
      const [rows, counted] = await Promise.all([
        logPageRows(db, where, q.page, q.pageSize),
        cappedCount(db, where),
      ])
      return ok(c, {
        list: rows.map((r) => ({ ...r, accessTime: r.accessTime.toISOString() })),
        ...counted,
        page: q.page,
        pageSize: q.pageSize,
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/export',
      tags,
      summary: `The filtered log as Excel (streamed; at most ${LOG_EXPORT_MAX} rows, else 400 asking for a narrower filter)`,
      ...access(deps, 'systemLog:view'),
      request: { query: logFilters },
      responses: {
        200: {
          description: 'The log rows',
          content: { [XLSX_MIME]: { schema: z.string().openapi({ format: 'binary' }) } },
        },
        default: {
          description: 'Error envelope',
          content: { 'application/json': { schema: errorEnvelope } },
        },
      },
    }),
    async (c) => {
      c.set('operationType', 'EXPORT')
      await deps.logWriter.flush()
      const where = logWhere(c.req.valid('query'))
      const { more } = await cappedCount(db, where, LOG_EXPORT_MAX)
      if (more) throw new AppError(400, 'logExportTooMany', { max: LOG_EXPORT_MAX })
      return heavyDownload(deps.heavy.downloads, currentUser(c).id, () =>
        logWorkbookResponse(db, where, c.get('lang'), LOG_EXPORT_MAX),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings',
      tags,
      summary: 'How many days the log is kept (180 unless set)',
      ...access(deps, 'systemLog:view'),
      responses: okResponse(logSettingsView),
    }),
    async (c) => ok(c, await logSettings(db)),
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings',
      tags,
      summary: 'Set how many days the log is kept (7 to 3650); older rows go at the next daily purge',
      ...access(deps, 'authManage:edit'),
      request: { body: { required: true, content: { 'application/json': { schema: logSettingsInput } } } },
      responses: okResponse(logSettingsView),
    }),
    async (c) => {
      const { retentionDays } = c.req.valid('json')
      c.set('operationType', 'LOG_SETTINGS')
      await saveLogSettings(db, retentionDays, currentUser(c).id)
      return ok(c, await logSettings(db))
    },
  )

  return app
}
