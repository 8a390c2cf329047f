// A real calendar date (src/shared/constants.ts isRealDate): one rule, zod's ISO date, for the server's
// schemas, the URL's dates, the date fields and the records' partial dates.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { regexes } from 'zod/v4/core'
import { isRealPartialDate } from '../../src/shared/artwork-rules'
import { dateProblem, ISO_DATE_RE, isRealDate } from '../../src/shared/constants'
import { calendarDateText } from '../../src/shared/office-time'
import { parseDateValue } from '../../src/web/forms/date-range'

const SAMPLES = [
  '2024-02-29',
  '2023-02-29',
  '2000-02-29',
  '1900-02-29',
  '2023-04-30',
  '2023-04-31',
  '2023-13-01',
  '2023-00-10',
  '2023-01-00',
  '2023-12-31',
  '2023-1-01',
  '20230101',
  '2023-01-01T00:00:00Z',
  ' 2023-01-01',
  '',
]

describe('a real calendar date', () => {
  it("is exactly what zod's ISO date accepts", () => {
    expect(ISO_DATE_RE.source).toBe(regexes.date.source)
    expect(ISO_DATE_RE.flags).toBe(regexes.date.flags)
    for (const v of SAMPLES) expect(isRealDate(v), v).toBe(z.iso.date().safeParse(v).success)
  })

  it('knows leap years and month lengths', () => {
    expect(isRealDate('2024-02-29')).toBe(true)
    expect(isRealDate('2000-02-29')).toBe(true)
    expect(isRealDate('1900-02-29')).toBe(false)
    expect(isRealDate('2023-04-31')).toBe(false)
    expect(isRealDate(20240229)).toBe(false)
    expect(isRealDate(null)).toBe(false)
  })

  it('tells a wrong format from a day that does not exist', () => {
    expect(dateProblem('2023-1-01')).toBe('invalidDate')
    expect(dateProblem('2023-02-30')).toBe('noSuchDate')
    expect(dateProblem('2023-02-28')).toBeNull()
  })

  it('is the rule of the date fields, the records and the written dates', () => {
    expect(parseDateValue('2023-02-29', 'yyyy-MM-dd')).toBeNull()
    expect(parseDateValue('2024-02-29 23:59:59', 'yyyy-MM-dd HH:mm:ss')).not.toBeNull()
    expect(parseDateValue('2023-13', 'yyyy-MM')).toBeNull()
    expect(isRealPartialDate('2023-02-29')).toBe(false)
    expect(isRealPartialDate('2023-02')).toBe(true)
    expect(isRealPartialDate('2023-13')).toBe(false)
    expect(isRealPartialDate('2023')).toBe(true)
    expect(calendarDateText('2023-02-30', 'en')).toBe('2023-02-30')
    expect(calendarDateText('2024-02-29', 'en')).toBe('29 Feb 2024')
  })
})
