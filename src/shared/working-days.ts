// Working days in the office's time zone (Asia/Shanghai by default): due times of tasks are counted in
// them. A working day is Monday to Friday in that zone; public holidays are not known here (see
// docs/decisions.md). Intl gives the zone's weekday, so no time-zone library is needed; the zone's calendar
// date and today are src/shared/office-time.ts's.

// A formatter costs far more to build than to use: one per zone and purpose, kept.
const weekdayFormats = new Map<string, Intl.DateTimeFormat>()

function formatOf(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
) {
  let format = cache.get(timeZone)
  if (!format) {
    format = make()
    cache.set(timeZone, format)
  }
  return format
}

function isWeekend(at: Date, timeZone: string): boolean {
  const weekday = formatOf(
    weekdayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }),
  ).format(at)
  return weekday === 'Sat' || weekday === 'Sun'
}

/**
 * `days` working days after `from`, at the same time of day: each whole day counts only when it ends on a
 * working day of the zone, so a task created on Friday afternoon with one day is due Monday afternoon, and
 * one created on Saturday is due on Monday at that hour plus what is left.
 */
export function addWorkingDays(from: Date, days: number, timeZone: string): Date {
  let at = new Date(from.getTime())
  let left = Math.max(0, Math.floor(days))
  while (left > 0) {
    at = new Date(at.getTime() + 86_400_000)
    if (!isWeekend(at, timeZone)) left -= 1
  }
  return at
}
