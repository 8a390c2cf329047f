// One calendar date (docs/architecture.md § Formats): the value passed on is yyyy-MM-dd, the field shows yyyy.MM.dd. It can be
// picked in the calendar or typed as yyyy-MM-dd, yyyy.MM.dd or yyyy/MM/dd; text that is not a real date
// is dropped when the field loses focus, so the value is always a real date or empty. The days are the
// office's (its time zone's): the calendar opens on the office's today, and `upToToday` offers no day after it.
// Typed text in a date's shape that names no day (2024-13-01, 2023-02-30) is told so at the field when it
// loses focus, with the server's words (the shared `dateProblem` rule), not dropped in silence; the field
// keeps the date it had, and the message stays until the field is entered again.
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { DateInput, type DateInputProps } from '@mantine/dates'
import { type FocusEvent, useState } from 'react'
import { dateProblem } from '../../shared/constants'
import { formatMessage } from '../../shared/errors'
import { langOf } from '../../shared/lang'
import { officeToday } from '../i18n/office-zone'
import { IconCalendar } from '../shell/icons'
import { isValidDateValue } from './date-range'

/** The name of the button that empties the field (a screen reader says it). */
const CLEAR = msg`Clear`

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

/** Typed text as yyyy-MM-dd when it has a date's shape (the day may not exist), else null. */
function typedShape(text: string): string | null {
  const match = /^\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})\s*$/.exec(text)
  return match ? `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}` : null
}

/** Typed text to yyyy-MM-dd, or null when it is not a real date. */
export function parseTypedDate(text: string): string | null {
  const value = typedShape(text)
  return value && isValidDateValue(value, 'yyyy-MM-dd') ? value : null
}

/** Typed text in a date's shape that names no day of the calendar (month 13, 30 February). */
export function typedNoSuchDate(text: string): boolean {
  const value = typedShape(text)
  return value !== null && dateProblem(value) === 'noSuchDate'
}

export function DateField({
  value,
  onChange,
  upToToday,
  maxDate,
  onBlur,
  onFocus,
  error,
  ...rest
}: DateFieldProps) {
  const { i18n } = useLingui()
  const [noSuchDay, setNoSuchDay] = useState(false)
  return (
    <DateInput
      valueFormat="YYYY.MM.DD"
      leftSection={<IconCalendar size={16} />}
      clearable
      clearButtonProps={{ 'aria-label': i18n._(CLEAR) }}
      defaultDate={officeToday()}
      getDayAriaLabel={(day) => day}
      {...rest}
      error={noSuchDay ? formatMessage('noSuchDate', langOf(i18n.locale)) : error}
      maxDate={latestDay(maxDate, upToToday)}
      value={value || null}
      dateParser={parseTypedDate}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setNoSuchDay(typedNoSuchDate(event.currentTarget.value))
        onBlur?.(event)
      }}
      // Back in the field to type again: the message about the dropped text has been read.
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setNoSuchDay(false)
        onFocus?.(event)
      }}
      onChange={(next) => {
        setNoSuchDay(false)
        onChange(next ? next.slice(0, 10) : '')
      }}
    />
  )
}
