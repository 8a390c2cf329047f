// What every machine of a type shares beneath its steps: effects as data (`fx`, `notify`), who may do what
// (the named guards: they read only the acting user and the context, never the payload, so `snapshot.can`
// with a probe event answers "may this user send it now"), how many approvals a money step needs, and the
// context updates every block names. The blocks (blocks.ts) build state configs typed by this setup.
import { assign, setup } from 'xstate'
import { holds, PAY_PRIVILEGE, START_PRIVILEGE } from '../src/shared/access'
import { type ApprovalNeed, approvalNeedOf } from '../src/shared/approval-bands'
import { approvePrivilege } from '../src/shared/privileges'
import type { AmountDue } from '../src/shared/process-steps/payment'
import type { ProcessType } from '../src/shared/process-types'
import { compareMoney, MONEY_RE } from '../src/shared/validation'
import type { Recipient } from './labels'
import type {
  Actor,
  Effect,
  EffectName,
  ProcessContext,
  ProcessEvent,
  ProcessInput,
  StepRecord,
} from './types'

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
export type ConditionName =
  | 'countMatches'
  | 'discrepanciesResolved'
  | 'renewalDeclined'
  | 'deaccessionRejected'
  | 'entryGivenBack'
export type Conditions = Partial<Record<ConditionName, (context: ProcessContext) => boolean>>

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

/**
 * What the contract signed in `step` leaves due when the process reaches its payment: the whole contract
 * amount, in its currency. In the flows that sign a contract (a purchase, a sale) its one payment step
 * follows the signature, and the contract of the current run has nothing paid on it before that payment
 * (a failed attempt pays nothing; a restart signs a new contract). The paid total is re-checked against
 * the recorded contract when the payment is confirmed (effects/finance.ts).
 */
export function contractDue(context: ProcessContext, step = 'contract'): AmountDue | undefined {
  const amount = stepAmount(context, step)
  const currency = stepCurrency(context, step)
  return amount && currency ? { amount, currency } : undefined
}

function record(context: ProcessContext, step: string): StepRecord {
  return context.steps[step] ?? { approvals: [] }
}

/** A copy of the context with one step's record changed. */
function patch(context: ProcessContext, step: string, change: (r: StepRecord) => StepRecord) {
  return { steps: { ...context.steps, [step]: change(record(context, step)) } }
}

/** The person acting and, for a delegate, the person they act for. */
export function peopleOf(actor: Actor): string[] {
  return actor.onBehalfOf ? [actor.id, actor.onBehalfOf] : [actor.id]
}

/** Who a step's submission is from: its submitter and, for a delegate's, the user they submitted for. */
function submittersOf(r: StepRecord | undefined): string[] {
  if (r?.submittedBy === undefined) return []
  return r.submittedOnBehalfOf ? [r.submittedBy, r.submittedOnBehalfOf] : [r.submittedBy]
}

/**
 * Whether this actor is on the submitting side of a step's submission: the acting user or the user acted
 * for is its submitter or the user it was submitted for (separation of duties across a delegation).
 */
export function submittedBySameSide(r: StepRecord | undefined, actor: Actor): boolean {
  const people = peopleOf(actor)
  return submittersOf(r).some((id) => people.includes(id))
}

/** Whether this actor (or the user they act for) has approved this submission already. */
export function approvedAlready(r: StepRecord | undefined, actor: Actor): boolean {
  const people = peopleOf(actor)
  return (r?.approvals ?? []).some(
    (a) => people.includes(a.by) || (a.onBehalfOf !== undefined && people.includes(a.onBehalfOf)),
  )
}

function mayApprove(type: ProcessType, context: ProcessContext, actor: Actor, step: string): boolean {
  const r = record(context, step)
  return (
    holds(actor, approvePrivilege(type)) &&
    r.submittedBy !== undefined &&
    !submittedBySameSide(r, actor) &&
    !approvedAlready(r, actor)
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
 * Whether a money step that is approved and not yet paid was submitted by this actor's side (the acting
 * user or the user acted for, as submitter or submitted for): separation of duties, they may not confirm
 * that its money moved.
 */
function submittedUnpaid(context: ProcessContext, moneySteps: readonly string[], actor: Actor): boolean {
  return moneySteps.some((key) => {
    const r = context.steps[key]
    return (
      r !== undefined &&
      submittedBySameSide(r, actor) &&
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
      deaccessionRejected: condition('deaccessionRejected'),
      entryGivenBack: condition('entryGivenBack'),
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
      /** The starter (or their delegate, acting for them), or an approver of the type. */
      mayTerminate: ({ context, event }) =>
        (context.startedBy !== undefined && peopleOf(event.actor).includes(context.startedBy)) ||
        holds(event.actor, approvePrivilege(type)),
    },
    actions: {
      /** Handed back by `transition()`; the runtime applies it in the event's transaction. */
      effect: (_args, _params: Effect) => {},
      saveDraft: assign(({ context, event }, params: { step: string }) =>
        patch(context, params.step, (r) => ({ ...r, draft: event.payload ?? {} })),
      ),
      submitStep: assign(({ context, event }, params: { step: string }) =>
        patch(context, params.step, (r) => {
          const { draft: _draft, submittedOnBehalfOf: _before, ...rest } = r
          return {
            ...rest,
            data: event.payload ?? r.draft ?? {},
            submittedBy: event.actor.id,
            ...(event.actor.onBehalfOf ? { submittedOnBehalfOf: event.actor.onBehalfOf } : {}),
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
