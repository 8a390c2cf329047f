// Date values and ranges of the form kit (docs/architecture.md § Input rules, § Formats), as pure functions.
import { describe, expect, it } from 'vitest'
import {
  dayOf,
  fromDay,
  isValidDateValue,
  isValidRange,
  pickerFirstDayOfWeek,
  rangeProblem,
  toDisplay,
} from '../../../src/web/forms/date-range'

describe('date values', () => {
  it('accepts the three formats and only real dates', () => {
    expect(isValidDateValue('2024-02-29', 'yyyy-MM-dd')).toBe(true)
    expect(isValidDateValue('2023-02-29', 'yyyy-MM-dd')).toBe(false)
    expect(isValidDateValue('2024-13-01', 'yyyy-MM-dd')).toBe(false)
    expect(isValidDateValue('2024-4-1', 'yyyy-MM-dd')).toBe(false)
    expect(isValidDateValue('2024-04', 'yyyy-MM')).toBe(true)
    expect(isValidDateValue('2024-00', 'yyyy-MM')).toBe(false)
    expect(isValidDateValue('2024-04-01 23:59:59', 'yyyy-MM-dd HH:mm:ss')).toBe(true)
    expect(isValidDateValue('2024-04-01 24:00:00', 'yyyy-MM-dd HH:mm:ss')).toBe(false)
    expect(isValidDateValue('2024-04-01', 'yyyy-MM-dd HH:mm:ss')).toBe(false)
  })
  it('displays yyyy.MM.dd (yyyy.MM for months)', () => {
    expect(toDisplay('2024-04-01', 'yyyy-MM-dd')).toBe('2024.04.01')
    expect(toDisplay('2024-04-01 08:30:00', 'yyyy-MM-dd HH:mm:ss')).toBe('2024.04.01')
    expect(toDisplay('2024-04', 'yyyy-MM')).toBe('2024.04')
    expect(toDisplay('nonsense', 'yyyy-MM-dd')).toBe('')
  })
  it('turns picked days into values: a range end takes the end of its day', () => {
    expect(fromDay('2024-04-01', 'yyyy-MM-dd', 'start')).toBe('2024-04-01')
    expect(fromDay('2024-04-01', 'yyyy-MM', 'end')).toBe('2024-04')
    expect(fromDay('2024-04-01', 'yyyy-MM-dd HH:mm:ss', 'start')).toBe('2024-04-01 00:00:00')
    expect(fromDay('2024-04-01', 'yyyy-MM-dd HH:mm:ss', 'end')).toBe('2024-04-01 23:59:59')
    expect(dayOf('2024-04', 'yyyy-MM')).toBe('2024-04-01')
  })
})

describe('date ranges', () => {
  const rules = { format: 'yyyy-MM-dd' as const }
  it('are valid only when both ends are valid and the start is not after the end', () => {
    expect(isValidRange(['2024-04-01', '2024-04-30'], rules)).toBe(true)
    expect(isValidRange(['2024-04-01', '2024-04-01'], rules)).toBe(true)
    expect(rangeProblem(['2024-04-02', '2024-04-01'], rules)).toBe('endBeforeStart')
    expect(rangeProblem(['2024-04-31', '2024-05-01'], rules)).toBe('invalidDate')
    expect(rangeProblem(['2024-04-01', null], rules)).toBe('incomplete')
    expect(rangeProblem([null, null], rules)).toBe('incomplete')
  })
  it('are invalid when either end is a disabled date', () => {
    const weekendsOff = {
      ...rules,
      isDateDisabled: (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()),
    }
    expect(isValidRange(['2024-04-01', '2024-04-05'], weekendsOff)).toBe(true) // Monday to Friday
    expect(rangeProblem(['2024-04-06', '2024-04-08'], weekendsOff)).toBe('disabledDate') // starts on a Saturday
    expect(rangeProblem(['2024-04-01', '2024-04-07'], weekendsOff)).toBe('disabledDate') // ends on a Sunday
  })
  it('compare datetimes and months in time order', () => {
    expect(
      isValidRange(['2024-04-01 00:00:00', '2024-04-01 23:59:59'], { format: 'yyyy-MM-dd HH:mm:ss' }),
    ).toBe(true)
    expect(
      rangeProblem(['2024-04-01 10:00:00', '2024-04-01 09:59:59'], { format: 'yyyy-MM-dd HH:mm:ss' }),
    ).toBe('endBeforeStart')
    expect(rangeProblem(['2024-11', '2024-02'], { format: 'yyyy-MM' })).toBe('endBeforeStart')
  })
})

describe('first day of the week', () => {
  it('maps 1–7 (Monday … Sunday) to the picker, 7 by default', () => {
    expect(pickerFirstDayOfWeek(1)).toBe(1)
    expect(pickerFirstDayOfWeek(6)).toBe(6)
    expect(pickerFirstDayOfWeek(7)).toBe(0)
    expect(pickerFirstDayOfWeek(undefined)).toBe(0)
    expect(pickerFirstDayOfWeek(0)).toBe(0)
    expect(pickerFirstDayOfWeek(8)).toBe(0)
    expect(pickerFirstDayOfWeek(2.5)).toBe(0)
  })
})
