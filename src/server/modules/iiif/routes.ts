// IIIF (/api/iiif, also answered at /iiif: src/server/app.ts; docs/iiif.md): the Image API 3.0 service (level 2) of every stored image, and the
// Presentation 3.0 manifest of an artwork. Who may read is decided as for a file download: a signed link
// (the file's own link opens its image service; an artwork's manifest has links of its own) or the
// x-auth-token header (files/routes.ts `reader`), then the file's read rule or the artwork's privilege.
import path from 'node:path'
import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { holds } from '../../../shared/access'
import { IIIF_API, manifestLinkResponse } from '../../../shared/contracts/iiif'
import { isImageKind } from '../../../shared/file-types'
import { artworks } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, forbidden, invalid, notFound } from '../../http/app-error'
import type { AppEnv, Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { sessionIdOf } from '../auth/session-id'
import { type LinkClaims, linkExpiry, signedUrl } from '../files/links'
import { loadReadableFiles } from '../files/queries'
import { reader } from '../files/routes'
import { artworkManifest } from './manifest'
import { IIIF_MIME, imageInfo, parseImageRequest } from './params'
import { RenderCache } from './render'

const IMAGE_CONTEXT = 'http://iiif.io/api/image/3/context.json'
const PRESENTATION_CONTEXT = 'http://iiif.io/api/presentation/3/context.json'
const VIEW = 'artworkArchive:view'

const uuid = (name: string) =>
  z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name, required: true } })
const segment = (name: string, description: string) =>
  z
    .string()
    .max(100)
    .openapi({ param: { in: 'path', name, required: true }, description })

const signedQuery = z.object({
  disposition: z.string().max(20).optional().openapi({ description: 'signed link: inline | attachment' }),
  exp: z.string().max(20).optional().openapi({ description: 'signed link: expiry (unix seconds)' }),
  u: z.string().max(64).optional().openapi({ description: 'signed link: the user it was issued to' }),
  s: z.string().max(64).optional().openapi({ description: 'signed link: the issuing session' }),
  sig: z.string().max(100).optional().openapi({ description: 'signed link: HMAC-SHA256 signature' }),
})

const failure = { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } }
const jsonLd = (description: string) => ({
  200: { description, content: { 'application/ld+json': { schema: z.record(z.string(), z.unknown()) } } },
  default: failure,
})

/** Scheme, host and port as the client called (behind a trusted proxy, as it forwarded them). */
function originOf(deps: Deps, c: Context<AppEnv>): string {
  const url = new URL(c.req.url)
  if (deps.config.trustProxy > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0].trim()
    const host = c.req.header('x-forwarded-host')?.split(',')[0].trim()
    if (proto && /^https?$/.test(proto)) url.protocol = `${proto}:`
    if (host && /^[A-Za-z0-9.:[\]-]{1,255}$/.test(host)) url.host = host
  }
  return url.origin
}

/** A signed answer may be cached by the browser until its link expires; a header-authenticated one not. */
function cacheControl(c: Context<AppEnv>): string {
  const exp = Number(c.req.query('exp'))
  const seconds = Number.isFinite(exp) ? Math.max(0, Math.floor(exp - Date.now() / 1000)) : 0
  return `private, max-age=${seconds}`
}

