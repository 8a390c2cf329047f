// Persisting and rehydrating machine snapshots without starting an actor: the runtime stores
// `getPersistedSnapshot` JSON and rebuilds a snapshot from it with `machine.resolveState`, so every
// request is stateless and the pure `transition` can be applied to the result. No machine has history
// states (machines/README.md), so nothing beyond the value and the context needs reviving.
import type { PersistedSnapshot, ProcessMachine, ProcessSnapshot } from '../../../../machines/types'

export type { PersistedSnapshot }

/** The JSON text each persisted snapshot was parsed from (the event's statement stores that text). */
const texts = new WeakMap<PersistedSnapshot, string>()

export function persist(machine: ProcessMachine, snapshot: ProcessSnapshot): PersistedSnapshot {
  // Round-trip through JSON: what is stored must equal what is returned (no Dates, no undefined).
  const text = JSON.stringify(machine.getPersistedSnapshot(snapshot))
  const persisted: PersistedSnapshot = JSON.parse(text)
  texts.set(persisted, text)
  return persisted
}

/** A persisted snapshot as JSON text: the text persist() made of it, else serialised now. */
export function persistedJson(persisted: PersistedSnapshot): string {
  return texts.get(persisted) ?? JSON.stringify(persisted)
}

/** Rebuild a snapshot from its persisted JSON. */
export function rehydrate(machine: ProcessMachine, persisted: PersistedSnapshot): ProcessSnapshot {
  return machine.resolveState({
    value: persisted.value,
    context: persisted.context,
    status: persisted.status === 'done' ? 'done' : 'active',
    output: persisted.output,
    error: persisted.error,
  })
}
