// Persisting and rehydrating machine snapshots without starting an actor: the runtime stores
// `getPersistedSnapshot` JSON and rebuilds a snapshot from it with `machine.resolveState`, so every
// request is stateless and the pure `transition` can be applied to the result. No machine has history
// states (machines/README.md), so nothing beyond the value and the context needs reviving.
import type { AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate'

/** The JSON kept in processes.snapshot. */
export interface PersistedSnapshot {
  value: StateValue
  context: Record<string, unknown>
  status: 'active' | 'done' | 'error' | 'stopped'
  output?: unknown
  error?: unknown
}

/** The JSON text each persisted snapshot was parsed from (the event's statement stores that text). */
const texts = new WeakMap<PersistedSnapshot, string>()

export function persist(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): PersistedSnapshot {
  // Round-trip through JSON: what is stored must equal what is returned (no Dates, no undefined).
  const text = JSON.stringify(machine.getPersistedSnapshot(snapshot))
  const persisted = JSON.parse(text) as PersistedSnapshot
  texts.set(persisted, text)
  return persisted
}

/** A persisted snapshot as JSON text: the text persist() made of it, else serialised now. */
export function persistedJson(persisted: PersistedSnapshot): string {
  return texts.get(persisted) ?? JSON.stringify(persisted)
}

/** Rebuild a snapshot from its persisted JSON. */
export function rehydrate(machine: AnyStateMachine, persisted: PersistedSnapshot): AnyMachineSnapshot {
  return machine.resolveState({
    value: persisted.value,
    context: persisted.context,
    status: persisted.status === 'done' ? 'done' : 'active',
    output: persisted.output,
    error: persisted.error,
  })
}
