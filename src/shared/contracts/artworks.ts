// Shapes of the artwork archive API (/api/artworks): list and search filters, the list item, the detail
// with its records, media, whereabouts and processes, the change history, the edit lock, the collection
// summary and the Excel import job. Inputs are the rules of src/shared/artwork-rules.ts.
import { z } from 'zod'
import {
  artworkRecord,
  artworkRecordValues,
  createArtworkInput,
  DIMENSION_KINDS,
  MEDIA_KINDS,
  updateArtworkInput,
} from '../artwork-rules'
import { PROCESS_TYPES } from '../process-types'
import { MONEY_RE } from '../validation'

export { artworkRecord, createArtworkInput, updateArtworkInput }

import { ARTWORK_SORTS, ARTWORK_STATUSES, INSURANCE_STATUSES, TRANSPORT_STATUSES } from '../constants'

export type { ArtworkSort, ArtworkStatus } from '../constants'
// Defined without zod (the web app's first download reads them for the archive's URL).
export { ARTWORK_SORTS, ARTWORK_STATUSES, INSURANCE_STATUSES, TRANSPORT_STATUSES }
/** The most artworks one export writes (the browser asks the user to narrow the search beyond). */
export const EXPORT_MAX_ROWS = 100_000

const absentIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(absentIfEmpty, schema.optional())
/** `3` or `3,4,5`: any of these. */
const idList = opt(
  z
    .string()
    .trim()
    .max(500)
    .regex(/^\d{1,9}(,\d{1,9})*$/, { message: 'invalidValue' })
    .transform((v) => v.split(',').map(Number)),
)
const textList = <T extends z.ZodType<string, string>>(item: T) =>
  opt(
    z
      .string()
      .trim()
      .max(2000)
      .transform((v) => v.split(',').map((s) => s.trim()))
      .pipe(z.array(item).min(1).max(50)),
  )
const yearParam = opt(
  z
    .string()
    .regex(/^\d{4}$/, { message: 'invalidYear' })
    .transform(Number),
)
const boolParam = opt(z.enum(['true', 'false'], { message: 'invalidValue' }).transform((v) => v === 'true'))
const moneyParam = opt(z.string().trim().regex(MONEY_RE, { message: 'invalidMoney' }))

/** The filters of the list, the export and the summary (query string; empty parameters are absent). */
export const artworkFilters = z.object({
  /** Full text over titles, artist names and inventory number. */
  keyword: opt(z.string().trim().max(100)),
  artistId: opt(z.uuid({ message: 'invalidValue' })),
  /** Owned today (any share) by this legal entity or one under it. */
  ownerEntityId: opt(z.uuid({ message: 'invalidValue' })),
  mediumTagId: idList,
  periodTagId: idList,
  investMarketTagId: idList,
  incomeStageTagId: idList,
  /** Artworks carrying any of these labels. */
  labelTagId: idList,
  /** Artworks whose artist has this stage tag. */
  artistStageTagId: idList,
  packagingType: textList(z.string().max(64)),
  status: textList(z.enum(ARTWORK_STATUSES, { message: 'invalidValue' })),
  transportStatus: textList(z.enum(TRANSPORT_STATUSES, { message: 'invalidValue' })),
  insuranceStatus: textList(z.enum(INSURANCE_STATUSES, { message: 'invalidValue' })),
  inWarehouse: boolParam,
  roomId: textList(z.uuid({ message: 'invalidValue' })),
  /** In a live process (transport, loan, repair...). */
  inOperation: boolParam,
  /** Imported without images: the preview still to be added. */
  missingPreview: boolParam,
  buyYearFrom: yearParam,
  buyYearTo: yearParam,
  /** A valuation range is in one currency: `valuationCurrency` is required with min or max. */
  valuationCurrency: opt(z.string().regex(/^[A-Z]{3}$/, { message: 'invalidValue' })),
  valuationMin: moneyParam,
  valuationMax: moneyParam,
})
export type ArtworkFilters = z.infer<typeof artworkFilters>

