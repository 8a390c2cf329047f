// The office's day on the server, one home for every server module. "Today" is the calendar day in the
// office's time zone (VITRINE_TIME_ZONE, Asia/Shanghai by default): it turns at midnight there — at 16:00
// UTC for Shanghai —, never at the server's own or UTC midnight, so a valuation, a payment, a policy's cover
// and a due date made at 07:59 in Shanghai land on the same day a person there sees on the calendar.
// createApp sets the zone from the configuration; the calendar itself is src/shared/office-time.ts, which
// the web uses too.
import { DEFAULT_OFFICE_ZONE, dayIn, dayStartIn, nextDate } from '../shared/office-time'

let zone = DEFAULT_OFFICE_ZONE

/** Set once at start from the configuration (createApp). */
export function setOfficeZone(timeZone: string): void {
  zone = timeZone
}

/** The office's time zone (IANA name). */
export function officeZone(): string {
  return zone
}

/** The office's day (yyyy-MM-dd) of an instant. */
export function officeDayOf(at: Date): string {
  return dayIn(at, zone)
}

/** The office's today (yyyy-MM-dd). */
export function officeToday(now: Date = new Date()): string {
  return dayIn(now, zone)
}

/** "20261128": the office's today in a file name. */
export function officeStamp(now: Date = new Date()): string {
  return officeToday(now).replaceAll('-', '')
}

/** The first instant of an office day (yyyy-MM-dd): a "from" date of a list's filter. */
export function officeDayStart(date: string): Date {
  return dayStartIn(date, zone)
}

/** The first instant after an office day: a "to" date of a list's filter, which includes that whole day. */
export function officeDayEnd(date: string): Date {
  return dayStartIn(nextDate(date), zone)
}
