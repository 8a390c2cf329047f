// The artwork record's rules (docs/architecture.md § Records (Artwork), § Input rules), in one place for the archive form and the server:
// required preview image with its picture type, required period of creation and signature information,
// digits-only numeric fields, maximum lengths, dimensions and the size text built from them.
// The server repeats every check here (and adds those that need the database: tags, dictionaries, files).
import { z } from 'zod'
import { isRealDate, nonNegativeMoney, optionalNameText, optionalText } from './validation'

/** Longest text each field takes (over-long input is refused, docs/architecture.md § Input rules). */
export const ARTWORK_LIMITS = {
  inventoryNo: 40,
  title: 200,
  creationTime: 50,
  materials: 300,
  source: 300,
  signaturePosition: 100,
  signatureContent: 300,
  remark: 2000,
  handlingNotes: 1000,
  rightsHolder: 200,
  licence: 200,
  credit: 300,
  restrictions: 1000,
  recordTitle: 300,
  recordPlace: 200,
  recordNote: 1000,
  lot: 20,
  caption: 200,
  location: 200,
  dictValue: 64,
  artistName: 100,
  nationality: 100,
  /** Entries per records list, media items, labels. */
  records: 200,
  media: 60,
  labels: 20,
} as const

/** Minutes an edit lock lasts; the holder renews it by taking it again (docs/architecture.md § Errors and behaviours edit-lock message). */
export const EDIT_LOCK_MINUTES = 15

export const DIMENSION_KINDS = ['core', 'picture', 'frame', 'other'] as const
export type DimensionKind = (typeof DIMENSION_KINDS)[number]
export const DIMENSION_UNITS = ['cm', 'mm', 'm', 'in'] as const
export type DimensionUnit = (typeof DIMENSION_UNITS)[number]

/** The dated lists of an artwork's record; literature entries are typed by LITERATU_RECORD_TYPERE. */
export const RECORD_KINDS = ['exhibitions', 'auctions', 'privateCollections', 'literature'] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

/** Media an artwork links to (file ids of the files module). The zip of sources is `zipFileId`. */
export const MEDIA_KINDS = ['image', 'video', 'other'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/** Numbers as people type them into a numeric field: digits, optionally one decimal point. */
const DECIMAL_RE = /^\d{1,7}(\.\d{1,2})?$/
const numberAsText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v)

/** A positive decimal written with digits only (dimensions, weights): "60", "60.5". */
export const decimalDigits = z.preprocess(
  numberAsText,
  z
    .string({ message: 'digitsOnly' })
    .trim()
    .max(10)
    .regex(DECIMAL_RE, { message: 'digitsOnly' })
    .refine((v) => Number(v) > 0, { message: 'invalidValue' })
    .transform(normaliseDecimal),
)
/** The same, or empty. */
export const optionalDecimalDigits = z.preprocess(
  (v) => (v === null || v === undefined ? '' : numberAsText(v)),
  z
    .string({ message: 'digitsOnly' })
    .trim()
    .max(10)
    .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, { message: 'digitsOnly' })
    .transform((v) => (v === '' ? '' : normaliseDecimal(v))),
)
/** A year: four digits, or empty. */
export const optionalYear = z.preprocess(
  (v) => (v === null || v === undefined ? '' : numberAsText(v)),
  z
    .string({ message: 'digitsOnly' })
    .trim()
    .regex(/^\d*$/, { message: 'digitsOnly' })
    .refine((v) => v === '' || (v.length === 4 && Number(v) >= 1000 && Number(v) <= 2200), {
      message: 'invalidYear',
    }),
)

/** A salvage priority: 1 (saved first) to 5, or empty (not decided). */
export const optionalPriority = z.preprocess(
  (v) => (v === null || v === undefined ? '' : numberAsText(v)),
  z
    .string({ message: 'salvagePriorityRange' })
    .trim()
    .regex(/^[1-5]?$/, { message: 'salvagePriorityRange' }),
)

