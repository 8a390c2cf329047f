// The API application: envelope, language, request log, body limits, the input rule at the edge,
// security headers and every module mounted under /api. Built by a factory so tests run the same app
// object against a fresh database.

import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { langFromHeader } from '../shared/lang'
import { AppError } from './http/app-error'
import type { AppEnv, Deps } from './http/context'
import { errorResponse } from './http/envelope'
import { inputGuard } from './http/input-guard'
import { finishDocument } from './http/openapi'
import { requestLog } from './http/request-log'
import { moduleRouter } from './http/router'
import { securityHeaders } from './http/security-headers'
import { artworkAsOfRoutes } from './modules/artworks/as-of-routes'
import { conditionRoutes } from './modules/artworks/condition/routes'
import { ownershipRoutes } from './modules/artworks/ownership/routes'
import { artworkRoutes } from './modules/artworks/routes'
import { auditRoutes } from './modules/audit/routes'
import { roleRoutes } from './modules/auth/roles'
import { authRoutes } from './modules/auth/routes'
import { userSessionRoutes } from './modules/auth/user-sessions'
import { userRoutes } from './modules/auth/users'
import { calendarRoutes } from './modules/calendar/routes'
import { forgetCalendar } from './modules/calendar/store'
import { collectionRoutes } from './modules/collection/routes'
import { complianceRoutes } from './modules/compliance/routes'
import { conditionCheckRoutes } from './modules/condition-checks/routes'
import { contentRoutes } from './modules/content/routes'
import { datacentreRoutes } from './modules/datacentre/routes'
import { entityRoutes } from './modules/entities/routes'
import { exportRoutes } from './modules/exports/routes'
import { fileRoutes } from './modules/files/routes'
import { financeRoutes } from './modules/finance/routes'
import { iiifRoutes } from './modules/iiif/routes'
import { incidentRoutes } from './modules/incidents/routes'
import { insuranceRoutes } from './modules/insurance/routes'
import { insuranceScheduleRoutes } from './modules/insurance/schedule-routes'
import { labelRoutes } from './modules/labels/routes'
import { messageRoutes } from './modules/messages/routes'
import { notificationRoutes } from './modules/notifications/routes'
import { operationsRoutes } from './modules/operations/routes'
import { processRoutes } from './modules/process/routes'
import { taskRoutes } from './modules/process/task-routes'
import { publicRoutes } from './modules/public/routes'
import { referenceAdminRoutes } from './modules/reference/admin-routes'
import { referenceCallRoutes } from './modules/reference/routes'
import { releaseRoutes } from './modules/releases/routes'
import { reportRoutes } from './modules/reports/routes'
import { shareRoutes } from './modules/shares/routes'
import { lidoRoutes, linkedArtRoutes } from './modules/standards/routes'
import { stocktakeRoutes } from './modules/stocktakes/routes'
import { systemInfoRoutes } from './modules/system-info/routes'
import { systemLogRoutes } from './modules/system-log/routes'
import { delegationRoutes } from './modules/tasks/delegation-routes'
import { taskSettingsRoutes } from './modules/tasks/settings-routes'
import { valuationRoutes } from './modules/valuations/routes'
import { warehouseRoutes } from './modules/warehouse/routes'
import { setOfficeZone } from './office-day'

/**
 * Each module and where it is mounted. A module's folder is named after its prefix (src/server/modules/auth
 * serves /auth, modules/messages /message, modules/files /file, modules/system-log /system_log,
 * modules/system-info /system, modules/reference the reference-data calls at the root); the map is in
 * docs/api.md § Areas. A new area adds one line here.
 */
