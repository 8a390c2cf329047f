// The contract between the machines (pure, in machines/) and the server's workflow runtime
// (src/server/modules/process/). Machines receive the acting user in every event, keep step data in
// their context, and declare effects as `effect` actions; the runtime validates payloads, applies the
// pure transition, and executes the declared effects in the same database transaction.
import type {
  AnyActorRef,
  EventObject,
  MachineSnapshot,
  MetaObject,
  ParameterizedObject,
  ProvidedActor,
  StateMachine,
  StateSchema,
} from 'xstate'
import type { ZodType } from 'zod'
import type { ProcessType } from '../src/shared/process-types'
import type { TaskKind } from './task-kinds'

/**
 * One band of one currency: amounts above `from` (from 0.00 itself for the first band) up to and including
 * `to` (null: no upper end) need `approvals` different approvers, one of them holding `roleKey` when set.
 * The machines own this shape (they read it when a money step is approved); the administrators' form
 * checks it with `approvalBand` in src/shared/contracts/tasks.ts, which must produce exactly this.
 */
export interface ApprovalBand {
  currency: string
  /** Decimal text, two places. */
  from: string
  to: string | null
  approvals: number
  roleKey: string | null
}

/** One version of the approval rule of a money step (src/shared/approval-bands.ts reads it). */
export interface ApprovalRule {
  version: number
  bands: ApprovalBand[]
}

/** Who sends an event. Filled in by the server from the session, never by the browser. */
export interface Actor {
  id: string
  privileges: string[]
  allPrivileges: boolean
  /** The keys of the user's roles (an approval rule may ask for one: a director above a band). */
  roles?: string[]
  /**
   * A delegate acting for an absent user: `privileges`, `allPrivileges` and `roles` are then that user's,
   * `id` stays the delegate's; neither of them approves or pays out what either of them submitted, and a
   * delegate of the starter may terminate as the starter may.
   */
  onBehalfOf?: string
}

/** Every event a process machine receives. `at` (ISO instant) keeps machines free of clocks. */
export interface ProcessEvent {
  type: string
  actor: Actor
  at: string
  payload?: Record<string, unknown>
  comment?: string
}

/** What a step's record holds in the machine context. */
export interface StepRecord {
  draft?: Record<string, unknown>
  data?: Record<string, unknown>
  submittedBy?: string
  /** A delegate submitted on behalf of this user: neither of them approves or pays out this submission. */
  submittedOnBehalfOf?: string
  submittedAt?: string
  /** `onBehalfOf`: a delegate approved for that user; `roles`: the approver's role keys (N-of-M rules). */
  approvals: { by: string; at: string; onBehalfOf?: string; roles?: string[] }[]
  rejection?: { by: string; at: string; comment: string }
  paymentFailures?: { by: string; at: string; comment: string }[]
  /** A step's own events after approval (DEPART, ARRIVE, CONFIRM_PAYMENT, RETURN, ...), with their payloads. */
  events?: { type: string; by: string; at: string; payload?: Record<string, unknown>; comment?: string }[]
}

/** The context every process machine keeps (types may add fields of their own). */
export interface ProcessContext {
  /** The start input (artworks, seller, room, ...), validated by the definition's `input` schema. */
  subject: Record<string, unknown> & { artworkIds?: string[] }
  steps: Record<string, StepRecord>
  /**
   * Second-approval limits by currency (ISO 4217 → decimal string): a money step above the limit of its own
   * currency, or in a currency without a limit, needs a second, different approver.
   */
  secondApprovalAbove: Record<string, string>
  /**
   * The approval rules the process started with, per money step: N of M by amount bands per
   * currency, and the rule's version. When present they replace `secondApprovalAbove`; a running approval
   * keeps them, whatever an administrator changes later.
   */
  approvalRules?: Record<string, ApprovalRule>
  /** `fromState`: the step terminated in; `leaf`: the state within it (`transport.transporting`). */
  terminated?: { by: string; at: string; reason: string; fromState: string; leaf?: string }
  restarts: number
  /** Who started the process (from ProcessInput). */
  startedBy?: string
}

/** The machine's `input` when a process starts: built by the runtime, passed to `initialTransition`. */
export interface ProcessInput {
  /** The start input, validated by the definition's `input` schema. */
  subject: Record<string, unknown> & { artworkIds?: string[] }
  /** From the server's configuration: second-approval limits by currency (see ProcessContext). */
  secondApprovalAbove: Record<string, string>
  /** The approval rules in force at the start, per money step (see ProcessContext). */
  approvalRules?: Record<string, ApprovalRule>
  /** The user who starts the process (from the session). */
  startedBy: string
}

