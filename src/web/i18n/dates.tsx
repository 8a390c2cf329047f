// Mantine's calendars in the language shown. Only the signed-in screens have date pickers, so the signed-in
// layout provides this (with dayjs and its Chinese month names), not the first download.
import { useLingui } from '@lingui/react'
import { DatesProvider } from '@mantine/dates'
// Month and weekday names in Chinese for every calendar (English is built into dayjs).
import 'dayjs/locale/zh-cn'
import type { ReactNode } from 'react'
import { dayjsLocale, langOf } from '../../shared/lang'
import { DEFAULT_FIRST_DAY_OF_WEEK, pickerFirstDayOfWeek } from '../forms/date-range'

/** Weeks start on the default day (7, Sunday; docs/architecture.md § Formats). */
export function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui()
  return (
    <DatesProvider
      settings={{
        locale: dayjsLocale(langOf(active.locale)),
        firstDayOfWeek: pickerFirstDayOfWeek(DEFAULT_FIRST_DAY_OF_WEEK),
        consistentWeeks: true,
      }}
    >
      {children}
    </DatesProvider>
  )
}
