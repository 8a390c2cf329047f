// /login: the sign-in form. A visitor who still holds a token goes straight on to where they were headed,
// when that is a path of this app (else home).

import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { LoginScreen } from '../areas/auth/LoginScreen'
import { validateLoginSearch } from '../areas/auth/login-search'
import { afterSignIn } from '../session/safe-redirect'
import { session } from '../session/session-store'

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => {
    if (session.token()) throw redirect({ href: afterSignIn(search.redirect), replace: true })
  },
  staticData: { title: msg`Sign in` },
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect: back } = Route.useSearch()
  return <LoginScreen redirect={back} />
}
