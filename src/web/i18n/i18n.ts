// Lingui wiring (docs/architecture.md § Screens and routes): Chinese is the default and the fallback. The first download carries only
// the Chinese messages of the pages shown before signing in (`messages.po?first`, cut by the build from the
// chunk graph: scripts/vite-first-catalog.ts); the whole catalog of the language shown loads before the
// first signed-in screen (`loadWholeCatalog`, awaited by the signed-in layout), and every language chosen
// after that loads whole. English is loaded on demand. If a catalog fails to load, Chinese is used (docs/architecture.md § Errors and behaviours).
import { type I18n, i18n, type Messages } from '@lingui/core'
import { messages as zhFirst } from '../../../locales/zh-CN/messages.po?first'
import { DEFAULT_LANG, type Lang, langOf } from '../../shared/lang'

/** The language switch shows each language in its own words. */
export const LANGUAGE_OPTIONS: readonly { value: Lang; label: string }[] = [
  { value: 'zh-CN', label: '中文' },
  { value: 'en', label: 'English' },
]

export type CatalogLoader = () => Promise<{ messages: Messages }>
/** Every message of each language. */
export const CATALOG_LOADERS: Record<Lang, CatalogLoader> = {
  'zh-CN': () => import('../../../locales/zh-CN/messages.po'),
  en: () => import('../../../locales/en/messages.po'),
}
/** The messages of the pages before sign-in (the whole catalog in development and tests). */
export const FIRST_LOADERS: Record<Lang, CatalogLoader> = {
  'zh-CN': async () => ({ messages: zhFirst }),
  en: () => import('../../../locales/en/messages.po?first'),
}

export type CatalogState = 'loaded' | 'failed' | 'notLoaded'
/** What the diagnostics page reports: whether each language's whole catalog is here. */
export const catalogStates: Record<Lang, CatalogState> = { 'zh-CN': 'notLoaded', en: 'notLoaded' }

/** Once a signed-in screen was shown, every language is loaded whole. */
let whole = false

/** The language now shown (the one requests are sent in). */
export function currentLanguage(target: I18n = i18n): Lang {
  return langOf(target.locale)
}

/**
 * Load the catalog of `lang` and show it. On failure Chinese is shown instead; the stored choice stays, so
 * the next visit tries again. Resolves to the language actually shown.
 */
export async function activateLanguage(
  lang: Lang,
  loaders: Record<Lang, CatalogLoader> = whole ? CATALOG_LOADERS : FIRST_LOADERS,
  target: I18n = i18n,
): Promise<Lang> {
  const complete = loaders !== FIRST_LOADERS
  let shown: Lang = lang
  try {
    const { messages } = await loaders[lang]()
    target.load(lang, messages)
    if (complete) catalogStates[lang] = 'loaded'
  } catch (error) {
    console.warn(`Catalog ${lang} failed to load; showing ${DEFAULT_LANG}`, error)
    catalogStates[lang] = 'failed'
    shown = DEFAULT_LANG
    target.load(DEFAULT_LANG, zhFirst)
    if (complete && lang !== DEFAULT_LANG) {
      try {
        target.load(DEFAULT_LANG, (await CATALOG_LOADERS[DEFAULT_LANG]()).messages)
        catalogStates[DEFAULT_LANG] = 'loaded'
      } catch {
        catalogStates[DEFAULT_LANG] = 'failed'
      }
    }
  }
  target.activate(shown)
  if (typeof document !== 'undefined') document.documentElement.lang = shown
  return shown
}

/**
 * The whole catalog of the language shown, and of every language chosen from now on: awaited before the
 * first signed-in screen renders (cheap once loaded).
 */
export async function loadWholeCatalog(target: I18n = i18n): Promise<void> {
  whole = true
  const lang = currentLanguage(target)
  if (catalogStates[lang] === 'notLoaded') await activateLanguage(lang, CATALOG_LOADERS, target)
}

export { i18n }
