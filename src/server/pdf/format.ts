// How printed documents write money and dates in each language: an amount with its currency code in front and
// thousands separators, from the decimal string itself (never a float, so no cent is lost on a large sum);
// a date (yyyy-MM-dd) as the language writes it. An instant is src/shared/office-time.ts's officeTimeText (in
// the office's time zone, named).
import type { Lang } from '../../shared/errors'

const intlLocale = (lang: Lang) => (lang === 'en' ? 'en-GB' : 'zh-CN')

/** 1234567.5 → "1,234,567.50"; the input is a decimal string (numeric(18,2) as text). */
export function groupMoney(amount: string): string {
  const negative = amount.trim().startsWith('-')
  const [int = '0', frac = ''] = amount.trim().replace(/^[-+]/, '').split('.')
  const grouped = (int.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${grouped}.${`${frac}00`.slice(0, 2)}`
}

/** "CNY 1,234,567.50"; without an amount, an empty string. */
export function moneyText(amount: string | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return ''
  return currency ? `${currency} ${groupMoney(amount)}` : groupMoney(amount)
}

/** A calendar date (yyyy-MM-dd, or a year / year-month as records allow) as the language writes it. */
export function dateText(value: string | null | undefined, lang: Lang): string {
  if (!value) return ''
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(value)
  if (!m) return value
  const [, y, mo, d] = m
  if (!mo) return lang === 'en' ? y : `${y}年`
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d ?? 1)))
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat(intlLocale(lang), {
    year: 'numeric',
    month: lang === 'en' ? 'short' : 'long',
    ...(d ? { day: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date)
}

export function numberText(value: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value)
}

/** A file name part: no path separators, quotes or control characters. */
export function safeFilePart(text: string): string {
  return text.replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '-').replace(/^-+|-+$/g, '') || 'report'
}
