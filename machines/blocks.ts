// The building blocks every process machine is made of, written once: a form step (draft → submitted →
// approved / rejected back to the form), its money and transport variants, a movement step, a waiting
// step, terminate / restart, and the shared guards and context updates. A machine file only lists its
// steps in order and says where each one leads; see machines/README.md for the contract with the runtime.
import { type AnyStateMachine, and, assign, setup } from 'xstate'
import { approvePrivilege } from '../src/shared/privileges'
import type { ProcessType } from '../src/shared/process-types'
import { compareMoney, MONEY_RE } from '../src/shared/validation'
import { type GuardName, LEAF_STATES, type LeafName, type Recipient, type Words } from './labels'
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

/** A state node config as the blocks build it (XState checks it when the machine is created). */
type StateConfig = Record<string, any>

/** Kinds of message a `notify` effect asks for (src/shared/contracts/process.ts MESSAGE_KINDS). */
export type NotifyKind =
  | 'approvalRequested'
  | 'approved'
  | 'rejected'
  | 'paymentFailed'
  | 'completed'
  | 'terminated'
  | 'restarted'

/** Where a step leads once it is done: another step of the machine, or a final state. */
export interface Exit {
  /** A step key of this machine, or the name of one of its final states (`completed`, ...). */
  to: string
  /** A context condition of the machine (its `conditions`), when a step can lead to more than one place. */
  when?: GuardName
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
  type: ProcessType
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

function record(context: ProcessContext, step: string): StepRecord {
  return context.steps[step] ?? { approvals: [] }
}

/** A copy of the context with one step's record changed. */
function patch(context: ProcessContext, step: string, change: (r: StepRecord) => StepRecord) {
  return { steps: { ...context.steps, [step]: change(record(context, step)) } }
}

function mayApprove(type: ProcessType, context: ProcessContext, actor: Actor, step: string): boolean {
  const r = record(context, step)
  return (
    holds(actor, approvePrivilege(type)) &&
    r.submittedBy !== undefined &&
    r.submittedBy !== actor.id &&
    !r.approvals.some((a) => a.by === actor.id)
  )
}

type Conditions = Partial<Record<GuardName, (context: ProcessContext) => boolean>>

/**
 * The XState setup shared by every machine of a type: named guards (they read only the acting user and the
 * context, never the payload, so `snapshot.can` with a probe event answers "may this user send it now")
 * and named actions (context updates, and the `effect` action the runtime executes).
 */
export function processSetup(type: ProcessType, conditions: Conditions = {}) {
  const contextGuards = Object.fromEntries(
    Object.entries(conditions).map(([name, test]) => [
      name,
      ({ context }: { context: ProcessContext }) => test(context),
    ]),
  )
  return setup({
    types: {} as { context: ProcessContext; events: ProcessEvent; input: ProcessInput },
    guards: {
      ...contextGuards,
      /** Steps are filled by anyone who may start processes (a team fills a process together). */
      mayFill: ({ event }) => holds(event.actor, START_PRIVILEGE),
      /** Money steps: also finance staff who pay. */
      mayFillMoney: ({ event }) => holds(event.actor, START_PRIVILEGE) || holds(event.actor, PAY_PRIVILEGE),
      mayApprove: ({ context, event }, params: { step: string }) =>
        mayApprove(type, context, event.actor, params.step),
      awaitsSecondApproval: ({ context, event }, params: { step: string }) => {
        if (!mayApprove(type, context, event.actor, params.step)) return false
        const amount = stepAmount(context, params.step)
        return (
          record(context, params.step).approvals.length === 0 &&
          amount !== undefined &&
          compareMoney(amount, context.secondApprovalAbove) > 0
        )
      },
      mayPay: ({ event }) => holds(event.actor, PAY_PRIVILEGE),
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
          approvals: [...r.approvals, { by: event.actor.id, at: event.at }],
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
      terminateProcess: assign(({ event }, params: { step: string }) => ({
        terminated: { by: event.actor.id, at: event.at, reason: event.comment ?? '', fromState: params.step },
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

const step = (key: string) => ({ step: key })

function leaf(name: LeafName, stepKey: string, on: StateConfig = {}, labels?: Words): StateConfig {
  const { labelZh, labelEn, status } = LEAF_STATES[name]
  return { meta: { ...(labels ?? { labelZh, labelEn }), step: stepKey, status }, on }
}

function guardOf(base: StateConfig | string, when?: GuardName) {
  return when ? and([base as any, when]) : base
}

/** One transition per exit: context updates first, then the effects on the records, then messages. */
function exitTransitions(
  b: BuildContext,
  exits: Exit[],
  base: StateConfig | string,
  actions: StateConfig[],
  messages: StateConfig[] = [],
): StateConfig[] {
  return exits.map((e) => ({
    guard: guardOf(base, e.when),
    target: b.target(e.to),
    actions: [...actions, ...(e.effects ?? []), ...messages],
  }))
}

function stepState(def: StepDef, b: BuildContext, initial: string, states: StateConfig): StateConfig {
  return {
    meta: { labelZh: def.labelZh, labelEn: def.labelEn, step: def.key },
    initial,
    on: {
      TERMINATE: {
        guard: 'mayTerminate',
        target: b.target('terminated'),
        actions: [
          { type: 'terminateProcess', params: step(def.key) },
          notify('terminated', 'participants', def.key),
        ],
      },
    },
    states,
  }
}

function fillingStates(key: string, money: boolean): StateConfig {
  const fill = money ? 'mayFillMoney' : 'mayFill'
  const editing = {
    SAVE: { guard: fill, actions: [{ type: 'saveDraft', params: step(key) }] },
    SUBMIT: {
      guard: fill,
      target: 'submitted',
      actions: [{ type: 'submitStep', params: step(key) }, notify('approvalRequested', 'approvers', key)],
    },
  }
  return { draft: leaf('draft', key, editing), rejected: leaf('rejected', key, editing) }
}

const reject = (key: string) => ({
  guard: { type: 'mayApprove', params: step(key) },
  target: 'rejected',
  actions: [{ type: 'rejectStep', params: step(key) }, notify('rejected', 'submitter', key)],
})

/** Where a step leads: `next` (`then` is the same option under its first name, kept for older callers). */
export type Leads = { next: Exit | Exit[]; then?: never } | { then: Exit | Exit[]; next?: never }

function exitsOf(opts: Leads): Exit[] {
  return [opts.next ?? opts.then ?? []].flat()
}

export type FormStepOptions = Leads

/** A step with a form: draft (SAVE) → submitted (SUBMIT) → APPROVE: where `next` leads; REJECT: back to the form. */
export function formStep(def: StepDef, opts: FormStepOptions): StepBlock {
  const exits = exitsOf(opts)
  return {
    def,
    form: true,
    build: (b) =>
      stepState(def, b, 'draft', {
        ...fillingStates(def.key, false),
        submitted: leaf('submitted', def.key, {
          APPROVE: exitTransitions(
            b,
            exits,
            { type: 'mayApprove', params: step(def.key) },
            [{ type: 'recordApproval', params: step(def.key) }],
            [notify('approved', 'submitter', def.key)],
          ),
          REJECT: reject(def.key),
        }),
      }),
  }
}

export type MoneyStepOptions = Leads & {
  /** `outgoing`: the office pays; `incoming`: the office collects (a sale's price, an insurer's payout). */
  direction: 'outgoing' | 'incoming'
}

/**
 * A step that pays or collects money. After approval (a second, different approver when its `amount` is
 * above the context's `secondApprovalAbove`) it waits for finance: CONFIRM_PAYMENT moves on,
 * PAYMENT_FAILED (reason required) parks it; from there RETRY_PAYMENT tries the same details again, or a
 * corrected form is SUBMITted for approval again (changed payee details are approved anew).
 */
export function moneyStep(def: StepDef, opts: MoneyStepOptions): StepBlock {
  const key = def.key
  const exits = exitsOf(opts)
  const direction = { direction: opts.direction }
  const awaitingLabels =
    opts.direction === 'incoming' ? LEAF_STATES.awaitingCollection : LEAF_STATES.awaitingPayment
  return {
    def: { ...def, money: true },
    form: true,
    build: (b) =>
      stepState({ ...def, money: true }, b, 'draft', {
        ...fillingStates(key, true),
        submitted: leaf('submitted', key, {
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
        }),
        awaitingPayment: leaf(
          'awaitingPayment',
          key,
          {
            CONFIRM_PAYMENT: exitTransitions(b, exits, 'mayPay', [
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
          { labelZh: awaitingLabels.labelZh, labelEn: awaitingLabels.labelEn },
        ),
        paymentFailed: leaf('paymentFailed', key, {
          RETRY_PAYMENT: {
            guard: 'mayPay',
            target: 'awaitingPayment',
            actions: [{ type: 'logStepEvent', params: step(key) }],
          },
          SUBMIT: {
            guard: 'mayFillMoney',
            target: 'submitted',
            actions: [
              { type: 'submitStep', params: step(key) },
              notify('approvalRequested', 'approvers', key),
            ],
          },
        }),
      }),
  }
}

function movementStates(b: BuildContext, key: string, dataStep: string, exits: Exit[]): StateConfig {
  return {
    toBeTransported: leaf('toBeTransported', key, {
      DEPART: {
        guard: 'mayOperate',
        target: 'transporting',
        actions: [{ type: 'logStepEvent', params: step(key) }, fx('transportDeparted', dataStep)],
      },
    }),
    transporting: leaf('transporting', key, {
      ARRIVE: exitTransitions(b, exits, 'mayOperate', [
        { type: 'logStepEvent', params: step(key) },
        fx('transportArrived', dataStep),
      ]),
    }),
  }
}

/**
 * A transport step with its own form (the transport information): once approved the artworks are to be
 * transported (transportScheduled); DEPART → transporting; ARRIVE → where `next` leads.
 */
export function transportStep(def: StepDef, opts: FormStepOptions): StepBlock {
  const key = def.key
  const exits = exitsOf(opts)
  return {
    def,
    form: true,
    build: (b) =>
      stepState(def, b, 'draft', {
        ...fillingStates(key, false),
        submitted: leaf('submitted', key, {
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
        }),
        ...movementStates(b, key, key, exits),
      }),
  }
}

/**
 * A transport step without a form of its own: the artworks move as an earlier step (`dataStep`) planned.
 * The step that leads here schedules it (its exit carries `transportScheduled`).
 */
export function movementStep(def: StepDef, opts: FormStepOptions & { dataStep: string }): StepBlock {
  return {
    def,
    form: false,
    build: (b) =>
      stepState(def, b, 'toBeTransported', movementStates(b, def.key, opts.dataStep, exitsOf(opts))),
  }
}

/** A step that waits for one event of the type's own (an artwork on loan waits for RETURN). */
export function waitStep(
  def: StepDef,
  opts: {
    leaf: { name: string; status: ProcessStatus } & Words
    event: string
  } & Leads,
): StepBlock {
  const { name, status, labelZh, labelEn } = opts.leaf
  return {
    def,
    form: false,
    build: (b) =>
      stepState(def, b, name, {
        [name]: {
          meta: { labelZh, labelEn, step: def.key, status },
          on: {
            [opts.event]: exitTransitions(b, exitsOf(opts), 'mayOperate', [
              { type: 'logStepEvent', params: step(def.key) },
            ]),
          },
        },
      }),
  }
}

// ---------------------------------------------------------------------------------------------------
// The machine

export const COMPLETED: FinalDef = { labelZh: '已完成', labelEn: 'Completed', status: 'completed' }
const TERMINATED: FinalDef = { labelZh: '已终止', labelEn: 'Terminated', status: 'terminated' }

export interface FlowSpec {
  type: ProcessType
  steps: StepBlock[]
  /** Operations take hold of their artworks while they run (holdArtworks / releaseArtworks). */
  holdsArtworks: boolean
  /** Final states by name; `completed` is always there (its labels may be given here). */
  finals?: Record<string, FinalDef>
  /** Context conditions used by `Exit.when`. */
  conditions?: Conditions
}

/**
 * One machine: the steps in order (TERMINATE from each) → a final state; `terminated` → RESTART → the
 * first step again. Processes that hold their artworks take them on start (and on restart) and let them
 * go on reaching a final state or `terminated`.
 */
export function buildMachine(spec: FlowSpec): AnyStateMachine {
  const finals: Record<string, FinalDef> = { completed: COMPLETED, ...spec.finals }
  const stepKeys = new Set(spec.steps.map((s) => s.def.key))
  const b: BuildContext = {
    type: spec.type,
    target: (to) => {
      if (stepKeys.has(to) || to in finals || to === 'terminated') return `#${spec.type}.${to}`
      throw new Error(`${spec.type}: no step or final state named ${to}`)
    },
  }
  const hold = spec.holdsArtworks ? [fx('holdArtworks')] : []
  const release = spec.holdsArtworks ? [fx('releaseArtworks')] : []
  const config = {
    id: spec.type,
    context: ({ input }: { input: ProcessInput }): ProcessContext => ({
      subject: input.subject,
      steps: Object.fromEntries(spec.steps.map((s) => [s.def.key, { approvals: [] }])),
      secondApprovalAbove: input.secondApprovalAbove,
      restarts: 0,
      startedBy: input.startedBy,
    }),
    initial: spec.steps[0].def.key,
    entry: hold,
    states: {
      ...Object.fromEntries(spec.steps.map((s) => [s.def.key, s.build(b)])),
      terminated: {
        meta: { ...TERMINATED },
        entry: release,
        on: {
          RESTART: {
            guard: 'mayTerminate',
            target: spec.steps[0].def.key,
            actions: [{ type: 'restartProcess' }, notify('restarted', 'participants'), ...hold],
          },
        },
      },
      ...Object.fromEntries(
        Object.entries(finals).map(([name, f]) => [
          name,
          { type: 'final', meta: { ...f }, entry: [...release, notify('completed', 'participants')] },
        ]),
      ),
    },
  }
  return processSetup(spec.type, spec.conditions).createMachine(config as any)
}

/** One version of a process type: the machine plus what the runtime and screens need beside it. */
export function defineProcess(
  spec: FlowSpec & Omit<ProcessDefinition, 'type' | 'machine' | 'steps'>,
): ProcessDefinition {
  const { type, version, input, payloads, contextPayloads, notes } = spec
  const steps = spec.steps.map((s) => s.def)
  for (const s of spec.steps) {
    if (s.form && !(s.def.key in payloads))
      throw new Error(`${type}: step ${s.def.key} has a form but no payload schema`)
  }
  return { type, version, machine: buildMachine(spec), steps, input, payloads, contextPayloads, notes }
}
