// Concrete, valid data for every process type: the start input and, per step (and per own event), one or
// more payloads, read through the registry from each type's declaration (`samples`: its machine file names them;
// the present types keep theirs in src/shared/process-steps/samples.ts). Record ids come from `refs`, so a caller
// passes ids that exist in its database. Shared by the demo seed (demo-processes.ts runs the machines with them),
// the model and API tests (tests/model/samples.ts re-exports this module) and the benchmarks: tooling never
// imports tests/.
import { declarationOf } from '../../../machines/registry'
import type { SampleRefs, StepSamples } from '../../../machines/types'
import type { ProcessType } from '../../shared/process-types'

export type { SampleRefs } from '../../../machines/types'

export const MODEL_REFS: SampleRefs = {
  artworkIds: ['0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e0001', '0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e0002'],
  roomId: '0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e0101',
  fileId: '0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e0201',
}

/** The second-approval limits (by currency) the samples are written against: the larger payments exceed them. */
export const SAMPLE_SECOND_APPROVAL_ABOVE: Record<string, string> = { CNY: '100000.00', HKD: '100000.00' }

/** The start input of a type's sample process (default: the two artworks of `refs`). */
export function sampleInput(type: ProcessType, refs: SampleRefs = MODEL_REFS): Record<string, unknown> {
  return declarationOf(type).samples.input?.(refs) ?? { artworkIds: [...refs.artworkIds] }
}

/** Payload variants by step key (SUBMIT) and by event type (the type's own events). */
export function sampleStepData(type: ProcessType, refs: SampleRefs = MODEL_REFS): StepSamples {
  return declarationOf(type).samples.steps(refs)
}

/** A draft: the first two fields of the step's first sample (a half-filled form). */
export function sampleDraft(samples: Record<string, unknown>[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(samples[0] ?? {}).slice(0, 2))
}
