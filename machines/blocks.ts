// The building blocks every process machine is made of, written once: a form step (draft → submitted →
// approved / rejected back to the form), its money and transport variants, a movement step, a waiting
// step, terminate / restart with what each leaf state undoes, and the shared guards and context updates.
// A machine file only lists its steps in order and says where each one leads; see machines/README.md for
// the contract with the runtime. State configs are typed by the one `setup()` every machine shares, so
// guard and action names are checked where a block names them.
import { and, assign, setup } from 'xstate'
import { type ApprovalNeed, approvalNeedOf } from '../src/shared/approval-bands'
import type { ArtworkStatus } from '../src/shared/contracts/artworks'
import type { MessageKey } from '../src/shared/errors'
import { approvePrivilege } from '../src/shared/privileges'
import type { ProcessType } from '../src/shared/process-types'
import { compareMoney, MONEY_RE } from '../src/shared/validation'
import { LEAF_STATES, type LeafName, type Recipient, type Words } from './labels'
import type {
  Actor,
  Effect,
  EffectName,
  ProcessContext,
  ProcessDefinition,
  ProcessEvent,
  ProcessInput,
  ProcessStatus,
  StepDef,
  StepRecord,
} from './types'
import type { StateMeta } from './view'

/** Kinds of message a `notify` effect asks for (src/shared/contracts/process.ts MESSAGE_KINDS). */
export type NotifyKind =
  | 'approvalRequested'
  | 'approved'
  | 'rejected'
  | 'paymentFailed'
  | 'completed'
  | 'terminated'
  | 'restarted'

/** Context conditions a machine may use in its exits (each a guard of the shared setup). */
export type ConditionName = 'countMatches' | 'discrepanciesResolved' | 'renewalDeclined'
type Conditions = Partial<Record<ConditionName, (context: ProcessContext) => boolean>>

/** Where a step leads once it is done: another step of the machine, or a final state. */
export interface Exit {
  /** A step key of this machine, or the name of one of its final states (`completed`, ...). */
  to: string
  /** A context condition of the machine (its `conditions`), when a step can lead to more than one place. */
  when?: ConditionName
  /** Effects of taking this exit, made with `fx` (before the state entered adds its own). */
  effects?: EffectAction[]
}

export interface StepBlock {
  def: StepDef
  /** The step has a form (SAVE / SUBMIT with a payload validated by `payloads[def.key]`). */
  form: boolean
  build: (b: BuildContext) => StateConfig
}

interface BuildContext {
  /** `#TYPE.<name>` for a step key or a final state (or `terminated`). */
  target: (to: string) => string
}

/** A final state: completed, or a type's own ending (a stocktake left uncompleted, a policy not renewed). */
export interface FinalDef extends Words {
  status: ProcessStatus
}

// ---------------------------------------------------------------------------------------------------
// Effects and the rules shared by every machine

/** An `effect` action: XState's pure `transition()` hands it back to the runtime, which applies it. */
export interface EffectAction {
  type: 'effect'
  params: Effect
}

export function fx(name: EffectName, step?: string, params?: Record<string, unknown>): EffectAction {
  const effect: Effect = { name }
  if (step) effect.step = step
  if (params) effect.params = params
  return { type: 'effect', params: effect }
}

export function notify(kind: NotifyKind, to: Recipient, step?: string, extra?: Record<string, unknown>) {
  return fx('notify', step, { kind, to, ...extra })
}

export function holds(actor: Actor, privilege: string): boolean {
  return actor.allPrivileges || actor.privileges.includes(privilege)
}

export const START_PRIVILEGE = 'devOpsManage:start'
export const PAY_PRIVILEGE = 'financeManage:pay'

/** The money amount of a step's submitted data (`amount`), when it has a valid one. */
export function stepAmount(context: ProcessContext, step: string): string | undefined {
  const amount = context.steps[step]?.data?.amount
  return typeof amount === 'string' && MONEY_RE.test(amount) ? amount : undefined
}

/** The currency of a step's submitted data (`currency`), when it names one. */
export function stepCurrency(context: ProcessContext, step: string): string | undefined {
  const currency = context.steps[step]?.data?.currency
  return typeof currency === 'string' && currency ? currency : undefined
}

