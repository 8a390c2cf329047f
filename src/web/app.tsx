// The providers every screen relies on, outermost first: words (Lingui), look (Mantine, dates in the
// language shown), toasts, data (TanStack Query), screens (TanStack Router).
import { I18nProvider, useLingui } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import { Notifications } from '@mantine/notifications'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
// Month and weekday names in Chinese for every calendar (English is built into dayjs).
import 'dayjs/locale/zh-cn'
import type { ReactNode } from 'react'
import { DEFAULT_FIRST_DAY_OF_WEEK, pickerFirstDayOfWeek } from './forms/date-range'
import { i18n } from './i18n/i18n'
import type { AppRouter } from './router'
import { theme } from './theme'

/** Mantine's calendars in the language shown; weeks start on the spec's default day (7, Sunday). */
export function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui()
  return (
    <DatesProvider
      settings={{
        locale: active.locale === 'en' ? 'en' : 'zh-cn',
        firstDayOfWeek: pickerFirstDayOfWeek(DEFAULT_FIRST_DAY_OF_WEEK),
        consistentWeeks: true,
      }}
    >
      {children}
    </DatesProvider>
  )
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <LocalizedDates>
          <Notifications position="top-center" limit={4} />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </LocalizedDates>
      </MantineProvider>
    </I18nProvider>
  )
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  )
}
