// The render wrapper of the web unit tests (happy-dom): the app's own providers (Mantine with its theme,
// Lingui in the chosen language, dates, toasts, a query client that does not retry), so a component sees
// what it sees in the app.
import { notifications } from '@mantine/notifications'
import { QueryClient } from '@tanstack/react-query'
import { cleanup, type RenderResult, render as rtlRender } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, vi } from 'vitest'
import type { Lang } from '../../../src/shared/errors'
import { Providers } from '../../../src/web/app'
import { activateLanguage } from '../../../src/web/i18n/i18n'

afterEach(() => {
  cleanup()
  // Toasts live in a store of their own, shared by every render: start each test without any.
  notifications.clean()
  notifications.cleanQueue()
})

// happy-dom has no layout, so Mantine's focus trap finds nothing focusable and says so: keep that out.
beforeEach(() => {
  const warn = console.warn.bind(console)
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) return
    warn(...args)
  })
})

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

export async function render(
  ui: ReactElement,
  { lang = 'zh-CN', queryClient = testQueryClient() }: { lang?: Lang; queryClient?: QueryClient } = {},
): Promise<RenderResult & { queryClient: QueryClient }> {
  await activateLanguage(lang)
  const result = rtlRender(<Providers queryClient={queryClient}>{ui}</Providers>)
  return { ...result, queryClient }
}
