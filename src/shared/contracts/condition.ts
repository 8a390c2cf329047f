// Shapes of an artwork's condition reports (GET /api/artworks/{id}/condition-reports): one report per
// hand-over — departure, arrival, return from a loan, back from mounting or repair, warehousing, a transport
// called off in transit — and each approved condition check (CONDITION_CHECK), read from what the processes recorded, newest first.
import { z } from 'zod'
import { CONDITION_GRADES } from '../process-steps/collections'

export const HANDOVER_KINDS = [
  'departure',
  'arrival',
  'loanReturn',
  'mountingDone',
  'repairDone',
  'warehousing',
  'abortedInTransit',
  'conditionCheck',
] as const
export type HandoverKind = (typeof HANDOVER_KINDS)[number]

/**
 * `recorded`: an event (DEPART, ARRIVE, RETURN, TERMINATE in transit) — in force when it was sent;
 * `approved` / `awaitingApproval`: a step's report (warehousing, delivery after mounting or repair), which
 * takes effect when approved. A report that was rejected or terminated before approval is not listed.
 */
export const REPORT_STANDINGS = ['recorded', 'approved', 'awaitingApproval'] as const

export const conditionPhoto = z.object({
  fileId: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  hasThumbnail: z.boolean(),
})
export type ConditionPhoto = z.infer<typeof conditionPhoto>

export const conditionReport = z.object({
  /** Stable key of the report (process and history row); for lists, not for display. */
  key: z.string(),
  kind: z.enum(HANDOVER_KINDS),
  /** When it was recorded. */
  at: z.string(),
  /** The date the report states (departed on, arrived on, returned on, completed on, warehoused on). */
  on: z.string().nullable(),
  byName: z.string(),
  /** Who received the artworks, where the report names them (warehousing). */
  receivedBy: z.string(),
  standing: z.enum(REPORT_STANDINGS),
  approvedBy: z.object({ name: z.string(), at: z.string() }).nullable(),
  /** True: as expected; false: not; null: the report says nothing about the condition. */
  conditionOk: z.boolean().nullable(),
  note: z.string(),
  /** A condition check's grade (null for a hand-over). */
  grade: z.enum(CONDITION_GRADES).nullable(),
  /** When a condition check says the next one is due (null for a hand-over). */
  nextDueOn: z.string().nullable(),
  photos: z.array(conditionPhoto),
  /** Where, in words in the request's language: "from → to", the room, a place. */
  from: z.string(),
  to: z.string(),
  processId: z.string(),
  processType: z.string(),
  processVersion: z.number(),
  /** How many other artworks the same report covers (one transport of several works). */
  otherArtworks: z.number(),
})
export type ConditionReport = z.infer<typeof conditionReport>

export const conditionReportList = z.object({
  artworkId: z.string(),
  /** Newest first. */
  items: z.array(conditionReport),
})
export type ConditionReportList = z.infer<typeof conditionReportList>
