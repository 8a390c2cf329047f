// Which process follows which (a purchase's shipping, a loan's or a transport's insurance, a sale's
// delivery, a policy's renewal), read from the definitions' `followUps`: who a process follows (its start
// input names it), who may follow it, and whether a follow-up may be started by hand now. Pure: the server
// builds a view's `links` from these, the screens show what the server says.
import type { ProcessType } from '../src/shared/process-types'
import type { FollowUp, ProcessContext, ProcessDefinition } from './types'

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
  if (!f.startWhen || !inState(state, f.startWhen.states)) return false
  const field = f.startWhen.stepField
  if (!field) return true
  return context?.steps?.[field.step]?.data?.[field.field] === true
}
