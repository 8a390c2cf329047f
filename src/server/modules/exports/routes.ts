// The full export of the web (/api/exports), for holders of the full export privilege (systemLog:export, which administrators hold): start one, follow its progress, download
// the archive by a signed link (or the x-auth-token header) once it is done.
import { createRoute, z } from '@hono/zod-openapi'
import { holds } from '../../../shared/access'
import { exportJobList, exportJobView as exportJobSchema } from '../../../shared/contracts/exports'
import { access, currentUser } from '../../http/access'
import { AppError, forbidden } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { officeStamp } from '../../office-day'
import { sessionIdOf } from '../auth/session-id'
import { linkExpiry, signedUrl } from '../files/links'
import { reader } from '../files/routes'
import { fileResponse } from '../files/serve'
import { exportJobView, loadExportJob, recentJobs, startExport } from './jobs'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})

const downloadQuery = z.object({
  disposition: z.string().max(20).optional().openapi({ description: 'attachment' }),
  exp: z.string().max(20).optional().openapi({ description: 'signed link: expiry (unix seconds)' }),
  u: z.string().max(64).optional().openapi({ description: 'signed link: the user it was issued to' }),
  s: z.string().max(64).optional().openapi({ description: 'signed link: the issuing session' }),
  sig: z.string().max(100).optional().openapi({ description: 'signed link: HMAC-SHA256 signature' }),
})

/** The privilege of the full export: every table (password hashes included) and every stored file. */
const EXPORT_PRIVILEGE = 'systemLog:export' as const

export function exportRoutes(deps: Deps) {
  const app = moduleRouter()
  const tags = ['exports']
  const linkFor = (user: AuthUser, id: string) =>
    signedUrl(deps.config.linkSecret, {
      target: 'export',
      fileId: id,
      disposition: 'attachment',
      exp: linkExpiry(deps.config.linkTtlSeconds),
      userId: user.id,
      sessionId: sessionIdOf(user.sessionHash),
    })
  const view = (
    row: Awaited<ReturnType<typeof loadExportJob>>,
    user: AuthUser,
    lang: Parameters<typeof exportJobView>[2],
  ) => exportJobView(row.job, row.by, lang, row.job.status === 'done' ? linkFor(user, row.job.id) : null)

  app.openapi(
    createRoute({
      method: 'post',
      path: '/full',
      tags,
      summary:
        'Start a full export (every table and every stored file) in the background (holders of the full export privilege)',
      description:
        'Answers the job to poll; 409 while another full export runs. The archive: docs/export-format.md.',
      ...access(deps, EXPORT_PRIVILEGE),
      responses: okResponse(exportJobSchema),
    }),
    async (c) => {
      c.set('operationType', 'EXPORT')
      const user = currentUser(c)
      const job = await startExport(deps, user)
      return ok(c, view(await loadExportJob(deps, job.id), user, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/full',
      tags,
      summary: 'The latest full exports, newest first (holders of the full export privilege)',
      ...access(deps, EXPORT_PRIVILEGE),
      responses: okResponse(exportJobList),
    }),
    async (c) => {
      const user = currentUser(c)
      const rows = await recentJobs(deps)
      return ok(c, { list: rows.map((row) => view(row, user, c.get('lang'))) })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/full/{id}',
      tags,
      summary:
        'One full export: its progress, and its download link once done (holders of the full export privilege)',
      ...access(deps, EXPORT_PRIVILEGE),
      request: { params: idParam },
      responses: okResponse(exportJobSchema),
    }),
    async (c) =>
      ok(c, view(await loadExportJob(deps, c.req.valid('param').id), currentUser(c), c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/full/{id}/download',
      tags,
      summary:
        'The archive of a finished full export (signed link, or the x-auth-token header; holders of the full export privilege)',
      ...access(deps, 'public'),
      request: { params: idParam, query: downloadQuery },
      responses: {
        200: {
          description: 'The export (a ZIP)',
          content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        default: {
          description: 'Error envelope',
          content: { 'application/json': { schema: errorEnvelope } },
        },
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { user } = await reader(deps, c, 'export', id)
      // As every signed link: an unknown id is a 404 to whoever asks; a known one is the export privilege's.
      const { job } = await loadExportJob(deps, id)
      if (!holds(user, EXPORT_PRIVILEGE)) throw forbidden()
      if (job.status !== 'done' || !job.storageKey) throw new AppError(409, 'exportNotReady')
      const name = `vitrine-export-${officeStamp(job.createdAt)}-${job.id.slice(0, 8)}.zip`
      return fileResponse(
        deps.storage,
        { key: job.storageKey, name, mime: 'application/zip', disposition: 'attachment' },
        { range: c.req.header('range'), maxAgeSeconds: 0 },
      )
    },
  )
  return app
}