/** Effects the runtime knows how to apply. Machines emit `{ type: 'effect', params: Effect }` actions. */
export type EffectName =
  /** BUY_ART done: create the artworks (status purchased, not in the warehouse) and open BUY_ART_TRANS. */
  | 'purchaseCompleted'
  /** Contract step approved: upsert the contract record from the step data. */
  | 'recordContract'
  /** Money step: record a payment (or a collection) as paid or failed. */
  | 'recordPayment'
  /** The process takes hold of its artworks (activeProcessId) / lets them go. */
  | 'holdArtworks'
  | 'releaseArtworks'
  /** Transport: to be transported, transporting (movement row), arrived (location moves, movement row). */
  | 'transportScheduled'
  | 'transportDeparted'
  | 'transportArrived'
  /** Warehousing: the artworks go into the room named in the step data (movement row). */
  | 'warehoused'
  /** Exhibition loan: out to the borrower and back. */
  | 'loanOut'
  | 'loanReturned'
  /** Object entry: the entered work becomes a record in our care (not owned); given back to the depositor. */
  | 'worksEntered'
  | 'worksGivenBack'
  /** Loan in: the borrowed work becomes a record (borrowed, not owned) on arrival; back to the lender. */
  | 'borrowedArrived'
  | 'borrowedReturned'
  /** Sale completed: artworks sold. */
  | 'sold'
  /** Insurance: covered with the policy and period from the step data; or back to be insured. */
  | 'insuranceCovered'
  | 'insuranceLapsed'
  /** Claim paid out: record the payout. */
  | 'claimPaid'
  /** Stocktake: record found and missing artworks of the room. */
  | 'stocktakeRecorded'
  /** Messages to the people concerned (approvers when submitted, submitter when rejected, ...). */
  | 'notify'
  /** Start / restart: every artwork has a status the type may start on (params.statuses), else 400 naming why. */
  | 'checkArtworks'
  /** Terminated before departure: the planned transport is called off (transport status back to none). */
  | 'transportCancelled'
  /** Terminated in transit: the artworks are where the TERMINATE payload says (room or place), a movement row. */
  | 'transportAborted'
  /** Terminated: every pending reminder of the process is cancelled. */
  | 'remindersCancelled'
  /** Terminated after the policy was issued but before its premium was paid: the policy is void. */
  | 'policyVoided'

/**
 * Checks that need the database, run by the runtime before anything is written (a refusal is a 400 at
 * the field); the server's `modules/process/checks/` applies each by name. Machines only name them.
 */
export type CheckName =
  /** Stocktake start: the room exists and is in use. */
  | 'roomOfStocktake'
  /** Stocktake count: every artwork it names is held by the room (found or missing), and may be counted. */
  | 'countOfRoom'
  /** Sale and exhibition loan: no artwork is pledged today (at the start and at the step that binds it). */
  | 'notPledged'
  /** Purchase start: the buying legal entity, when named, exists. */
  | 'buyerEntity'
  /** Sale start: every artwork in hand has an approved deaccession (DEACCESSION ended approved). */
  | 'deaccessioned'
  /** Condition check start: the day it is planned for, when given, is not before the office's today. */
  | 'plannedNotPast'

/** Which checks a type declares: on its start input, and on the submitted form of a step (by step key). */
export interface ProcessChecks {
  /** One check, or several applied in order (the first refusal is the answer). */
  start?: CheckName | readonly CheckName[]
  submit?: Record<string, CheckName>
}

export interface Effect {
  name: EffectName
  /** Which step's data the effect reads, when it reads one. */
  step?: string
  params?: Record<string, unknown>
}

export interface StepDef {
  key: string
  labelZh: string
  labelEn: string
  /** A step that pays or collects money: it can fail and be retried. */
  money?: boolean
  /** Filling this step's form is a count (a stocktake), shown as such in the task lists. */
  task?: 'count'
  /** Due times of this step's tasks in working days, by task kind, where the defaults (machines/tasks.ts) do not fit. */
  due?: Partial<Record<TaskKind, number>>
  /**
   * Approving this step binds insurance cover on the artworks (an issued policy): its SUBMIT checks them
   * again as a start does (`artworkStatuses`: a work sold or counted missing since is refused), before
   * anything is written; the effect that writes the cover checks again at the approval.
   */
  bindsCover?: boolean
}

type Children = Record<string, AnyActorRef | undefined>
/** The value of a process snapshot as the blocks' machines type it: their state names are known at run time only. */
// biome-ignore lint/complexity/noBannedTypes: XState's own inference for states declared as a record
type ProcessStateValue = { [state: string]: {} }

