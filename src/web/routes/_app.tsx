// The sign-in guard (a pathless layout): no token, or a token the server no longer knows, sends the user to
// /login carrying where they were; otherwise the signed-in user and the whole message catalog are loaded
// before any screen renders. Calendars in the language shown start here (no date picker before sign-in).
import { createFileRoute, redirect } from '@tanstack/react-router'
import { isApiError } from '../api/api-error'
import { meQuery } from '../api/queries/auth'
import { LocalizedDates } from '../i18n/dates'
import { loadWholeCatalog } from '../i18n/i18n'
import { session } from '../session/session-store'
import { AppLayout } from '../shell/AppLayout'

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const toLogin = () => redirect({ to: '/login', search: { redirect: location.href }, replace: true })
    if (!session.token()) throw toLogin()
    const words = loadWholeCatalog() // the signed-in screens' messages, fetched beside the user
    try {
      await context.queryClient.ensureQueryData(meQuery())
    } catch (error) {
      if (isApiError(error) && error.isSessionExpired) throw toLogin()
      throw error
    }
    await words
  },
  component: () => (
    <LocalizedDates>
      <AppLayout />
    </LocalizedDates>
  ),
})
