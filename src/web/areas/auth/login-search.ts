// The search parameters of /login and /loginFail, validated at the route. `redirect` is where to return
// after signing in: only a path inside this app (session/safe-redirect.ts). The router hands a route the
// raw search merged under what its validator returns, so a refused `redirect` is returned as undefined
// (overriding the raw one), and every reader passes it through `safeRedirect`/`afterSignIn` again.
import { safeRedirect } from '../../session/safe-redirect'

export interface LoginSearch {
  redirect?: string
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return { redirect: safeRedirect(search.redirect) }
}

export const LOGIN_FAIL_REASONS = ['disabled', 'locked', 'unavailable'] as const
export type LoginFailReason = (typeof LOGIN_FAIL_REASONS)[number]

export interface LoginFailSearch {
  reason: LoginFailReason
  redirect?: string
}

export function validateLoginFailSearch(search: Record<string, unknown>): LoginFailSearch {
  const reason = LOGIN_FAIL_REASONS.includes(search.reason as LoginFailReason)
    ? (search.reason as LoginFailReason)
    : 'unavailable'
  return { reason, redirect: safeRedirect(search.redirect) }
}
