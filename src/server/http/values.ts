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
