// The sign-in guard (a pathless layout): no token, or a token the server no longer knows, sends the user to
// /login carrying where they were; otherwise the signed-in user is loaded before any screen renders.
import { createFileRoute, redirect } from '@tanstack/react-router'
import { isApiError } from '../api/api-error'
import { meQuery } from '../api/queries/auth'
import { session } from '../session/session-store'
import { AppLayout } from '../shell/AppLayout'

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const toLogin = () => redirect({ to: '/login', search: { redirect: location.href }, replace: true })
    if (!session.token()) throw toLogin()
    try {
      await context.queryClient.ensureQueryData(meQuery())
    } catch (error) {
      if (isApiError(error) && error.isSessionExpired) throw toLogin()
      throw error
    }
  },
  component: AppLayout,
})