function record(context: ProcessContext, step: string): StepRecord {
  return context.steps[step] ?? { approvals: [] }
}

/** A copy of the context with one step's record changed. */
function patch(context: ProcessContext, step: string, change: (r: StepRecord) => StepRecord) {
  return { steps: { ...context.steps, [step]: change(record(context, step)) } }
}

/** The person acting and, for a delegate, the person they act for: neither may approve their own work. */
function peopleOf(actor: Actor): string[] {
  return actor.onBehalfOf ? [actor.id, actor.onBehalfOf] : [actor.id]
}

function mayApprove(type: ProcessType, context: ProcessContext, actor: Actor, step: string): boolean {
  const r = record(context, step)
  const people = peopleOf(actor)
  return (
    holds(actor, approvePrivilege(type)) &&
    r.submittedBy !== undefined &&
    !people.includes(r.submittedBy) &&
    !r.approvals.some(
      (a) => people.includes(a.by) || (a.onBehalfOf !== undefined && people.includes(a.onBehalfOf)),
    )
  )
}

/**
 * The approvals a money step needs: from the rules the process started with (N of M by amount bands per
 * currency), else, for processes started before those rules, the single limit of the step's currency.
 */
export function approvalNeed(context: ProcessContext, step: string): ApprovalNeed {
  const amount = stepAmount(context, step)
  if (amount === undefined) return { approvals: 1, roleKey: null }
  const currency = stepCurrency(context, step) ?? ''
  const rule = context.approvalRules?.[step]
  if (rule) return approvalNeedOf(rule.bands, amount, currency)
  // Snapshots from before limits per currency hold one CNY string; a currency without a limit needs two.
  const limits: Record<string, string> | string = context.secondApprovalAbove
  const byCurrency = typeof limits === 'string' ? { CNY: limits } : limits
  const limit = Object.hasOwn(byCurrency, currency) ? byCurrency[currency] : undefined
  return { approvals: limit === undefined || compareMoney(amount, limit) > 0 ? 2 : 1, roleKey: null }
}

/**
 * Whether whoever submitted a money step that is approved and not yet paid is this actor (or the user
 * they act for): separation of duties, they may not confirm that its money moved.
 */
function submittedUnpaid(context: ProcessContext, moneySteps: readonly string[], actor: Actor): boolean {
  const people = peopleOf(actor)
  return moneySteps.some((key) => {
    const r = context.steps[key]
    return (
      r?.submittedBy !== undefined &&
      people.includes(r.submittedBy) &&
      r.approvals.length > 0 &&
      !(r.events ?? []).some((e) => e.type === 'CONFIRM_PAYMENT')
    )
  })
}

/**
 * The XState setup shared by every machine of a type: named guards (they read only the acting user and the
 * context, never the payload, so `snapshot.can` with a probe event answers "may this user send it now")
 * and named actions (context updates, and the `effect` action the runtime executes).
 */
