// Shapes of the task API: the inbox of tasks, a process's open tasks, claims, the settings an
// administrator keeps (due times and candidates per step, approval rules by amount bands per currency) and
// delegations. The server validates and documents with them; the web parses replies with them.
import { z } from 'zod'
import { TASK_KINDS } from '../../../machines/task-kinds'
import type { ApprovalBand } from '../../../machines/types'
import { currency } from '../process-steps/common'
import { compareMoney, isoDate, money, optionalText, pageQuery } from '../validation'
import { processStatusSchema, processTypeSchema } from './process'

export const taskKindSchema = z.enum(TASK_KINDS, { message: 'invalidValue' })
export type TaskKindValue = z.infer<typeof taskKindSchema>

const words = z.object({ zh: z.string(), en: z.string() })

/** One open (or closed) task as the screens show it. */
export const taskView = z.object({
  id: z.string(),
  processId: z.string(),
  type: processTypeSchema,
  step: z.string(),
  kind: taskKindSchema,
  /** The process state it belongs to (a dotted path, as in the process view). */
  state: z.string(),
  createdAt: z.string(),
  dueAt: z.string().nullable(),
  /** The due date as the office's day (yyyy-MM-dd in its time zone). */
  dueDay: z.string().nullable(),
  /** The office's working days from its today until the due day (its calendar: weekends, holidays, closures). */
  workingDaysLeft: z.number().int().nullable(),
  overdue: z.boolean(),
  /** 0 on time, 1 overdue (the candidates were told again), 2 escalated to the managers. */
  escalation: z.number().int(),
  claimedBy: z.string().nullable(),
  claimedByName: z.string().nullable(),
  /** Approvals the step needs (N of M) and has so far. */
  approvalsNeeded: z.number().int(),
  approvalsDone: z.number().int(),
  /** The role one approval must come from (a director above a band), in both languages. */
  approvalRole: words.nullable(),
  /** The candidate group: any one of these privileges, narrowed to a role or named users when set. */
  privileges: z.array(z.string()),
  candidateRole: words.nullable(),
  candidateUserNames: z.array(z.string()),
  /**
   * Who may do it now, by name (a process's open tasks; the inbox leaves it out): the users the task admits
   * holding a privilege that lets them do it, administrators only when nobody else.
   */
  people: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  /** In a delegate's inbox: the user the task is theirs on behalf of. */
  onBehalfOf: z.string().nullable(),
  onBehalfOfName: z.string().nullable(),
})
export type TaskView = z.infer<typeof taskView>

/** The process an inbox task belongs to, in brief (enough for a line and a link). */
export const inboxProcess = z.object({
  id: z.string(),
  type: processTypeSchema,
  definitionVersion: z.number(),
  status: processStatusSchema,
  currentStep: z.string().nullable(),
  version: z.number(),
  createdBy: z.string(),
  createdByName: z.string(),
  updatedAt: z.string(),
  /** The first artworks it is about (inventory number and titles), at most three. */
  artworks: z.array(
    z.object({ id: z.string(), inventoryNo: z.string(), titleZh: z.string(), titleEn: z.string() }),
  ),
  artworkCount: z.number(),
  /** What it is about in a few words of each language: the room of a stocktake, the artworks' titles, a purchase's. */
  subject: z.object({ zh: z.string(), en: z.string() }),
})

export const inboxTask = taskView.extend({ process: inboxProcess })
export type InboxTask = z.infer<typeof inboxTask>

/** GET /api/process/inbox */
export const inboxQuery = pageQuery.extend({
  type: processTypeSchema.optional(),
  kind: taskKindSchema.optional(),
  /** Also the tasks someone else has claimed (marked as claimed). */
  claimed: z.enum(['mine', 'all']).default('mine'),
})
export type InboxQuery = z.input<typeof inboxQuery>

