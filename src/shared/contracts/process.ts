// Shapes of the process API (docs/architecture.md § Workflow runtime, fixed) and of the message bell: the server validates
// and documents with them, the web parses replies with them.
import { z } from 'zod'
import { PROCESS_STATUS_VALUES, type ProcessContext, STEP_STATUS_VALUES } from '../../../machines/types'
import { MESSAGE_KINDS, type MessageKind } from '../constants'
import { PROCESS_TYPES } from '../process-types'
import { isoDate, pageQuery } from '../validation'

/** Every status a process / a step can show (the machines' own lists). */
export const PROCESS_STATUSES = PROCESS_STATUS_VALUES
export const STEP_STATUSES = STEP_STATUS_VALUES

export const processTypeSchema = z.enum(PROCESS_TYPES, { message: 'invalidValue' })
export const processStatusSchema = z.enum(PROCESS_STATUSES, { message: 'invalidValue' })

/** POST /api/process */
export const processCreateInput = z.strictObject({
  type: processTypeSchema,
  input: z.record(z.string(), z.unknown()).default({}),
  /**
   * The first step's draft, saved with the start in one transaction as a SAVE would save it (validated by
   * that step's draft schema, a history row of its own); refused with 400 naming `draft.<field>`.
   */
  draft: z.record(z.string(), z.unknown()).optional(),
  /** A repeat of the same start with the same key returns the first result (bound to type, input and draft). */
  idempotencyKey: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._:-]+$/, { message: 'invalidValue' })
    .optional(),
})
export type ProcessCreateInput = z.input<typeof processCreateInput>

/** POST /api/process/:id/events */
export const processEventInput = z.strictObject({
  type: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(64)
    .regex(/^[A-Z][A-Z0-9_]*$/, { message: 'invalidValue' }),
  expectedVersion: z.number({ message: 'required' }).int().min(1),
  payload: z.record(z.string(), z.unknown()).optional(),
  comment: z.string().trim().max(2000).optional(),
  /** A delegate acting for this user (a delegation of theirs must cover the type today). */
  onBehalfOf: z.uuid({ message: 'invalidValue' }).optional(),
  idempotencyKey: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._:-]+$/, { message: 'invalidValue' })
    .optional(),
})
export type ProcessEventInput = z.input<typeof processEventInput>