export function processSetup(
  type: ProcessType,
  conditions: Conditions = {},
  moneySteps: readonly string[] = [],
) {
  const condition =
    (name: ConditionName) =>
    ({ context }: { context: ProcessContext }) =>
      conditions[name]?.(context) ?? false
  return setup({
    types: {} as { context: ProcessContext; events: ProcessEvent; input: ProcessInput },
    guards: {
      countMatches: condition('countMatches'),
      discrepanciesResolved: condition('discrepanciesResolved'),
      renewalDeclined: condition('renewalDeclined'),
      /** Steps are filled by anyone who may start processes (a team fills a process together). */
      mayFill: ({ event }) => holds(event.actor, START_PRIVILEGE),
      /** Money steps: also finance staff who pay. */
      mayFillMoney: ({ event }) => holds(event.actor, START_PRIVILEGE) || holds(event.actor, PAY_PRIVILEGE),
      mayApprove: ({ context, event }, params: { step: string }) =>
        mayApprove(type, context, event.actor, params.step),
      /**
       * This approval is not the last the step needs: fewer than N so far with it, or none yet from the role
       * the band asks for. (The name is v1's, when N was at most two: renaming would change every money
       * machine's fingerprint for no change of graph.)
       */
      awaitsSecondApproval: ({ context, event }, params: { step: string }) => {
        if (!mayApprove(type, context, event.actor, params.step)) return false
        const need = approvalNeed(context, params.step)
        const approvals = record(context, params.step).approvals
        const roleMet =
          need.roleKey === null ||
          (event.actor.roles ?? []).includes(need.roleKey) ||
          approvals.some((a) => a.roles?.includes(need.roleKey as string))
        return approvals.length + 1 < need.approvals || !roleMet
      },
      /** Finance staff, but never whoever submitted the money step now waiting (separation of duties). */
      mayPay: ({ context, event }) =>
        holds(event.actor, PAY_PRIVILEGE) && !submittedUnpaid(context, moneySteps, event.actor),
      mayOperate: ({ event }) => holds(event.actor, START_PRIVILEGE),
      mayTerminate: ({ context, event }) =>
        event.actor.id === context.startedBy || holds(event.actor, approvePrivilege(type)),
    },
    actions: {
      /** Handed back by `transition()`; the runtime applies it in the event's transaction. */
      effect: (_args, _params: Effect) => {},
      saveDraft: assign(({ context, event }, params: { step: string }) =>
        patch(context, params.step, (r) => ({ ...r, draft: event.payload ?? {} })),
      ),
      submitStep: assign(({ context, event }, params: { step: string }) =>
        patch(context, params.step, (r) => {
          const { draft: _draft, ...rest } = r
          return {
            ...rest,
            data: event.payload ?? r.draft ?? {},
            submittedBy: event.actor.id,
            submittedAt: event.at,
            approvals: [],
          }
        }),
      ),
      recordApproval: assign(({ context, event }, params: { step: string }) =>
        patch(context, params.step, (r) => ({
          ...r,
          approvals: [
            ...r.approvals,
            {
              by: event.actor.id,
              at: event.at,
              ...(event.actor.onBehalfOf ? { onBehalfOf: event.actor.onBehalfOf } : {}),
              ...(event.actor.roles?.length ? { roles: event.actor.roles } : {}),
            },
          ],
        })),
      ),
      rejectStep: assign(({ context, event }, params: { step: string }) =>
        patch(context, params.step, (r) => ({
          ...r,
          // Back to the form: the submitted data becomes the draft, the approver's comment is kept.
          draft: r.data,
          rejection: { by: event.actor.id, at: event.at, comment: event.comment ?? '' },
          approvals: [],
        })),
      ),
      recordPaymentFailure: assign(({ context, event }, params: { step: string }) =>
        patch(context, params.step, (r) => ({
          ...r,
          paymentFailures: [
            ...(r.paymentFailures ?? []),
            { by: event.actor.id, at: event.at, comment: event.comment ?? '' },
          ],
        })),
      ),
      logStepEvent: assign(({ context, event }, params: { step: string }) =>
        patch(context, params.step, (r) => ({
          ...r,
          events: [
            ...(r.events ?? []),
            {
              type: event.type,
              by: event.actor.id,
              at: event.at,
              ...(event.payload ? { payload: event.payload } : {}),
              ...(event.comment ? { comment: event.comment } : {}),
            },
          ],
        })),
      ),
      terminateProcess: assign(({ event }, params: { step: string; leaf: string }) => ({
        terminated: {
          by: event.actor.id,
          at: event.at,
          reason: event.comment ?? '',
          fromState: params.step,
          leaf: params.leaf,
        },
      })),
      /** A new run from the first step: what was submitted or drafted before becomes the draft again. */
      restartProcess: assign(({ context }) => ({
        terminated: undefined,
        restarts: context.restarts + 1,
        steps: Object.fromEntries(
          Object.entries(context.steps).map(([key, r]) => {
            const draft = r.data ?? r.draft
            return [key, draft ? { draft, approvals: [] } : { approvals: [] }]
          }),
        ),
      })),
    },
  })
}

