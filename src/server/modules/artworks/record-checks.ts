// The checks of a record that need the database (the zod rules of src/shared/artwork-rules.ts come
// first): every tag under the right parent tag, every dictionary value in its dictionary, the room, the
// artist, the inventory number not used by another artwork, and the linked files of the right kind.
// Results are field errors keyed like the zod ones (`media.0.picType`), values are message keys.
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { ArtworkRecord } from '../../../shared/artwork-rules'
import type { TagParentCode } from '../../../shared/contracts/reference'
import type { MessageKey } from '../../../shared/errors'
import { IMAGE_KINDS } from '../../../shared/file-types'
import type { DbOrTx } from '../../db/client'
import { artists, artworks, files } from '../../db/schema'
import type { AuthUser } from '../../http/context'
import { mayReadFile } from '../files/file-access'
import { type ArtworkDict, loadReferences, type References, tagUnder } from './reference-lookup'

export type FieldErrors = Record<string, MessageKey>

const TAG_FIELDS: [keyof ArtworkRecord, TagParentCode][] = [
  ['mediumTagId', 'CREATION_MEDIUM'],
  ['periodTagId', 'PERIOD'],
  ['investMarketTagId', 'INVEST_MARKET'],
  ['incomeStageTagId', 'INCOME_STAGE'],
]

/** Checks against reference data already loaded (no query): tags, dictionary values, the room. */
export function referenceErrors(
  record: ArtworkRecord,
  refs: References,
  whereabouts?: { roomId: string | null },
): FieldErrors {
  const errors: FieldErrors = {}
  const inDict = (dict: ArtworkDict, value: string) => refs.dicts[dict].has(value)
  for (const [field, parent] of TAG_FIELDS) {
    const id = record[field] as number | null
    if (id !== null && !tagUnder(refs, id, parent)) errors[field] = 'unknownOption'
  }
  record.labelTagIds.forEach((id, i) => {
    if (!tagUnder(refs, id, 'ARTWORK_LABEL')) errors[`labelTagIds.${i}`] = 'unknownOption'
  })
  if (record.packagingType && !inDict('PACKAGING_TYPE', record.packagingType)) {
    errors.packagingType = 'unknownOption'
  }
  record.media.forEach((m, i) => {
    if (m.kind === 'image' && m.picType && !inDict('ART_PIC_TYPE', m.picType)) {
      errors[`media.${i}.picType`] = 'unknownOption'
    }
  })
  record.literature.forEach((e, i) => {
    if (!inDict('LITERATU_RECORD_TYPERE', e.literatureType))
      errors[`literature.${i}.literatureType`] = 'unknownOption'
  })
  record.auctions.forEach((e, i) => {
    if (e.currency && !inDict('CURRENCY', e.currency)) errors[`auctions.${i}.currency`] = 'unknownOption'
  })
  if (whereabouts?.roomId && !refs.rooms.has(whereabouts.roomId)) errors.roomId = 'unknownOption'
  return errors
}

/** Images and videos are JPG/PNG and MP4 (docs/architecture.md § Input rules); the sources archive is a zip. */
const MEDIA_FILE_KINDS = {
  image: IMAGE_KINDS,
  video: ['mp4'],
  other: null,
  zip: ['zip'],
} as const

/** Every check of one record, for the create and update calls. */
export async function checkRecord(
  db: DbOrTx,
  record: ArtworkRecord,
  options: { user: AuthUser; selfId?: string; roomId?: string | null },
): Promise<FieldErrors> {
  const refs = await loadReferences(db)
  const errors = referenceErrors(
    record,
    refs,
    options.roomId !== undefined ? { roomId: options.roomId } : undefined,
  )

  if (record.artistId) {
    const [a] = await db.select({ id: artists.id }).from(artists).where(eq(artists.id, record.artistId))
    if (!a) errors.artistId = 'unknownOption'
  }
  const [taken] = await db
    .select({ id: artworks.id })
    .from(artworks)
    .where(
      options.selfId
        ? and(eq(artworks.inventoryNo, record.inventoryNo), ne(artworks.id, options.selfId))
        : eq(artworks.inventoryNo, record.inventoryNo),
    )
    .limit(1)
  if (taken) errors.inventoryNo = 'inventoryNoTaken'

  const linked = [
    ...record.media.map((m, i) => ({ id: m.fileId, path: `media.${i}.fileId`, kind: m.kind })),
    ...(record.zipFileId ? [{ id: record.zipFileId, path: 'zipFileId', kind: 'zip' as const }] : []),
  ]
  if (linked.length > 0) {
    const rows = await db
      .select({ id: files.id, kind: files.kind, uploadedBy: files.uploadedBy })
      .from(files)
      .where(
        inArray(
          files.id,
          linked.map((l) => l.id),
        ),
      )
    const byId = new Map(rows.filter((r) => mayReadFile(options.user, r)).map((r) => [r.id, r]))
    for (const l of linked) {
      const file = byId.get(l.id)
      const allowed = MEDIA_FILE_KINDS[l.kind] as readonly string[] | null
      if (!file) errors[l.path] = 'fileNotFound'
      else if (allowed && !allowed.includes(file.kind)) errors[l.path] = 'wrongFileKind'
    }
  }
  return errors
}
