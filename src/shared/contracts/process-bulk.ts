// Bulk actions on processes (POST /api/process/bulk): terminate, reassign the open task, migrate to another
// version, over chosen processes or all matching the list's filter. `dryRun` answers per process what would
// happen; the real run answers what it did, each process in its own transaction, and a repeat under the same
// `idempotencyKey` returns the first run's answer.
import { z } from 'zod'
import { processListQuery, processTypeSchema } from './process'

export const BULK_ACTIONS = ['terminate', 'reassign', 'migrate'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

/** Most processes one bulk request may touch. */
export const BULK_LIMIT = 500

/** The list's filters without the page: "all matching the filter". */
export const bulkFilter = z.strictObject(processListQuery.shape).omit({ page: true, pageSize: true })
export type BulkFilter = z.infer<typeof bulkFilter>

const key = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, { message: 'invalidValue' })

export const processBulkInput = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { message: 'invalidValue' }),
    ids: z
      .array(z.uuid({ message: 'invalidValue' }))
      .min(1, { message: 'required' })
      .max(BULK_LIMIT)
      .optional(),
    filter: bulkFilter.optional(),
    dryRun: z.boolean().default(false),
    idempotencyKey: key.optional(),
    /** terminate: the reason, as a single TERMINATE asks for it. */
    comment: z.string().trim().max(2000).optional(),
    /** reassign: who takes the open task. */
    toUserId: z.uuid({ message: 'invalidValue' }).optional(),
    /** migrate: the version to move to, and (optionally) old state path → new state path. */
    toVersion: z.number().int().min(1).optional(),
    states: z.record(z.string().max(200), z.string().max(200)).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, ok: boolean) => {
      if (!ok) ctx.addIssue({ code: 'custom', message: 'required', path: [path] })
    }
    if ((v.ids === undefined) === (v.filter === undefined))
      ctx.addIssue({ code: 'custom', message: 'bulkSelection', path: ['ids'] })
    if (v.action === 'terminate') need('comment', !!v.comment)
    if (v.action === 'reassign') need('toUserId', !!v.toUserId)
    if (v.action === 'migrate') need('toVersion', v.toVersion !== undefined)
    if (!v.dryRun) need('idempotencyKey', !!v.idempotencyKey)
  })
export type ProcessBulkInput = z.input<typeof processBulkInput>

export const BULK_OUTCOMES = ['allowed', 'refused', 'done', 'failed'] as const
export type BulkOutcome = (typeof BULK_OUTCOMES)[number]

export const bulkItem = z.object({
  id: z.string(),
  type: processTypeSchema,
  definitionVersion: z.number(),
  state: z.string(),
  /** dry run: allowed or refused; real run: done or failed. */
  outcome: z.enum(BULK_OUTCOMES),
  /** Why it was refused or failed, in the request's language. */
  reason: z.string().nullable(),
})
export type BulkItem = z.infer<typeof bulkItem>

export const processBulkResult = z.object({
  action: z.enum(BULK_ACTIONS),
  dryRun: z.boolean(),
  items: z.array(bulkItem),
  /** How many were (or would be) acted on, and how many not. */
  succeeded: z.number(),
  refused: z.number(),
})
export type ProcessBulkResult = z.infer<typeof processBulkResult>