function rangeRules(
  v: {
    valuationCurrency?: string
    valuationMin?: string
    valuationMax?: string
    buyYearFrom?: number
    buyYearTo?: number
  },
  ctx: z.RefinementCtx,
) {
  if ((v.valuationMin !== undefined || v.valuationMax !== undefined) && !v.valuationCurrency) {
    ctx.addIssue({ code: 'custom', path: ['valuationCurrency'], message: 'required' })
  }
  if (
    v.valuationMin !== undefined &&
    v.valuationMax !== undefined &&
    Number(v.valuationMin) > Number(v.valuationMax)
  ) {
    ctx.addIssue({ code: 'custom', path: ['valuationMax'], message: 'invalidValue' })
  }
  if (v.buyYearFrom !== undefined && v.buyYearTo !== undefined && v.buyYearFrom > v.buyYearTo) {
    ctx.addIssue({ code: 'custom', path: ['buyYearTo'], message: 'invalidValue' })
  }
}

const sortShape = {
  sort: opt(z.enum(ARTWORK_SORTS, { message: 'invalidValue' })),
  order: opt(z.enum(['asc', 'desc'], { message: 'invalidValue' })),
}

export const artworkListQuery = artworkFilters
  .extend({
    ...sortShape,
    page: opt(z.coerce.number().int().min(1)).transform((v) => v ?? 1),
    pageSize: opt(z.coerce.number().int().min(1).max(200)).transform((v) => v ?? 20),
  })
  .superRefine(rangeRules)
export type ArtworkListQuery = z.input<typeof artworkListQuery>
export type ArtworkListParams = z.infer<typeof artworkListQuery>

export const artworkExportQuery = artworkFilters
  .extend({ ...sortShape, lang: opt(z.enum(['zh-CN', 'en'], { message: 'invalidValue' })) })
  .superRefine(rangeRules)
export const artworkSummaryQuery = artworkFilters.superRefine(rangeRules)
export const templateQuery = z.object({ lang: opt(z.enum(['zh-CN', 'en'], { message: 'invalidValue' })) })

export const artistView = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  nationality: z.string(),
  birthYear: z.number().nullable(),
  deathYear: z.number().nullable(),
  artistStageTagId: z.number().nullable(),
  artworkCount: z.number(),
})
export type ArtistView = z.infer<typeof artistView>
export const artistListQuery = z.object({
  keyword: opt(z.string().trim().max(100)),
  page: opt(z.coerce.number().int().min(1)).transform((v) => v ?? 1),
  pageSize: opt(z.coerce.number().int().min(1).max(200)).transform((v) => v ?? 20),
})

/** One row of the table or one card of the gallery. Tag and room ids: the web labels them from reference data. */
export const artworkListItem = z.object({
  id: z.string(),
  inventoryNo: z.string(),
  title: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  artistId: z.string().nullable(),
  artistName: z.string(),
  artistNameZh: z.string(),
  artistNameEn: z.string(),
  creationTime: z.string(),
  sizeText: z.string(),
  mediumTagId: z.number().nullable(),
  periodTagId: z.number().nullable(),
  investMarketTagId: z.number().nullable(),
  incomeStageTagId: z.number().nullable(),
  buyYear: z.number().nullable(),
  status: z.enum(ARTWORK_STATUSES),
  inWarehouse: z.boolean(),
  roomId: z.string().nullable(),
  locationText: z.string(),
  transportStatus: z.enum(TRANSPORT_STATUSES),
  insuranceStatus: z.enum(INSURANCE_STATUSES),
  insuredUntil: z.string().nullable(),
  activeProcessId: z.string().nullable(),
  /** The type of the live process that holds it (none: free for an operation). */
  activeProcessType: z.enum(PROCESS_TYPES).nullable(),
  inOperation: z.boolean(),
  /** The lender it is pledged to today (null: not pledged). */
  pledgedTo: z.string().nullable(),
  /** Decimal string with two places, in `latestValuationCurrency`. */
  latestValuation: z.string().nullable(),
  latestValuationCurrency: z.string().nullable(),
  valuationDate: z.string().nullable(),
  /** Thumbnail through the files module (`/api/file/link` gives its URL). */
  previewFileId: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ArtworkListItem = z.infer<typeof artworkListItem>

export const artworkMediaView = z.object({
  id: z.string(),
  fileId: z.string(),
  kind: z.enum([...MEDIA_KINDS, 'zip']),
  /** is_video, as clients send it: '1' for a video. */
  isVideo: z.enum(['0', '1']),
  picType: z.string(),
  picTypeLabel: z.string(),
  isPreview: z.boolean(),
  caption: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** A video's frame at 1 s (spec cover_file_id). */
  coverFileId: z.string().nullable(),
  hasThumbnail: z.boolean(),
})
export type ArtworkMediaView = z.infer<typeof artworkMediaView>

export const movementView = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  fromRoomId: z.string().nullable(),
  fromRoomName: z.string(),
  toRoomId: z.string().nullable(),
  toRoomName: z.string(),
  fromLocation: z.string(),
  toLocation: z.string(),
  processId: z.string().nullable(),
  byName: z.string(),
  note: z.string(),
})

