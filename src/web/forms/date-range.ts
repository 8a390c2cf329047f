// Date values and ranges (docs/architecture.md § Input rules, § Formats): the formats yyyy-MM-dd, yyyy-MM and yyyy-MM-dd HH:mm:ss, shown as
// yyyy.MM.dd; a range is valid only when both ends are valid dates, the start is not after the end and
// neither end is a disabled date; confirm stays disabled until both ends are chosen; the first day of the
// week is 1–7 (Monday–Sunday), 7 by default.
import { isRealDate } from '../../shared/constants'

export const DATE_FORMATS = ['yyyy-MM-dd', 'yyyy-MM', 'yyyy-MM-dd HH:mm:ss'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]
export const DISPLAY_FORMAT = 'yyyy.MM.dd'

interface Parts {
  y: number
  m: number
  d: number
  hh: number
  mi: number
  ss: number
}

const PATTERNS: Record<DateFormat, RegExp> = {
  'yyyy-MM-dd': /^(\d{4})-(\d{2})-(\d{2})$/,
  'yyyy-MM': /^(\d{4})-(\d{2})$/,
  'yyyy-MM-dd HH:mm:ss': /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/,
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

export function parseDateValue(value: string | null | undefined, format: DateFormat): Parts | null {
  if (!value) return null
  const match = PATTERNS[format].exec(value)
  if (!match) return null
  const [y, m, d = 1, hh = 0, mi = 0, ss = 0] = match.slice(1).map(Number)
  if (y < 1 || !isRealDate(`${pad(y, 4)}-${pad(m)}-${pad(d)}`)) return null
  if (hh > 23 || mi > 59 || ss > 59) return null
  return { y, m, d, hh, mi, ss }
}

export function isValidDateValue(value: string | null | undefined, format: DateFormat): boolean {
  return parseDateValue(value, format) !== null
}

export function formatDateParts(p: Parts, format: DateFormat): string {
  const date = `${pad(p.y, 4)}-${pad(p.m)}`
  if (format === 'yyyy-MM') return date
  if (format === 'yyyy-MM-dd') return `${date}-${pad(p.d)}`
  return `${date}-${pad(p.d)} ${pad(p.hh)}:${pad(p.mi)}:${pad(p.ss)}`
}

/** As shown to people: yyyy.MM.dd (yyyy.MM for months). */
export function toDisplay(value: string | null | undefined, format: DateFormat): string {
  const p = parseDateValue(value, format)
  if (!p) return ''
  return format === 'yyyy-MM' ? `${pad(p.y, 4)}.${pad(p.m)}` : `${pad(p.y, 4)}.${pad(p.m)}.${pad(p.d)}`
}

/** The calendar day of a value (yyyy-MM-dd), the unit pickers and disabled-date rules work in. */
export function dayOf(value: string, format: DateFormat): string | null {
  const p = parseDateValue(value, format)
  return p ? formatDateParts({ ...p, d: format === 'yyyy-MM' ? 1 : p.d }, 'yyyy-MM-dd') : null
}

/** A picked calendar day (yyyy-MM-dd) as a value of the format; a range's end takes the end of its day. */
export function fromDay(day: string, format: DateFormat, end: 'start' | 'end'): string | null {
  const p = parseDateValue(day, 'yyyy-MM-dd')
  if (!p) return null
  if (format === 'yyyy-MM-dd HH:mm:ss' && end === 'end')
    return formatDateParts({ ...p, hh: 23, mi: 59, ss: 59 }, format)
  return formatDateParts(p, format)
}

export type RangeProblem = 'incomplete' | 'invalidDate' | 'endBeforeStart' | 'disabledDate'

export interface RangeRules {
  format: DateFormat
  /** A calendar day (yyyy-MM-dd) that may not be chosen. */
  isDateDisabled?: (day: string) => boolean
}

export function rangeProblem(
  range: readonly [string | null, string | null],
  rules: RangeRules,
): RangeProblem | null {
  const [start, end] = range
  if (!start || !end) return 'incomplete'
  const a = parseDateValue(start, rules.format)
  const b = parseDateValue(end, rules.format)
  if (!a || !b) return 'invalidDate'
  // Fixed-width formats: text order is time order.
  if (start > end) return 'endBeforeStart'
  if (rules.isDateDisabled) {
    const da = dayOf(start, rules.format)
    const db = dayOf(end, rules.format)
    if ((da && rules.isDateDisabled(da)) || (db && rules.isDateDisabled(db))) return 'disabledDate'
  }
  return null
}

export function isValidRange(range: readonly [string | null, string | null], rules: RangeRules): boolean {
  return rangeProblem(range, rules) === null
}

export type FirstDayOfWeek = 1 | 2 | 3 | 4 | 5 | 6 | 7
export const DEFAULT_FIRST_DAY_OF_WEEK: FirstDayOfWeek = 7

/** The office's 1–7 (Monday … Sunday) to the picker's 0–6 (Sunday … Saturday); anything else is the default, 7. */
export function pickerFirstDayOfWeek(day: number | undefined): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const n =
    Number.isInteger(day) && day !== undefined && day >= 1 && day <= 7 ? day : DEFAULT_FIRST_DAY_OF_WEEK
  return (n % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6
}
