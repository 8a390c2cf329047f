// Diagnostics for administrators (the /test screen): build version, database mode, storage, time.
import { createRoute, z } from '@hono/zod-openapi'
import pkg from '../../../../package.json' with { type: 'json' }
import { access } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'

export function systemInfoRoutes(deps: Deps) {
  const app = moduleRouter()
  app.openapi(
    createRoute({
      method: 'get',
      path: '/info',
      tags: ['system'],
      summary: 'Build version, database mode and storage (administrators)',
      ...access(deps, (user) => user.allPrivileges),
      responses: okResponse(
        z.object({
          version: z.string(),
          node: z.string(),
          databaseMode: z.string(),
          storage: z.object({ kind: z.string(), location: z.string() }),
          serverTime: z.string(),
          uptimeSeconds: z.number(),
        }),
      ),
    }),
    (c) =>
      ok(c, {
        version: pkg.version,
        node: process.version,
        databaseMode: deps.database.mode,
        storage: { kind: deps.storage.kind, location: deps.storage.location },
        serverTime: new Date().toISOString(),
        uptimeSeconds: Math.round(process.uptime()),
      }),
  )
  app.openapi(
    createRoute({
      method: 'get',
      path: '/ping',
      tags: ['system'],
      summary: 'Round-trip check',
      ...access(deps, 'public'),
      responses: okResponse(z.object({ serverTime: z.string() })),
    }),
    (c) => ok(c, { serverTime: new Date().toISOString() }),
  )
  return app
}
