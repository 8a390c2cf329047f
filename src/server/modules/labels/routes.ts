// The label sheets API (/api/labels, system devOpsManage): a printable A4 PDF of artwork labels — QR code,
// inventory number, title in the request's language — for everything a room holds now (`?roomId=`) or for
// chosen artworks (`?ids=a,b,c`, or POST `{ ids }` for a selection too long for a URL), at most LABELS_MAX
// at once. The selection is checked and read before the first byte, so every refusal is an envelope; the
// PDF then streams out a page at a time.
import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm'
import { LABELS_MAX, labelsBody, labelsQuery } from '../../../shared/contracts/labels'
import type { Lang } from '../../../shared/errors'
import { labelCodeOf } from '../../../shared/label-code'
import type { Db } from '../../db/client'
import { artists, artworks, rooms } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { errorEnvelope } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { heavyDownload } from '../../jobs/heavy'
import { officeStamp } from '../../office-day'
import { loadPdfFont } from '../../pdf/font'
import { type ArtworkScope, requestScope } from '../auth/scope'
import { contentDisposition, toWebStream } from '../files/serve'
import { type LabelRow, PAGE, writeLabels } from './sheet'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const PDF_MIME = 'application/pdf'

const pdfResponses = {
  200: {
    description: 'The label sheet (A4, 3 × 8 labels a page); x-label-count says how many labels it holds',
    content: { [PDF_MIME]: { schema: z.string().openapi({ format: 'binary' }) } },
  },
  default: { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } },
}

/** Shown in a message: short, printable. */
function quoted(value: string): string {
  const clean = value.replace(/[^\p{L}\p{N}\-_. ]/gu, '?')
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean
}

type Selection = { roomId: string } | { ids: string[] }

/** The request's selection, or the refusal that words what is wrong with it. */
function selectionOf(roomId: string | undefined, ids: string[] | undefined): Selection {
  if (roomId !== undefined && ids !== undefined) throw refusal('labelsRoomOrArtworks', 'roomId')
  if (roomId !== undefined) {
    if (!UUID_RE.test(roomId)) throw refusal('labelsRoomNotFound', 'roomId')
    return { roomId: roomId.toLowerCase() }
  }
  const list = (ids ?? []).map((id) => id.trim()).filter((id) => id !== '')
  if (list.length === 0) throw refusal('labelsNothingChosen', 'ids')
  const bad = list.findIndex((id) => !UUID_RE.test(id))
  if (bad >= 0) throw refusal('labelsBadId', `ids.${bad}`, { value: quoted(list[bad]) })
  const unique = [...new Set(list.map((id) => id.toLowerCase()))]
  if (unique.length > LABELS_MAX)
    throw refusal('labelsTooMany', 'ids', { max: LABELS_MAX, count: unique.length })
  return { ids: unique }
}

function refusal(
  key:
    | 'labelsRoomOrArtworks'
    | 'labelsRoomNotFound'
    | 'labelsNothingChosen'
    | 'labelsBadId'
    | 'labelsTooMany',
  field: string,
  params?: Record<string, string | number>,
): AppError {
  return new AppError(key === 'labelsRoomNotFound' ? 404 : 400, key, params, {
    fieldErrors: { [field]: key },
  })
}

const pick = (lang: Lang, zh: string | null, en: string | null) => (lang === 'en' ? en || zh : zh || en) ?? ''

