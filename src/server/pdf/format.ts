// How printed documents write money and dates in each language: an amount with its currency code in front and
// thousands separators, from the decimal string itself (never a float, so no cent is lost on a large sum);
// a date (yyyy-MM-dd) as the language writes it. An instant is src/shared/office-time.ts's officeTimeText (in
// the office's time zone, named).
import type { Lang } from '../../shared/errors'

// Money is written the same way on screens' refusals and in print: one home, in src/shared/validation.ts.
export { groupMoney, moneyText } from '../../shared/validation'

const intlLocale = (lang: Lang) => (lang === 'en' ? 'en-GB' : 'zh-CN')

/** A calendar date (yyyy-MM-dd, or a year / year-month as records allow) as the language writes it. */
export { calendarDateText as dateText } from '../../shared/office-time'

export function numberText(value: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value)
}

/** A file name part: no path separators, quotes or control characters. */
export function safeFilePart(text: string): string {
  return text.replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '-').replace(/^-+|-+$/g, '') || 'report'
}