export function iiifRoutes(deps: Deps) {
  const app = moduleRouter()
  const tags = ['iiif']
  const cache = new RenderCache(path.join(deps.config.dataDir, 'iiif-cache'))

  /** The image file the caller may read: 404 unknown (or unreadable), 400 when it is not an image. */
  async function readableImage(c: Context<AppEnv>, id: string) {
    const { user } = await reader(deps, c, 'file', id)
    const [row] = await loadReadableFiles(deps.database.db, user, [id])
    if (!isImageKind(row.kind) || !row.width || !row.height) throw invalid({ id: 'notAnImage' })
    return { ...row, width: row.width, height: row.height }
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/3/{id}/info.json',
      tags,
      summary: 'IIIF Image API 3.0 information of a stored image (signed file link, or x-auth-token)',
      ...access(deps, 'public'),
      request: { params: z.object({ id: uuid('id') }), query: signedQuery },
      responses: jsonLd('The image service’s info.json (level 2)'),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const row = await readableImage(c, id)
      const info = imageInfo(`${originOf(deps, c)}${IIIF_API.image(id)}`, row.width, row.height)
      return c.json(info, 200, {
        'content-type': `application/ld+json;profile="${IMAGE_CONTEXT}"`,
        'cache-control': cacheControl(c),
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/3/{id}/{region}/{size}/{rotation}/{qualityFormat}',
      tags,
      summary: 'An IIIF Image API 3.0 rendering of a stored image (signed file link, or x-auth-token)',
      description:
        'region: full | square | x,y,w,h | pct:x,y,w,h; size: max | w, | ,h | w,h | !w,h | pct:n, each also ' +
        'after ^ to enlarge; rotation: 0 | 90 | 180 | 270, after ! to mirror; then quality.format with ' +
        'quality default | color | gray and format jpg | png | webp. 400 names the segment at fault.',
      ...access(deps, 'public'),
      request: {
        params: z.object({
          id: uuid('id'),
          region: segment('region', 'full | square | x,y,w,h | pct:x,y,w,h'),
          size: segment('size', 'max | w, | ,h | w,h | !w,h | pct:n (^ before to enlarge)'),
          rotation: segment('rotation', '0 | 90 | 180 | 270 (! before to mirror)'),
          qualityFormat: segment('qualityFormat', '{default|color|gray}.{jpg|png|webp}'),
        }),
        query: signedQuery,
      },
      responses: {
        200: {
          description: 'The image',
          content: Object.fromEntries(
            Object.values(IIIF_MIME).map((mime) => [
              mime,
              { schema: z.string().openapi({ format: 'binary' }) },
            ]),
          ),
        },
        default: failure,
      },
    }),
    async (c) => {
      const { id, region, size, rotation, qualityFormat } = c.req.valid('param')
      const row = await readableImage(c, id)
      const parsed = parseImageRequest({ region, size, rotation, qualityFormat }, row)
      if (!parsed.ok) throw invalid({ [parsed.field]: parsed.reason })
      const { bytes, hit } = await cache.get(deps.storage, row, parsed.value)
      return c.body(new Uint8Array(bytes), 200, {
        'content-type': IIIF_MIME[parsed.value.format],
        'content-length': String(bytes.length),
        'x-content-type-options': 'nosniff',
        'cache-control': cacheControl(c),
        link: `<${IMAGE_CONTEXT}>;rel="profile"`,
        'x-iiif-cache': hit ? 'hit' : 'miss',
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/presentation/artworks/{id}/manifest.json',
      tags,
      summary:
        'IIIF Presentation 3.0 manifest of an artwork, in Chinese and English (signed manifest link, or x-auth-token; the artwork archive’s view privilege)',
      ...access(deps, 'public'),
      request: { params: z.object({ id: uuid('id') }), query: signedQuery },
      responses: jsonLd('The manifest: one canvas per image of the artwork'),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { user } = await reader(deps, c, 'manifest', id)
      // As every signed link: an unknown id is a 404 to whoever asks; a known one is the privilege's.
      const [found] = await deps.database.db
        .select({ id: artworks.id })
        .from(artworks)
        .where(eq(artworks.id, id))
        .limit(1)
      if (!found) throw notFound()
      if (!holds(user, VIEW)) throw forbidden()
      // The images open with file links of the same user, session and expiry as this manifest's link (or,
      // read with the header, as links issued now).
      const query = c.req.query()
      const issued: Omit<LinkClaims, 'target' | 'fileId' | 'disposition'> = query.sig
        ? { exp: Number(query.exp), userId: query.u!, sessionId: query.s! }
        : {
            exp: linkExpiry(deps.config.linkTtlSeconds),
            userId: user.id,
            sessionId: sessionIdOf(user.sessionHash),
          }
      const manifest = await artworkManifest(deps.database.db, id, {
        origin: originOf(deps, c),
        imageQuery: (fileId) =>
          signedUrl(deps.config.linkSecret, {
            target: 'file',
            fileId,
            disposition: 'inline',
            ...issued,
          }).split('?')[1],
      })
      return c.json(manifest, 200, {
        'content-type': `application/ld+json;profile="${PRESENTATION_CONTEXT}"`,
        'cache-control': cacheControl(c),
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/presentation/artworks/{id}/link',
      tags,
      summary: 'A signed, short-lived URL of an artwork’s IIIF manifest (opens without headers)',
      ...access(deps, VIEW),
      request: { params: z.object({ id: uuid('id') }) },
      responses: okResponse(manifestLinkResponse),
    }),
    async (c) => {
      c.set('operationType', 'QUERY')
      const { id } = c.req.valid('param')
      const user = currentUser(c)
      const [found] = await deps.database.db
        .select({ id: artworks.id })
        .from(artworks)
        .where(eq(artworks.id, id))
        .limit(1)
      if (!found) throw new AppError(404, 'notFound')
      const exp = linkExpiry(deps.config.linkTtlSeconds)
      const url = signedUrl(deps.config.linkSecret, {
        target: 'manifest',
        fileId: id,
        disposition: 'inline',
        exp,
        userId: user.id,
        sessionId: sessionIdOf(user.sessionHash),
      })
      return ok(c, { url, expiresAt: new Date(exp * 1000).toISOString() })
    },
  )

  return app
}