export const inboxView = z.object({
  list: z.array(inboxTask),
  /** How many tasks wait, counted up to 1,000 (`totalCapped`: more than that). */
  total: z.number(),
  totalCapped: z.boolean(),
  overdue: z.number(),
  page: z.number(),
  pageSize: z.number(),
})
export type InboxView = z.infer<typeof inboxView>

/** GET /api/process/inbox/counts (and each server-sent `counts` event): what the bell shows. */
export const inboxCounts = z.object({
  openTasks: z.number(),
  overdueTasks: z.number(),
  unreadMessages: z.number(),
})
export type InboxCounts = z.infer<typeof inboxCounts>

// ---------------------------------------------------------------------------------------------------
// Settings: due times and candidates per type, step and kind

const roleId = z.uuid({ message: 'invalidValue' })

/** PUT /api/tasks/settings/:type/:step/:kind */
export const taskSettingInput = z.strictObject({
  dueDays: z
    .number({ message: 'required' })
    .int({ message: 'invalidValue' })
    .min(1, { message: 'mustBePositive' })
    .max(365),
  remindBeforeHours: z
    .number({ message: 'required' })
    .int({ message: 'invalidValue' })
    .min(0)
    .max(24 * 30),
  escalateAfterDays: z
    .number({ message: 'required' })
    .int({ message: 'invalidValue' })
    .min(1, { message: 'mustBePositive' })
    .max(365),
  managerRoleId: roleId.nullable().default(null),
  candidateRoleId: roleId.nullable().default(null),
  candidateUserIds: z
    .array(z.uuid({ message: 'invalidValue' }))
    .max(50)
    .nullable()
    .default(null),
})
export type TaskSettingInput = z.input<typeof taskSettingInput>

export const taskSettingView = z.object({
  type: processTypeSchema,
  step: z.string(),
  kind: taskKindSchema,
  dueDays: z.number(),
  remindBeforeHours: z.number(),
  escalateAfterDays: z.number(),
  managerRoleId: z.string().nullable(),
  candidateRoleId: z.string().nullable(),
  candidateUserIds: z.array(z.string()).nullable(),
  /** False: the machine's defaults (no administrator's row). */
  custom: z.boolean(),
})
export type TaskSettingView = z.infer<typeof taskSettingView>

// ---------------------------------------------------------------------------------------------------
// Approval rules: N of M approvals by amount bands per currency

/** One band of one currency (the shape is the machines', `ApprovalBand` in machines/types.ts). */
export const approvalBand = z.strictObject({
  currency,
  from: money,
  to: money.nullable(),
  approvals: z
    .number({ message: 'required' })
    .int({ message: 'invalidValue' })
    .min(1, { message: 'mustBePositive' })
    .max(10),
  roleKey: z.string().trim().min(1).max(64).nullable().default(null),
}) satisfies z.ZodType<ApprovalBand>
export type { ApprovalBand }

/**
 * The bands of one step: per currency they start at 0.00, each starts where the one before ends, and the
 * last has no end (`bandsOverlap` / `bandsSkip` otherwise, naming the band's field).
 */
export const approvalRuleInput = z
  .strictObject({ bands: z.array(approvalBand).min(1, { message: 'required' }).max(60) })
  .superRefine(({ bands }, ctx) => {
    const byCurrency = new Map<string, { band: ApprovalBand; index: number }[]>()
    bands.forEach((band, index) => {
      const list = byCurrency.get(band.currency) ?? []
      list.push({ band, index })
      byCurrency.set(band.currency, list)
    })
    for (const list of byCurrency.values()) {
      const sorted = [...list].sort((a, b) => compareMoney(a.band.from, b.band.from))
      let expected = '0.00'
      sorted.forEach(({ band, index }, i) => {
        const at = (field: string) => ['bands', index, field]
        const order = compareMoney(band.from, expected)
        if (order !== 0)
          ctx.addIssue({
            code: 'custom',
            path: at('from'),
            message: order < 0 ? 'bandsOverlap' : 'bandsSkip',
          })
        if (band.to !== null && compareMoney(band.to, band.from) <= 0)
          ctx.addIssue({ code: 'custom', path: at('to'), message: 'invalidValue' })
        const last = i === sorted.length - 1
        if (last && band.to !== null) ctx.addIssue({ code: 'custom', path: at('to'), message: 'bandsSkip' })
        if (!last && band.to === null)
          ctx.addIssue({ code: 'custom', path: at('to'), message: 'bandsOverlap' })
        expected = band.to ?? expected
      })
    }
  })
