// Chosen artworks as one LIDO 1.1 file (http://www.lido-schema.org): a lido:lido record per artwork with
// its type of work, both titles, the repository's inventory number, its sizes, its production event (artist,
// date, materials), and the record's own identity and pictures. The file is streamed: artworks are read and
// written a batch at a time, never held as one string. The schema (lido-schema/) validates it, and the import checks files against it.
import { asc, eq, inArray } from 'drizzle-orm'
import { labelCodeOf } from '../../../shared/label-code'
import type { Db } from '../../db/client'
import { artists, artworkMedia, artworks, files } from '../../db/schema'
import { loadReferences } from '../artworks/reference-lookup'
import { AAT, measuresOf, PART_NAMES, TERMS, UNITS, yearsOf } from './vocabulary'

export const LIDO_NS = 'http://www.lido-schema.org'
const LIDO_XSD = 'http://www.lido-schema.org/schema/v1.1/lido-v1.1.xsd'
/** LIDO terminology: the production event, the record types, the identifier types. */
const LIDO_TERMS = {
  production: 'http://terminology.lido-schema.org/lido00007',
  item: 'http://terminology.lido-schema.org/lido00141',
  localIdentifier: 'http://terminology.lido-schema.org/lido00100',
  inventoryNumber: 'http://terminology.lido-schema.org/lido00113',
  current: 'http://terminology.lido-schema.org/lido00479',
  image: 'http://terminology.lido-schema.org/lido00451',
} as const

/** How many artworks are read from the database and written out at a time. */
export const LIDO_BATCH = 50