/** "060.50" → "60.5": the form shows what was meant, and equal values compare equal. */
export function normaliseDecimal(v: string): string {
  const [int, frac = ''] = v.split('.')
  const i = int.replace(/^0+(?=\d)/, '')
  const f = frac.replace(/0+$/, '')
  return f ? `${i}.${f}` : i
}

export const dimension = z.strictObject({
  /** Height × width × depth, 1 to 3 values (one value: a diameter or a single extent). */
  values: z.array(decimalDigits).min(1, { message: 'required' }).max(3, { message: 'invalidValue' }),
  unit: z.enum(DIMENSION_UNITS, { message: 'invalidValue' }),
})
export type Dimension = z.infer<typeof dimension>
export type Dimensions = Partial<Record<DimensionKind, Dimension>>

export const dimensions = z
  .strictObject({
    core: dimension.optional(),
    picture: dimension.optional(),
    frame: dimension.optional(),
    other: dimension.optional(),
  })
  .default({})

/** "60 × 80 cm", "60 × 80 × 5 cm", "30 cm": the values in the order given, then the unit. */
export function sizeTextOf(d: Dimension | undefined | null): string {
  if (!d || d.values.length === 0) return ''
  return `${d.values.join(' × ')} ${d.unit}`
}

/** The size shown for the artwork: the picture size, else core, frame, other (the first one given). */
export function mainSizeText(dims: Dimensions | null | undefined): string {
  if (!dims) return ''
  for (const kind of ['picture', 'core', 'frame', 'other'] as const) {
    const text = sizeTextOf(dims[kind])
    if (text) return text
  }
  return ''
}

/** Read a size text back ("60 × 80 cm", "60x80x5cm", "60*80 in"); null when it is not one. */
export function parseSizeText(text: string): Dimension | null {
  const m = text
    .trim()
    .toLowerCase()
    .match(/^(\d[\d.]*)(?:\s*[×x*]\s*(\d[\d.]*))?(?:\s*[×x*]\s*(\d[\d.]*))?\s*(cm|mm|m|in)$/)
  if (!m) return null
  const parsed = dimension.safeParse({ values: [m[1], m[2], m[3]].filter(Boolean), unit: m[4] })
  return parsed.success ? parsed.data : null
}

/** A record entry's date: a year, a month or a day (provenance is often known only to the year). */
export const recordDate = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, { message: 'invalidRecordDate' })
  .refine(isRealPartialDate, { message: 'invalidRecordDate' })

export function isRealPartialDate(v: string): boolean {
  const [y, m, d] = v.split('-')
  if (m === undefined) return Number(y) >= 1000
  return isRealDate(d === undefined ? `${v}-01` : v)
}

const L = ARTWORK_LIMITS
const dictValue = optionalText(L.dictValue).default('')
const tagId = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .int()
  .positive()
const optionalTagId = tagId.nullable().default(null)

/** Every entry has a date and a title in at least one language. */
const entryShape = {
  date: recordDate,
  titleZh: optionalNameText(L.recordTitle).default(''),
  titleEn: optionalNameText(L.recordTitle).default(''),
  placeZh: optionalText(L.recordPlace).default(''),
  placeEn: optionalText(L.recordPlace).default(''),
  note: optionalText(L.recordNote).default(''),
}
function titleRule(v: { titleZh: string; titleEn: string }, ctx: z.RefinementCtx) {
  if (!v.titleZh && !v.titleEn) ctx.addIssue({ code: 'custom', path: ['titleZh'], message: 'required' })
}
const titled = () => z.strictObject(entryShape).superRefine(titleRule)

/** An exhibition: its title, venue (place) and date. */
export const exhibitionEntry = titled()
/** A sale at auction: sale title, auction house (place), lot, price and its currency. */
export const auctionEntry = z
  .strictObject({
    ...entryShape,
    lot: optionalText(L.lot).default(''),
    price: nonNegativeMoney.nullable().default(null),
    currency: optionalText(3).default(''),
  })
  .superRefine(titleRule)
  .superRefine((v, ctx) => {
    if (v.price !== null && !/^[A-Z]{3}$/.test(v.currency)) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'required' })
    }
  })
