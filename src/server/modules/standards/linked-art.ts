// One artwork as a Linked Art HumanMadeObject (JSON-LD, https://linked.art/model/object/): its inventory
// number and both titles, its production (artist, date), its sizes, its materials as statements (the archive
// keeps them as free text, so there is no material vocabulary to point `made_of` at), its type of work, its
// preview picture and, for a viewer allowed to see them as on the artwork's page, its owners today and the
// room it is in.
import { eq } from 'drizzle-orm'
import { holds } from '../../../shared/access'
import { STANDARDS_API } from '../../../shared/contracts/standards'
import { labelCodeOf } from '../../../shared/label-code'
import type { Db } from '../../db/client'
import { artists, artworks, files, rooms } from '../../db/schema'
import { notFound } from '../../http/app-error'
import type { AuthUser } from '../../http/context'
import { ownershipOf } from '../artworks/ownership/ownership'
import { loadReferences } from '../artworks/reference-lookup'
import { momentOf } from '../warehouse/at'
import { placeOf } from '../warehouse/queries'
import { type Measure, measuresOf, PART_NAMES, TERMS, UNITS, yearsOf } from './vocabulary'

export const LINKED_ART_CONTEXT = 'https://linked.art/ns/v1/linked-art.json'

type Node = Record<string, unknown>

const type = (term: { id: string; label: string }, extra: Node = {}): Node => ({
  id: term.id,
  type: 'Type',
  _label: term.label,
  ...extra,
})
const language = (lang: 'zh' | 'en'): Node => {
  const term = lang === 'zh' ? TERMS.chinese : TERMS.english
  return { id: term.id, type: 'Language', _label: term.label }
}

/** A Name in each language that has words, the Chinese one first. */
function names(zh: string, en: string, primary = false): Node[] {
  const out: Node[] = []
  for (const [lang, content] of [
    ['zh', zh],
    ['en', en],
  ] as const) {
    if (!content.trim()) continue
    out.push({
      type: 'Name',
      ...(primary ? { classified_as: [type(TERMS.primaryName)] } : {}),
      content,
      language: [language(lang)],
    })
  }
  return out
}

/** A brief text statement (a LinguisticObject) in each language that has words. */
function statements(kind: { id: string; label: string }, zh: string, en: string): Node[] {
  const out: Node[] = []
  for (const [lang, content] of [
    ['zh', zh],
    ['en', en],
  ] as const) {
    if (!content.trim()) continue
    out.push({
      type: 'LinguisticObject',
      classified_as: [type(kind, { classified_as: [type(TERMS.briefText)] })],
      content,
      language: [language(lang)],
    })
  }
  return out
}

function dimension(m: Measure): Node {
  return {
    type: 'Dimension',
    classified_as: [type(TERMS[m.axis])],
    value: Number(m.value),
    unit: { id: UNITS[m.unit].id, type: 'MeasurementUnit', _label: UNITS[m.unit].label },
  }
}

/** The year (or years) of a creation time as a TimeSpan, with the time as written as its name. */
function timespan(creationTime: string): Node | null {
  const years = yearsOf(creationTime)
  if (!years) return null
  return {
    type: 'TimeSpan',
    identified_by: [{ type: 'Name', content: creationTime }],
    begin_of_the_begin: `${String(years.begin).padStart(4, '0')}-01-01T00:00:00Z`,
    end_of_the_end: `${String(years.end).padStart(4, '0')}-12-31T23:59:59Z`,
  }
}

export interface LinkedArtOptions {
  publicUrl: string
  timeZone: string
  user: AuthUser
}

