// Incidents (GET /api/incidents, POST /api/incidents/:id/retry and /resolve): background work that failed,
// one row per failing thing, for the administrators to retry or resolve with a note.
import { z } from 'zod'
/** What kind of work failed: email delivery, a reminder's message, a task's timer, another scheduled job. */
import { INCIDENT_KINDS, INCIDENT_STATUSES } from '../constants'
import { nameText, pageQuery } from '../validation'
import { processTypeSchema } from './process'

export type { IncidentKind, IncidentStatus } from '../constants'
export { INCIDENT_KINDS, INCIDENT_STATUSES }

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { message: 'invalidValue' }).optional())

export const incidentListQuery = pageQuery.extend({
  status: optionalEnum(INCIDENT_STATUSES),
  kind: optionalEnum(INCIDENT_KINDS),
})

export const incidentView = z.object({
  id: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  /** What failed, in words (the job's name, the email's recipient, the task's step). */
  subject: z.string(),
  errorMessage: z.string(),
  attempts: z.number(),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  /** The process it belongs to: its id to open it, its type to name it. */
  processId: z.string().nullable(),
  processType: processTypeSchema.nullable(),
  artworkId: z.string().nullable(),
  artworkInventoryNo: z.string().nullable(),
  artworkTitle: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  resolutionNote: z.string().nullable(),
})
export type IncidentView = z.infer<typeof incidentView>

export const incidentResolveInput = z.strictObject({
  note: nameText(500),
})
export type IncidentResolveInput = z.infer<typeof incidentResolveInput>

/** A retry's answer: the incident as it stands after the work ran again (resolved when it succeeded). */
export const incidentRetryResult = z.object({
  succeeded: z.boolean(),
  incident: incidentView,
})
