// Checks that need the database, declared by name in a machine's definition (`checks`: on the start input,
// on a step's submitted form) and applied before anything is written: runtime.ts `startProcess` on the
// input, decide.ts on a SUBMIT. The effect that applies a submitted form may run the same check again in
// its transaction (`lock`: the rows it reads stay locked), since the world may have changed since the
// SUBMIT. A refusal is an AppError (400 at the field). `satisfies` keeps the list complete: a new
// CheckName does not compile until handled.
import type { CheckName, ProcessDefinition } from '../../../../../machines/types'
import { plannedNotPast } from './condition'
import type { CheckContext, CheckHandler } from './context'
import { deaccessioned } from './deaccession'
import { buyerEntity, notPledged } from './ownership'
import { countOfRoom, roomOfStocktake } from './stocktake'

export type { CheckContext, CheckHandler }

const CHECKS = {
  roomOfStocktake,
  countOfRoom,
  notPledged,
  buyerEntity,
  deaccessioned,
  plannedNotPast,
} satisfies Record<CheckName, CheckHandler>

/** The checks a definition declares on its start input, if any, in the order declared. */
export async function checkStart(definition: ProcessDefinition, ctx: Omit<CheckContext, 'payload'>) {
  const names = [definition.checks?.start ?? []].flat()
  for (const name of names) await CHECKS[name](ctx)
}

/** The check a definition declares on the submitted form of `step`, if any. */
export async function checkSubmitted(
  definition: ProcessDefinition,
  step: string | null | undefined,
  ctx: CheckContext & { payload: Record<string, unknown> },
) {
  const name = step ? definition.checks?.submit?.[step] : undefined
  if (name) await CHECKS[name](ctx)
}