const MODULES: [string, (deps: Deps) => OpenAPIHono<AppEnv>][] = [
  ['/auth', authRoutes],
  ['/auth', roleRoutes],
  ['/auth', userRoutes],
  ['/auth', userSessionRoutes],
  ['/system_log', systemLogRoutes],
  ['/audit', auditRoutes],
  ['/system', systemInfoRoutes],
  ['/', referenceCallRoutes],
  ['/reference', referenceAdminRoutes],
  ['/file', fileRoutes],
  ['/iiif', iiifRoutes],
  ['/process', taskRoutes],
  ['/process', processRoutes],
  ['/message', messageRoutes],
  ['/notifications', notificationRoutes],
  ['/artworks', artworkRoutes],
  ['/artworks', conditionRoutes],
  ['/artworks', artworkAsOfRoutes],
  ['/collection', collectionRoutes],
  ['/artworks', ownershipRoutes],
  ['/artworks', linkedArtRoutes],
  ['/operations', operationsRoutes],
  ['/stocktakes', stocktakeRoutes],
  ['/labels', labelRoutes],
  ['/insurance', insuranceScheduleRoutes],
  ['/insurance', insuranceRoutes],
  ['/tasks', taskSettingsRoutes],
  ['/tasks', delegationRoutes],
  ['/warehouse', warehouseRoutes],
  ['/reports', reportRoutes],
  ['/finance', financeRoutes],
  ['/valuations', valuationRoutes],
  ['/releases', releaseRoutes],
  ['/content', contentRoutes],
  ['/datacentre', datacentreRoutes],
  ['/compliance', complianceRoutes],
  ['/condition-checks', conditionCheckRoutes],
  ['/exports', exportRoutes],
  ['/exports', lidoRoutes],
  ['/entities', entityRoutes],
  ['/calendar', calendarRoutes],
  ['/shares', shareRoutes],
  ['/incidents', incidentRoutes],
  ['/public', publicRoutes],
]

export const JSON_BODY_LIMIT = 1024 * 1024

export function createApi(deps: Deps) {
  const api = moduleRouter()
  api.use('*', async (c, next) => {
    c.set('lang', langFromHeader(c.req.header('accept-language')))
    await next()
  })
  api.use('*', requestLog(deps.logWriter, deps.config.trustProxy))
  const limitStreamed = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError(413, 'bodyTooLarge')
    },
  })
  api.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    if (c.req.path.startsWith('/api/file/upload')) return next() // streamed with its own limit
    if (c.req.path === '/api/artworks/import/file') return next() // likewise (the import's 3 MB)
    // A declared length is checked from the header alone, so the body is later read straight from the
    // socket; only a body without one (chunked) is counted as it streams.
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (!/^\d+$/.test(length) || Number(length) > JSON_BODY_LIMIT) throw new AppError(413, 'bodyTooLarge')
      return next()
    }
    return limitStreamed(c, next)
  })
  // No NUL, well-formed text, bounded depth, JSON or multipart only: one rule for every route.
  api.use('*', inputGuard())
  for (const [prefix, factory] of MODULES) api.route(prefix, factory(deps))
  // The OpenAPI document, with paths as clients call them (under /api).
  api.get('/openapi.json', (c) => {
    const doc = api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Vitrine API',
        version: '1',
        description:
          'Every response is the envelope { code, msg, data }; code 0 is success. See docs/api.md.',
      },
    })
    doc.paths = Object.fromEntries(
      Object.entries(doc.paths ?? {}).map(([path, item]) => [`/api${path}`, item]),
    )
    return c.json(finishDocument(doc))
  })
  // Reached only when no module route matched: an unknown API path still gets the envelope (and a log row).
  api.all('*', (c) => errorResponse(c, new AppError(404, 'routeNotFound')))
  api.onError((error, c) => errorResponse(c, error))
  return api
}

export function createApp(deps: Deps) {
  setOfficeZone(deps.config.timeZone)
  forgetCalendar()
  const app = new OpenAPIHono<AppEnv>()
  // First, so it also covers the static files and index.html that main.ts mounts after the API.
  app.use('*', securityHeaders())
  app.route('/api', createApi(deps))
  // The IIIF services at the addresses IIIF clients are given (/iiif/3/…, /iiif/presentation/…; the list:
  // src/shared/contracts/iiif.ts), answered by the API's own IIIF route (/api/iiif/…) with its language, log and
  // error rules.
  app.all('/iiif/*', (c) => {
    const url = new URL(c.req.url)
    url.pathname = `/api${url.pathname}`
    return app.fetch(new Request(url, c.req.raw), c.env)
  })
  app.onError((error, c) => errorResponse(c, error))
  return app
}
