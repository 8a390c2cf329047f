// Moving artworks: the transport information (from / to, shipper, transport type, dates, packaging, cost),
// the DEPART and ARRIVE reports, and warehousing into a room (BUY_ART_TRANS and the operations that move
// artworks: OPERATION_TRANS_ART, mounting, repair, exhibition loans).
import { z } from 'zod'
import { isoDate, text } from '../validation'
import { currency, dateOrder, dictValue, fileIds, nonNegativeMoney, note, recordId } from './common'

export const transportFields = z.strictObject({
  /** Where the artworks leave from, in words: needed only when they do not leave a room (`fromRoomId`). */
  fromLocation: note(300),
  fromRoomId: recordId.optional(),
  /**
   * Where the artworks go, in words; with `toRoomId` they arrive straight into that room of the warehouse,
   * and the room is the place (the words are then not asked for).
   */
  toLocation: note(300),
  toRoomId: recordId.optional(),
  /** The shipper (a vendor): its name, and its record when it is one. */
  shipper: text(200),
  shipperVendorId: recordId.optional(),
  /** TRANSPORT_TYPE value. */
  transportType: dictValue,
  plannedDeparture: isoDate,
  plannedArrival: isoDate,
  /** PACKAGING_TYPE value. */
  packagingType: dictValue,
  cost: nonNegativeMoney,
  currency,
  /** TRANSPORT_PAY_TYPE value (who pays the shipper, how). */
  payType: dictValue.optional(),
  courier: note(100),
  remark: note(),
})
/**
 * Whether a step's data (or draft) is a transport's: it names an end of the route, as a room or in words
 * (a transport into a room has no destination words).
 */
export function isTransportData(data: Record<string, unknown> | undefined): boolean {
  return !!data && ['toLocation', 'toRoomId', 'fromLocation', 'fromRoomId'].some((key) => key in data)
}

/** Each end of the route is a room or a place in words: one of the two is required. */
function placeRule(v: z.output<typeof transportFields>, ctx: z.RefinementCtx) {
  for (const [room, words] of [
    ['fromRoomId', 'fromLocation'],
    ['toRoomId', 'toLocation'],
  ] as const)
    if (!v[room] && !(v[words] ?? '').trim())
      ctx.addIssue({ code: 'custom', message: 'required', path: [words] })
}

export const transportStep = transportFields
  .superRefine(placeRule)
  .superRefine(dateOrder('plannedDeparture', 'plannedArrival'))
export type TransportData = z.output<typeof transportStep>

/**
 * DEPART: picked up, with the condition seen on departure (every field optional: the event's instant is the
 * default). The condition fields came later, optional, so reports of running processes stay valid.
 */
export const departure = z
  .strictObject({
    departedOn: isoDate.optional(),
    trackingNo: note(100),
    remark: note(1000),
    conditionOk: z.boolean().optional(),
    conditionNote: note(2000),
    /** Condition photographs (file ids; `attachments`, like ARRIVE's, so the server checks the files). */
    attachments: fileIds().optional(),
  })
  .optional()

/** ARRIVE: delivered, with the condition seen on arrival. */
export const arrival = z
  .strictObject({
    arrivedOn: isoDate.optional(),
    conditionOk: z.boolean().optional(),
    conditionNote: note(2000),
    attachments: fileIds().optional(),
  })
  .optional()

/**
 * TERMINATE once the artworks have left the warehouse (in transit; at a restorer, a framer or a purchase's
 * destination): where they are now — back in a room of the warehouse, or a place in words (the shipper's
 * depot, the restorer's studio) — recorded as a movement.
 */
export const whereNow = z.preprocess(
  (v) => v ?? {},
  z
    .strictObject({ roomId: recordId.optional(), location: note(300), conditionNote: note(2000) })
    .refine((v) => v.roomId !== undefined || (v.location ?? '').trim() !== '', {
      message: 'whereNowRequired',
      path: ['location'],
    }),
)

export const warehousingStep = z.strictObject({
  roomId: recordId,
  warehousedOn: isoDate,
  receivedBy: text(100),
  conditionOk: z.boolean({ message: 'required' }),
  conditionNote: note(2000),
  attachments: fileIds().optional(),
})
export type WarehousingData = z.output<typeof warehousingStep>

/** One artwork of a batch on arrival (BUY_ART_TRANS v2): the room it goes into and its condition. */
export const warehousingEntry = z.strictObject({
  artworkId: recordId,
  roomId: recordId,
  conditionOk: z.boolean({ message: 'required' }),
  conditionNote: note(2000),
})
export type WarehousingEntry = z.output<typeof warehousingEntry>

const warehousingBatchFields = z.strictObject({
  warehousedOn: isoDate,
  receivedBy: text(100),
  /** Every artwork of the batch, each with its own room and condition on arrival. */
  artworks: z.array(warehousingEntry).min(1, { message: 'required' }).max(500),
  attachments: fileIds().optional(),
})

/**
 * BUY_ART_TRANS v2's warehousing (batch inbound): one form for the whole batch, one row per artwork. Checked
 * against the batch (`batch`: the process's artworks) when known: no artwork twice, none outside the batch,
 * none left out; a condition that is not as expected says why.
 */
export function warehousingBatchStep(batch?: readonly string[]) {
  return warehousingBatchFields.superRefine((v, ctx) => {
    const expected = batch ? new Set(batch) : undefined
    const seen = new Set<string>()
    v.artworks.forEach((row, i) => {
      if (seen.has(row.artworkId))
        ctx.addIssue({ code: 'custom', message: 'duplicateArtwork', path: ['artworks', i, 'artworkId'] })
      else if (expected && !expected.has(row.artworkId))
        ctx.addIssue({ code: 'custom', message: 'notInBatch', path: ['artworks', i, 'artworkId'] })
      seen.add(row.artworkId)
      if (row.conditionOk === false && !(row.conditionNote ?? '').trim())
        ctx.addIssue({
          code: 'custom',
          message: 'conditionNoteRequired',
          path: ['artworks', i, 'conditionNote'],
        })
    })
    if (expected && [...expected].some((id) => !seen.has(id)))
      ctx.addIssue({ code: 'custom', message: 'batchArtworkMissing', path: ['artworks'] })
  })
}
/** Without the batch at hand (drafts, documentation, the condition reports): the shape only. */
export const warehousingBatchShape = warehousingBatchFields
export type WarehousingBatchData = z.output<typeof warehousingBatchFields>
