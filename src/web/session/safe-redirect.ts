// Where the app goes after signing in. `redirect` arrives in the address (/login?redirect=…), which anyone
// can write into a link, so it is followed only when it is a path of this app; anything else leads home.
// Every place that reads `redirect` (the /login and /loginFail search, /login's redirect of a visitor who
// is still signed in, the form's navigation after signing in) goes through here.

/** Any origin will do: a path is resolved against it and must stay on it. */
const BASE = 'http://vitrine.invalid'

/** Pages that would send the user round again. */
const SIGN_IN_PAGES = ['/login', '/loginFail']

/** One slash and then a second slash or a backslash: another host, for a browser (`//host`, `/\host`). */
const OTHER_HOST = /^\/[/\\]/

/**
 * The in-app path (with its query and fragment) that `value` names, or undefined when it is not one: not a
 * string; not starting with exactly one `/` (so no scheme such as `https:` or `javascript:`, no `//host`,
 * `/\host`, no leading space); holding whitespace or control characters (browsers drop tabs and newlines
 * inside an address: `/\t/host` is `//host`); naming another host once percent-decoded or once resolved
 * (`/%2F%2Fhost`, `/..//host`); or a sign-in page.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined
  if (!value.startsWith('/') || OTHER_HOST.test(value)) return undefined
  if (/[\s\p{Cc}]/u.test(value)) return undefined
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return undefined // broken percent-encoding
  }
  if (OTHER_HOST.test(decoded)) return undefined
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return undefined
  }
  if (url.origin !== BASE) return undefined
  const path = url.pathname + url.search + url.hash
  if (OTHER_HOST.test(path) || SIGN_IN_PAGES.includes(url.pathname)) return undefined
  return path
}

/** Where to go after signing in: the in-app path `value` names, else home. */
export function afterSignIn(value: unknown): string {
  return safeRedirect(value) ?? '/'
}
