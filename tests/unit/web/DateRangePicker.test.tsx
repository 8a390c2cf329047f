// @vitest-environment happy-dom
// The date-range picker in the browser (docs/architecture.md § Input rules, § Formats): confirm stays disabled until both ends are chosen
// and the range is valid; values come out in the field's format; weeks start on the chosen day.
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DateRangePicker } from '../../../src/web/forms/DateRangePicker'
import { render } from './render'

async function open(props: Partial<Parameters<typeof DateRangePicker>[0]> = {}) {
  const onChange = vi.fn()
  await render(
    <DateRangePicker
      label="期间"
      value={[null, null]}
      onChange={onChange}
      defaultMonth="2024-04-01"
      {...props}
    />,
  )
  fireEvent.click(screen.getByTestId('date-range-input'))
  const confirm = await screen.findByTestId('date-range-confirm')
  return { onChange, confirm }
}

const day = (date: string) => screen.getByLabelText(date)
const month = () => document.querySelector('table') as HTMLTableElement
const weekdays = () => [...month().querySelectorAll('thead th')].map((th) => th.textContent)

describe('DateRangePicker', () => {
  it('enables confirm only once both ends are chosen, then passes yyyy-MM-dd values', async () => {
    const { onChange, confirm } = await open()
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(day('2024-04-05'))
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(day('2024-04-12'))
    expect((confirm as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(confirm)
    expect(onChange).toHaveBeenCalledWith(['2024-04-05', '2024-04-12'])
  })

  it('gives the datetime format the start and the end of the chosen days', async () => {
    const { onChange, confirm } = await open({ format: 'yyyy-MM-dd HH:mm:ss' })
    fireEvent.click(day('2024-04-01'))
    fireEvent.click(day('2024-04-02'))
    fireEvent.click(confirm)
    expect(onChange).toHaveBeenCalledWith(['2024-04-01 00:00:00', '2024-04-02 23:59:59'])
  })

  it('cannot choose a disabled date', async () => {
    const { confirm } = await open({ isDateDisabled: (d) => d === '2024-04-10' })
    expect((day('2024-04-10') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(day('2024-04-09'))
    fireEvent.click(day('2024-04-10'))
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows the chosen range as yyyy.MM.dd', async () => {
    await render(<DateRangePicker label="期间" value={['2024-04-05', '2024-04-12']} onChange={() => {}} />)
    expect(screen.getByTestId('date-range-input').textContent).toBe('2024.04.05 ~ 2024.04.12')
  })

  it('starts weeks on Sunday by default', async () => {
    await open()
    expect(weekdays()[0]).toBe('日')
    expect(weekdays()).toHaveLength(7)
  })

  it('starts weeks on Monday when the first day of the week is 1', async () => {
    await open({ firstDayOfWeek: 1 })
    expect(weekdays()[0]).toBe('一')
  })

  it('shows six rows of seven days whatever the month', async () => {
    // February 2026 starts on a Sunday and fits in four weeks; the table still has six.
    await open({ defaultMonth: '2026-02-01' })
    const weeks = month().querySelectorAll('tbody tr')
    expect(weeks).toHaveLength(6)
    for (const week of weeks) expect(week.querySelectorAll('button')).toHaveLength(7)
  })
})
