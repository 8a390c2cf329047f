// The artwork form's values: empty for a new artwork, or the record as the detail returns it (exactly what
// PUT takes back, with the row version it was loaded at). Also what the form knows about linked files,
// and the checklist of the rules a record must meet before it can be saved (docs/architecture.md § Input rules).
import { blankRecord, type RecordKind, type StoredRecord } from '../../../../shared/artwork-rules'
import type { ArtworkDetail } from '../../../../shared/contracts/artworks'
import type { FileFacts, MediaInput } from './MediaEditor'
import type { EditableEntry } from './RecordListEditor'

/** The form's values: the stored record's fields, with what the form holds while it is being filled in. */
export type ArtworkFormValues = Omit<StoredRecord, 'signature' | RecordKind | 'media'> & {
  /** `signed` stays unset until the registrar says (signature information is required). */
  signature: { signed: boolean | null; position: string; content: string }
  exhibitions: EditableEntry[]
  auctions: EditableEntry[]
  privateCollections: EditableEntry[]
  literature: EditableEntry[]
  media: MediaInput[]
  /** A new artwork's whereabouts (afterwards processes move it). */
  inWarehouse?: boolean
  roomId?: string | null
  locationText?: string
  /** An edit of an artwork in a room: its place in the room (a change is a movement within the room). */
  position?: string
  /** An edit's row version: a stale one is refused (409). */
  expectedVersion?: number
}

/** A new artwork: the blank record, its signature not yet said, in the warehouse (a room to be chosen). */
export function emptyValues(): ArtworkFormValues {
  return {
    ...blankRecord(),
    signature: { signed: null, position: '', content: '' },
    inWarehouse: true,
    roomId: null,
    locationText: '',
  }
}

export function valuesOf(detail: ArtworkDetail): ArtworkFormValues {
  const r = detail.record
  return {
    ...r,
    // not recorded yet (a purchase's record): the form asks rather than presetting "not signed"
    signature: { ...r.signature, signed: detail.signatureRecorded ? r.signature.signed : null },
    dimensions: { ...r.dimensions },
    exhibitions: r.exhibitions.map((e) => ({ ...e })),
    auctions: r.auctions.map((e) => ({ ...e })),
    privateCollections: r.privateCollections.map((e) => ({ ...e })),
    literature: r.literature.map((e) => ({ ...e })),
    media: r.media.map((m) => ({ ...m })),
    labelTagIds: [...r.labelTagIds],
    ...(detail.inWarehouse && detail.roomId ? { position: detail.locationText } : {}),
    expectedVersion: detail.version,
  }
}

export function factsFromDetail(detail: ArtworkDetail): Map<string, FileFacts> {
  const all = [...detail.media, ...(detail.zip ? [detail.zip] : [])]
  return new Map(
    all.map((m) => [
      m.fileId,
      {
        id: m.fileId,
        name: m.name,
        mime: m.mime,
        size: m.size,
        width: m.width,
        height: m.height,
        coverFileId: m.coverFileId,
      },
    ]),
  )
}

export interface Readiness {
  preview: boolean
  picTypes: boolean
  period: boolean
  signature: boolean
  title: boolean
  inventoryNo: boolean
}

/** The record's required parts (docs/architecture.md § Input rules), for the checklist beside the form. */
export function readinessOf(v: ArtworkFormValues): Readiness {
  const images = v.media.filter((m) => m.kind === 'image')
  const sig = v.signature
  return {
    inventoryNo: v.inventoryNo.trim() !== '',
    title: v.titleZh.trim() !== '' || v.titleEn.trim() !== '',
    preview: images.some((m) => m.isPreview),
    picTypes: images.length > 0 && images.every((m) => (m.picType ?? '') !== ''),
    period: v.periodTagId !== null,
    signature:
      sig.signed === false ||
      (sig.signed === true && sig.position.trim() !== '' && sig.content.trim() !== ''),
  }
}

/** Which section holds a field path (the form opens the records tab that holds the first error). */
export function recordKindOf(path: string): RecordKind | null {
  const head = path.split('.')[0]
  return head === 'exhibitions' ||
    head === 'auctions' ||
    head === 'privateCollections' ||
    head === 'literature'
    ? head
    : null
}
