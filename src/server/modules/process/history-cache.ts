// The history rows the event path has already read, per database and process. History is append-only
// (never updated or deleted, seq grows with the row version), so a row once read stays true: an event
// reads only the rows after the last one held here, and a view's history costs the same for a process
// with three events or three hundred. Names are never cached (a user may be renamed): the event's
// statement reads them fresh. Nothing here is needed for correctness: a cold or evicted entry only means
// reading the whole history once, and several servers on one database each keep their own.
import type { ProcessHistoryItem } from '../../../shared/contracts/process'
import type { Db } from '../../db/client'

/** A history row without the name of its author (names are read with every event). */
export type HistoryRow = Omit<ProcessHistoryItem, 'byName'>

/** At most this many processes are held per database; the least recently used go first. */
export const HISTORY_CACHE_PROCESSES = 1000

export class HistoryCache {
  private readonly byProcess = new Map<string, readonly HistoryRow[]>()

  constructor(private readonly limit = HISTORY_CACHE_PROCESSES) {}

  /** The rows held for a process, a prefix of its history in seq order (empty when none are held). */
  get(processId: string): readonly HistoryRow[] {
    const rows = this.byProcess.get(processId)
    if (!rows) return []
    this.byProcess.delete(processId)
    this.byProcess.set(processId, rows)
    return rows
  }

  /** Hold a longer prefix of a process's history (a shorter one, from a slower request, is ignored). */
  set(processId: string, rows: readonly HistoryRow[]): void {
    const held = this.byProcess.get(processId)
    if (held && held.length > rows.length) return
    this.byProcess.delete(processId)
    this.byProcess.set(processId, rows)
    if (this.byProcess.size > this.limit) {
      const oldest = this.byProcess.keys().next().value
      if (oldest !== undefined) this.byProcess.delete(oldest)
    }
  }

  get size(): number {
    return this.byProcess.size
  }
}

const caches = new WeakMap<Db, HistoryCache>()

export function historyCacheOf(db: Db): HistoryCache {
  let cache = caches.get(db)
  if (!cache) {
    cache = new HistoryCache()
    caches.set(db, cache)
  }
  return cache
}
