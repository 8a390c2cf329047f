// The office's calendar and clock, one home for the server and the web. The office keeps one time zone
// (VITRINE_TIME_ZONE, Asia/Shanghai by default; the web learns it from /api/auth/me): every date a person
// picks or reads is a day of that zone, "today" is the office's today whatever the browser's or the server's
// own zone, and every time of day shown on a screen or printed is in that zone, with the zone named.
// Intl gives the zone's calendar and clock, so no time-zone library is needed.
import { isRealDate } from './constants'
import { intlLocale, type Lang } from './lang'

/** The zone until the server says otherwise (the server's own default). */
export const DEFAULT_OFFICE_ZONE = 'Asia/Shanghai'

// A formatter costs far more to build than to use: one per zone, language and purpose, kept.
const formats = new Map<string, Intl.DateTimeFormat>()
function formatOf(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key)
  if (!format) {
    format = make()
    formats.set(key, format)
  }
  return format
}

/** The calendar date (yyyy-MM-dd) of an instant in a time zone. */
export function dayIn(at: Date, timeZone: string): string {
  const parts = formatOf(
    `day|${timeZone}`,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/**
 * The office's today (yyyy-MM-dd): the calendar date in the office's zone at `now`. It turns at midnight in
 * that zone — in Shanghai at 16:00 UTC —, not at the browser's or the server's midnight. No date a person
 * picks may be after it where the future is refused (a ledger reading, a valuation).
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayIn(now, timeZone)
}

/** The zone's offset from UTC (minutes) at an instant. */
function offsetAt(at: Date, timeZone: string): number {
  const parts = formatOf(
    `clock|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  ).formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000)
}

/** The instant a calendar date (yyyy-MM-dd) begins in a time zone. */
export function dayStartIn(date: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`)
  // Two passes: the offset at the guess, then at the corrected instant (a change of offset that day).
  let at = utcMidnight - offsetAt(new Date(utcMidnight), timeZone) * 60_000
  at = utcMidnight - offsetAt(new Date(at), timeZone) * 60_000
  return new Date(at)
}

/** The calendar date `days` days after a date (yyyy-MM-dd; before it when negative). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The calendar date after a date (yyyy-MM-dd). */
export function nextDate(date: string): string {
  return addDays(date, 1)
}

/** Zones that keep China Standard Time, which people call Beijing time. */
const BEIJING_TIME = new Set(['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Harbin', 'PRC'])

/** The zone as people name it: "北京时间" / "Beijing time" for China, else the language's own name for it. */
export function zoneName(timeZone: string, lang: Lang): string {
  if (BEIJING_TIME.has(timeZone)) return lang === 'en' ? 'Beijing time' : '北京时间'
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC'
  const parts = formatOf(
    `name|${lang}|${timeZone}`,
    () => new Intl.DateTimeFormat(intlLocale(lang), { timeZone, timeZoneName: 'longGeneric' }),
  ).formatToParts(new Date())
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone
}

/**
 * A calendar date (yyyy-MM-dd, or a year / year-month as records allow) as the language writes it:
 * "2026年11月28日", "28 Nov 2026". Screens, printed documents and the messages the server writes all use
 * it, so no ISO date reaches a reader; a text that is not a date is left as it is.
 */
export function calendarDateText(value: string | null | undefined, lang: Lang): string {
  if (!value) return ''
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(value)
  if (!m) return value
  const [, y, mo, d] = m
  if (!mo) return lang === 'en' ? y : `${y}年`
  if (!isRealDate(`${y}-${mo}-${d ?? '01'}`)) return value
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d ?? 1)))
  return formatOf(
    `date|${lang}|${d ? 'day' : 'month'}`,
    () =>
      new Intl.DateTimeFormat(intlLocale(lang), {
        year: 'numeric',
        month: lang === 'en' ? 'short' : 'long',
        ...(d ? { day: 'numeric' } : {}),
        timeZone: 'UTC',
      }),
  ).format(date)
}

/**
 * An instant as the language writes a date and a time of day, in the office's zone and naming it:
 * "2026年11月28日 04:00（北京时间）", "28 Nov 2026, 04:00 (Beijing time)". `month`: `short` on screens,
 * `long` in printed documents (the Chinese month is the same either way).
 */
export function officeTimeText(
  at: Date | string | null | undefined,
  lang: Lang,
  timeZone: string,
  month: 'short' | 'long' = 'short',
): string {
  if (!at) return ''
  const date = typeof at === 'string' ? new Date(at) : at
  if (Number.isNaN(date.getTime())) return ''
  const text = formatOf(
    `time|${lang}|${month}|${timeZone}`,
    () =>
      new Intl.DateTimeFormat(intlLocale(lang), {
        year: 'numeric',
        month,
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
  ).format(date)
  const name = zoneName(timeZone, lang)
  return lang === 'en' ? `${text} (${name})` : `${text}（${name}）`
}

/** The calendar date `months` months after a date (yyyy-MM-dd), kept within the month (Jan 31 + 1 → Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const total = y * 12 + (m - 1) + months
  const year = Math.floor(total / 12)
  const month = total % 12
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}
