// The search parameters of /login and /loginFail, validated at the route. `redirect` is where to return
// after signing in: only a path inside this app is followed (never another site).
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/loginFail')) return undefined
  return value
}

export interface LoginSearch {
  redirect?: string
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const redirect = safeRedirect(search.redirect)
  return redirect ? { redirect } : {}
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
  const redirect = safeRedirect(search.redirect)
  return redirect ? { reason, redirect } : { reason }
}
