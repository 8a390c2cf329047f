// The building blocks every process machine is made of, written once: a form step (draft → submitted →
// approved / rejected back to the form), its money and transport variants, a movement step, a waiting
// step, terminate / restart with what each leaf state undoes. The guards, effects and context updates they
// name are in setup.ts.
// A machine file only lists its steps in order and says where each one leads; see machines/README.md for
// the contract with the runtime. State configs are typed by the one `setup()` every machine shares, so
// guard and action names are checked where a block names them.
import { and } from 'xstate'
import type { ArtworkStatus } from '../src/shared/contracts/artworks'
import type { MessageKey } from '../src/shared/errors'
import type { ProcessType } from '../src/shared/process-types'
import { LEAF_STATES, type LeafName, type Words } from './labels'
import { type ConditionName, type Conditions, type EffectAction, fx, notify, processSetup } from './setup'
import type {
  ProcessContext,
  ProcessDefinition,
  ProcessEvent,
  ProcessStatus,
  ProcessTypeDeclaration,
  StepDef,
} from './types'
import type { StateMeta } from './view'

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
// Terminate: what each leaf state undoes or asks for (docs/architecture.md § Workflow runtime: no artwork is left transporting, on loan
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

/**
 * TERMINATE once the artworks have left the warehouse (in transit, or arrived at a restorer, a framer or a
 * purchase's destination): it must say where they are now (`payloads.whereNow`: a room of the warehouse, or a
 * place in words) and records them there with a movement row (transportAborted), so that no process ends
 * with its artworks somewhere nobody wrote down.
 */
function askWhere(step: string, undo: EffectAction[] = []): Terminate {
  return { effects: [fx('transportAborted', step), ...undo], payload: 'whereNow' }
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

export interface FormStepOptions extends StepOptions {
  /**
   * The artworks are away from the warehouse throughout this step (a delivery back from the restorer, a
   * purchase's warehousing after arrival): TERMINATE from any of its leaves says where they are now.
   */
  away?: boolean
  /**
   * Events refused in every leaf of this step with a message of their own (a borrowed work's RETURN before
   * it arrived: "record the arrival first"), instead of the general "not possible in this state".
   */
  refusals?: Record<string, MessageKey>
}

/** The step's leaves with `refusals` added to their meta (a refusal the leaf already names wins). */
function withRefusals(config: StateConfig, refusals: Record<string, MessageKey> | undefined): StateConfig {
  if (!refusals || !config.states) return config
  const states: Record<string, StateConfig> = {}
  for (const [name, state] of Object.entries(config.states as Record<string, StateConfig>)) {
    const meta = (state.meta ?? {}) as StateMeta
    states[name] = { ...state, meta: { ...meta, refusals: { ...refusals, ...meta.refusals } } }
  }
  return { ...config, states }
}

/** A step with a form: draft (SAVE) → submitted (SUBMIT) → APPROVE: where `next` leads; REJECT: back to the form. */
export function formStep(def: StepDef, opts: FormStepOptions): StepBlock {
  const exits = [opts.next].flat()
  const terminate = opts.away ? askWhere(def.key, opts.onTerminate) : { effects: opts.onTerminate }
  return {
    def,
    form: true,
    build: (b) =>
      withRefusals(
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
        opts.refusals,
      ),
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
    opts.inTransit === 'askWhere' ? askWhere(dataStep, undo) : { refuse: 'terminateInTransit' }
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
    /**
     * The key in the definition's `payloads` of the event's payload, when it is not the event's name (a
     * borrowed work's RETURN says less than a lent one's: `loanInReturn`).
     */
    payload?: string
  },
): StepBlock {
  const { name } = opts.leaf
  const withPayload = (config: StateConfig): StateConfig =>
    opts.payload
      ? {
          ...config,
          meta: {
            ...(config.meta as StateMeta),
            eventPayloads: { ...(config.meta as StateMeta).eventPayloads, [opts.event]: opts.payload },
          },
        }
      : config
  return {
    def,
    form: false,
    build: (b) =>
      stepState(def, name, {
        [name]: withPayload(
          leaf(
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
  // Typed as a record: the state names come from `spec.steps` (known at run time only), so every machine has
  // the one type ProcessMachine (machines/types.ts).
  const states: Record<string, StateConfig> = {
    ...Object.fromEntries(spec.steps.map((s) => [s.def.key, s.build(b)])),
    terminated,
    ...Object.fromEntries(Object.entries(finals).map(([name, f]) => [name, ending(f)])),
  }
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
    states,
  })
}

/** One version of a process type: the machine plus what the runtime and screens need beside it. */
export function defineProcess(
  spec: FlowSpec &
    Omit<ProcessDefinition, 'type' | 'machine' | 'steps' | 'artworkStatuses' | 'holdsArtworks'>,
): ProcessDefinition {
  const {
    type,
    version,
    input,
    payloads,
    contextPayloads,
    notes,
    followUps,
    artworkStatuses,
    checks,
    renewsPolicy,
  } = spec
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
    holdsArtworks: spec.holdsArtworks,
    followUps,
    checks,
    renewsPolicy,
  }
}

/**
 * A process type's declaration (machines/types.ts ProcessTypeDeclaration): checks that every version names the
 * type and that versions count up, so a registry line cannot file a machine under another type.
 */
export function declareType<const T extends string>(
  declaration: ProcessTypeDeclaration<T>,
): ProcessTypeDeclaration<T> {
  declaration.versions.forEach((d, i) => {
    if (d.type !== declaration.type)
      throw new Error(`${declaration.type}: version ${d.version} is a ${d.type} machine`)
    const before = declaration.versions[i - 1]
    if (before && before.version >= d.version)
      throw new Error(`${declaration.type}: versions must count up (${before.version} then ${d.version})`)
  })
  return declaration
}
