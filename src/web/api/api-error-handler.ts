// The one place above the client that reacts to failed calls (docs/architecture.md § Errors and behaviours), wired into TanStack Query's caches:
// code 403 clears the stored session and language and goes to /login carrying the current path and query
// (unless already there); any other non-zero code shows its `msg` as one error toast (after the retries,
// once per message even when several queries fail alike). Network errors and timeouts reach the caller.
import { i18n } from '../i18n/i18n'
import { isApiError } from './api-error'
import { describeError } from './describe-error'

export interface ApiErrorHandlerDeps {
  /** Stored user, token and language cleared, cached data dropped, default language shown. */
  clearSession(): void
  /** The current location: pathname, and pathname + search to come back to. */
  currentLocation(): { pathname: string; pathWithQuery: string }
  goToLogin(redirect: string): void
  showError(message: string): void
  now?: () => number
}

export interface ApiErrorMeta {
  /** The screen shows this error in place (e.g. sign-in's wrong password): no toast. 403 is still handled. */
  silent?: boolean
}

/** The same message within this window is shown once. */
export const TOAST_DEDUPE_MS = 3000

export function createApiErrorHandler(deps: ApiErrorHandlerDeps) {
  const now = deps.now ?? (() => Date.now())
  const shown = new Map<string, number>()
  return function handleApiError(error: unknown, meta?: ApiErrorMeta): void {
    if (!isApiError(error)) return
    if (error.isSessionExpired) {
      deps.clearSession()
      const here = deps.currentLocation()
      if (here.pathname !== '/login') deps.goToLogin(here.pathWithQuery)
      return
    }
    if (meta?.silent) return
    // Network errors, timeouts and cancelled calls reach the caller, which shows them where they happened.
    if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted') return
    const text = describeError(error, i18n)
    const key = `${error.kind}:${error.code}:${text}`
    const at = now()
    const last = shown.get(key)
    if (last !== undefined && at - last < TOAST_DEDUPE_MS) return
    shown.set(key, at)
    deps.showError(text)
  }
}
