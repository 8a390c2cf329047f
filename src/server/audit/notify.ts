// Who is told that a chained row was written: every linker running in this process (one per booted server;
// tests and benchmarks boot several). Each waits a moment, then links what has committed (linker.ts).
import type { ChainName } from '../../shared/audit'

export interface Listener {
  note(chain: ChainName): void
}

const listeners = new Set<Listener>()

export function listen(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A chained row was written (its transaction may not have committed yet). */
export function noteWritten(chain: ChainName): void {
  for (const listener of listeners) listener.note(chain)
}
