// What the browser keeps between visits (docs/architecture.md § Formats: language and token in local storage): the session token,
// the signed-in user's summary and the chosen language. One module owns the keys, so "clear everything"
// (the 403 flow) cannot forget one.
import type { UserSummary } from '../../shared/contracts/auth'
import { isLang, type Lang } from '../../shared/lang'

export const STORAGE_KEYS = {
  token: 'vitrine.token',
  user: 'vitrine.user',
  language: 'vitrine.language',
} as const

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null // private modes may refuse storage: the app then keeps nothing between visits
  }
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null
}
function write(key: string, value: string | null): void {
  const s = storage()
  if (!s) return
  if (value === null) s.removeItem(key)
  else s.setItem(key, value)
}

export const session = {
  token(): string | null {
    return read(STORAGE_KEYS.token)
  },
  user(): UserSummary | null {
    const raw = read(STORAGE_KEYS.user)
    if (!raw) return null
    try {
      return JSON.parse(raw) as UserSummary
    } catch {
      return null
    }
  },
  language(): Lang | null {
    const raw = read(STORAGE_KEYS.language)
    return isLang(raw) ? raw : null
  },
  signIn(token: string, user: UserSummary): void {
    write(STORAGE_KEYS.token, token)
    write(STORAGE_KEYS.user, JSON.stringify(user))
  },
  setLanguage(lang: Lang): void {
    write(STORAGE_KEYS.language, lang)
  },
  /** Sign-out: the token and user go, the language stays (it is the person's choice, not the session's). */
  signOut(): void {
    write(STORAGE_KEYS.token, null)
    write(STORAGE_KEYS.user, null)
  },
  /** docs/architecture.md § Errors and behaviours, code 403: stored user info, token and language are all cleared. */
  clearAll(): void {
    for (const key of Object.values(STORAGE_KEYS)) write(key, null)
  },
}