export const artworkProcessRef = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  state: z.string(),
  currentStep: z.string().nullable(),
  done: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
})

export const insurancePolicyRef = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  policyNo: z.string(),
  insurer: z.string(),
  /** The whole policy's sum insured (all its artworks). */
  insuredAmount: z.string().nullable(),
  /** This artwork's own agreed value on the policy's schedule (null on policies recorded before schedules). */
  scheduledAmount: z.string().nullable(),
  currency: z.string(),
  startDate: z.string(),
  endDate: z.string(),
})

export const lockView = z.object({
  artworkId: z.string(),
  userId: z.string(),
  userName: z.string(),
  acquiredAt: z.string(),
  expiresAt: z.string(),
  /** True when the caller holds it. */
  mine: z.boolean(),
})
export type LockView = z.infer<typeof lockView>

const labelled = z.object({ id: z.number(), label: z.string(), labelZh: z.string(), labelEn: z.string() })

export const artworkDetail = artworkListItem.extend({
  /** The form's values: exactly what PUT takes back (with `expectedVersion`). */
  record: artworkRecordValues,
  artist: artistView.nullable(),
  /** Labels of every tag the record names, in the request's language and both. */
  tags: z.array(labelled),
  dimensionTexts: z.record(z.enum(DIMENSION_KINDS), z.string()),
  media: z.array(artworkMediaView),
  zip: artworkMediaView.nullable(),
  movements: z.array(movementView),
  processes: z.array(artworkProcessRef),
  insurancePolicies: z.array(insurancePolicyRef),
  lock: lockView.nullable(),
  /** False while nobody has recorded whether it is signed (a record a purchase made): not "not signed". */
  signatureRecorded: z.boolean(),
  /**
   * How it entered the archive: on the archive's form, from an Excel sheet, or made by a process (the purchase
   * that bought it, named by its type and, once signed, its contract's number).
   */
  origin: z.object({
    kind: z.enum(['form', 'import', 'process']),
    processId: z.string().nullable(),
    processType: z.string().nullable(),
    contractNo: z.string().nullable(),
  }),
})
export type ArtworkDetail = z.infer<typeof artworkDetail>

export const historyChange = z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })
export const historyEntry = z.object({
  version: z.number(),
  action: z.enum(['create', 'update', 'restore', 'import', 'valuation']),
  byUserId: z.string().nullable(),
  byName: z.string(),
  at: z.string(),
  changes: z.array(historyChange),
  restoredFrom: z.number().nullable(),
})
export type HistoryEntry = z.infer<typeof historyEntry>
export const historyVersion = historyEntry.extend({ snapshot: z.record(z.string(), z.unknown()) })

export const restoreInput = z.strictObject({
  version: z.number().int().positive(),
  expectedVersion: z.number().int().positive(),
})

/** Counts and the sum of latest valuations of one group, per currency (never summed across currencies). */
export const summaryGroupItem = z.object({
  key: z.string().nullable(),
  label: z.string(),
  labelZh: z.string(),
  labelEn: z.string(),
  count: z.number(),
  valuations: z.array(z.object({ currency: z.string(), count: z.number(), total: z.string() })),
})
export const SUMMARY_GROUPS = ['medium', 'period', 'market', 'room', 'status', 'insurance'] as const
export const artworkSummary = z.object({
  count: z.number(),
  valuations: z.array(z.object({ currency: z.string(), count: z.number(), total: z.string() })),
  groups: z.record(z.enum(SUMMARY_GROUPS), z.array(summaryGroupItem)),
})
export type ArtworkSummary = z.infer<typeof artworkSummary>

