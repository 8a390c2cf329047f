// What the writers of chained rows tell the linkers running in this process (one per booted server; tests and
// benchmarks boot several): that rows were written, and each row's canonical text as its writer made it, so
// that the linker links it without reading the row back (linker.ts). A text is kept until its row is linked,
// or for TEXT_KEPT_MS at most (a row whose transaction rolled back is never linked); the linker uses a text
// only if it still gives the digest stored with the row, and reads the row back otherwise.
import type { ChainName } from '../../shared/audit'

export interface Listener {
  note(chain: ChainName): void
}

/** A chained row as its writer made it: the text naming it (canonical.ts `rowKeyOf`) and its canonical text. */
export interface WrittenRow {
  key: string
  canonical: string
}

const TEXT_KEPT_MS = 120_000
/** Texts kept per chain at most: beyond, the oldest go (their rows are then read back). */
const TEXTS_KEPT = 50_000

const listeners = new Set<Listener>()
const texts = new Map<ChainName, Map<string, { canonical: string; at: number }>>()

export function listen(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function textsOf(chain: ChainName) {
  let kept = texts.get(chain)
  if (!kept) {
    kept = new Map()
    texts.set(chain, kept)
  }
  return kept
}

/** Chained rows were written (their transaction may not have committed yet). */
export function noteWritten(chain: ChainName, rows: readonly WrittenRow[]): void {
  const kept = textsOf(chain)
  const at = Date.now()
  for (const row of rows) {
    kept.delete(row.key)
    kept.set(row.key, { canonical: row.canonical, at })
  }
  for (const [key] of kept) {
    if (kept.size <= TEXTS_KEPT) break
    kept.delete(key)
  }
  for (const listener of listeners) listener.note(chain)
}

/** A written row's canonical text as its writer made it, taken (undefined when not kept). */
export function takeWritten(chain: ChainName, key: string): string | undefined {
  const kept = textsOf(chain)
  const text = kept.get(key)
  kept.delete(key)
  return text?.canonical
}

/** Forget the texts kept longer than TEXT_KEPT_MS (their rows were never committed, or linked elsewhere). */
export function forgetOldTexts(now = Date.now()): void {
  for (const kept of texts.values())
    for (const [key, text] of kept) {
      if (now - text.at <= TEXT_KEPT_MS) break
      kept.delete(key)
    }
}
