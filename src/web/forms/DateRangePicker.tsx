// Date-range picker (docs/architecture.md § Input rules, § Formats): pick a start and an end in a calendar (6 rows of 7, decades of 10 years),
// then confirm; confirm stays disabled until both ends are chosen and the range is valid (date-range.ts).
// Values use the field's format (yyyy-MM-dd, yyyy-MM or yyyy-MM-dd HH:mm:ss); they are shown yyyy.MM.dd.
// The days are the office's (its time zone's): the calendar opens on the office's today, and `upToToday`
// offers no day after it.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, InputBase, type InputBaseProps, Popover, Stack, Text } from '@mantine/core'
import { DatePicker, MonthPicker } from '@mantine/dates'
import { useState } from 'react'
import { officeToday } from '../i18n/office-zone'
import { IconCalendar } from '../shell/icons'
import { latestDay } from './DateField'
import {
  type DateFormat,
  dayOf,
  type FirstDayOfWeek,
  fromDay,
  pickerFirstDayOfWeek,
  rangeProblem,
  toDisplay,
} from './date-range'

export type DateRangeValue = [string | null, string | null]

export interface DateRangePickerProps extends Omit<InputBaseProps, 'value' | 'onChange'> {
  value: DateRangeValue
  onChange: (value: DateRangeValue) => void
  format?: DateFormat
  /** 1 (Monday) … 7 (Sunday); 7 by default. */
  firstDayOfWeek?: FirstDayOfWeek
  /** Calendar days (yyyy-MM-dd) that may not be chosen. */
  isDateDisabled?: (day: string) => boolean
  minDate?: string
  maxDate?: string
  /** No day after the office's today. */
  upToToday?: boolean
  /** The month the calendar opens on when the field is empty (yyyy-MM-dd); the office's today by default. */
  defaultMonth?: string
  placeholder?: string
  clearable?: boolean
  disabled?: boolean
}

export function DateRangePicker({
  value,
  onChange,
  format = 'yyyy-MM-dd',
  firstDayOfWeek,
  isDateDisabled,
  minDate,
  maxDate,
  upToToday,
  defaultMonth,
  placeholder,
  clearable = true,
  disabled,
  ...inputProps
}: DateRangePickerProps) {
  const { t } = useLingui()
  const [opened, setOpened] = useState(false)
  // The draft is in calendar days; it becomes the field's value only on confirm.
  const [draft, setDraft] = useState<DateRangeValue>([null, null])
  const open = () => {
    setDraft([value[0] ? dayOf(value[0], format) : null, value[1] ? dayOf(value[1], format) : null])
    setOpened(true)
  }
  const candidate: DateRangeValue = [
    draft[0] ? fromDay(draft[0], format, 'start') : null,
    draft[1] ? fromDay(draft[1], format, 'end') : null,
  ]
  const problem = rangeProblem(candidate, { format, isDateDisabled })
  const shown = value[0] && value[1] ? `${toDisplay(value[0], format)} ~ ${toDisplay(value[1], format)}` : ''
  const pickerProps = {
    type: 'range' as const,
    value: draft,
    onChange: (next: DateRangeValue) => setDraft(next),
    firstDayOfWeek: pickerFirstDayOfWeek(firstDayOfWeek),
    minDate,
    maxDate: latestDay(maxDate, upToToday),
    defaultDate: draft[0] ?? defaultMonth ?? officeToday(),
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <InputBase
          component="button"
          type="button"
          pointer
          disabled={disabled}
          leftSection={<IconCalendar size={16} />}
          onClick={() => (opened ? setOpened(false) : open())}
          data-testid="date-range-input"
          {...inputProps}
        >
          {shown || (
            <Text span c="dimmed" fz="sm">
              {placeholder ?? t`Start date ~ End date`}
            </Text>
          )}
        </InputBase>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {format === 'yyyy-MM' ? (
            <MonthPicker {...pickerProps} />
          ) : (
            <DatePicker {...pickerProps} excludeDate={isDateDisabled} getDayAriaLabel={(day) => day} />
          )}
          {problem === 'endBeforeStart' ? (
            <Text fz="xs" c="red.7">
              <Trans>The end date cannot be earlier than the start date.</Trans>
            </Text>
          ) : problem === 'disabledDate' ? (
            <Text fz="xs" c="red.7">
              <Trans>A chosen date is not available.</Trans>
            </Text>
          ) : null}
          <Group justify="space-between">
            {clearable ? (
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                onClick={() => {
                  setDraft([null, null])
                  onChange([null, null])
                  setOpened(false)
                }}
              >
                <Trans>Clear</Trans>
              </Button>
            ) : (
              <span />
            )}
            <Button
              size="xs"
              disabled={problem !== null}
              data-testid="date-range-confirm"
              onClick={() => {
                onChange(candidate)
                setOpened(false)
              }}
            >
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
