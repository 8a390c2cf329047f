// One calendar date (spec §9): the value passed on is yyyy-MM-dd, the field shows yyyy.MM.dd. It can be
// picked in the calendar or typed as yyyy-MM-dd, yyyy.MM.dd or yyyy/MM/dd; text that is not a real date
// is dropped when the field loses focus, so the value is always a real date or empty.
import { DateInput, type DateInputProps } from '@mantine/dates'
import { IconCalendar } from '../shell/icons'
import { isValidDateValue } from './date-range'

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue' | 'dateParser'> {
  /** yyyy-MM-dd, or '' when empty. */
  value: string
  onChange: (value: string) => void
}

/** Typed text to yyyy-MM-dd, or null when it is not a real date. */
export function parseTypedDate(text: string): string | null {
  const match = /^\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})\s*$/.exec(text)
  if (!match) return null
  const value = `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`
  return isValidDateValue(value, 'yyyy-MM-dd') ? value : null
}

export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  return (
    <DateInput
      valueFormat="YYYY.MM.DD"
      leftSection={<IconCalendar size={16} />}
      clearable
      {...rest}
      value={value || null}
      dateParser={parseTypedDate}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
    />
  )
}