/** GET /api/process: every filter of the process list screen (kept in its URL). */
export const processListQuery = pageQuery
  .extend({
    type: processTypeSchema.optional(),
    status: processStatusSchema.optional(),
    artworkId: z.uuid({ message: 'invalidValue' }).optional(),
    step: z.string().trim().max(64).optional(),
    state: z.string().trim().max(200).optional(),
    createdBy: z.uuid({ message: 'invalidValue' }).optional(),
    /** Created on or after this date (yyyy-MM-dd, UTC). */
    from: isoDate.optional(),
    /** Created on or before this date (yyyy-MM-dd, UTC). */
    to: isoDate.optional(),
    /** `1`: only processes still running (not in a final state). */
    live: z.enum(['0', '1']).optional(),
    /**
     * `active`: under way (not in a final state and not terminated); `ended`: completed or terminated (a
     * terminated process is not final — it may be restarted — but its work has stopped).
     */
    phase: z.enum(['active', 'ended'], { message: 'invalidValue' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'endBeforeStart', path: ['to'] })
export type ProcessListQuery = z.input<typeof processListQuery>

/**
 * How many of the latest history rows a process view carries; the history screen pages through the rest
 * (GET /api/process/:id/history). A process saved as a draft hundreds of times still answers quickly.
 */
export const HISTORY_IN_VIEW = 20

/**
 * How many of a step's own entries (its events, payment failures, approvals) a view carries: the latest ones.
 * Step data and drafts are bounded by their schemas' limits, so with this a view's step data is bounded; the
 * whole record of a step is behind GET /api/process/:id/steps/:step.
 */
export const STEP_ENTRIES_IN_VIEW = 10

/** How many entries a step holds in all, for the steps whose lists the view cut to STEP_ENTRIES_IN_VIEW. */
export const stepTotals = z.object({
  events: z.number(),
  paymentFailures: z.number(),
  approvals: z.number(),
})

export const processHistoryItem = z.object({
  seq: z.number(),
  type: z.string(),
  fromState: z.string().nullable(),
  toState: z.string(),
  by: z.string(),
  byName: z.string(),
  at: z.string(),
  comment: z.string(),
  /** The files the event carried (its payload's file fields); the payload itself stays in the database. */
  files: z.array(z.string()),
  /** The machine version the event was applied on. */
  definitionVersion: z.number(),
  /** What allowed it: a privilege, 'allPrivileges', 'starter' (machines/allowed-by.ts), or 'unrecorded'. */
  allowedBy: z.string(),
  /** The user a delegate acted for (their name is in the view's `people`); null when acting for oneself. */
  onBehalfOf: z.string().nullable(),
})
export type ProcessHistoryItem = z.infer<typeof processHistoryItem>

export const processArtworkRef = z.object({
  id: z.string(),
  inventoryNo: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  /** The lender it is pledged to today (null: not pledged); given on a single process's view. */
  pledgedTo: z.string().nullable().optional(),
})

/** Another process as a link names it: enough to open it and say where it stands. */
export const processLink = z.object({
  id: z.string(),
  type: processTypeSchema,
  status: processStatusSchema,
  done: z.boolean(),
  state: z.string(),
  currentStep: z.string().nullable(),
  createdAt: z.string(),
})
export type ProcessLink = z.infer<typeof processLink>

/**
 * The processes this one follows and is followed by, and the follow-ups that may be started from it now
 * (each with the start input that links it), as the machines' `followUps` declare them.
 */
export const processLinks = z.object({
  follows: z.array(processLink),
  followedBy: z.array(processLink),
  mayStart: z.array(z.object({ type: processTypeSchema, input: z.record(z.string(), z.unknown()) })),
})
export type ProcessLinks = z.infer<typeof processLinks>

/**
 * A machine's context (machines/types.ts ProcessContext): the machines write it and check every payload in
 * it, so the API passes it on unchecked (any JSON to the OpenAPI document), typed as the machines' own.
 */
const machineContext = z.unknown() as z.ZodType<ProcessContext>

export const processView = z.object({
  id: z.string(),
  type: processTypeSchema,
  definitionVersion: z.number(),
  machineId: z.string(),
  version: z.number(),
  /** The state as a dotted path (`dueDiligence.submitted`); `stateValue` is XState's own value. */
  state: z.string(),
  stateValue: z.unknown(),
  status: processStatusSchema,
  done: z.boolean(),
  currentStep: z.string().nullable(),
  steps: z.array(z.object({ key: z.string(), status: z.enum(STEP_STATUSES) })),
  /** Event types the current user may send now: a button exists exactly for each of these. */
  nextEvents: z.array(z.string()),
  /** The machine's context; each step's lists cut to their latest STEP_ENTRIES_IN_VIEW entries. */
  context: machineContext,
  /** For each step whose lists were cut: how many entries it holds in all (the rest: GET .../steps/:step). */
  stepTotals: z.record(z.string(), stepTotals),
  /** The latest HISTORY_IN_VIEW history rows, in seq order. */
  history: z.array(processHistoryItem),
  /** How many history rows the process has (every event is one row, so this equals `version`). */
  historyTotal: z.number(),
  /** Display names of everyone the history names and of the creator, by user id. */
  people: z.record(z.string(), z.string()),
  artworks: z.array(processArtworkRef),
  /** Only in the answers about one process (its view, a start, an event): not in lists or the inbox. */
  links: processLinks.optional(),
  createdBy: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type ProcessView = z.infer<typeof processView>

/**
 * GET /api/process/:id/at/:seq: the process as it was after history event `seq` (its view of that moment,
 * read-only: no events offered, no links), rebuilt from the history rows.
 */
export const processReplay = processView.extend({
  replay: z.object({
    seq: z.number(),
    /** The latest event's seq: the process now. */
    latestSeq: z.number(),
    /** When event `seq` happened, and which event it was. */
    at: z.string(),
    event: z.string(),
    /** The state the history row recorded after it (the rebuilt `state` equals it). */
    recordedState: z.string(),
  }),
})
export type ProcessReplay = z.infer<typeof processReplay>

/** GET /api/process/:id/steps/:step: one step's whole record (every event, failure and approval). */
export const processStepRecord = z.object({
  step: z.string(),
  draft: z.record(z.string(), z.unknown()).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  submittedBy: z.string().optional(),
  submittedAt: z.string().optional(),
  approvals: z.array(z.object({ by: z.string(), at: z.string() })),
  rejection: z.object({ by: z.string(), at: z.string(), comment: z.string() }).optional(),
  paymentFailures: z.array(z.object({ by: z.string(), at: z.string(), comment: z.string() })).optional(),
  events: z
    .array(
      z.object({
        type: z.string(),
        by: z.string(),
        at: z.string(),
        payload: z.record(z.string(), z.unknown()).optional(),
        comment: z.string().optional(),
      }),
    )
    .optional(),
})
export type ProcessStepRecord = z.infer<typeof processStepRecord>

const words = { labelZh: z.string(), labelEn: z.string() }

export const processDefinitionView = z.object({
  type: processTypeSchema,
  labelZh: z.string(),
  labelEn: z.string(),
  version: z.number(),
  /** Every version still used by a process (a running process finishes on the version it started with). */
  versions: z.array(z.number()),
  machineId: z.string(),
  steps: z.array(z.object({ key: z.string(), ...words, money: z.boolean() })),
  graph: z.object({
    nodes: z.array(
      z.object({
        id: z.string(),
        /** Dotted state path (`dueDiligence.submitted`), the same as a process view's `state`. */
        path: z.string(),
        parent: z.string().nullable(),
        /** atomic | compound | final */
        type: z.string(),
        step: z.string().nullable(),
        status: processStatusSchema.nullable(),
        ...words,
      }),
    ),
    edges: z.array(
      z.object({
        id: z.string(),
        source: z.string(),
        target: z.string(),
        event: z.string(),
        guard: z.string().nullable(),
        guardZh: z.string().nullable(),
        guardEn: z.string().nullable(),
        /** Effects the transition declares (`recordPayment(payment)`, `notify(approvers)`). */
        effects: z.array(z.string()),
        ...words,
      }),
    ),
  }),
})
export type ProcessDefinitionView = z.infer<typeof processDefinitionView>

export const processStatsView = z.object({
  type: processTypeSchema,
  version: z.number(),
  total: z.number(),
  states: z.array(z.object({ state: z.string(), definitionVersion: z.number(), count: z.number() })),
  statuses: z.array(z.object({ status: processStatusSchema, count: z.number() })),
  /** Per machine version: live processes (`live`, the sum of its `states`) and all of them (`total`). */
  byVersion: z.array(z.object({ definitionVersion: z.number(), live: z.number(), total: z.number() })),
})
export type ProcessStatsView = z.infer<typeof processStatsView>

/** POST /api/process/:id/migrate (administrators): move a running process to another machine version. */
export const processMigrateInput = z.strictObject({
  toVersion: z.number({ message: 'required' }).int().min(1),
  expectedVersion: z.number({ message: 'required' }).int().min(1),
})
export type ProcessMigrateInput = z.infer<typeof processMigrateInput>

export { MESSAGE_KINDS, type MessageKind }

export const messageView = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  processId: z.string().nullable(),
  processType: processTypeSchema.nullable(),
  /** In the request's language; both languages follow. */
  title: z.string(),
  body: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  bodyZh: z.string(),
  bodyEn: z.string(),
  /** A process message: what the process is about (the room of a stocktake, the artworks, a purchase's titles). */
  subject: z.string(),
  subjectZh: z.string(),
  subjectEn: z.string(),
  senderName: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  /** A `content` message: the published item it announces (null once withdrawn) and that item's kind. */
  contentId: z.string().nullable().optional(),
  contentKind: z.enum(['exhibition', 'message']).nullable().optional(),
})
export type MessageView = z.infer<typeof messageView>

export const messageListQuery = pageQuery.extend({
  unread: z.enum(['0', '1']).optional(),
  /** One kind of message only. */
  kind: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(MESSAGE_KINDS, { message: 'invalidValue' }).optional(),
  ),
})
