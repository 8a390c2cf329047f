// Leaving values out of an answer for a user who may not see them (src/shared/access.ts `seesValues`):
// valuations, prices, insured amounts, payment amounts become null — never zero, so nobody reads a value
// that is not there. Each route names the fields it hides; the rest of the answer is untouched.
import { seesValues } from '../../shared/access'
import type { AuthUser } from './context'

export { seesValues }

/** The row with these fields set to null. */
export function nulled<T extends object, K extends keyof T>(row: T, keys: readonly K[]): T {
  const out = { ...row }
  for (const k of keys) if (k in out) (out as Record<K, unknown>)[k] = null
  return out
}

/** The artwork fields that carry its value (list rows, details, valuation rows, as-of rows). */
export const ARTWORK_VALUE_KEYS = ['latestValuation', 'latestValuationCurrency'] as const

/** Hides the artwork's value fields of each row unless the user sees values. */
export function artworkValuesFor<T extends object>(user: AuthUser, row: T): T {
  if (seesValues(user)) return row
  return nulled(row as Record<string, unknown>, ARTWORK_VALUE_KEYS as unknown as string[]) as T
}

/**
 * The keys that carry a value (an amount of money) wherever a process records it: its start input, each
 * step's data and draft, its events' and history's payloads — a purchase's price, a contract's or payment's
 * amount (and each payment detail's), a transport's or operation's cost, a loan fee, a sale's estimates and
 * asking price, a policy's insured amount and premium, a claim's estimated loss and claimed amount, a damage's
 * estimated cost. The one list: a money field added to a step's form belongs here.
 */
export const PROCESS_VALUE_KEYS: ReadonlySet<string> = new Set([
  'amount',
  'price',
  'cost',
  'loanFee',
  'estimateLow',
  'estimateHigh',
  'askingPrice',
  'insuredAmount',
  'premium',
  'estimatedLoss',
  'claimedAmount',
  'estimatedCost',
])

/** A deep copy with every value key (`keys`) at any depth set to null; the rest untouched. */
export function withoutValueKeys<T>(value: T, keys: ReadonlySet<string> = PROCESS_VALUE_KEYS): T {
  if (Array.isArray(value)) return value.map((v) => withoutValueKeys(v, keys)) as T
  if (!value || typeof value !== 'object' || value instanceof Date) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    out[k] = keys.has(k) && v !== null && typeof v !== 'object' ? null : withoutValueKeys(v, keys)
  }
  return out as T
}

/** A process's view, page, history or step record without its values unless the user sees values. */
export function processValuesFor<T>(user: AuthUser, data: T): T {
  return seesValues(user) ? data : withoutValueKeys(data)
}

/**
 * The keys of an artwork's record that carry a value, at any depth of its history (a change's old and new, a
 * version's whole record): its latest valuation and currency, an auction record's price.
 */
export const RECORD_VALUE_KEYS: ReadonlySet<string> = new Set([...ARTWORK_VALUE_KEYS, 'price'])

/** A history entry (or version) of an artwork's record without its values unless the user sees values. */
export function recordHistoryFor<T extends { changes: { field: string; old: unknown; new: unknown }[] }>(
  user: AuthUser,
  entry: T,
): T {
  if (seesValues(user)) return entry
  return {
    ...withoutValueKeys(entry, RECORD_VALUE_KEYS),
    changes: entry.changes.map((ch) =>
      RECORD_VALUE_KEYS.has(ch.field)
        ? { ...ch, old: null, new: null }
        : {
            ...ch,
            old: withoutValueKeys(ch.old, RECORD_VALUE_KEYS),
            new: withoutValueKeys(ch.new, RECORD_VALUE_KEYS),
          },
    ),
  }
}
