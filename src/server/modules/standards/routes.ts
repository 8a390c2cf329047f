// The collection-standards API: an artwork as Linked Art (GET /api/artworks/{id}/linked-art, JSON-LD, with
// the artwork page's privilege) and chosen artworks as a LIDO 1.1 file (GET /api/exports/lido.xml
// ?artworkIds=a,b,c, with the archive Excel export's privilege). The LIDO selection is checked before the
// first byte, so every refusal is an envelope; the file then streams out a batch of artworks at a time.
import { createRoute, z } from '@hono/zod-openapi'
import { inArray } from 'drizzle-orm'
import { LIDO_MAX, LIDO_MIME, LINKED_ART_MIME, lidoQuery } from '../../../shared/contracts/standards'
import type { Db } from '../../db/client'
import { artworks } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { errorEnvelope } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { heavyDownload } from '../../jobs/heavy'
import { officeStamp } from '../../office-day'
import { contentDisposition } from '../files/serve'
import { lidoStream } from './lido'
import { linkedArtOf } from './linked-art'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})

const errors = {
  default: { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } },
}

/** Shown in a message: short, printable. */
function quoted(value: string): string {
  const clean = value.replace(/[^\p{L}\p{N}\-_. ]/gu, '?')
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean
}

type LidoRefusal = 'lidoNothingChosen' | 'lidoBadId' | 'lidoTooMany' | 'lidoUnknownArtworks'

function refusal(key: LidoRefusal, params?: Record<string, string | number>): AppError {
  return new AppError(400, key, params, { fieldErrors: { artworkIds: key } })
}

/** The chosen artworks' ids, distinct, in the order given; or the refusal that words what is wrong. */
export async function lidoSelection(db: Db, raw: string | undefined): Promise<string[]> {
  const list = (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
  if (list.length === 0) throw refusal('lidoNothingChosen')
  const bad = list.find((id) => !UUID_RE.test(id))
  if (bad !== undefined) throw refusal('lidoBadId', { value: quoted(bad) })
  const unique = [...new Set(list.map((id) => id.toLowerCase()))]
  if (unique.length > LIDO_MAX) throw refusal('lidoTooMany', { max: LIDO_MAX, count: unique.length })
  const known = new Set(
    (await db.select({ id: artworks.id }).from(artworks).where(inArray(artworks.id, unique))).map(
      (r) => r.id,
    ),
  )
  const unknown = unique.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ' …' : '')
    throw refusal('lidoUnknownArtworks', { count: unknown.length, ids: shown })
  }
  return unique
}

/** Linked Art for one artwork, under /api/artworks. */
export function linkedArtRoutes(deps: Deps) {
  const app = moduleRouter()
  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/linked-art',
      tags: ['artworkArchive'],
      summary:
        'The artwork as Linked Art (JSON-LD HumanMadeObject): identifiers, titles, production, sizes, materials; owners and room for those who may see them',
      ...access(deps, 'artworkArchive:view'),
      request: { params: idParam },
      responses: {
        200: {
          description: 'The Linked Art document',
          content: { [LINKED_ART_MIME]: { schema: z.object({}).passthrough() } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const doc = await linkedArtOf(deps.database.db, c.req.valid('param').id, {
        publicUrl: deps.config.publicUrl,
        timeZone: deps.config.timeZone,
        user: currentUser(c),
      })
      return new Response(JSON.stringify(doc, null, 2), {
        status: 200,
        headers: { 'content-type': `${LINKED_ART_MIME}; charset=utf-8`, 'cache-control': 'no-store' },
      }) as never
    },
  )
  return app
}

/** The LIDO export, under /api/exports. */
export function lidoRoutes(deps: Deps) {
  const app = moduleRouter()
  app.openapi(
    createRoute({
      method: 'get',
      path: '/lido.xml',
      tags: ['artworkArchive'],
      summary: `Chosen artworks (artworkIds=a,b,c; at most ${LIDO_MAX}) as one LIDO 1.1 XML file (holders of the archive export privilege)`,
      ...access(deps, 'artworkArchive:export'),
      request: { query: lidoQuery },
      responses: {
        200: {
          description: 'The lido:lidoWrap file, one lido:lido record per artwork',
          content: { [LIDO_MIME]: { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errors,
      },
    }),
    async (c) => {
      c.set('operationType', 'EXPORT')
      const db = deps.database.db
      const ids = await lidoSelection(db, c.req.valid('query').artworkIds)
      const lang = c.get('lang')
      const fileName = `${lang === 'en' ? 'artworks-lido' : '艺术品-LIDO'}-${officeStamp()}.xml`
      return heavyDownload(
        deps.heavy.downloads,
        currentUser(c).id,
        () =>
          new Response(
            lidoStream(db, ids, {
              publicUrl: deps.config.publicUrl,
              sourceName: deps.config.officeName || 'Vitrine',
            }),
            {
              status: 200,
              headers: {
                'content-type': `${LIDO_MIME}; charset=utf-8`,
                'content-disposition': contentDisposition('attachment', fileName),
                'x-artwork-count': String(ids.length),
                'x-content-type-options': 'nosniff',
                'cache-control': 'no-store',
              },
            },
          ),
      ) as never
    },
  )
  return app
}
