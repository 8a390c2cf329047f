// Incidents (/api/incidents): failed background work for the administrators. Listing needs authManage:view;
// retrying (the work run again now, success resolves it) and resolving with a note need authManage:edit.
import { createRoute, z } from '@hono/zod-openapi'
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import {
  type IncidentKind,
  type IncidentStatus,
  type IncidentView,
  incidentListQuery,
  incidentResolveInput,
  incidentRetryResult,
  incidentView,
} from '../../../shared/contracts/incidents'
import { formatMessage, type Lang } from '../../../shared/errors'
import type { ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { artworks, incidents, processes, users } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { ok, okResponse, pageOf } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { nameIn } from '../auth/names'
import { retryIncident } from './retry'

const idParam = z.object({ id: z.uuid().openapi({ param: { in: 'path', name: 'id', required: true } }) })

async function listIncidents(
  db: DbOrTx,
  where: SQL | undefined,
  lang: Lang,
  page = 1,
  pageSize = 20,
): Promise<{ list: IncidentView[]; total: number; page: number; pageSize: number }> {
  const [{ n }] = await db.select({ n: count() }).from(incidents).where(where)
  const rows = await db
    .select({
      i: incidents,
      processType: processes.type,
      inventoryNo: artworks.inventoryNo,
      titleZh: artworks.titleZh,
      titleEn: artworks.titleEn,
      resolverName: users.displayName,
      resolverNameEn: users.displayNameEn,
    })
    .from(incidents)
    .leftJoin(processes, eq(processes.id, incidents.processId))
    .leftJoin(artworks, eq(artworks.id, incidents.artworkId))
    .leftJoin(users, eq(users.id, incidents.resolvedBy))
    .where(where)
    .orderBy(desc(eq(incidents.status, 'open')), desc(incidents.lastFailedAt), desc(incidents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const list = rows.map((r) => ({
    id: r.i.id,
    kind: r.i.kind as IncidentKind,
    subject: lang === 'en' ? r.i.summaryEn : r.i.summaryZh,
    errorMessage: r.i.errorMessage,
    attempts: r.i.attempts,
    firstFailedAt: r.i.firstFailedAt.toISOString(),
    lastFailedAt: r.i.lastFailedAt.toISOString(),
    status: r.i.status as IncidentStatus,
    processId: r.i.processId,
    processType: (r.processType as ProcessType | null) ?? null,
    artworkId: r.i.artworkId,
    artworkInventoryNo: r.inventoryNo,
    artworkTitle: r.inventoryNo ? (lang === 'en' && r.titleEn ? r.titleEn : r.titleZh) : null,
    resolvedAt: r.i.resolvedAt?.toISOString() ?? null,
    resolvedByName:
      r.resolverName === null
        ? null
        : nameIn({ displayName: r.resolverName, displayNameEn: r.resolverNameEn }, lang),
    resolutionNote: resolutionNote(r.i, lang),
  }))
  return { list, total: Number(n), page, pageSize }
}

/** The note an administrator wrote, or how it was resolved without one: a retry, or the work's own later run. */
function resolutionNote(i: typeof incidents.$inferSelect, lang: Lang): string | null {
  if (i.status !== 'resolved') return null
  if (i.resolutionNote) return i.resolutionNote
  return formatMessage(i.resolvedBy ? 'incidentRetried' : 'incidentRecovered', lang)
}

export function incidentRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['incidents']
  const load = async (id: string) => {
    const [row] = await db.select().from(incidents).where(eq(incidents.id, id))
    if (!row) throw notFound()
    if (row.status !== 'open') throw new AppError(400, 'incidentAlreadyResolved')
    return row
  }
  const one = async (id: string, lang: Lang) => (await listIncidents(db, eq(incidents.id, id), lang)).list[0]

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Failed background work, open first then the latest failure first; filters: status, kind',
      ...access(deps, 'authManage:view'),
      request: { query: incidentListQuery },
      responses: okResponse(pageOf(incidentView)),
    }),
    async (c) => {
      const { status, kind, page, pageSize } = c.req.valid('query')
      const where = and(
        status ? eq(incidents.status, status) : undefined,
        kind ? eq(incidents.kind, kind) : undefined,
      )
      return ok(c, await listIncidents(db, where, c.get('lang'), page, pageSize))
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/retry',
      tags,
      summary:
        'Run the failed work again now; success resolves the incident (400 when it is resolved already)',
      ...access(deps, 'authManage:edit'),
      request: { params: idParam },
      responses: okResponse(incidentRetryResult),
    }),
    async (c) => {
      const user = currentUser(c)
      const incident = await load(c.req.valid('param').id)
      const succeeded = await retryIncident(db, incident, user.id, deps.config.timeZone)
      c.set('operationType', 'INCIDENT_RETRY')
      return ok(c, { succeeded, incident: await one(incident.id, c.get('lang')) })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/resolve',
      tags,
      summary: 'Resolve an open incident with a note (400 when it is resolved already)',
      ...access(deps, 'authManage:edit'),
      request: {
        params: idParam,
        body: { required: true, content: { 'application/json': { schema: incidentResolveInput } } },
      },
      responses: okResponse(incidentView),
    }),
    async (c) => {
      const user = currentUser(c)
      const incident = await load(c.req.valid('param').id)
      const { note } = c.req.valid('json')
      await db
        .update(incidents)
        .set({ status: 'resolved', resolvedAt: new Date(), resolvedBy: user.id, resolutionNote: note })
        .where(and(eq(incidents.id, incident.id), eq(incidents.status, 'open')))
      c.set('operationType', 'INCIDENT_RESOLVE')
      return ok(c, await one(incident.id, c.get('lang')))
    },
  )

  return app
}
