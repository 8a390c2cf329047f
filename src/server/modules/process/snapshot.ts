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

export function persist(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): PersistedSnapshot {
  const persisted = machine.getPersistedSnapshot(snapshot) as unknown as PersistedSnapshot
  // Round-trip through JSON: what is stored must equal what is returned (no Dates, no undefined).
  return JSON.parse(JSON.stringify(persisted)) as PersistedSnapshot
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