export type ApprovalRuleInput = z.input<typeof approvalRuleInput>

export const approvalRuleView = z.object({
  type: processTypeSchema,
  step: z.string(),
  /** 0: the defaults (no administrator's version yet). */
  version: z.number(),
  bands: z.array(approvalBand),
  createdAt: z.string().nullable(),
  createdByName: z.string().nullable(),
})
export type ApprovalRuleView = z.infer<typeof approvalRuleView>

// ---------------------------------------------------------------------------------------------------
// Delegations

/** POST /api/tasks/delegations (administrators may name `fromUserId`; others delegate their own tasks). */
export const delegationInput = z
  .strictObject({
    fromUserId: z.uuid({ message: 'invalidValue' }).optional(),
    toUserId: z.uuid({ message: 'required' }),
    processType: processTypeSchema.nullable().default(null),
    startsOn: isoDate,
    endsOn: isoDate,
    note: optionalText(500).default(''),
  })
  .refine((d) => d.endsOn >= d.startsOn, { path: ['endsOn'], message: 'endBeforeStart' })
export type DelegationInput = z.input<typeof delegationInput>

export const delegationView = z.object({
  id: z.string(),
  fromUserId: z.string(),
  fromName: z.string(),
  toUserId: z.string(),
  toName: z.string(),
  processType: processTypeSchema.nullable(),
  startsOn: z.string(),
  endsOn: z.string(),
  note: z.string(),
  /** Today falls within its dates (in the office's time zone) and it is not cancelled. */
  active: z.boolean(),
  cancelledAt: z.string().nullable(),
})
export type DelegationView = z.infer<typeof delegationView>

export const delegationListQuery = pageQuery.extend({
  /** `mine`: given by or to me; `all`: everyone's (administrators). */
  scope: z.enum(['mine', 'all']).default('mine'),
})

// ---------------------------------------------------------------------------------------------------
// The settings screen (GET /api/tasks/settings): every type's tasks and money steps, labels and names
// worded in the request's language.

/** One (step, kind) task of a type with its timing, and the words the screen shows for it. */
export const taskSettingRow = taskSettingView.extend({
  stepLabel: z.string(),
  kindLabel: z.string(),
  /** The machine's own timing (what "back to defaults" returns to). */
  defaults: z.object({
    dueDays: z.number(),
    remindBeforeHours: z.number(),
    escalateAfterDays: z.number(),
  }),
  managerRoleName: z.string().nullable(),
  candidateRoleName: z.string().nullable(),
  candidateUserNames: z.array(z.string()),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
})
export type TaskSettingRow = z.infer<typeof taskSettingRow>

/** An approval rule as the screen shows it: the band's role named, the step labelled. */
export const approvalRuleRow = approvalRuleView.extend({
  stepLabel: z.string(),
  roleNames: z.array(z.string().nullable()),
})
export type ApprovalRuleRow = z.infer<typeof approvalRuleRow>

export const taskSettingsOfType = z.object({
  type: processTypeSchema,
  typeLabel: z.string(),
  definitionVersion: z.number(),
  tasks: z.array(taskSettingRow),
  approvalRules: z.array(approvalRuleRow),
})
export type TaskSettingsOfType = z.infer<typeof taskSettingsOfType>

/** Someone a task may be delegated to, or a candidate named in the settings (enabled users). */
export const personOption = z.object({ id: z.string(), name: z.string() })
export type PersonOption = z.infer<typeof personOption>
