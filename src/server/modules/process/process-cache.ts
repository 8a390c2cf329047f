// What the event path has already read or written, per database and process: the latest history rows
// (as many as a view shows), everyone the history names, and the row at its latest version with its
// snapshot rebuilt. History is append-only (never updated or deleted, seq grows with the row version), so
// a row once read stays true: an event reads only the rows after the last one held here. A process row changes only with its version, so the row held at version n is the
// row while the version is n: an event that names version n needs no load (the write checks the version
// again; another server's change means a 409, as it would after a load). Names are never held (a user
// may be renamed): the event's statement reads them fresh. Nothing here is needed for correctness: a cold
// or evicted entry only means one more read, and several servers on one database each keep their own.
import type { ProcessSnapshot } from '../../../../machines/types'
import { HISTORY_IN_VIEW, type ProcessHistoryItem } from '../../../shared/contracts/process'
import type { Db } from '../../db/client'
import type { ProcessRow } from './views'

/** A history row without the name of its author (names are read with every event). */
export type HistoryRow = Omit<ProcessHistoryItem, 'byName'>

/** A process row as written, with its snapshot already rebuilt. */
export interface HeldRow {
  row: ProcessRow
  snapshot: ProcessSnapshot
}

interface Entry {
  /** The latest rows, at most HISTORY_IN_VIEW, in seq order. */
  history: readonly HistoryRow[]
  /** Every user the whole history names. */
  authors: ReadonlySet<string>
  current?: HeldRow
}

const lastSeq = (rows: readonly HistoryRow[]) => (rows.length > 0 ? rows[rows.length - 1].seq : 0)

/** At most this many processes are held per database; the least recently used go first. */
export const PROCESS_CACHE_PROCESSES = 1000

export class ProcessCache {
  private readonly byProcess = new Map<string, Entry>()

  constructor(private readonly limit = PROCESS_CACHE_PROCESSES) {}

  private touch(processId: string): Entry | undefined {
    const entry = this.byProcess.get(processId)
    if (entry) {
      this.byProcess.delete(processId)
      this.byProcess.set(processId, entry)
    }
    return entry
  }

  /**
   * The latest rows held for a process in seq order, and everyone its history up to them names (both
   * empty when nothing is held).
   */
  history(processId: string): { rows: readonly HistoryRow[]; authors: ReadonlySet<string> } {
    const entry = this.touch(processId)
    return { rows: entry?.history ?? [], authors: entry?.authors ?? new Set() }
  }

  /** The process row at `version`, when that is the version held. */
  row(processId: string, version: number): HeldRow | undefined {
    const current = this.touch(processId)?.current
    return current?.row.version === version ? current : undefined
  }

  /**
   * Hold what a committed event wrote: the history up to its row (its latest rows, and everyone it names)
   * and the new process row. An older history or row, from a slower request, is ignored.
   */
  hold(
    processId: string,
    history: { rows: readonly HistoryRow[]; authors: ReadonlySet<string> },
    current?: HeldRow,
  ): void {
    const held = this.byProcess.get(processId)
    const newer = !held || lastSeq(history.rows) >= lastSeq(held.history)
    const next: Entry = {
      history: newer ? history.rows.slice(-HISTORY_IN_VIEW) : held.history,
      authors: newer ? history.authors : held.authors,
      current:
        held?.current && (!current || held.current.row.version > current.row.version)
          ? held.current
          : current,
    }
    this.byProcess.delete(processId)
    this.byProcess.set(processId, next)
    if (this.byProcess.size > this.limit) {
      const oldest = this.byProcess.keys().next().value
      if (oldest !== undefined) this.byProcess.delete(oldest)
    }
  }

  get size(): number {
    return this.byProcess.size
  }
}

const caches = new WeakMap<Db, ProcessCache>()

export function processCacheOf(db: Db): ProcessCache {
  let cache = caches.get(db)
  if (!cache) {
    cache = new ProcessCache()
    caches.set(db, cache)
  }
  return cache
}