/** The setup every machine is built from; its state configs are what the blocks return. */
export type ProcessSetup = ReturnType<typeof processSetup>
type StateConfig = Parameters<ProcessSetup['createStateConfig']>[0]
type On = NonNullable<StateConfig['on']>
type Transition = Exclude<On[string], string | undefined | readonly unknown[]>
type Actions = Extract<NonNullable<Transition['actions']>, readonly unknown[]>
/** The guards an exit may combine with a condition. */
type Guard = { type: 'mayPay' } | { type: 'mayOperate' } | { type: 'mayApprove'; params: { step: string } }

const step = (key: string) => ({ step: key })

// ---------------------------------------------------------------------------------------------------
// Terminate: what each leaf state undoes or asks for (DESIGN.md: no artwork is left transporting, on loan
// or held, no policy active and no reminder pending, for a process that ended without them)

/**
 * How TERMINATE behaves in one leaf state. `effects`: what it undoes there, applied in the event's
 * transaction before the process lets its artworks go; `payload`: the key in the definition's `payloads` of
 * what TERMINATE must say there (where the artworks are now); `refuse`: TERMINATE is not possible there,
 * and the message says what to do first.
 */
export type Terminate = { effects?: EffectAction[]; payload?: string } | { refuse: MessageKey }

function leaf(
  b: BuildContext,
  stateName: string,
  labels: Words & { status: ProcessStatus },
  stepKey: string,
  on: On,
  terminate: Terminate = {},
): StateConfig {
  const meta: StateMeta = {
    labelZh: labels.labelZh,
    labelEn: labels.labelEn,
    step: stepKey,
    status: labels.status,
  }
  if ('refuse' in terminate) return { meta: { ...meta, refusals: { TERMINATE: terminate.refuse } }, on }
  if (terminate.payload) meta.eventPayloads = { TERMINATE: terminate.payload }
  return {
    meta,
    on: {
      ...on,
      TERMINATE: {
        guard: 'mayTerminate',
        target: b.target('terminated'),
        actions: [
          { type: 'terminateProcess', params: { step: stepKey, leaf: `${stepKey}.${stateName}` } },
          ...(terminate.effects ?? []),
          notify('terminated', 'participants', stepKey),
        ],
      },
    },
  }
}

function sharedLeaf(b: BuildContext, name: LeafName, stepKey: string, on: On, terminate?: Terminate) {
  return leaf(b, name, LEAF_STATES[name], stepKey, on, terminate)
}

// ---------------------------------------------------------------------------------------------------
// Steps

function guardOf(base: Guard, when?: ConditionName) {
  return when ? and<ProcessContext, ProcessEvent, [Guard, ConditionName]>([base, when]) : base
}

/** One transition per exit: context updates first, then the effects on the records, then messages. */
function exitTransitions(
  b: BuildContext,
  exits: Exit[],
  base: Guard,
  actions: Actions,
  messages: Actions = [],
) {
  return exits.map((e) => ({
    guard: guardOf(base, e.when),
    target: b.target(e.to),
    actions: [...actions, ...(e.effects ?? []), ...messages],
  }))
}

function stepState(def: StepDef, initial: string, states: Record<string, StateConfig>): StateConfig {
  return { meta: { labelZh: def.labelZh, labelEn: def.labelEn, step: def.key }, initial, states }
}

function fillingStates(b: BuildContext, key: string, money: boolean, terminate?: Terminate) {
  const fill = money ? 'mayFillMoney' : 'mayFill'
  const editing: On = {
    SAVE: { guard: fill, actions: [{ type: 'saveDraft', params: step(key) }] },
    SUBMIT: {
      guard: fill,
      target: 'submitted',
      actions: [{ type: 'submitStep', params: step(key) }, notify('approvalRequested', 'approvers', key)],
    },
  }
  return {
    draft: sharedLeaf(b, 'draft', key, editing, terminate),
    rejected: sharedLeaf(b, 'rejected', key, editing, terminate),
  }
}

const reject = (key: string): Transition => ({
  guard: { type: 'mayApprove', params: step(key) },
  target: 'rejected',
  actions: [{ type: 'rejectStep', params: step(key) }, notify('rejected', 'submitter', key)],
})

