// Lingui wiring (DESIGN.md § Web): Chinese is the default and is bundled with the app, so it is always there
// to fall back to; English is loaded on demand. If a catalog fails to load, Chinese is used (spec §8).
import { type I18n, i18n, type Messages } from '@lingui/core'
import { messages as zhMessages } from '../../../locales/zh-CN/messages.po'
import type { Lang } from '../../shared/errors'

export const DEFAULT_LANG: Lang = 'zh-CN'

/** The language switch shows each language in its own words. */
export const LANGUAGE_OPTIONS: readonly { value: Lang; label: string }[] = [
  { value: 'zh-CN', label: '中文' },
  { value: 'en', label: 'English' },
]

export type CatalogLoader = () => Promise<{ messages: Messages }>
export const CATALOG_LOADERS: Record<Lang, CatalogLoader> = {
  'zh-CN': async () => ({ messages: zhMessages }),
  en: () => import('../../../locales/en/messages.po'),
}

export type CatalogState = 'loaded' | 'failed' | 'notLoaded'
/** What the diagnostics page reports (Chinese is part of the bundle, so it is there from the start). */
export const catalogStates: Record<Lang, CatalogState> = { 'zh-CN': 'loaded', en: 'notLoaded' }

export function isLang(value: unknown): value is Lang {
  return value === 'zh-CN' || value === 'en'
}

/** The language now shown (the one requests are sent in). */
export function currentLanguage(target: I18n = i18n): Lang {
  return isLang(target.locale) ? target.locale : DEFAULT_LANG
}

/**
 * Load the catalog of `lang` and show it. On failure Chinese is shown instead; the stored choice stays, so
 * the next visit tries again. Resolves to the language actually shown.
 */
export async function activateLanguage(
  lang: Lang,
  loaders: Record<Lang, CatalogLoader> = CATALOG_LOADERS,
  target: I18n = i18n,
): Promise<Lang> {
  let shown: Lang = lang
  try {
    const { messages } = await loaders[lang]()
    target.load(lang, messages)
    catalogStates[lang] = 'loaded'
  } catch (error) {
    console.warn(`Catalog ${lang} failed to load; showing ${DEFAULT_LANG}`, error)
    catalogStates[lang] = 'failed'
    shown = DEFAULT_LANG
    target.load(DEFAULT_LANG, zhMessages)
    catalogStates[DEFAULT_LANG] = 'loaded'
  }
  target.activate(shown)
  if (typeof document !== 'undefined') document.documentElement.lang = shown
  return shown
}

export { i18n }
