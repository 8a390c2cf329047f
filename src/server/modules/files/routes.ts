// The file API (/api/file): streamed upload, signed links, single download and thumbnail (by signed link
// or x-auth-token), and batch download as a streamed zip (its paths are those of docs/architecture.md § Reference-data calls).
import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import {
  BATCH_MAX_FILES,
  type Disposition,
  linkRequest,
  linkResponse,
  uploadResponse,
} from '../../../shared/contracts/files'
import { INLINE_KINDS, UPLOAD_PURPOSES } from '../../../shared/file-types'
import { users } from '../../db/schema'
import { access, accessMiddleware, currentUser, systemAllowed } from '../../http/access'
import { AppError, invalid } from '../../http/app-error'
import type { AppEnv, AuthUser, Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { officeStamp } from '../../office-day'
import { sessionIdOf } from '../auth/session-id'
import { authenticate, privilegesOf, sessionLive } from '../auth/sessions'
import { canUpload } from './file-access'
import { type LinkClaims, type LinkTarget, linkExpiry, signedUrl, verifyLink } from './links'
import { loadReadableFiles, toFileView } from './queries'
import { fileResponse, zipResponse } from './serve'
import { receiveUpload } from './upload'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})

const downloadQuery = z.object({
  disposition: z.string().max(20).optional().openapi({ description: 'inline | attachment' }),
  exp: z.string().max(20).optional().openapi({ description: 'signed link: expiry (unix seconds)' }),
  u: z.string().max(64).optional().openapi({ description: 'signed link: the user it was issued to' }),
  sig: z.string().max(100).optional().openapi({ description: 'signed link: HMAC-SHA256 signature' }),
})

const batchQuery = z.object({
  ids: z
    .union([z.string().max(BATCH_MAX_FILES * 40), z.array(z.string().max(40)).max(BATCH_MAX_FILES)])
    .openapi({ description: `File ids separated by commas, or repeated (at most ${BATCH_MAX_FILES})` }),
})

const batchBody = z.strictObject({
  ids: z
    .array(z.string().max(40))
    .min(1, { message: 'required' })
    .max(BATCH_MAX_FILES)
    .openapi({ description: `File ids (at most ${BATCH_MAX_FILES})` }),
})

const binary = (description: string, mime: string) => ({
  200: { description, content: { [mime]: { schema: z.string().openapi({ format: 'binary' }) } } },
  default: { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } },
})

/** The user a link names, while the session that issued it lives: still enabled, with today's privileges. */
async function linkUser(deps: Deps, claims: LinkClaims): Promise<AuthUser | null> {
  const { userId, sessionId } = claims
  if (!z.uuid().safeParse(userId).success) return null
  if (!(await sessionLive(deps.database.db, deps.config, userId, sessionId))) return null
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!row?.enabled) return null
  const { allPrivileges, privileges, roles } = await privilegesOf(deps.database.db, row.id)
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    roles,
    allPrivileges,
    privileges,
    sessionHash: '',
  }
}

/**
 * Who is reading, from a signed link (`exp` + `sig`) or from the x-auth-token header; the disposition
 * comes from the link (signed) or the query. Sets the request's user so the system log names them.
 */
export async function reader(
  deps: Deps,
  c: Context<AppEnv>,
  target: LinkTarget,
  fileId: string,
): Promise<{ user: AuthUser; disposition: Disposition }> {
  c.set('operationType', 'DOWNLOAD')
  const query = c.req.query()
  if (query.sig !== undefined || query.exp !== undefined) {
    const claims = verifyLink(deps.config.linkSecret, target, fileId, query)
    const user = claims ? await linkUser(deps, claims) : null
    if (!claims || !user) throw new AppError(403, 'linkExpired')
    c.set('user', user)
    return { user, disposition: claims.disposition }
  }
  const user = await authenticate(deps.database.db, deps.config, c.req.header('x-auth-token'))
  if (!user) throw new AppError(403, 'notSignedIn')
  c.set('user', user)
  if (!systemAllowed(user, c.req.header('x-system-name'))) throw new AppError(4031, 'insufficientPrivilege')
  const disposition = query.disposition === 'inline' ? 'inline' : 'attachment'
  return { user, disposition }
}

/** Parse `ids` (commas, or the parameter repeated); 400 naming the field when one is not an id. */
function parseIds(values: string[]): string[] {
  const ids = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
  if (ids.length === 0) throw invalid({ ids: 'required' })
  if (ids.length > BATCH_MAX_FILES) throw invalid({ ids: 'invalidValue' })
  const idSchema = z.uuid()
  if (!ids.every((id) => idSchema.safeParse(id).success)) throw invalid({ ids: 'invalidValue' })
  return ids
}