export interface StepOptions {
  /** Where the step leads once done: one exit, or guarded exits in order. */
  next: Exit | Exit[]
  /** Effects of TERMINATE from any leaf of this step (what being in this step has done to the records). */
  onTerminate?: EffectAction[]
}

/** A step with a form: draft (SAVE) → submitted (SUBMIT) → APPROVE: where `next` leads; REJECT: back to the form. */
export function formStep(def: StepDef, opts: StepOptions): StepBlock {
  const exits = [opts.next].flat()
  const terminate = { effects: opts.onTerminate }
  return {
    def,
    form: true,
    build: (b) =>
      stepState(def, 'draft', {
        ...fillingStates(b, def.key, false, terminate),
        submitted: sharedLeaf(
          b,
          'submitted',
          def.key,
          {
            APPROVE: exitTransitions(
              b,
              exits,
              { type: 'mayApprove', params: step(def.key) },
              [{ type: 'recordApproval', params: step(def.key) }],
              [notify('approved', 'submitter', def.key)],
            ),
            REJECT: reject(def.key),
          },
          terminate,
        ),
      }),
  }
}

export interface MoneyStepOptions extends StepOptions {
  /** `outgoing`: the office pays; `incoming`: the office collects (a sale's price, an insurer's payout). */
  direction: 'outgoing' | 'incoming'
}

/**
 * A step that pays or collects money. After approval (a second, different approver when its `amount` is
 * above the second-approval limit of its currency) it waits for finance: CONFIRM_PAYMENT moves on,
 * PAYMENT_FAILED (reason required) parks it; from there RETRY_PAYMENT tries the same details again, or a
 * corrected form is SUBMITted for approval again (changed payee details are approved anew).
 */
export function moneyStep(def: StepDef, opts: MoneyStepOptions): StepBlock {
  const key = def.key
  const exits = [opts.next].flat()
  const direction = { direction: opts.direction }
  const awaiting =
    opts.direction === 'incoming' ? LEAF_STATES.awaitingCollection : LEAF_STATES.awaitingPayment
  const terminate = { effects: opts.onTerminate }
  const resubmit: Transition = {
    guard: 'mayFillMoney',
    target: 'submitted',
    actions: [{ type: 'submitStep', params: step(key) }, notify('approvalRequested', 'approvers', key)],
  }
  return {
    def: { ...def, money: true },
    form: true,
    build: (b) =>
      stepState(def, 'draft', {
        ...fillingStates(b, key, true, terminate),
        submitted: sharedLeaf(
          b,
          'submitted',
          key,
          {
            APPROVE: [
              {
                guard: { type: 'awaitsSecondApproval', params: step(key) },
                actions: [
                  { type: 'recordApproval', params: step(key) },
                  notify('approvalRequested', 'approvers', key, { secondApproval: true }),
                ],
              },
              {
                guard: { type: 'mayApprove', params: step(key) },
                target: 'awaitingPayment',
                actions: [
                  { type: 'recordApproval', params: step(key) },
                  notify('approved', 'submitter', key),
                  notify('approved', 'payers', key),
                ],
              },
            ],
            REJECT: reject(key),
          },
          terminate,
        ),
        awaitingPayment: leaf(
          b,
          'awaitingPayment',
          awaiting,
          key,
          {
            CONFIRM_PAYMENT: exitTransitions(b, exits, { type: 'mayPay' }, [
              { type: 'logStepEvent', params: step(key) },
              fx('recordPayment', key, { ...direction, status: 'paid' }),
            ]),
            PAYMENT_FAILED: {
              guard: 'mayPay',
              target: 'paymentFailed',
              actions: [
                { type: 'recordPaymentFailure', params: step(key) },
                fx('recordPayment', key, { ...direction, status: 'failed' }),
                notify('paymentFailed', 'submitter', key),
              ],
            },
          },
          terminate,
        ),
        paymentFailed: sharedLeaf(
          b,
          'paymentFailed',
          key,
          {
            RETRY_PAYMENT: {
              guard: 'mayPay',
              target: 'awaitingPayment',
              actions: [{ type: 'logStepEvent', params: step(key) }],
            },
            SUBMIT: resubmit,
          },
          terminate,
        ),
      }),
  }
}

