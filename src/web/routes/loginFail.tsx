// /loginFail: why signing in failed, and the way back.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LoginFailScreen } from '../areas/auth/LoginFailScreen'
import { validateLoginFailSearch } from '../areas/auth/login-search'

export const Route = createFileRoute('/loginFail')({
  validateSearch: validateLoginFailSearch,
  staticData: { title: msg`Signing in did not work` },
  component: LoginFailRoute,
})

function LoginFailRoute() {
  const search = Route.useSearch()
  return <LoginFailScreen {...search} />
}