export async function linkedArtOf(db: Db, id: string, o: LinkedArtOptions): Promise<Node> {
  const [row] = await db
    .select({
      a: artworks,
      artistZh: artists.nameZh,
      artistEn: artists.nameEn,
      previewMime: files.mime,
    })
    .from(artworks)
    .leftJoin(artists, eq(artists.id, artworks.artistId))
    .leftJoin(files, eq(files.id, artworks.previewFileId))
    .where(eq(artworks.id, id))
  if (!row) throw notFound()
  const { a } = row
  const base = o.publicUrl
  const refs = await loadReferences(db)

  const doc: Node = {
    '@context': LINKED_ART_CONTEXT,
    id: `${base}${STANDARDS_API.linkedArt(a.id)}`,
    type: 'HumanMadeObject',
    _label: a.titleEn || a.titleZh,
  }
  const medium = a.mediumTagId === null ? undefined : refs.tags.get(a.mediumTagId)
  doc.classified_as = [
    type(TERMS.worksOfArt, { classified_as: [type(TERMS.typeOfWork)] }),
    ...(medium
      ? [
          {
            type: 'Type',
            _label: medium.nameEn || medium.nameZh,
            identified_by: names(medium.nameZh, medium.nameEn),
            classified_as: [type(TERMS.typeOfWork)],
          },
        ]
      : []),
  ]
  doc.identified_by = [
    { type: 'Identifier', classified_as: [type(TERMS.accessionNumber)], content: a.inventoryNo },
    ...names(a.titleZh, a.titleEn, true),
  ]
  const referred = [
    ...statements(TERMS.materialStatement, a.materialsZh, a.materialsEn),
    ...statements(TERMS.remarks, a.remarkZh, a.remarkEn),
  ]
  if (referred.length > 0) doc.referred_to_by = referred

  const production: Node = { type: 'Production' }
  if (a.artistId && (row.artistZh || row.artistEn)) {
    production.carried_out_by = [
      {
        id: `${base}/api/artworks/artists/${a.artistId}`,
        type: 'Person',
        _label: row.artistEn || row.artistZh,
        identified_by: names(row.artistZh ?? '', row.artistEn ?? '', true),
      },
    ]
  }
  const span = timespan(a.creationTime)
  if (span) production.timespan = span
  if (Object.keys(production).length > 1) doc.produced_by = production

  // The picture's (else the core's) sizes are the object's; the other parts' are its parts'.
  const measures = measuresOf(a.dimensions)
  const mainPart = measures.find((m) => m.part === 'picture')?.part ?? measures[0]?.part
  const own = measures.filter((m) => m.part === mainPart)
  if (own.length > 0) doc.dimension = own.map(dimension)
  const parts = [...new Set(measures.filter((m) => m.part !== mainPart).map((m) => m.part))]
  if (parts.length > 0) {
    doc.part = parts.map((part) => ({
      type: 'HumanMadeObject',
      _label: PART_NAMES[part].en,
      identified_by: names(PART_NAMES[part].zh, PART_NAMES[part].en),
      dimension: measures.filter((m) => m.part === part).map(dimension),
    }))
  }

  if (a.previewFileId) {
    doc.representation = [
      {
        type: 'VisualItem',
        digitally_shown_by: [
          {
            type: 'DigitalObject',
            ...(row.previewMime ? { format: row.previewMime } : {}),
            access_point: [{ id: `${base}/api/file/downloadFile/${a.previewFileId}`, type: 'DigitalObject' }],
          },
        ],
      },
    ]
  }
  doc.subject_of = [
    {
      type: 'LinguisticObject',
      _label: 'Archive record',
      digitally_carried_by: [
        {
          type: 'DigitalObject',
          format: 'text/html',
          access_point: [{ id: labelCodeOf(base, a.id), type: 'DigitalObject' }],
        },
      ],
    },
  ]

  // Owners and whereabouts: shown to whoever may see them on the artwork's page.
  if (holds(o.user, 'artworkArchive:view')) {
    const { current } = await ownershipOf(db, a.id)
    if (current.length > 0) {
      doc.current_owner = current.map((owner) => ({
        id: `${base}/api/entities/${owner.entityId}`,
        type: 'Group',
        _label: owner.nameEn || owner.nameZh,
        identified_by: names(owner.nameZh, owner.nameEn, true),
      }))
    }
    const place = (await placeOf(db, a.id, momentOf(undefined, o.timeZone))).place
    let roomId = place?.roomId ?? null
    if (roomId === null && place === null && a.inWarehouse) roomId = a.roomId
    if (roomId) {
      const [room] = await db
        .select({ nameZh: rooms.nameZh, nameEn: rooms.nameEn, code: rooms.code })
        .from(rooms)
        .where(eq(rooms.id, roomId))
      if (room) {
        doc.current_location = {
          id: `${base}/api/warehouse/rooms/${roomId}`,
          type: 'Place',
          _label: room.nameEn || room.nameZh || room.code,
          identified_by: names(room.nameZh, room.nameEn, true),
        }
      }
    }
  }
  return doc
}
