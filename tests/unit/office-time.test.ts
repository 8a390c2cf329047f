// The office's calendar and clock (src/shared/office-time.ts): today turns at midnight in the office's zone,
// not at UTC's or the machine's; a date read as the end of that day there; times written in that zone,
// named.
import { describe, expect, it } from 'vitest'
import { dayOf } from '../../src/server/modules/process/effects/insurance'
import { momentOf } from '../../src/server/modules/warehouse/at'
import { officeStamp, officeToday, setOfficeZone } from '../../src/server/office-day'
import {
  addDays,
  dayStartIn,
  nextDate,
  officeTimeText,
  todayIn,
  zoneName,
} from '../../src/shared/office-time'

const SH = 'Asia/Shanghai'

describe("the office's today", () => {
  it('does not turn at UTC midnight: 07:59 and 08:01 in Shanghai are one day', () => {
    // 23:59 UTC on 27 November is 07:59 on 28 November in Shanghai; 00:01 UTC on the 28th is 08:01.
    expect(todayIn(SH, new Date('2026-11-27T23:59:00Z'))).toBe('2026-11-28')
    expect(todayIn(SH, new Date('2026-11-28T00:01:00Z'))).toBe('2026-11-28')
    expect(todayIn('UTC', new Date('2026-11-27T23:59:00Z'))).toBe('2026-11-27')
    expect(todayIn('UTC', new Date('2026-11-28T00:01:00Z'))).toBe('2026-11-28')
  })

  it("turns at the office's midnight (16:00 UTC for Shanghai)", () => {
    expect(todayIn(SH, new Date('2026-11-27T15:59:00Z'))).toBe('2026-11-27')
    expect(todayIn(SH, new Date('2026-11-27T16:01:00Z'))).toBe('2026-11-28')
    expect(dayStartIn('2026-11-28', SH).toISOString()).toBe('2026-11-27T16:00:00.000Z')
    // A zone with summer time: the day after the clocks go forward still starts at its midnight.
    expect(dayStartIn('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z')
  })
})

describe("the server's today, in every module", () => {
  it("is the office's day at 07:59 and 08:01 in Shanghai, in a policy's dates and in file names", () => {
    setOfficeZone(SH)
    const early = new Date('2026-11-27T23:59:00Z')
    const late = new Date('2026-11-28T00:01:00Z')
    expect(officeToday(early)).toBe('2026-11-28')
    expect(officeToday(late)).toBe('2026-11-28')
    expect(dayOf(early)).toBe('2026-11-28')
    expect(officeStamp(early)).toBe('20261128')
    setOfficeZone('UTC')
    expect(officeToday(early)).toBe('2026-11-27')
    setOfficeZone(SH)
  })
})

describe('days counted from a date', () => {
  it('are calendar days, across a leap day, a month and a year, forwards and back', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(nextDate('2024-02-29')).toBe('2024-03-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01')
    expect(addDays('2026-01-31', 90)).toBe('2026-05-01')
    expect(addDays('2026-05-01', 0)).toBe('2026-05-01')
  })
})

describe('a date the ledger is asked about', () => {
  const evening = new Date('2026-11-27T20:00:00Z') // already the 28th in Shanghai
  it("reads the office's today as now, and refuses the office's tomorrow", () => {
    expect(momentOf('2026-11-28', SH, evening).iso).toBe(evening.toISOString())
    expect(() => momentOf('2026-11-29', SH, evening)).toThrow('dateInFuture')
    expect(momentOf('2026-11-27', SH, evening).iso).toBe('2026-11-27T15:59:59.999Z')
  })
})

describe('times shown', () => {
  const at = '2026-11-27T06:05:00Z'
  it("are written in the office's zone, which is named", () => {
    expect(officeTimeText(at, 'zh-CN', SH)).toBe('2026年11月27日 14:05（北京时间）')
    expect(officeTimeText(at, 'en', SH)).toBe('27 Nov 2026, 14:05 (Beijing time)')
    expect(officeTimeText(at, 'en', SH, 'long')).toBe('27 November 2026 at 14:05 (Beijing time)')
    expect(officeTimeText(at, 'en', 'UTC')).toBe('27 Nov 2026, 06:05 (UTC)')
    expect(officeTimeText(null, 'en', SH)).toBe('')
    expect(officeTimeText('not a time', 'en', SH)).toBe('')
  })
  it('names other zones in the language shown', () => {
    expect(zoneName(SH, 'zh-CN')).toBe('北京时间')
    expect(zoneName('America/New_York', 'en')).toBe('Eastern Time')
  })
})