export function escapeXml(text: string): string {
  // Characters XML 1.0 does not allow are dropped; the five specials are escaped.
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

const el = (name: string, body: string, attrs: Record<string, string> = {}) =>
  `<lido:${name}${Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('')}>${body}</lido:${name}>`
const text = (name: string, value: string, attrs: Record<string, string> = {}) =>
  el(name, escapeXml(value), attrs)

/** appellationValue elements for the languages that have words, Chinese preferred. */
function appellations(zh: string, en: string): string {
  const out: string[] = []
  if (zh.trim()) out.push(text('appellationValue', zh, { 'xml:lang': 'zh', 'lido:pref': 'preferred' }))
  if (en.trim())
    out.push(
      text('appellationValue', en, { 'xml:lang': 'en', 'lido:pref': zh.trim() ? 'alternate' : 'preferred' }),
    )
  return out.join('')
}

const terms = (zh: string, en: string) =>
  [
    zh.trim() ? text('term', zh, { 'xml:lang': 'zh' }) : '',
    en.trim() ? text('term', en, { 'xml:lang': 'en' }) : '',
  ].join('')

const concept = (uri: string, source = 'LIDO-Terminology') =>
  text('conceptID', uri, { 'lido:type': 'URI', 'lido:source': source })

export interface LidoRow {
  artwork: typeof artworks.$inferSelect
  artistZh: string | null
  artistEn: string | null
  mediumZh: string
  mediumEn: string
  images: { fileId: string; mime: string }[]
}

export interface LidoOptions {
  publicUrl: string
  /** The office that keeps the records, as it names itself. */
  sourceName: string
}

export function lidoRecord(r: LidoRow, o: LidoOptions): string {
  const a = r.artwork
  const source = o.sourceName
  const workType = r.mediumZh || r.mediumEn ? terms(r.mediumZh, r.mediumEn) : terms('艺术品', 'work of art')

  const measures = measuresOf(a.dimensions)
  const parts = [...new Set(measures.map((m) => m.part))]
  const measurements =
    parts.length === 0
      ? ''
      : el(
          'objectMeasurementsWrap',
          parts
            .map((part) => {
              const own = measures.filter((m) => m.part === part)
              const display = `${own.map((m) => m.value).join(' × ')} ${own[0].unit}`
              return el(
                'objectMeasurementsSet',
                text('displayObjectMeasurements', `${PART_NAMES[part].en}: ${display}`, {
                  'xml:lang': 'en',
                }) +
                  el(
                    'objectMeasurements',
                    own
                      .map((m) =>
                        el(
                          'measurementsSet',
                          el('measurementType', concept(TERMS[m.axis].id, 'AAT') + text('term', m.axis)) +
                            el('measurementUnit', concept(UNITS[m.unit].id, 'AAT') + text('term', m.unit)) +
                            text('measurementValue', m.value),
                        ),
                      )
                      .join('') + el('extentMeasurements', terms(PART_NAMES[part].zh, PART_NAMES[part].en)),
                  ),
              )
            })
            .join(''),
        )

  const actor =
    r.artistZh || r.artistEn
      ? el(
          'eventActor',
          text('displayActorInRole', r.artistZh || r.artistEn || '') +
            el(
              'actorInRole',
              el(
                'actor',
                text('actorID', `${o.publicUrl}/api/artworks/artists/${a.artistId}`, {
                  'lido:type': 'URI',
                  'lido:source': source,
                }) + el('nameActorSet', appellations(r.artistZh ?? '', r.artistEn ?? '')),
                { 'lido:type': 'http://terminology.lido-schema.org/lido00163' },
              ) + el('roleActor', concept(TERMS.artist.id, 'AAT') + terms('艺术家', 'artist')),
            ),
        )
      : ''
  const years = yearsOf(a.creationTime)
  const date = a.creationTime.trim()
    ? el(
        'eventDate',
        text('displayDate', a.creationTime) +
          (years
            ? el(
                'date',
                text('earliestDate', String(years.begin).padStart(4, '0')) +
                  text('latestDate', String(years.end).padStart(4, '0')),
              )
            : ''),
      )
    : ''
  const materials =
    a.materialsZh.trim() || a.materialsEn.trim()
      ? el(
          'eventMaterialsTech',
          [
            a.materialsZh.trim() ? text('displayMaterialsTech', a.materialsZh, { 'xml:lang': 'zh' }) : '',
            a.materialsEn.trim() ? text('displayMaterialsTech', a.materialsEn, { 'xml:lang': 'en' }) : '',
          ].join(''),
        )
      : ''
  const event = el(
    'eventWrap',
    el(
      'eventSet',
      el(
        'event',
        el('eventType', concept(LIDO_TERMS.production) + terms('制作', 'Production')) +
          actor +
          date +
          materials,
      ),
    ),
  )

  const descriptive = el(
    'descriptiveMetadata',
    el(
      'objectClassificationWrap',
      el('objectWorkTypeWrap', el('objectWorkType', concept(`${AAT}300133025`, 'AAT') + workType)),
    ) +
      el(
        'objectIdentificationWrap',
        el(
          'titleWrap',
          el('titleSet', appellations(a.titleZh, a.titleEn), {
            'lido:type': 'http://vocab.getty.edu/aat/300404670',
          }),
        ) +
          el(
            'repositoryWrap',
            el(
              'repositorySet',
              el('repositoryName', el('legalBodyName', text('appellationValue', source))) +
                text('workID', a.inventoryNo, { 'lido:type': LIDO_TERMS.inventoryNumber }),
              { 'lido:type': LIDO_TERMS.current },
            ),
          ) +
          measurements,
      ) +
      event,
    { 'xml:lang': 'zh' },
  )

  const resources =
    r.images.length === 0
      ? ''
      : el(
          'resourceWrap',
          r.images
            .map((img) =>
              el(
                'resourceSet',
                el(
                  'resourceRepresentation',
                  text('linkResource', `${o.publicUrl}/api/file/downloadFile/${img.fileId}`, {
                    'lido:formatResource': img.mime,
                  }),
                  { 'lido:type': LIDO_TERMS.image },
                ) + el('resourceType', concept(LIDO_TERMS.image) + terms('图像', 'image')),
              ),
            )
            .join(''),
        )
  const administrative = el(
    'administrativeMetadata',
    el(
      'recordWrap',
      text('recordID', a.id, { 'lido:type': LIDO_TERMS.localIdentifier, 'lido:source': source }) +
        el('recordType', concept(LIDO_TERMS.item) + terms('单件', 'item')) +
        el('recordSource', el('legalBodyName', text('appellationValue', source))) +
        el('recordInfoSet', text('recordInfoLink', labelCodeOf(o.publicUrl, a.id))),
    ) + resources,
    { 'xml:lang': 'en' },
  )

  return el(
    'lido',
    text('lidoRecID', a.id, { 'lido:type': LIDO_TERMS.localIdentifier, 'lido:source': source }) +
      descriptive +
      administrative,
  )
}

export const LIDO_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<lido:lidoWrap xmlns:lido="${LIDO_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
  `xsi:schemaLocation="${LIDO_NS} ${LIDO_XSD}">\n`
export const LIDO_TAIL = '</lido:lidoWrap>\n'

/** The artworks' rows for one batch, in the order asked. */
export async function lidoRows(db: Db, ids: string[]): Promise<LidoRow[]> {
  if (ids.length === 0) return []
  const refs = await loadReferences(db)
  const rows = await db
    .select({ a: artworks, artistZh: artists.nameZh, artistEn: artists.nameEn })
    .from(artworks)
    .leftJoin(artists, eq(artists.id, artworks.artistId))
    .where(inArray(artworks.id, ids))
  const media = await db
    .select({ artworkId: artworkMedia.artworkId, fileId: artworkMedia.fileId, mime: files.mime })
    .from(artworkMedia)
    .innerJoin(files, eq(files.id, artworkMedia.fileId))
    .where(inArray(artworkMedia.artworkId, ids))
    .orderBy(asc(artworkMedia.seq))
  const byId = new Map(rows.map((r) => [r.a.id, r]))
  return ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map(({ a, artistZh, artistEn }) => {
      const medium = a.mediumTagId === null ? undefined : refs.tags.get(a.mediumTagId)
      return {
        artwork: a,
        artistZh,
        artistEn,
        mediumZh: medium?.nameZh ?? '',
        mediumEn: medium?.nameEn ?? '',
        images: media
          .filter((m) => m.artworkId === a.id && m.mime.startsWith('image/'))
          .map((m) => ({ fileId: m.fileId, mime: m.mime })),
      }
    })
}

/** The whole file as a stream: the head, then each batch of records as it is read, then the tail. */
export function lidoStream(db: Db, ids: string[], o: LidoOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let next = 0
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(LIDO_HEAD))
        return
      }
      if (next >= ids.length) {
        controller.enqueue(encoder.encode(LIDO_TAIL))
        controller.close()
        return
      }
      const batch = ids.slice(next, next + LIDO_BATCH)
      next += LIDO_BATCH
      const rows = await lidoRows(db, batch)
      controller.enqueue(encoder.encode(`${rows.map((r) => lidoRecord(r, o)).join('\n')}\n`))
    },
  })
}
