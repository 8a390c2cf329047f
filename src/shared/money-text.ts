// Money as people read it, the one way every screen, printed document and server message writes an amount:
// "CNY 1,234,567.50" — its currency code in front when known, thousands separators, exactly two decimals.
// Read from the decimal string itself, never through a float, so no cent is lost on a large sum.
import { DEFAULT_LANG, intlLocale } from './lang'

const AMOUNT = /^([-+]?)(\d*)(?:\.(\d*))?$/

let grouping: Intl.NumberFormat | undefined
/** Both languages group digits alike (1,234,567), so one formatter serves both. */
const wholePart = (digits: string) => {
  grouping ??= new Intl.NumberFormat(intlLocale(DEFAULT_LANG), { useGrouping: true })
  return grouping.format(BigInt(digits))
}

/**
 * An amount as people read it: 1234567.5 → "1,234,567.50"; with a currency, "CNY 1,234,567.50". The whole
 * part is grouped by Intl.NumberFormat as an exact integer (a BigInt); the decimals are the string's own, cut
 * to two places. Separators typed into the amount are ignored. No amount (null, '') reads as ''; a text that
 * is not an amount is shown as it is (after its currency), never hidden.
 */
export function moneyText(amount: string | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined) return ''
  const typed = amount.trim()
  if (typed === '') return ''
  const m = AMOUNT.exec(typed.replace(/[,，\s]/g, ''))
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return currency ? `${currency} ${typed}` : typed
  const [, sign, whole, decimals = ''] = m
  const cents = `${decimals}00`.slice(0, 2)
  const zero = /^0*$/.test(whole) && /^0*$/.test(cents)
  const shown = `${sign === '-' && !zero ? '-' : ''}${wholePart(whole || '0')}.${cents}`
  return currency ? `${currency} ${shown}` : shown
}
