// The contract of an effect handler: what the runtime hands it (the open transaction, the process, the
// machine context after the transition, the event and its actor, the declared effect) and how it reads
// the step data the effect names.
import type {
  Effect,
  EffectName,
  ProcessContext,
  ProcessDefinition,
  ProcessEvent,
} from '../../../../../machines/types'
import type { Lang } from '../../../../shared/errors'
import type { ProcessType } from '../../../../shared/process-types'
import type { Config } from '../../../config'
import type { Tx } from '../../../db/client'

export interface EffectContext {
  tx: Tx
  config: Config
  /** The language of the request (for words a refusal builds beside its message key). */
  lang: Lang
  process: { id: string; type: ProcessType; createdBy: string; definitionVersion: number }
  /** The definition (machine version) the process runs on. */
  definition: ProcessDefinition
  /** The artworks linked to the process (its subject, or what it created). */
  artworkIds: string[]
  /** The machine context after the transition. */
  context: ProcessContext
  event: ProcessEvent
  /** The instant of the event (the same as event.at). */
  at: Date
  effect: Effect
  /** The current step after the transition, and the step the event was sent in. */
  currentStep: string | null
  previousStep: string | null
  /** Open another process in the same transaction (e.g. BUY_ART_TRANS after a purchase); returns its id. */
  openProcess: (type: ProcessType, input: Record<string, unknown>) => Promise<string>
  /** Link more artworks to this process (BUY_ART links the artworks it created). */
  linkArtworks: (artworkIds: string[]) => Promise<void>
}

export type EffectHandler = (ctx: EffectContext) => Promise<void>
export type EffectHandlers = Record<EffectName, EffectHandler>

/** The data an effect reads: the named step's submitted data (or draft), else the event's payload. */
export function stepData(ctx: EffectContext, step = ctx.effect.step ?? ctx.previousStep ?? undefined) {
  const record = step ? ctx.context.steps?.[step] : undefined
  return (record?.data ?? record?.draft ?? {}) as Record<string, unknown>
}

/**
 * The first value found for any of the names, looking in order at the effect's params, the event's
 * payload, the step data and the process subject. Machines name fields; effects stay tolerant of where.
 */
export function field(ctx: EffectContext, ...names: string[]): unknown {
  const sources = [
    ctx.effect.params ?? {},
    ctx.event.payload ?? {},
    stepData(ctx),
    ctx.context.subject ?? {},
  ] as Record<string, unknown>[]
  for (const source of sources)
    for (const name of names) {
      const v = source[name]
      if (v !== undefined && v !== null && v !== '') return v
    }
  return undefined
}

export function textField(ctx: EffectContext, ...names: string[]): string {
  const v = field(ctx, ...names)
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''
}

/** The artworks an effect acts on: explicit `params.artworkIds`, else the process's linked artworks. */
export function targetArtworks(ctx: EffectContext): string[] {
  const explicit = ctx.effect.params?.artworkIds
  if (Array.isArray(explicit)) return explicit.filter((id): id is string => typeof id === 'string')
  return ctx.artworkIds
}