export interface TransportOptions extends StepOptions {
  /**
   * TERMINATE while the artworks are in transit: `refuse` until ARRIVE (the message says so), or `askWhere`:
   * TERMINATE must say where the artworks are now (`payloads.whereNow`), recorded as a movement.
   */
  inTransit?: 'refuse' | 'askWhere'
}

/**
 * To be transported → DEPART → transporting → ARRIVE → where `next` leads. Terminated before departure,
 * the planned transport is called off (transportCancelled); in transit, see `inTransit`.
 */
function movementStates(b: BuildContext, key: string, dataStep: string, opts: TransportOptions) {
  const exits = [opts.next].flat()
  const undo = opts.onTerminate ?? []
  const inTransit: Terminate =
    opts.inTransit === 'askWhere'
      ? { effects: [fx('transportAborted', dataStep), ...undo], payload: 'whereNow' }
      : { refuse: 'terminateInTransit' }
  return {
    toBeTransported: sharedLeaf(
      b,
      'toBeTransported',
      key,
      {
        DEPART: {
          guard: 'mayOperate',
          target: 'transporting',
          actions: [{ type: 'logStepEvent', params: step(key) }, fx('transportDeparted', dataStep)],
        },
      },
      { effects: [fx('transportCancelled', dataStep), ...undo] },
    ),
    transporting: sharedLeaf(
      b,
      'transporting',
      key,
      {
        ARRIVE: exitTransitions(b, exits, { type: 'mayOperate' }, [
          { type: 'logStepEvent', params: step(key) },
          fx('transportArrived', dataStep),
        ]),
      },
      inTransit,
    ),
  }
}

/**
 * A transport step with its own form (the transport information): once approved the artworks are to be
 * transported (transportScheduled); DEPART → transporting; ARRIVE → where `next` leads.
 */
export function transportStep(def: StepDef, opts: TransportOptions): StepBlock {
  const key = def.key
  const terminate = { effects: opts.onTerminate }
  return {
    def,
    form: true,
    build: (b) =>
      stepState(def, 'draft', {
        ...fillingStates(b, key, false, terminate),
        submitted: sharedLeaf(
          b,
          'submitted',
          key,
          {
            APPROVE: {
              guard: { type: 'mayApprove', params: step(key) },
              target: 'toBeTransported',
              actions: [
                { type: 'recordApproval', params: step(key) },
                fx('transportScheduled', key),
                notify('approved', 'submitter', key),
              ],
            },
            REJECT: reject(key),
          },
          terminate,
        ),
        ...movementStates(b, key, key, opts),
      }),
  }
}

/**
 * A transport step without a form of its own: the artworks move as an earlier step (`dataStep`) planned.
 * The step that leads here schedules it (its exit carries `transportScheduled`).
 */
export function movementStep(def: StepDef, opts: TransportOptions & { dataStep: string }): StepBlock {
  return {
    def,
    form: false,
    build: (b) => stepState(def, 'toBeTransported', movementStates(b, def.key, opts.dataStep, opts)),
  }
}

/** A step that waits for one event of the type's own (an artwork on loan waits for RETURN). */
export function waitStep(
  def: StepDef,
  opts: StepOptions & {
    leaf: { name: string; status: ProcessStatus } & Words
    event: string
    /** TERMINATE while waiting (default: allowed, undoing `onTerminate`). */
    terminate?: Terminate
  },
): StepBlock {
  const { name } = opts.leaf
  return {
    def,
    form: false,
    build: (b) =>
      stepState(def, name, {
        [name]: leaf(
          b,
          name,
          opts.leaf,
          def.key,
          {
            [opts.event]: exitTransitions(b, [opts.next].flat(), { type: 'mayOperate' }, [
              { type: 'logStepEvent', params: step(def.key) },
            ]),
          },
          opts.terminate ?? { effects: opts.onTerminate },
        ),
      }),
  }
}

// ---------------------------------------------------------------------------------------------------
// The machine

export const COMPLETED: FinalDef = { labelZh: '已完成', labelEn: 'Completed', status: 'completed' }
const TERMINATED: FinalDef = { labelZh: '已终止', labelEn: 'Terminated', status: 'terminated' }

