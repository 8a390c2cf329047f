// One calendar date (docs/architecture.md § Formats): the value passed on is yyyy-MM-dd, the field shows yyyy.MM.dd. It can be
// picked in the calendar or typed as yyyy-MM-dd, yyyy.MM.dd or yyyy/MM/dd; text that is not a real date
// is dropped when the field loses focus, so the value is always a real date or empty. The days are the
// office's (its time zone's): the calendar opens on the office's today, and `upToToday` offers no day after it.
import { DateInput, type DateInputProps } from '@mantine/dates'
import { officeToday } from '../i18n/office-zone'
import { IconCalendar } from '../shell/icons'
import { isValidDateValue } from './date-range'

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue' | 'dateParser' | 'maxDate'> {
  /** yyyy-MM-dd, or '' when empty. */
  value: string
  onChange: (value: string) => void
  /** The latest day offered (yyyy-MM-dd). */
  maxDate?: string
  /** No day after the office's today (a reading of what was, never a plan). */
  upToToday?: boolean
}

/** The latest day a picker offers: the given one, and with `upToToday` not after the office's today. */
export function latestDay(maxDate: string | undefined, upToToday: boolean | undefined): string | undefined {
  if (!upToToday) return maxDate
  const today = officeToday()
  return maxDate && maxDate < today ? maxDate : today
}

/** Typed text to yyyy-MM-dd, or null when it is not a real date. */
export function parseTypedDate(text: string): string | null {
  const match = /^\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})\s*$/.exec(text)
  if (!match) return null
  const value = `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`
  return isValidDateValue(value, 'yyyy-MM-dd') ? value : null
}

export function DateField({ value, onChange, upToToday, maxDate, ...rest }: DateFieldProps) {
  return (
    <DateInput
      valueFormat="YYYY.MM.DD"
      leftSection={<IconCalendar size={16} />}
      clearable
      defaultDate={officeToday()}
      getDayAriaLabel={(day) => day}
      {...rest}
      maxDate={latestDay(maxDate, upToToday)}
      value={value || null}
      dateParser={parseTypedDate}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
    />
  )
}
