// Every currency a process is given (a step form's `currency`, a start input's prefill) is a currency of the
// CURRENCY dictionary: the forms check the ISO shape, this checks that the office knows it, before anything
// is written. 400 at each field naming an unknown one.
import type { DbOrTx } from '../../db/client'
import { invalid } from '../../http/app-error'
import { knownCurrencies } from '../finance/rates'

/** The `currency` fields of a value, with their paths (`prefill.currency`, `details.0.currency`). */
function currencyFields(value: unknown, path: string[] = []): { path: string; code: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => currencyFields(v, [...path, String(i)]))
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'currency' && typeof v === 'string' && v !== ''
      ? [{ path: [...path, k].join('.'), code: v }]
      : currencyFields(v, [...path, k]),
  )
}

/** Refuses a currency the dictionary does not have, at `<prefix>.<path>` (`payload.currency`). */
export async function assertKnownCurrencies(db: DbOrTx, value: unknown, prefix: string): Promise<void> {
  const fields = currencyFields(value)
  if (fields.length === 0) return
  const known = await knownCurrencies(db)
  const unknown = fields.filter((f) => !known.has(f.code))
  if (unknown.length > 0)
    throw invalid(Object.fromEntries(unknown.map((f) => [`${prefix}.${f.path}`, 'unknownCurrency'])))
}