export const importStartInput = z.strictObject({
  /** A file uploaded through /api/file/upload with purpose `excel`. */
  fileId: z.uuid({ message: 'invalidValue' }),
})
/** The archive import's formats: Excel (uploaded first, then named by its file id), CSV and LIDO 1.1 XML. */
export const IMPORT_FORMATS = ['excel', 'csv', 'lido'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]
/** The text field of a CSV or LIDO upload to /api/artworks/import/file: the format chosen (else found from the bytes). */
export const importFileFields = z.strictObject({
  format: z.enum(['csv', 'lido'], { message: 'invalidValue' }).optional(),
})
export const importCommitInput = z.strictObject({
  /** Required when the check found bad rows: import only the valid ones. */
  skipInvalid: z.boolean().default(false),
})
export const importRowError = z.object({
  sheet: z.string(),
  /** The Excel row number (the header is row 1). */
  row: z.number(),
  /** The column's header in the request's language ('' for the whole row). */
  column: z.string(),
  reason: z.string(),
})
export type ImportRowError = z.infer<typeof importRowError>
export const importJobView = z.object({
  id: z.string(),
  status: z.enum(['checking', 'checked', 'importing', 'done', 'failed']),
  /** While checking or importing: imports ahead of this one while it waits its turn (0 once it runs). */
  waitingAhead: z.number(),
  fileName: z.string(),
  totalRows: z.number(),
  processedRows: z.number(),
  validRows: z.number(),
  /** Artworks the import will create / update (after the check), or did (when done). */
  toCreate: z.number(),
  toUpdate: z.number(),
  createdCount: z.number(),
  updatedCount: z.number(),
  /** Rows of the file with at least one error (a row may have several, each listed in `errors`). */
  errorCount: z.number(),
  errors: z.array(importRowError),
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type ImportJobView = z.infer<typeof importJobView>

type Words = { 'zh-CN': string; en: string }
/** Words for the statuses (docs/architecture.md § Process steps: in the warehouse or not, covered or to be insured, transport). */
export const ARTWORK_STATUS_LABELS = {
  purchased: { 'zh-CN': '已购入', en: 'Purchased' },
  in_collection: { 'zh-CN': '在藏', en: 'In the collection' },
  on_loan: { 'zh-CN': '借展中', en: 'On loan' },
  sold: { 'zh-CN': '已售出', en: 'Sold' },
  missing: { 'zh-CN': '缺失', en: 'Missing' },
  in_care: { 'zh-CN': '代管中（非馆藏）', en: 'In our care (not owned)' },
  borrowed: { 'zh-CN': '借入中（非馆藏）', en: 'Borrowed (not owned)' },
  returned: { 'zh-CN': '已归还物主', en: 'Returned to its owner' },
} as const satisfies Record<(typeof ARTWORK_STATUSES)[number], Words>
export const INSURANCE_STATUS_LABELS = {
  to_be_insured: { 'zh-CN': '待投保', en: 'To be insured' },
  covered: { 'zh-CN': '已投保', en: 'Covered' },
} as const satisfies Record<(typeof INSURANCE_STATUSES)[number], Words>
export const TRANSPORT_STATUS_LABELS = {
  none: { 'zh-CN': '未在运输', en: 'Not in transport' },
  to_be_transported: { 'zh-CN': '待运输', en: 'To be transported' },
  transporting: { 'zh-CN': '运输中', en: 'Transporting' },
} as const satisfies Record<(typeof TRANSPORT_STATUSES)[number], Words>
export const WAREHOUSE_LABELS = {
  in: { 'zh-CN': '在库', en: 'In the warehouse' },
  out: { 'zh-CN': '不在库', en: 'Not in the warehouse' },
} as const satisfies Record<'in' | 'out', Words>
export const NOT_SET_LABEL: Words = { 'zh-CN': '未设置', en: 'Not set' }
