// Shapes of the operations API (/api/operations): what the operations screens need beyond the process list —
// counts per type and status, the movement ledger (one transport's movements, every movement), one batch
// (the artworks one event moved together), the artworks in an operation now, exhibition loans with their due
// dates, and sold works awaiting delivery. The server validates and documents with them, the web parses.
import { z } from 'zod'
import { LOAN_SHOWS, MOVEMENT_KINDS, SALE_DELIVERY_SHOWS } from '../constants'
import { isoDate, pageQuery } from '../validation'
import { processStatusSchema, processTypeSchema } from './process'

export { MOVEMENT_KINDS } // defined without zod (src/shared/constants.ts): the web app's first download reads it
export type MovementKind = (typeof MOVEMENT_KINDS)[number]

const uuid = z.uuid({ message: 'invalidValue' })
const dateRange = <T extends { from?: string; to?: string }>(q: T) => !q.from || !q.to || q.from <= q.to

/** An artwork as the lists show it: names, inventory number and its preview (for the thumbnail). */
export const artworkBrief = z.object({
  id: z.string(),
  inventoryNo: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  previewFileId: z.string().nullable(),
})
export type ArtworkBrief = z.infer<typeof artworkBrief>

/** A place in words: a room of the warehouse (both names) or a place as written (a studio, a museum). */
export const placeView = z.object({
  roomId: z.string().nullable(),
  roomZh: z.string(),
  roomEn: z.string(),
  location: z.string(),
})
export type PlaceView = z.infer<typeof placeView>

/** A process as a row names it (the process view opens from its id). */
export const processBrief = z.object({
  id: z.string(),
  type: processTypeSchema,
  definitionVersion: z.number(),
  state: z.string(),
  status: processStatusSchema,
  currentStep: z.string().nullable(),
  done: z.boolean(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type ProcessBrief = z.infer<typeof processBrief>

/** GET /api/operations/counts: processes per type and status (tabs and badges of the screens). */
export const operationCounts = z.array(
  z.object({ type: processTypeSchema, status: processStatusSchema, count: z.number() }),
)
export type OperationCounts = z.infer<typeof operationCounts>

/** GET /api/operations/movements: the movement ledger, newest first. */
export const movementListQuery = pageQuery
  .extend({
    processId: uuid.optional(),
    artworkId: uuid.optional(),
    kind: z.enum(MOVEMENT_KINDS, { message: 'invalidValue' }).optional(),
    /** Moved on or after this date (yyyy-MM-dd, UTC). */
    from: isoDate.optional(),
    /** Moved on or before this date (yyyy-MM-dd, UTC). */
    to: isoDate.optional(),
  })
  .refine(dateRange, { message: 'endBeforeStart', path: ['to'] })
export type MovementListQuery = z.input<typeof movementListQuery>

export const movementView = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  artwork: artworkBrief,
  from: placeView,
  to: placeView,
  note: z.string(),
  byName: z.string(),
  processId: z.string().nullable(),
  processType: processTypeSchema.nullable(),
  /** The process event that moved it (its history row): with the process, the batch it belongs to. */
  seq: z.number().nullable(),
})
export type MovementView = z.infer<typeof movementView>

/** GET /api/operations/batches/{processId}/{seq}: the artworks one event of a process moved together. */
export const batchView = z.object({
  process: processBrief,
  seq: z.number(),
  eventType: z.string(),
  at: z.string(),
  byName: z.string(),
  comment: z.string(),
  movements: z.array(movementView),
})
export type BatchView = z.infer<typeof batchView>

/** GET /api/operations/processes/{id}/artworks: a process's artworks, where they are now. */
export const processArtworkItem = z.object({
  artwork: artworkBrief,
  where: placeView,
  transportStatus: z.enum(['none', 'to_be_transported', 'transporting']),
})
export type ProcessArtworkItem = z.infer<typeof processArtworkItem>

/** GET /api/operations/in-operation: artworks held by a live process now. */
export const inOperationQuery = pageQuery.extend({ type: processTypeSchema.optional() })
export type InOperationQuery = z.input<typeof inOperationQuery>

export const inOperationItem = processArtworkItem.extend({
  process: processBrief,
  /** When the process took hold of the artwork (its start, or its latest restart). */
  since: z.string(),
})
export type InOperationItem = z.infer<typeof inOperationItem>

/**
 * GET /api/operations/loans: `upcoming` not yet with the borrower, `onLoan` with the borrower (overdue ones
 * included, flagged), `overdue` with the borrower after the loan's end date, `returned` back (completed).
 */
export { LOAN_SHOWS } // defined without zod (src/shared/constants.ts): the web app's first download reads it
export type LoanShow = (typeof LOAN_SHOWS)[number]
export const loanListQuery = pageQuery.extend({
  show: z.enum(LOAN_SHOWS, { message: 'invalidValue' }).optional(),
})
export type LoanListQuery = z.input<typeof loanListQuery>

export const loanItem = z.object({
  process: processBrief,
  artworks: z.array(artworkBrief),
  borrower: z.string(),
  exhibitionName: z.string(),
  venue: z.string(),
  startDate: z.string().nullable(),
  /** The date the artworks are due back (the loan's end). */
  endDate: z.string().nullable(),
  overdue: z.boolean(),
  returnedOn: z.string().nullable(),
})
export type LoanItem = z.infer<typeof loanItem>

const countsOf = <T extends readonly string[]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<T[number], z.ZodNumber>)

export const loanPage = z.object({
  list: z.array(loanItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: countsOf(LOAN_SHOWS),
})
export type LoanPage = z.infer<typeof loanPage>

/** GET /api/operations/sale-deliveries: sold works, `awaiting` a delivery transport or with one `started`. */
export { SALE_DELIVERY_SHOWS } // defined without zod (src/shared/constants.ts)
export type SaleDeliveryShow = (typeof SALE_DELIVERY_SHOWS)[number]
export const saleDeliveryQuery = pageQuery.extend({
  show: z.enum(SALE_DELIVERY_SHOWS, { message: 'invalidValue' }).optional(),
})
export type SaleDeliveryQuery = z.input<typeof saleDeliveryQuery>

export const saleDeliveryItem = z.object({
  artwork: artworkBrief,
  where: placeView,
  sale: processBrief,
  buyer: z.string(),
  soldAt: z.string(),
  /** The transport started for the delivery (the latest not terminated since the sale), if any. */
  delivery: processBrief.nullable(),
})
export type SaleDeliveryItem = z.infer<typeof saleDeliveryItem>

export const saleDeliveryPage = z.object({
  list: z.array(saleDeliveryItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: countsOf(SALE_DELIVERY_SHOWS),
})
export type SaleDeliveryPage = z.infer<typeof saleDeliveryPage>
