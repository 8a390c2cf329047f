// Shapes of the condition check schedule (/api/condition-checks): the rules (one artwork, or every artwork of
// a creation-medium category, every N months) and what they make due — each artwork's next check, overdue or
// not, and the check already running for it. The server validates and documents with them; the web parses
// replies with them.
import { z } from 'zod'
import { note, recordId } from '../process-steps/common'

const intervalMonths = z
  .number({ message: 'required' })
  .int({ message: 'digitsOnly' })
  .min(1, { message: 'invalidValue' })
  .max(120, { message: 'invalidValue' })

/** A new rule: exactly one of the artwork and the category (a creation-medium tag), and the interval. */
export const conditionRuleInput = z
  .strictObject({
    artworkId: recordId.optional(),
    mediumTagId: z.number({ message: 'invalidValue' }).int({ message: 'invalidValue' }).positive().optional(),
    intervalMonths,
    note: note(500),
  })
  .superRefine((v, ctx) => {
    if ((v.artworkId === undefined) === (v.mediumTagId === undefined))
      ctx.addIssue({ code: 'custom', message: 'conditionRuleTarget', path: ['artworkId'] })
  })
export type ConditionRuleInput = z.infer<typeof conditionRuleInput>

/** A change to a rule: its interval, whether it is in use, its note (the target stays). */
export const conditionRuleUpdate = z.strictObject({
  intervalMonths,
  enabled: z.boolean({ message: 'required' }),
  note: note(500),
})
export type ConditionRuleUpdate = z.infer<typeof conditionRuleUpdate>

export const conditionRuleRow = z.object({
  id: z.string(),
  /** One artwork (`artwork`) or every artwork of a category (`category`), named in the request's language. */
  target: z.object({
    kind: z.enum(['artwork', 'category']),
    artworkId: z.string().nullable(),
    mediumTagId: z.number().nullable(),
    name: z.string(),
  }),
  intervalMonths: z.number(),
  enabled: z.boolean(),
  note: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  /** The artworks the rule covers now (in hand or on loan). */
  artworks: z.number(),
  /** Of those, due today or earlier with no check running. */
  due: z.number(),
  /** The earliest next check of its artworks (null: none covered). */
  nextDueOn: z.string().nullable(),
})
export type ConditionRuleRow = z.infer<typeof conditionRuleRow>
export const conditionRuleList = z.object({ list: z.array(conditionRuleRow) })

/**
 * One artwork's next condition check: from a rule (`ruleId`) and the last closed check, or a check already
 * running (`processId`, planned for `dueOn`). `overdue`: `dueOn` is before the office's today.
 */
export const conditionDueRow = z.object({
  artworkId: z.string(),
  inventoryNo: z.string(),
  title: z.string(),
  ruleId: z.string().nullable(),
  dueOn: z.string(),
  overdue: z.boolean(),
  processId: z.string().nullable(),
})
export type ConditionDueRow = z.infer<typeof conditionDueRow>
export const conditionDueList = z.object({ today: z.string(), list: z.array(conditionDueRow) })
export type ConditionDueList = z.infer<typeof conditionDueList>

export const conditionRuleId = z.object({ id: recordId })