/** A private collection the artwork passed through (provenance): collector (title), place. */
export const privateCollectionEntry = titled()
/** A publication that records the artwork: its type, title, publisher (place). */
export const literatureEntry = z
  .strictObject({
    ...entryShape,
    literatureType: z.string().trim().min(1, { message: 'required' }).max(L.dictValue),
  })
  .superRefine(titleRule)
export type ExhibitionEntry = z.infer<typeof exhibitionEntry>
export type AuctionEntry = z.infer<typeof auctionEntry>
export type PrivateCollectionEntry = z.infer<typeof privateCollectionEntry>
export type LiteratureEntry = z.infer<typeof literatureEntry>
export type RecordEntry = ExhibitionEntry & Partial<AuctionEntry> & Partial<LiteratureEntry>

/** Who holds the rights in a media file, the licence it is used under, its credit line, what may not be done. */
export const mediaRights = z.strictObject({
  holder: optionalText(L.rightsHolder).default(''),
  licence: optionalText(L.licence).default(''),
  credit: optionalText(L.credit).default(''),
  restrictions: optionalText(L.restrictions).default(''),
})
export type MediaRights = z.infer<typeof mediaRights>
export const NO_RIGHTS: MediaRights = { holder: '', licence: '', credit: '', restrictions: '' }

export const mediaItem = z.strictObject({
  fileId: z.uuid({ message: 'invalidValue' }),
  kind: z.enum(MEDIA_KINDS, { message: 'invalidValue' }),
  /** ART_PIC_TYPE value; every image has one. */
  picType: optionalText(L.dictValue).default(''),
  /** Exactly one image is the preview. */
  isPreview: z.boolean().default(false),
  caption: optionalText(L.caption).default(''),
  rights: mediaRights.default(NO_RIGHTS),
})
export type MediaItem = z.infer<typeof mediaItem>

export const signature = z
  .strictObject(
    {
      signed: z.boolean({ message: 'required' }),
      position: optionalText(L.signaturePosition).default(''),
      content: optionalText(L.signatureContent).default(''),
    },
    { message: 'required' },
  )
  .superRefine((v, ctx) => {
    if (!v.signed) return
    if (!v.position) ctx.addIssue({ code: 'custom', path: ['position'], message: 'required' })
    if (!v.content) ctx.addIssue({ code: 'custom', path: ['content'], message: 'required' })
  })

/**
 * The record as the archive form edits it. Whereabouts and statuses are not here: processes change them
 * (movement rows); the latest valuation is kept by valuations. `createArtworkInput` adds where a new
 * artwork is.
 */
export const recordShape = {
  inventoryNo: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(L.inventoryNo)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { message: 'invalidInventoryNo' }),
  titleZh: optionalNameText(L.title).default(''),
  titleEn: optionalNameText(L.title).default(''),
  artistId: z.uuid({ message: 'invalidValue' }).nullable().default(null),
  creationTime: optionalText(L.creationTime).default(''),
  materialsZh: optionalText(L.materials).default(''),
  materialsEn: optionalText(L.materials).default(''),
  dimensions,
  signature,
  mediumTagId: optionalTagId,
  periodTagId: tagId.nullable().refine((v) => v !== null, { message: 'required' }),
  investMarketTagId: optionalTagId,
  incomeStageTagId: optionalTagId,
  labelTagIds: z
    .array(tagId)
    .max(L.labels)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  sourceZh: optionalText(L.source).default(''),
  sourceEn: optionalText(L.source).default(''),
  buyYear: optionalYear.default(''),
  packagingType: dictValue,
  volumeWeight: optionalDecimalDigits.default(''),
  actualWeight: optionalDecimalDigits.default(''),
  remarkZh: optionalText(L.remark).default(''),
  remarkEn: optionalText(L.remark).default(''),
  salvagePriority: optionalPriority.default(''),
  handlingNotesZh: optionalText(L.handlingNotes).default(''),
  handlingNotesEn: optionalText(L.handlingNotes).default(''),
  exhibitions: z.array(exhibitionEntry).max(L.records).default([]),
  auctions: z.array(auctionEntry).max(L.records).default([]),
  privateCollections: z.array(privateCollectionEntry).max(L.records).default([]),
  literature: z.array(literatureEntry).max(L.records).default([]),
  media: z.array(mediaItem).max(L.media).default([]),
  zipFileId: z.uuid({ message: 'invalidValue' }).nullable().default(null),
}