export function fileRoutes(deps: Deps) {
  const app = moduleRouter()
  const tags = ['file']
  const secret = () => deps.config.linkSecret

  // Upload: multipart, read as a stream (a declared body schema would make the validator buffer it).
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/upload',
    tags,
    summary: 'Upload one file (multipart/form-data, streamed); the content decides the kind',
    description:
      'Fields: `purpose` (' +
      UPLOAD_PURPOSES.join(' | ') +
      '); for a video also `width`, `height` and `cover` (base64 JPEG/PNG frame at 1 s; ' +
      '`cover_file_base64` is accepted too); then exactly one `file`. Send the text fields before the ' +
      'file so limits and formats are checked while it streams. 413 over the size limit (Excel: 3 MB), ' +
      '415 when the content is not a kind the purpose accepts, 400 for two files.',
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: z.object({
              purpose: z.enum(UPLOAD_PURPOSES),
              width: z.string().optional(),
              height: z.string().optional(),
              cover: z.string().optional(),
              file: z.string().openapi({ format: 'binary' }),
            }),
          },
        },
      },
    },
    responses: okResponse(uploadResponse),
    'x-privilege': 'custom',
  })
  app.post('/upload', accessMiddleware(deps, canUpload), async (c) => {
    c.set('operationType', 'UPLOAD')
    const result = await receiveUpload(deps, c.req.raw, currentUser(c), c.get('lang'))
    return ok(c, result)
  })

  app.openapi(
    createRoute({
      method: 'post',
      path: '/link',
      tags,
      summary: 'Signed, short-lived URLs for files (open them without headers)',
      ...access(deps, 'signedIn'),
      request: { body: { required: true, content: { 'application/json': { schema: linkRequest } } } },
      responses: okResponse(linkResponse),
    }),
    async (c) => {
      c.set('operationType', 'QUERY') // links to read files: nothing is written
      const user = currentUser(c)
      const body = c.req.valid('json')
      const rows = await loadReadableFiles(deps.database.db, user, body.ids ?? [body.id!])
      const exp = linkExpiry(deps.config.linkTtlSeconds)
      const issued = { exp, userId: user.id, sessionId: sessionIdOf(user.sessionHash) }
      const links = rows.map((row) => {
        const disposition: Disposition = INLINE_KINDS.has(row.kind) ? body.disposition : 'attachment'
        return {
          ...toFileView(row),
          url: signedUrl(secret(), { target: 'file', fileId: row.id, disposition, ...issued }),
          thumbnailUrl: row.thumbnailKey
            ? signedUrl(secret(), { target: 'thumbnail', fileId: row.id, disposition: 'inline', ...issued })
            : null,
        }
      })
      return ok(c, { expiresAt: new Date(exp * 1000).toISOString(), links })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/downloadFile/{id}',
      tags,
      summary: 'Download or preview one file (signed link, or the x-auth-token header)',
      ...access(deps, 'public'),
      request: { params: idParam, query: downloadQuery },
      responses: binary('The file (206 with Content-Range for a byte range)', 'application/octet-stream'),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { user, disposition } = await reader(deps, c, 'file', id)
      const [row] = await loadReadableFiles(deps.database.db, user, [id])
      return fileResponse(
        deps.storage,
        {
          key: row.storageKey,
          name: row.originalName,
          mime: row.mime,
          disposition: INLINE_KINDS.has(row.kind) ? disposition : 'attachment',
        },
        { range: c.req.header('range'), maxAgeSeconds: cacheSeconds(c) },
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/thumbnail/{id}',
      tags,
      summary: 'A 320 px wide JPEG of an image or of a video’s cover (signed link or x-auth-token)',
      ...access(deps, 'public'),
      request: { params: idParam, query: downloadQuery },
      responses: binary('The thumbnail', 'image/jpeg'),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { user } = await reader(deps, c, 'thumbnail', id)
      const [row] = await loadReadableFiles(deps.database.db, user, [id])
      if (!row.thumbnailKey) throw new AppError(404, 'unavailablePreview')
      const name = `${row.originalName.replace(/\.[^.]*$/, '')}-thumbnail.jpg`
      return fileResponse(
        deps.storage,
        { key: row.thumbnailKey, name, mime: 'image/jpeg', disposition: 'inline' },
        { range: c.req.header('range'), maxAgeSeconds: cacheSeconds(c) },
      )
    },
  )

  /** The zip of the readable files among these ids (each once, in the order asked). */
  async function zipOf(c: Context<AppEnv>, ids: string[]) {
    c.set('operationType', 'DOWNLOAD')
    const rows = await loadReadableFiles(deps.database.db, currentUser(c), ids)
    const seen = new Set<string>()
    const unique = rows.filter((r) => !seen.has(r.id) && seen.add(r.id))
    const stamp = officeStamp()
    return zipResponse(
      deps.storage,
      unique.map((r) => ({ key: r.storageKey, name: r.originalName, createdAt: r.createdAt })),
      `files-${stamp}.zip`,
    )
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/batchDownloadFile',
      tags,
      summary:
        'Several files as one zip, streamed (x-auth-token header). Kept for compatibility: a URL holds about 400 ids; the POST takes the full 500',
      ...access(deps, 'signedIn'),
      request: { query: batchQuery },
      responses: binary('A zip of the files, names made unique', 'application/zip'),
    }),
    async (c) => zipOf(c, parseIds(c.req.queries('ids') ?? [])),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/batchDownloadFile',
      tags,
      summary: `Several files as one zip, streamed; the ids in a JSON body (at most ${BATCH_MAX_FILES})`,
      ...access(deps, 'signedIn'),
      request: { body: { required: true, content: { 'application/json': { schema: batchBody } } } },
      responses: binary('A zip of the files, names made unique', 'application/zip'),
    }),
    async (c) => zipOf(c, parseIds(c.req.valid('json').ids)),
  )

  return app
}

/** A signed link may be cached by the browser until it expires; a header-authenticated answer is not. */
function cacheSeconds(c: Context<AppEnv>): number {
  const exp = Number(c.req.query('exp'))
  return Number.isFinite(exp) ? exp - Date.now() / 1000 : 0
}
