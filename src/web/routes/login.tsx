// /login: the sign-in form. A visitor who still holds a token goes straight on to where they were headed.

import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { LoginScreen } from '../areas/auth/LoginScreen'
import { validateLoginSearch } from '../areas/auth/login-search'
import { session } from '../session/session-store'

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => {
    if (session.token()) throw redirect({ href: search.redirect ?? '/', replace: true })
  },
  staticData: { title: msg`Sign in` },
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect: back } = Route.useSearch()
  return <LoginScreen redirect={back} />
}
