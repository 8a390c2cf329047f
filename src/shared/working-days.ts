// Working days of the office: the one function every due date, escalation and reminder time is counted by
// (src/server/modules/tasks/sync.ts, timers.ts) and the one test of whether a day is worked. A day is a
// calendar day in the office's time zone (src/shared/office-time.ts); it is worked unless it is a weekend
// day of the office, a public holiday of its region or a closure of its own — and a make-up working day
// (调休: a Saturday or Sunday worked in mainland China) is worked whatever its weekday. The server builds the
// calendar from the administrators' settings (modules/calendar/); this file knows no table.
import { addDays, dayIn } from './office-time'

/** Days of the week as `Date.getUTCDay()` numbers them: 0 Sunday … 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6

export interface WorkingCalendar {
  /** The office's time zone (IANA). */
  timeZone: string
  /** The weekdays not worked (Saturday and Sunday unless the office says otherwise). */
  weekend: ReadonlySet<number>
  /** Days off that would be worked by their weekday: public holidays and the office's closures (yyyy-MM-dd). */
  daysOff: ReadonlySet<string>
  /** Days worked that would be off by their weekday: make-up working days (yyyy-MM-dd). */
  workdays: ReadonlySet<string>
}

/** Monday to Friday in a zone, no holidays: the calendar of an office that has set none. */
export function weekendsOnly(timeZone: string): WorkingCalendar {
  return { timeZone, weekend: new Set([0, 6]), daysOff: new Set(), workdays: new Set() }
}

/** The weekday (0 Sunday … 6 Saturday) of a calendar date (yyyy-MM-dd). */
export function weekdayOf(day: string): Weekday {
  return new Date(`${day}T00:00:00Z`).getUTCDay() as Weekday
}

/** Whether the office works on a calendar date (yyyy-MM-dd). */
export function isWorkingDay(day: string, calendar: WorkingCalendar): boolean {
  if (calendar.workdays.has(day)) return true
  if (calendar.daysOff.has(day)) return false
  return !calendar.weekend.has(weekdayOf(day))
}

/** Far more days than any setting allows: a calendar that works no day at all never loops forever. */
const SEARCH_LIMIT_DAYS = 3660

/**
 * `days` working days after `from` (before it when negative), at the same time of day: each whole day
 * counts only when it ends on a working day of the office, so a task created on Friday afternoon with one
 * day is due Monday afternoon, one created on Saturday is due on Monday at that hour plus what is left, and
 * one created before the Spring Festival falls due after it. A calendar that works no day within ten years
 * leaves `from` as it is.
 */
export function addWorkingDays(from: Date, days: number, calendar: WorkingCalendar): Date {
  const step = days < 0 ? -86_400_000 : 86_400_000
  let left = Math.floor(Math.abs(days))
  let at = new Date(from.getTime())
  for (let tries = 0; left > 0 && tries < SEARCH_LIMIT_DAYS; tries++) {
    at = new Date(at.getTime() + step)
    if (isWorkingDay(dayIn(at, calendar.timeZone), calendar)) left -= 1
  }
  return left > 0 ? new Date(from.getTime()) : at
}

/**
 * The time a reminder goes out `hours` before `due`, the whole days among them counted as working days
 * (24 hours before a Monday deadline is the Friday before, not the Sunday), the rest as hours.
 */
export function workingHoursBefore(due: Date, hours: number, calendar: WorkingCalendar): Date {
  const wholeDays = Math.floor(hours / 24)
  const rest = hours - wholeDays * 24
  return new Date(addWorkingDays(due, -wholeDays, calendar).getTime() - rest * 3_600_000)
}

/**
 * Working days from one calendar date to a later one: the working days after `from` up to and including
 * `to` (0 when `to` is `from` or before it). "Due in 3 working days" on a task is this from today.
 */
export function workingDaysBetween(from: string, to: string, calendar: WorkingCalendar): number {
  let count = 0
  for (let day = addDays(from, 1), n = 0; day <= to && n < SEARCH_LIMIT_DAYS; day = addDays(day, 1), n++)
    if (isWorkingDay(day, calendar)) count += 1
  return count
}
