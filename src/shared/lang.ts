// The languages Vitrine speaks and how one is chosen, for server and web alike: Chinese unless English is
// chosen — by a request's accept-language header (the server), by the choice kept in the browser or the
// catalogue shown (the web), by a user's stored language (emails) — and the locale each is written in by
// Intl (dates, numbers, money) and by the date pickers (dayjs).

export type Lang = 'zh-CN' | 'en'
export const LANGS: readonly Lang[] = ['zh-CN', 'en']
/** The language shown when none is chosen, and in place of one that cannot be shown. */
export const DEFAULT_LANG: Lang = 'zh-CN'

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value)
}

/** A kept or shown choice (a user's stored language, the catalogue shown) as a language: Chinese unless it names one. */
export function langOf(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG
}

/** The language of a request from its accept-language header: English when English comes first, else Chinese. */
export function langFromHeader(header: string | undefined | null): Lang {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en' : DEFAULT_LANG
}

/** Intl's locale of each language: English the British way (28 Nov 2026), Chinese as written in mainland China. */
export function intlLocale(lang: Lang): 'en-GB' | 'zh-CN' {
  return lang === 'en' ? 'en-GB' : 'zh-CN'
}

/** The date pickers' (dayjs's) name of each language. */
export function dayjsLocale(lang: Lang): 'en' | 'zh-cn' {
  return lang === 'en' ? 'en' : 'zh-cn'
}