/** The labels of the selection in inventory-number order, and the sheet's file name. */
async function readLabels(
  db: Db,
  selection: Selection,
  lang: Lang,
  publicUrl: string,
  scope: ArtworkScope | null,
): Promise<{ labels: LabelRow[]; fileName: string }> {
  const stamp = officeStamp()
  // A user limited to legal entities labels only the works in their scope; others count as unknown.
  const inScope = scope ? scope.artworkVisible(artworks.id) : undefined
  let where: SQL | undefined
  let fileName: string
  if ('roomId' in selection) {
    const [room] = await db
      .select({ code: rooms.code, nameZh: rooms.nameZh, nameEn: rooms.nameEn })
      .from(rooms)
      .where(eq(rooms.id, selection.roomId))
    if (!room) throw refusal('labelsRoomNotFound', 'roomId')
    where = and(eq(artworks.roomId, selection.roomId), inScope)
    const [{ n }] = await db.select({ n: count() }).from(artworks).where(where)
    if (n === 0)
      throw new AppError(400, 'labelsRoomEmpty', undefined, { fieldErrors: { roomId: 'labelsRoomEmpty' } })
    if (n > LABELS_MAX) throw refusal('labelsTooMany', 'roomId', { max: LABELS_MAX, count: n })
    const name = pick(lang, room.nameZh, room.nameEn) || room.code
    fileName = `${lang === 'en' ? 'labels' : '标签'}-${name}-${stamp}.pdf`
  } else {
    where = and(inArray(artworks.id, selection.ids), inScope)
    fileName = `${lang === 'en' ? 'artwork-labels' : '作品标签'}-${stamp}.pdf`
  }
  const rows = await db
    .select({
      id: artworks.id,
      inventoryNo: artworks.inventoryNo,
      titleZh: artworks.titleZh,
      titleEn: artworks.titleEn,
      artistZh: artists.nameZh,
      artistEn: artists.nameEn,
    })
    .from(artworks)
    .leftJoin(artists, eq(artists.id, artworks.artistId))
    .where(where)
    .orderBy(asc(artworks.inventoryNo))
  if ('ids' in selection && rows.length < selection.ids.length) {
    const missing = selection.ids.length - rows.length
    throw new AppError(
      404,
      'labelsUnknownArtworks',
      { count: missing },
      {
        fieldErrors: { ids: 'labelsUnknownArtworks' },
      },
    )
  }
  const labels = rows.map((r) => ({
    code: labelCodeOf(publicUrl, r.id),
    inventoryNo: r.inventoryNo,
    title: pick(lang, r.titleZh, r.titleEn),
    artist: pick(lang, r.artistZh, r.artistEn),
  }))
  return { labels, fileName }
}

async function sheetResponse(
  deps: Deps,
  selection: Selection,
  lang: Lang,
  scope: ArtworkScope | null,
): Promise<Response> {
  // The font first: a server without it says so before reading anything.
  const font = await loadPdfFont(deps.config.pdfFont)
  const { labels, fileName } = await readLabels(
    deps.database.db,
    selection,
    lang,
    deps.config.publicUrl,
    scope,
  )
  const doc = new font.PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    lang,
    info: { Title: lang === 'en' ? 'Artwork labels' : '作品标签', Creator: 'Vitrine' },
  })
  try {
    doc.registerFont('label', font.data, font.face as string)
    doc.font('label')
  } catch {
    throw new AppError(500, 'labelsFontMissing', { path: deps.config.pdfFont })
  }
  void writeLabels(doc, 'label', labels).catch((error) => {
    console.error('label sheet failed', error)
    doc.destroy(error as Error)
  })
  return new Response(toWebStream(doc), {
    status: 200,
    headers: {
      'content-type': PDF_MIME,
      'content-disposition': contentDisposition('attachment', fileName),
      'x-label-count': String(labels.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  })
}

export function labelRoutes(deps: Deps) {
  const app = moduleRouter()
  const tags = ['labels']

  app.openapi(
    createRoute({
      method: 'get',
      path: '/artworks.pdf',
      tags,
      summary: `Artwork labels as a printable PDF: every artwork a room holds now (roomId) or chosen ones (ids=a,b,c); at most ${LABELS_MAX}`,
      ...access(deps, 'devOpsManage:view'),
      request: { query: labelsQuery },
      responses: pdfResponses,
    }),
    async (c) => {
      const q = c.req.valid('query')
      const selection = selectionOf(q.roomId, q.ids === undefined ? undefined : q.ids.split(','))
      const scope = await requestScope(c, deps.database.db)
      return heavyDownload(deps.heavy.downloads, currentUser(c).id, () =>
        sheetResponse(deps, selection, c.get('lang'), scope),
      )
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/artworks.pdf',
      tags,
      summary: `Artwork labels as a printable PDF for a selection too long for a URL ({ ids }); at most ${LABELS_MAX}`,
      ...access(deps, 'devOpsManage:view'),
      request: { body: { required: true, content: { 'application/json': { schema: labelsBody } } } },
      responses: pdfResponses,
    }),
    async (c) => {
      c.set('operationType', 'EXPORT') // a printable sheet of a long selection: nothing is written
      const scope = await requestScope(c, deps.database.db)
      return heavyDownload(deps.heavy.downloads, currentUser(c).id, () =>
        sheetResponse(deps, selectionOf(undefined, c.req.valid('json').ids), c.get('lang'), scope),
      )
    },
  )

  return app
}
