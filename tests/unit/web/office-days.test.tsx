// @vitest-environment happy-dom
// The web's dates are the office's: with the page's clock at 20:00 UTC on 27 November (already the 28th in
// Shanghai), a "not in the future" picker offers the 28th and not the 29th whatever the browser's zone;
// times show in the office's zone with its name; a calendar date is shown as the day it is.
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DateField, latestDay } from '../../../src/web/forms/DateField'
import { DateRangePicker } from '../../../src/web/forms/DateRangePicker'
import { formatDate, formatDateTime } from '../../../src/web/i18n/format'
import { officeToday, setOfficeZone } from '../../../src/web/i18n/office-zone'
import { render } from './render'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-27T20:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
  setOfficeZone('Asia/Shanghai')
})

const disabled = (date: string) => {
  const day = screen.getByLabelText(date)
  return day.hasAttribute('data-disabled') || (day as HTMLButtonElement).disabled
}

describe("the office's today in the web", () => {
  it("is the office zone's date, and the latest day a picker offers", () => {
    expect(officeToday()).toBe('2026-11-28')
    expect(latestDay(undefined, true)).toBe('2026-11-28')
    expect(latestDay('2026-11-20', true)).toBe('2026-11-20')
    expect(latestDay(undefined, false)).toBeUndefined()
    setOfficeZone('UTC')
    expect(officeToday()).toBe('2026-11-27')
  })

  it("lets a range picker choose the office's today, not its tomorrow", async () => {
    await render(<DateRangePicker label="期间" value={[null, null]} onChange={() => {}} upToToday />)
    fireEvent.click(screen.getByTestId('date-range-input'))
    await screen.findByTestId('date-range-confirm')
    expect(disabled('2026-11-28')).toBe(false)
    expect(disabled('2026-11-29')).toBe(true)
  })

  it("opens a date field on the office's month and offers no day after its today", async () => {
    await render(<DateField label="日期" value="" onChange={() => {}} upToToday data-testid="day" />)
    fireEvent.click(screen.getByTestId('day'))
    await screen.findByLabelText('2026-11-28')
    expect(disabled('2026-11-28')).toBe(false)
    expect(disabled('2026-11-29')).toBe(true)
  })
})

describe('dates and times shown', () => {
  it("write an instant in the office's zone, named", () => {
    expect(formatDateTime('2026-11-27T20:00:00Z', 'zh-CN')).toBe('2026年11月28日 04:00（北京时间）')
    expect(formatDate('2026-11-27T20:00:00Z', 'en')).toBe('28 Nov 2026')
  })
  it('write a calendar date as the day it is, in any office zone', () => {
    setOfficeZone('America/New_York')
    expect(formatDate('2026-11-28', 'en')).toBe('28 Nov 2026')
  })
})
