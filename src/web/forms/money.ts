// Money as typed and shown (docs/architecture.md § Input rules): digits and one decimal point (a minus sign only where negatives are
// allowed), at most two decimals; shown with thousands separators and exactly two decimals once committed
// (blur or Enter, src/shared/money-text.ts); the value passed on never has commas; empty stays empty. Strings
// throughout, never floats.
import { normaliseMoney } from '../../shared/validation'

/** The most integer digits an amount may have (numeric(18,2)). */
export const MONEY_INTEGER_DIGITS = 16

/** What a money field keeps of a key press or a paste. */
export function sanitizeMoneyTyping(raw: string, allowNegative = false): string {
  let s = raw.replace(/[,，\s]/g, '')
  const negative = allowNegative && s.startsWith('-')
  s = s.replace(/[^\d.]/g, '')
  const dot = s.indexOf('.')
  let int = dot >= 0 ? s.slice(0, dot) : s
  let frac = dot >= 0 ? s.slice(dot + 1).replace(/\./g, '') : null
  int = int.slice(0, MONEY_INTEGER_DIGITS)
  if (frac !== null) frac = frac.slice(0, 2)
  return `${negative ? '-' : ''}${int}${frac !== null ? `.${frac}` : ''}`
}

/** The value passed on when the field commits: '' or a normalised decimal string with two places. */
export function commitMoney(typed: string, allowNegative = false): string {
  const s = sanitizeMoneyTyping(typed, allowNegative)
  const unsigned = s.replace(/^-/, '')
  if (unsigned === '' || unsigned === '.') return ''
  const withInt = unsigned.startsWith('.') ? `0${unsigned}` : unsigned
  return normaliseMoney(`${s.startsWith('-') ? '-' : ''}${withInt}`)
}

/** Digits only (docs/architecture.md § Input rules numeric fields), cut to the maximum length. */
export function sanitizeDigits(raw: string, maxLength?: number): string {
  const digits = raw.replace(/\D/g, '')
  return maxLength === undefined ? digits : digits.slice(0, maxLength)
}

/** Text cut to a maximum length in characters (a Chinese character or an emoji counts once). */
export function clampLength(raw: string, maxLength?: number): string {
  if (maxLength === undefined) return raw
  const chars = [...raw]
  return chars.length <= maxLength ? raw : chars.slice(0, maxLength).join('')
}

export function lengthOf(raw: string): number {
  return [...raw].length
}
