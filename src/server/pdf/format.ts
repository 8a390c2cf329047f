// How printed documents write numbers and dates in each language: a date (yyyy-MM-dd) as the language writes
// it. Money is src/shared/money-text.ts's, as on every screen; an instant is src/shared/office-time.ts's
// officeTimeText (in the office's time zone, named).
import { intlLocale, type Lang } from '../../shared/lang'

/** A calendar date (yyyy-MM-dd, or a year / year-month as records allow) as the language writes it. */
export { calendarDateText as dateText } from '../../shared/office-time'

export function numberText(value: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value)
}

/** A file name part: no path separators, quotes or control characters. */
export function safeFilePart(text: string): string {
  return text.replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '-').replace(/^-+|-+$/g, '') || 'report'
}
