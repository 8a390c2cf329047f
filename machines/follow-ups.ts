// Which process follows which (a purchase's shipping, a loan's or a transport's insurance, a sale's
// delivery, a policy's renewal), read from the definitions' `followUps`: who a process follows (its start
// input names it), who may follow it, and whether a follow-up may be started by hand now. Pure: the server
// builds a view's `links` from these, the screens show what the server says.
import type { ProcessType } from '../src/shared/process-types'
import { compareMoney, MONEY_RE } from '../src/shared/validation'
import type { CostFollowUp, FollowUp, ProcessContext, ProcessDefinition } from './types'

/** A follow-up declaration with the type that declares it. */
export interface DeclaredFollowUp extends FollowUp {
  from: ProcessType
}

/** Every declaration, from the latest definition of each type (a declaration is not versioned). */
export function declaredFollowUps(latest: ProcessDefinition[]): DeclaredFollowUp[] {
  return latest.flatMap((d) => (d.followUps ?? []).map((f) => ({ ...f, from: d.type })))
}

/** The declarations under which a process of `type` follows another. */
export function followedVia(all: DeclaredFollowUp[], type: ProcessType): DeclaredFollowUp[] {
  return all.filter((f) => f.type === type)
}

/** The process ids a start input names as the ones it follows (each with the declarations naming it). */
export function predecessorsOf(
  all: DeclaredFollowUp[],
  type: ProcessType,
  subject: Record<string, unknown>,
): { id: string; via: string; allowed: DeclaredFollowUp[] }[] {
  const byVia = new Map<string, DeclaredFollowUp[]>()
  for (const f of followedVia(all, type)) byVia.set(f.via, [...(byVia.get(f.via) ?? []), f])
  return [...byVia]
    .filter(([via]) => typeof subject[via] === 'string' && subject[via] !== '')
    .map(([via, allowed]) => ({ id: subject[via] as string, via, allowed }))
}

function inState(state: string, states: string[]): boolean {
  return states.some((s) => state === s || state.startsWith(`${s}.`))
}

/** Whether a follow-up may be started by hand from a process in this state with this context. */
export function mayStartFollowUp(f: FollowUp, state: string, context: ProcessContext | undefined): boolean {
  if (f.cost) return !inState(state, ['terminated']) && costPrefill(f.cost, context) !== undefined
  if (!f.startWhen || !inState(state, f.startWhen.states)) return false
  const field = f.startWhen.stepField
  if (!field) return true
  return context?.steps?.[field.step]?.data?.[field.field] === true
}

/**
 * A cost to pay (machines' `followUps` with `cost`): the step `step`'s `amount` field in `currency`, paid to
 * `payee`, as a FINANCE_PAYMENT whose start input names the process (`forProcessId`) and the step.
 */
export function payableCost(cost: CostFollowUp): FollowUp {
  return { type: 'FINANCE_PAYMENT', via: 'forProcessId', cost }
}

/** What a payment request for this cost starts with, once its step is approved with an amount above zero. */
export function costPrefill(
  cost: CostFollowUp,
  context: ProcessContext | undefined,
): Record<string, string> | undefined {
  const record = context?.steps?.[cost.step]
  const data = record?.data
  if (!data || !record.approvals?.length) return undefined
  const amount = data[cost.amount]
  const currency = data[cost.currency]
  if (typeof amount !== 'string' || !MONEY_RE.test(amount) || compareMoney(amount, '0') <= 0) return undefined
  if (typeof currency !== 'string' || currency === '') return undefined
  const payee = cost.payee ? data[cost.payee] : undefined
  return {
    amount,
    currency,
    ...(typeof payee === 'string' && payee.trim() ? { payeeAccountName: payee.trim() } : {}),
    ...(cost.costAttribution ? { costAttribution: cost.costAttribution } : {}),
    ...(cost.relatedEvent ? { relatedEvent: cost.relatedEvent } : {}),
  }
}

/** The start input of a follow-up offered from a process: the payment request of a cost, or the artworks. */
export function followUpInput(
  f: FollowUp,
  processId: string,
  artworkIds: string[],
  context: ProcessContext | undefined,
): Record<string, unknown> {
  if (f.cost) {
    const prefill = costPrefill(f.cost, context) ?? {}
    return { [f.via]: processId, forStep: f.cost.step, prefill }
  }
  return { artworkIds, [f.via]: processId }
}