/**
 * Every process machine, as the blocks build it (machines/blocks.ts `buildMachine`): its context is a
 * ProcessContext, its events ProcessEvents, its input a ProcessInput, so neither the runtime nor the screens
 * cast what a snapshot holds.
 */
export type ProcessMachine = StateMachine<
  ProcessContext,
  ProcessEvent,
  Children,
  ProvidedActor,
  ParameterizedObject,
  ParameterizedObject,
  string,
  ProcessStateValue,
  string,
  ProcessInput,
  unknown,
  EventObject,
  MetaObject,
  StateSchema
>

/** A process machine's snapshot (what `resolveState`, `initialTransition` and `transition` give). */
export type ProcessSnapshot = MachineSnapshot<
  ProcessContext,
  ProcessEvent,
  Children,
  ProcessStateValue,
  string,
  unknown,
  MetaObject,
  StateSchema
>

/** The JSON kept in processes.snapshot (`machine.getPersistedSnapshot`): what `resolveState` rebuilds from. */
export interface PersistedSnapshot {
  value: ProcessStateValue | string
  context: ProcessContext
  status: 'active' | 'done' | 'error' | 'stopped'
  output?: unknown
  error?: unknown
}

/** One version of one process type. The registry keeps every version running processes use. */
export interface ProcessDefinition {
  type: ProcessType
  version: number
  machine: ProcessMachine
  steps: StepDef[]
  /** The `input` of POST /api/process for this type. */
  input: ZodType
  /** The payload of SAVE / SUBMIT for each step, by step key (and of a type's own events, by event type). */
  payloads: Record<string, ZodType>
  /**
   * Payload schemas that depend on the process's context (a payment never above its contract's amount, a
   * stocktake's discrepancies naming every missing artwork), by the same keys as `payloads`; when a key is
   * here, it replaces `payloads[key]` for SUBMIT. `payloadSchema()` in machines/view.ts picks the right one.
   */
  contextPayloads?: Record<string, (context: ProcessContext) => ZodType>
  /** Design decisions of this flow where the product rules are silent (written into docs/flows/<TYPE>.md). */
  notes?: string[]
  /**
   * The artwork statuses this type starts (and restarts) on (the checkArtworks effect's, from FlowSpec): the
   * screens offer a start only on these.
   */
  artworkStatuses?: readonly string[]
  /**
   * Whether a process of this type holds its artworks while it runs (FlowSpec's; the holdArtworks effect
   * refuses a work another live process holds): the screens mark such works as not to be chosen.
   */
  holdsArtworks?: boolean
  /**
   * The processes that follow one of this type (a purchase's shipping, a loan's insurance, a sale's
   * delivery). Definition-level: not part of the graph, so not of the fingerprint.
   */
  followUps?: FollowUp[]
  /** Checks needing the database, before anything is written. Definition-level: not part of the graph. */
  checks?: ProcessChecks
  /**
   * This type renews a policy that its start input names (`previousProcessId`, else `previousPolicyNo`):
   * the start is refused unless that policy is active (in force, or ended at its end date), never void or
   * lapsed. Definition-level, like `followUps`: not part of the graph.
   */
  renewsPolicy?: boolean
}

/** Words in both languages (the app's two: Chinese by default, English). */
export interface Bilingual {
  'zh-CN': string
  en: string
}

/**
 * A process type as its machine file declares it, once: its name, its label in both languages, every version a
 * process may run on (oldest first: the last is the one new processes start on), where the app lists it and
 * what its demo processes attach. `machines/registry.ts` lists each declaration on one line; the tables that
 * depend on the list of types (src/shared/process-types.ts: the type union, the labels, the list screens) are
 * generated from the registry by `npm run diagrams`.
 */
export interface ProcessTypeDeclaration<T extends string = string> {
  type: T
  label: Bilingual
  versions: readonly [ProcessDefinition, ...ProcessDefinition[]]
  /**
   * Its list screen, an entry of its system's menu (`/devOpsManage/copyFlow`), words as the menu shows them
   * (default: `label`). The route itself is the file at that path under src/web/routes/_app.
   */
  list?: {
    path: `/${string}/${string}`
    /** Its entry in the system's menu (default: `label`); `false`: reached from another screen only. */
    menu?: Bilingual | false
    /**
     * The words of the standard list screen (tabs by status, filters, Start): with them `npm run diagrams`
     * generates the route file at `path`; without, the route is written by hand (a screen of its own).
     */
    screen?: ListScreenWords
  }
  /** The document its demo processes attach (src/server/seed/demo-documents.ts prints it). */
  demoDocument?: { name: string; title: string }
  /**
   * Concrete, valid data for its steps (the model tests' walks, the e2e walks, the demo seed and the benchmarks
   * read them through the registry: src/server/seed/process-samples.ts).
   */
  samples: ProcessSamples
}

