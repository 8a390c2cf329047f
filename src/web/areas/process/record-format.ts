// How a submitted step's values read (docs/architecture.md § Formats, house rule "records read in words"): money as
// src/shared/money-text.ts writes it, dates in the display format yyyy.MM.dd. Pure, shared by the read-only
// records and the lines above forms (a payment's cap).
import { toDisplay } from '../../forms/date-range'
import type { Values } from './field-spec'

/**
 * The currency an amount is in: the `currency` beside it (a field of the same object, or of the same row
 * of a list: `details.0.amount` → `details.0.currency`, else the step's own `currency`).
 */
export function currencyBeside(path: string, values: Values): string | undefined {
  const parts = path.split('.')
  for (let depth = parts.length - 1; depth >= 0; depth--) {
    const candidate = [...parts.slice(0, depth), 'currency'].join('.')
    const value = getPath(values, candidate)
    if (typeof value === 'string' && /^[A-Z]{3}$/.test(value)) return value
  }
  return undefined
}

function getPath(values: Values, path: string): unknown {
  if (Object.hasOwn(values, path)) return values[path]
  let at: unknown = values
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}

/** A stored date (yyyy-MM-dd) as shown: yyyy.MM.dd; anything else as it is. */
export function formatRecordDate(value: string): string {
  return toDisplay(value, 'yyyy-MM-dd') || value
}