/**
 * A stored record as it reads back: the same fields, without the rules a save must pass. An artwork that
 * entered from elsewhere (a purchase, an import of old data) may still lack what the form will require.
 */
export const artworkRecordValues = z.object({
  ...recordShape,
  inventoryNo: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  periodTagId: z.number().nullable(),
  signature: z.object({ signed: z.boolean(), position: z.string(), content: z.string() }),
  media: z.array(
    z.object({
      fileId: z.string(),
      kind: z.enum(MEDIA_KINDS),
      picType: z.string(),
      isPreview: z.boolean(),
      caption: z.string(),
      rights: z.object({
        holder: z.string(),
        licence: z.string(),
        credit: z.string(),
        restrictions: z.string(),
      }),
    }),
  ),
})

type RecordFields = {
  titleZh: string
  titleEn: string
  media: MediaItem[]
}

/** The rules across fields: a title in one language at least; one preview image with its picture type. */
function crossFieldRules(v: RecordFields, ctx: z.RefinementCtx, options: { requirePreview: boolean }) {
  if (!v.titleZh && !v.titleEn) ctx.addIssue({ code: 'custom', path: ['titleZh'], message: 'required' })
  v.media.forEach((m, i) => {
    if (m.kind === 'image' && !m.picType) {
      ctx.addIssue({ code: 'custom', path: ['media', i, 'picType'], message: 'required' })
    }
    if (m.kind !== 'image' && m.isPreview) {
      ctx.addIssue({ code: 'custom', path: ['media', i, 'isPreview'], message: 'invalidValue' })
    }
  })
  const previews = v.media.filter((m) => m.kind === 'image' && m.isPreview)
  if (options.requirePreview && previews.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['media'], message: 'previewImageRequired' })
  }
  if (previews.length > 1) ctx.addIssue({ code: 'custom', path: ['media'], message: 'onePreviewOnly' })
  const ids = v.media.map((m) => m.fileId)
  if (new Set(ids).size !== ids.length) {
    ctx.addIssue({ code: 'custom', path: ['media'], message: 'duplicateFile' })
  }
}

/** The editable record (form and history snapshots): the preview image is required. */
export const artworkRecord = z.strictObject(recordShape).superRefine((v, ctx) => {
  crossFieldRules(v, ctx, { requirePreview: true })
})
export type ArtworkRecord = z.infer<typeof artworkRecord>
export type ArtworkRecordInput = z.input<typeof artworkRecord>

/**
 * A record as stored: the editable record's fields, the period possibly not given yet (an artwork that
 * entered from elsewhere, a purchase or an import of old data, until the archive's form completes it).
 */
export type StoredRecord = Omit<ArtworkRecord, 'periodTagId'> & { periodTagId: number | null }

/**
 * A record with nothing filled in but `fields`: the archive form's new artwork, and an artwork a purchase
 * brings in (it names a title and an artist).
 */
