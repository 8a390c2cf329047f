// GET /api/system_log: the request log with filters (user, module, time range, success) and paging,
// returning the spec's Log field names.
import { createRoute, z } from '@hono/zod-openapi'
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm'
import { pageQuery } from '../../../shared/validation'
import { systemLogs } from '../../db/schema'
import { access } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'

const logView = z.object({
  logId: z.string(),
  moduleName: z.string(),
  createBy: z.string().nullable(),
  createByUserId: z.string().nullable(),
  accessTime: z.string(),
  requestUri: z.string(),
  operationType: z.string(),
  clientIpAddr: z.string().nullable(),
  browserUserAgent: z.string().nullable(),
  httpMethod: z.string(),
  execTime: z.number(),
  success: z.boolean(),
  responseCode: z.number(),
  exception: z.string().nullable(),
})

const logQuery = pageQuery.extend({
  userId: z.uuid().optional(),
  createBy: z.string().max(64).optional(),
  moduleName: z.string().max(64).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  success: z.enum(['true', 'false']).optional(),
})

export function systemLogRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['systemLog'],
      summary: 'The system log, newest first',
      ...access(deps, 'systemLog:view'),
      request: { query: logQuery },
      responses: okResponse(pageOf(logView)),
    }),
    async (c) => {
      const q = c.req.valid('query')
      // What is still buffered belongs in the answer too.
      await deps.logWriter.flush()
      const conditions: SQL[] = []
      if (q.userId) conditions.push(eq(systemLogs.createByUserId, q.userId))
      if (q.createBy) conditions.push(eq(systemLogs.createBy, q.createBy))
      if (q.moduleName) conditions.push(eq(systemLogs.moduleName, q.moduleName))
      if (q.from) conditions.push(gte(systemLogs.accessTime, new Date(q.from)))
      if (q.to) conditions.push(lte(systemLogs.accessTime, new Date(q.to)))
      if (q.success) conditions.push(eq(systemLogs.success, q.success === 'true'))
      const where = conditions.length ? and(...conditions) : undefined
      const [{ n }] = await db.select({ n: count() }).from(systemLogs).where(where)
      const rows = await db
        .select()
        .from(systemLogs)
        .where(where)
        .orderBy(desc(systemLogs.accessTime))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
      return ok(c, {
        list: rows.map((r) => ({ ...r, accessTime: r.accessTime.toISOString() })),
        total: Number(n),
        page: q.page,
        pageSize: q.pageSize,
      })
    },
  )
  return app
}
