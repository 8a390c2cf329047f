// The providers every screen relies on, outermost first: words (Lingui), look (Mantine), toasts, data
// (TanStack Query), screens (TanStack Router). Calendars in the language shown (LocalizedDates) come with
// the signed-in layout, the only place with date pickers; `Providers` (the unit tests' wrapper) has them too.
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { useNotifications } from '@mantine/notifications/store'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { LocalizedDates } from './i18n/dates'
import { i18n } from './i18n/i18n'
import type { AppRouter } from './router'
import { cssVariablesResolver, theme } from './theme'

// Mantine's toast container (with its transitions) loads with the first toast, not with the first screen.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({
    default: () => <m.Notifications position="top-center" limit={4} />,
  })),
)

function Toasts() {
  const { notifications, queue } = useNotifications()
  const [needed, setNeeded] = useState(false)
  if (!needed && notifications.length + queue.length > 0) setNeeded(true)
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null
}

function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Toasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  )
}

/** Everything a screen sees in the app, calendars included (for rendering a component alone). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppProviders queryClient={queryClient}>
      <LocalizedDates>{children}</LocalizedDates>
    </AppProviders>
  )
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