export function blankRecord(fields: Partial<StoredRecord> = {}): StoredRecord {
  return {
    inventoryNo: '',
    titleZh: '',
    titleEn: '',
    artistId: null,
    creationTime: '',
    materialsZh: '',
    materialsEn: '',
    dimensions: {},
    signature: { signed: false, position: '', content: '' },
    mediumTagId: null,
    periodTagId: null,
    investMarketTagId: null,
    incomeStageTagId: null,
    labelTagIds: [],
    sourceZh: '',
    sourceEn: '',
    buyYear: '',
    packagingType: '',
    volumeWeight: '',
    actualWeight: '',
    remarkZh: '',
    remarkEn: '',
    salvagePriority: '',
    handlingNotesZh: '',
    handlingNotesEn: '',
    exhibitions: [],
    auctions: [],
    privateCollections: [],
    literature: [],
    media: [],
    zipFileId: null,
    ...fields,
  }
}

/** An artwork's latest valuation, as its row keeps it. */
export interface Valuation {
  latestValuation: string | null
  latestValuationCurrency: string | null
  valuationDate: string | null
}
/** The record plus the latest valuation: what an artwork's history row keeps and a restore brings back. */
export type ArtworkSnapshot = StoredRecord & Valuation

/** Where a new artwork is: in a room of the warehouse, or elsewhere (a location in words). */
const whereaboutsShape = {
  inWarehouse: z.boolean().default(false),
  roomId: z.uuid({ message: 'invalidValue' }).nullable().default(null),
  locationText: optionalText(L.location).default(''),
}
function whereaboutsRule(v: { inWarehouse: boolean; roomId: string | null }, ctx: z.RefinementCtx) {
  if (v.inWarehouse && !v.roomId) ctx.addIssue({ code: 'custom', path: ['roomId'], message: 'required' })
  if (!v.inWarehouse && v.roomId) ctx.addIssue({ code: 'custom', path: ['roomId'], message: 'invalidValue' })
}

export const createArtworkInput = z
  .strictObject({ ...recordShape, ...whereaboutsShape })
  .superRefine((v, ctx) => {
    crossFieldRules(v, ctx, { requirePreview: true })
    whereaboutsRule(v, ctx)
  })
export type CreateArtworkInput = z.input<typeof createArtworkInput>
export type CreateArtwork = z.infer<typeof createArtworkInput>

/**
 * A save carries the row version it was loaded at: a stale one is refused (409). `position`, the place in its
 * room (a shelf, a rack: "A区3号架"), is for an artwork in a warehouse room only; absent leaves it as it is,
 * a change is a movement in the ledger within the room.
 */
export const updateArtworkInput = z
  .strictObject({
    ...recordShape,
    expectedVersion: z.number().int().positive(),
    position: optionalText(L.location).optional(),
  })
  .superRefine((v, ctx) => crossFieldRules(v, ctx, { requirePreview: true }))
export type UpdateArtworkInput = z.input<typeof updateArtworkInput>

/**
 * An Excel row has no images (files cannot travel in a sheet): imported artworks may lack the preview,
 * which the first save through the form then requires. Everything else is checked as for the form.
 */
export const importedArtworkRecord = z
  .strictObject({ ...recordShape, ...whereaboutsShape })
  .superRefine((v, ctx) => {
    crossFieldRules(v, ctx, { requirePreview: false })
    whereaboutsRule(v, ctx)
  })
export type ImportedArtwork = z.infer<typeof importedArtworkRecord>

export const artistInput = z
  .strictObject({
    nameZh: optionalNameText(L.artistName).default(''),
    nameEn: optionalNameText(L.artistName).default(''),
    nationality: optionalText(L.nationality).default(''),
    birthYear: optionalYear.default(''),
    deathYear: optionalYear.default(''),
    artistStageTagId: optionalTagId,
  })
  .superRefine((v, ctx) => {
    if (!v.nameZh && !v.nameEn) ctx.addIssue({ code: 'custom', path: ['nameZh'], message: 'required' })
    if (v.birthYear && v.deathYear && Number(v.deathYear) < Number(v.birthYear)) {
      ctx.addIssue({ code: 'custom', path: ['deathYear'], message: 'invalidValue' })
    }
  })
export type ArtistInput = z.input<typeof artistInput>