/** Artwork statuses most operations start on: in the collection, or bought and on their way in. */
export const IN_HAND: readonly ArtworkStatus[] = ['purchased', 'in_collection']

export interface FlowSpec {
  type: ProcessType
  steps: StepBlock[]
  /** Operations take hold of their artworks while they run (holdArtworks / releaseArtworks). */
  holdsArtworks: boolean
  /**
   * The statuses an artwork may have for this type to start (or restart) on it; any other (sold, missing,
   * ...) is refused with a message naming the artwork and why (the checkArtworks effect).
   */
  artworkStatuses: readonly ArtworkStatus[]
  /** Final states by name; `completed` is always there (its labels may be given here). */
  finals?: Record<string, FinalDef>
  /** Context conditions used by `Exit.when`. */
  conditions?: Conditions
}

/**
 * One machine: the steps in order (TERMINATE from each leaf, with what that leaf undoes) → a final state;
 * `terminated` → RESTART → the first step again. Starting and restarting check the artworks' statuses;
 * processes that hold their artworks take them then and let them go on reaching a final state or
 * `terminated`. Entering `terminated` cancels the process's pending reminders.
 */
export function buildMachine(spec: FlowSpec) {
  const finals: Record<string, FinalDef> = { completed: COMPLETED, ...spec.finals }
  const stepKeys = new Set(spec.steps.map((s) => s.def.key))
  const b: BuildContext = {
    target: (to) => {
      if (stepKeys.has(to) || to in finals || to === 'terminated') return `#${spec.type}.${to}`
      throw new Error(`${spec.type}: no step or final state named ${to}`)
    },
  }
  const check = fx('checkArtworks', undefined, { statuses: [...spec.artworkStatuses] })
  const hold = spec.holdsArtworks ? [check, fx('holdArtworks')] : [check]
  const release = spec.holdsArtworks ? [fx('releaseArtworks')] : []
  const moneySteps = spec.steps.filter((s) => s.def.money).map((s) => s.def.key)
  const machineSetup = processSetup(spec.type, spec.conditions, moneySteps)
  const terminated: StateConfig = {
    meta: { ...TERMINATED },
    entry: [...release, fx('remindersCancelled')],
    on: {
      RESTART: {
        guard: 'mayTerminate',
        target: spec.steps[0].def.key,
        actions: [{ type: 'restartProcess' }, notify('restarted', 'participants'), ...hold],
      },
    },
  }
  const ending = (f: FinalDef): StateConfig => ({
    type: 'final',
    meta: { ...f },
    entry: [...release, notify('completed', 'participants')],
  })
  return machineSetup.createMachine({
    id: spec.type,
    context: ({ input }) => ({
      subject: input.subject,
      steps: Object.fromEntries(spec.steps.map((s) => [s.def.key, { approvals: [] }])),
      secondApprovalAbove: input.secondApprovalAbove,
      ...(input.approvalRules ? { approvalRules: input.approvalRules } : {}),
      restarts: 0,
      startedBy: input.startedBy,
    }),
    initial: spec.steps[0].def.key,
    entry: hold,
    states: {
      ...Object.fromEntries(spec.steps.map((s) => [s.def.key, s.build(b)])),
      terminated,
      ...Object.fromEntries(Object.entries(finals).map(([name, f]) => [name, ending(f)])),
    },
  })
}

/** One version of a process type: the machine plus what the runtime and screens need beside it. */
export function defineProcess(
  spec: FlowSpec & Omit<ProcessDefinition, 'type' | 'machine' | 'steps' | 'artworkStatuses'>,
): ProcessDefinition {
  const { type, version, input, payloads, contextPayloads, notes, followUps, artworkStatuses } = spec
  const steps = spec.steps.map((s) => s.def)
  for (const s of spec.steps) {
    if (s.form && !(s.def.key in payloads))
      throw new Error(`${type}: step ${s.def.key} has a form but no payload schema`)
  }
  return {
    type,
    version,
    machine: buildMachine(spec),
    steps,
    input,
    payloads,
    contextPayloads,
    notes,
    artworkStatuses,
    followUps,
  }
}
