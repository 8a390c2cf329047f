// The one working-day function every due date, reminder and escalation is counted by: weekends in the
// office's zone, mainland China's public holidays and make-up working days (the seeded region's list),
// the office's own closures; and the regions' data is whole (each date once, make-up days on weekends).
import { describe, expect, it } from 'vitest'
import { regionDays } from '../../src/server/modules/calendar/regions'
import {
  addWorkingDays,
  isWorkingDay,
  type WorkingCalendar,
  weekdayOf,
  weekendsOnly,
  workingDaysBetween,
  workingHoursBefore,
} from '../../src/shared/working-days'

const TZ = 'Asia/Shanghai'

function calendarOf(region: 'CN' | 'HK', closures: string[] = []): WorkingCalendar {
  const days = regionDays(region)
  return {
    timeZone: TZ,
    weekend: new Set([0, 6]),
    daysOff: new Set([...days.filter((d) => d.kind === 'holiday').map((d) => d.day), ...closures]),
    workdays: new Set(days.filter((d) => d.kind === 'workday').map((d) => d.day)),
  }
}
const CN = calendarOf('CN')
/** 10:00 in Shanghai on a day. */
const at10 = (day: string) => new Date(`${day}T02:00:00Z`)

describe('working days of mainland China', () => {
  it('lets a task created before the Spring Festival fall due after it', () => {
    // Thursday 12 Feb 2026: Friday 13 and the make-up Saturday 14 are worked; 15–23 Feb are the holiday.
    expect(addWorkingDays(at10('2026-02-12'), 3, CN).toISOString()).toBe(at10('2026-02-24').toISOString())
    // Five working days from the Friday before the festival: 14, 24, 25, 26, 27 February.
    expect(addWorkingDays(at10('2026-02-13'), 5, CN).toISOString()).toBe(at10('2026-02-27').toISOString())
    // Weekends only, it would have fallen inside the holiday.
    expect(addWorkingDays(at10('2026-02-12'), 3, weekendsOnly(TZ)).toISOString()).toBe(
      at10('2026-02-17').toISOString(),
    )
  })

  it('counts a make-up Saturday and skips a holiday Monday', () => {
    expect(weekdayOf('2026-02-28')).toBe(6)
    expect(isWorkingDay('2026-02-28', CN)).toBe(true)
    expect(isWorkingDay('2026-02-21', CN)).toBe(false)
    expect(isWorkingDay('2026-10-05', CN)).toBe(false)
    expect(isWorkingDay('2026-10-09', CN)).toBe(true)
    // Friday 27 Feb 2026 + 1: the make-up Saturday 28 Feb.
    expect(addWorkingDays(at10('2026-02-27'), 1, CN).toISOString()).toBe(at10('2026-02-28').toISOString())
    // 2025's National Day: 30 Sep + 1 is 9 Oct (1–8 Oct off), and 11 Oct (a Saturday) is worked.
    expect(addWorkingDays(at10('2025-09-30'), 1, CN).toISOString()).toBe(at10('2025-10-09').toISOString())
    expect(addWorkingDays(at10('2025-10-10'), 1, CN).toISOString()).toBe(at10('2025-10-11').toISOString())
  })

  it("counts in the office's zone: Friday 17:00 UTC is already Saturday in Shanghai", () => {
    expect(addWorkingDays(new Date('2026-11-27T17:00:00Z'), 5, CN).toISOString()).toBe(
      '2026-12-03T17:00:00.000Z',
    )
  })

  it("skips the office's own closures", () => {
    const closed = calendarOf('CN', ['2026-12-01'])
    expect(addWorkingDays(at10('2026-11-30'), 1, closed).toISOString()).toBe(at10('2026-12-02').toISOString())
  })

  it('goes back in working days for a reminder, and counts the days left', () => {
    // 24 hours before a due time on Tuesday 24 Feb 2026 is the make-up Saturday 14 Feb (the festival between).
    expect(workingHoursBefore(at10('2026-02-24'), 24, CN).toISOString()).toBe(
      at10('2026-02-14').toISOString(),
    )
    expect(workingHoursBefore(at10('2026-02-24'), 30, CN).toISOString()).toBe(
      new Date(at10('2026-02-14').getTime() - 6 * 3_600_000).toISOString(),
    )
    expect(workingDaysBetween('2026-02-13', '2026-02-24', CN)).toBe(2)
    expect(workingDaysBetween('2026-02-24', '2026-02-13', CN)).toBe(0)
  })

  it('never loops on a calendar that works no day', () => {
    const never: WorkingCalendar = { ...weekendsOnly(TZ), weekend: new Set([0, 1, 2, 3, 4, 5, 6]) }
    const from = at10('2026-03-02')
    expect(addWorkingDays(from, 2, never).toISOString()).toBe(from.toISOString())
  })
})

describe("the regions' data", () => {
  for (const region of ['CN', 'HK'] as const)
    it(`${region}: real dates, each once, 2025 and 2026`, () => {
      const days = regionDays(region)
      expect(new Set(days.map((d) => d.day)).size).toBe(days.length)
      expect(days.every((d) => !Number.isNaN(Date.parse(`${d.day}T00:00:00Z`)))).toBe(true)
      expect([...new Set(days.map((d) => d.day.slice(0, 4)))]).toEqual(['2025', '2026'])
      // Make-up working days are Saturdays or Sundays; every name in both languages.
      for (const d of days.filter((x) => x.kind === 'workday')) expect([0, 6]).toContain(weekdayOf(d.day))
      expect(days.every((d) => d.nameZh && d.nameEn)).toBe(true)
    })

  it("mainland China: each year's holidays and make-up days as the State Council announced them", () => {
    const count = (year: string, kind: string) =>
      regionDays('CN').filter((d) => d.day.startsWith(year) && d.kind === kind).length
    expect([count('2025', 'holiday'), count('2025', 'workday')]).toEqual([28, 5])
    expect([count('2026', 'holiday'), count('2026', 'workday')]).toEqual([33, 6])
  })
})
