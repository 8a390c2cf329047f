// Dates and numbers as each language writes them (Intl). Instants come from the API in ISO 8601 UTC and are
// shown in the office's time zone (not the browser's), its name beside every time of day.
import { isRealDate } from '../../shared/constants'
import { intlLocale, type Lang } from '../../shared/lang'
import { officeTimeText } from '../../shared/office-time'
import { officeZone } from './office-zone'

/**
 * A day as the language writes it: a calendar date (yyyy-MM-dd) as it is; an instant as its day in the
 * office's time zone.
 */
export function formatDate(iso: string | Date | null | undefined, lang: Lang): string {
  if (!iso) return ''
  const calendarDate = isRealDate(iso)
  const date = typeof iso === 'string' ? new Date(calendarDate ? `${iso}T00:00:00Z` : iso) : iso
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(intlLocale(lang), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: calendarDate ? 'UTC' : officeZone(),
  }).format(date)
}

/** An instant's date and time of day in the office's time zone, the zone named ("… 14:05（北京时间）"). */
export function formatDateTime(iso: string | Date | null | undefined, lang: Lang): string {
  return officeTimeText(iso, lang, officeZone())
}

/**
 * A yyyy-MM month as a month, never read as a day: "2026年11月" / "Nov 2026" (a two-digit year after a month
 * reads like a day of it). Anything else is returned as it is.
 */
export function formatMonth(month: string, lang: Lang): string {
  const [y, m] = month.split('-').map(Number)
  if (!y || !m || m > 12) return month
  if (lang !== 'en') return `${y}年${m}月`
  return new Intl.DateTimeFormat(intlLocale('en'), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 1)))
}

export function formatNumber(value: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(lang), options).format(value)
}

/** Bilingual data (labels the server or src/shared carry in both languages) in the language shown. */
export function pickLabel(words: { labelZh: string; labelEn: string }, lang: Lang): string {
  return lang === 'en' ? words.labelEn : words.labelZh
}
export function pickWords(words: { 'zh-CN': string; en: string }, lang: Lang): string {
  return words[lang]
}