/** Ids of records that exist where the samples are used (a test's or the seed's database). */
export interface SampleRefs {
  /** Two artworks (the second one goes missing in the stocktake samples). */
  artworkIds: [string, string]
  roomId: string
  fileId: string
}

/** Payload variants by step key (SUBMIT) and by event type (the type's own events: RETURN, CONFIRM_PAYMENT...). */
export type StepSamples = Record<string, Record<string, unknown>[]>

/** A type's sample data: its start input (default: the two artworks of `refs`) and its payload variants. */
export interface ProcessSamples {
  input?: (refs: SampleRefs) => Record<string, unknown>
  steps: (refs: SampleRefs) => StepSamples
}

/** The words of a type's generated list screen, in both languages. */
export interface ListScreenWords {
  /** The screen's title (breadcrumb, browser tab, heading). */
  title: Bilingual
  /** The line under the title: what the type's processes go through. */
  description: Bilingual
  /** What the list says when nothing matches. */
  empty: Bilingual
  /** Links beside Start to the screens that carry on from this one (`to`: a route path). */
  links?: readonly { to: `/${string}/${string}`; words: Bilingual; testId: string }[]
}

/**
 * A process that follows another: the follower's start input names the process it follows in `via`
 * (`sourceProcessId`). The process view lists followers and followed (`links`) from these declarations.
 */
export interface FollowUp {
  type: ProcessType
  /** The field of the follower's start input that names the process it follows. */
  via: string
  /**
   * When one may be started by hand from this process (absent: never, e.g. opened by an effect): in one of
   * these states (dotted paths, a prefix matches its children) and, when `stepField` is given, when that
   * step's submitted data holds `true` in that field (a loan whose form says insurance is required).
   */
  startWhen?: { states: string[]; stepField?: { step: string; field: string } }
  /**
   * Artwork statuses the follower may start on beside its own, for this process's artworks only (a sale's
   * delivery moves works that are sold).
   */
  artworkStatuses?: readonly string[]
  /**
   * The follower pays a cost this process recorded (a FINANCE_PAYMENT): the step whose submitted data holds
   * it and the fields to prefill the request from. Offered (instead of by `startWhen`) once that step is
   * approved with an amount above zero and the process is not terminated; one request per such step.
   */
  cost?: CostFollowUp
}

/** Where a process records a cost to pay, and what the payment request is prefilled with. */
export interface CostFollowUp {
  step: string
  /** The step's fields holding the amount and its currency, and the payee's name. */
  amount: string
  currency: string
  payee?: string
  /** FIN_FEE_ATTRIBUTION and EVENT_TYPE values the request starts with. */
  costAttribution?: string
  relatedEvent?: string
}

/** Statuses shown to users (the words of `src/shared/contracts/artworks.ts` and the process screens), plus the end states. */
export type ProcessStatus =
  | 'draft'
  | 'approvalOngoing'
  | 'approved'
  | 'rejected'
  | 'paymentFailed'
  | 'terminated'
  | 'completed'
  | 'toBeTransported'
  | 'transporting'
  /** Exhibition loan: the artwork is with the borrower. */
  | 'onLoan'
  /** Stocktake closed with discrepancies left unresolved (docs/architecture.md § Process steps: inventory completed / uncompleted). */
  | 'uncompleted'

export type StepStatus =
  | 'pending'
  | 'draft'
  | 'approvalOngoing'
  | 'approved'
  | 'rejected'
  | 'paymentFailed'
  | 'terminated'
  | 'toBeTransported'
  | 'transporting'
  | 'onLoan'

/** Every ProcessStatus, as values (for zod enums and filters). */
export const PROCESS_STATUS_VALUES = [
  'draft',
  'approvalOngoing',
  'approved',
  'rejected',
  'paymentFailed',
  'terminated',
  'completed',
  'toBeTransported',
  'transporting',
  'onLoan',
  'uncompleted',
] as const satisfies readonly ProcessStatus[]

/** Every StepStatus, as values. */
export const STEP_STATUS_VALUES = [
  'pending',
  'draft',
  'approvalOngoing',
  'approved',
  'rejected',
  'paymentFailed',
  'terminated',
  'toBeTransported',
  'transporting',
  'onLoan',
] as const satisfies readonly StepStatus[]
