// What anyone may open without an account (/api/public): a share link's works, and their images through
// the link's own signed URLs. Every answer checks the link as it is now: unexpired, unrevoked, its creator
// enabled and still holding the sharing privilege (shares/store.ts). Anything else is 404, as if it never
// existed; a wrong password is 403, counted and locked like sign-in (auth/lockout.ts).
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { publicShare, SHARE_PASSWORD_HEADER } from '../../../shared/contracts/shares'
import { access } from '../../http/access'
import { AppError, notFound } from '../../http/app-error'
import type { AppEnv, Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse } from '../../http/envelope'
import { clientIp } from '../../http/request-log'
import { moduleRouter } from '../../http/router'
import { heavyDownload } from '../../jobs/heavy'
import { openReport, pdfResponses, reportResponse } from '../../pdf/report'
import { clearPair, lockoutKeys, locks, logLock, recordFailure } from '../auth/lockout'
import { verifyPassword } from '../auth/passwords'
import { verifyShareLink } from '../files/links'
import { fileResponse } from '../files/serve'
import { drawSharedWorks, SHARE_PDF_WORDS, sharePictures } from '../shares/public-pdf'
import { publicShareOf, sharedImage } from '../shares/public-view'
import {
  type CreatorStanding,
  creatorStanding,
  recordView,
  type ShareRow,
  shareById,
  shareByToken,
  stateOf,
} from '../shares/store'

const tokenParam = z.object({
  token: z
    .string()
    .max(100)
    .openapi({ param: { in: 'path', name: 'token', required: true }, description: 'The link token' }),
})
const fileParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const shareFileQuery = z.object({
  share: z.string().max(64).optional().openapi({ description: 'the share the link was issued for' }),
  target: z.string().max(20).optional().openapi({ description: 'file | thumbnail' }),
  exp: z.string().max(20).optional().openapi({ description: 'expiry (unix seconds)' }),
  signature: z.string().max(100).optional().openapi({ description: 'HMAC-SHA256 signature' }),
})

/** The link's creator's standing while the link works; 404 for anything else. */
async function workingShare(
  deps: Deps,
  row: ShareRow | null,
): Promise<{ share: ShareRow; standing: CreatorStanding }> {
  if (!row) throw notFound()
  const standing = await creatorStanding(deps.database.db, row.createdBy)
  if (stateOf(row, standing, new Date()) !== 'active') throw notFound()
  return { share: row, standing }
}

/** Check the password a link asks for: 403 when missing or wrong (a wrong one counted), 429 while locked. */
async function checkPassword(deps: Deps, c: Context<AppEnv>, row: ShareRow, ip: string | null) {
  if (row.passwordHash === null) return
  const { db } = deps.database
  const userAgent = c.req.header('user-agent') ?? null
  const given = c.req.header(SHARE_PASSWORD_HEADER)
  if (!given) {
    await recordView(db, row.id, { ip, userAgent, granted: false })
    throw new AppError(403, 'sharePasswordRequired', undefined, { passwordRequired: true })
  }
  const keys = lockoutKeys(row.id, ip, 'share')
  const locked = await locks(db, keys)
  const refuseFor = Math.max(locked.pair, locked.user)
  if (refuseFor > 0) throw new AppError(429, 'tooManyAttempts', { minutes: refuseFor })
  if (!(await verifyPassword(given, row.passwordHash))) {
    await recordView(db, row.id, { ip, userAgent, granted: false })
    for (const scope of await recordFailure(db, deps.config, keys))
      logLock(deps.logWriter, deps.config, scope, row.id, ip, userAgent, 'share')
    throw new AppError(403, 'sharePasswordWrong', undefined, { passwordRequired: true })
  }
  await clearPair(db, keys)
}

export function publicRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['public']

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shares/{token}',
      tags,
      summary:
        'Open a share link without an account (x-share-password when it has one): 404 expired, revoked or unknown; 403 wrong password',
      ...access(deps, 'public'),
      request: {
        params: tokenParam,
        headers: z.object({ [SHARE_PASSWORD_HEADER]: z.string().max(200).optional() }),
      },
      responses: {
        ...okResponse(publicShare),
        403: {
          description: 'The link has a password and it is missing or wrong (data.passwordRequired)',
          content: { 'application/json': { schema: errorEnvelope } },
        },
        429: {
          description: 'Too many wrong passwords from this address or for this link; msg says for how long',
          content: { 'application/json': { schema: errorEnvelope } },
        },
      },
    }),
    async (c) => {
      c.set('operationType', 'QUERY')
      const { share, standing } = await workingShare(deps, await shareByToken(db, c.req.valid('param').token))
      const ip = clientIp(c, deps.config.trustProxy)
      await checkPassword(deps, c, share, ip)
      await recordView(db, share.id, { ip, userAgent: c.req.header('user-agent') ?? null, granted: true })
      return ok(c, await publicShareOf(db, deps.config.linkSecret, share, standing))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shares/{token}/pdf',
      tags,
      summary:
        "A share link's works as a PDF in the request language (x-share-password when it has one): the works the page shows, values only when the page shows them",
      ...access(deps, 'public'),
      request: {
        params: tokenParam,
        headers: z.object({ [SHARE_PASSWORD_HEADER]: z.string().max(200).optional() }),
      },
      responses: pdfResponses('The shared works (A4)'),
    }),
    async (c) => {
      c.set('operationType', 'DOWNLOAD')
      const { share, standing } = await workingShare(deps, await shareByToken(db, c.req.valid('param').token))
      const ip = clientIp(c, deps.config.trustProxy)
      await checkPassword(deps, c, share, ip)
      await recordView(db, share.id, { ip, userAgent: c.req.header('user-agent') ?? null, granted: true })
      const data = await publicShareOf(db, deps.config.linkSecret, share, standing)
      const lang = c.get('lang')
      const w = SHARE_PDF_WORDS[lang]
      return heavyDownload(deps.heavy.downloads, `share:${share.id}`, async () => {
        const pictures = await sharePictures(db, deps.storage, share.id)
        const r = await openReport(deps.config, { lang, title: w.title(data.recipient) })
        return reportResponse(r, `${w.fileName}.pdf`, (report) => drawSharedWorks(report, data, pictures))
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/share-files/{id}',
      tags,
      summary:
        "An image of a share link's work, by the signed link the link's page was given (404 otherwise)",
      ...access(deps, 'public'),
      request: { params: fileParam, query: shareFileQuery },
      responses: {
        200: {
          description: 'The image',
          content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        default: {
          description: 'Error envelope',
          content: { 'application/json': { schema: errorEnvelope } },
        },
      },
    }),
    async (c) => {
      c.set('operationType', 'DOWNLOAD')
      const { id } = c.req.valid('param')
      const claims = verifyShareLink(deps.config.linkSecret, id, c.req.valid('query'))
      if (!claims || !z.uuid().safeParse(claims.shareId).success) throw notFound()
      await workingShare(deps, await shareById(db, claims.shareId))
      const file = await sharedImage(db, claims.shareId, id)
      if (!file) throw notFound()
      const servable =
        claims.target === 'file'
          ? { key: file.storageKey, name: file.originalName, mime: file.mime }
          : file.thumbnailKey
            ? { key: file.thumbnailKey, name: 'thumbnail.jpg', mime: 'image/jpeg' }
            : null
      if (!servable) throw notFound()
      return fileResponse(
        deps.storage,
        { ...servable, disposition: 'inline' },
        { range: c.req.header('range'), maxAgeSeconds: claims.exp - Date.now() / 1000 },
      )
    },
  )

  return app
}
