// @vitest-environment happy-dom
// Languages: Chinese by default and always available; a catalog that fails to load means Chinese (docs/architecture.md § Errors and behaviours);
// both catalogs hold every message.
import { setupI18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import { messages as enMessages } from '../../../locales/en/messages.po'
import { messages as zhMessages } from '../../../locales/zh-CN/messages.po'
import { activateLanguage, CATALOG_LOADERS, catalogStates, currentLanguage } from '../../../src/web/i18n/i18n'

describe('activateLanguage', () => {
  it('shows the chosen language and marks the page with it', async () => {
    const i18n = setupI18n()
    await expect(activateLanguage('en', CATALOG_LOADERS, i18n)).resolves.toBe('en')
    expect(i18n.locale).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    expect(currentLanguage(i18n)).toBe('en')
  })

  it('falls back to Chinese when a catalog fails to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const i18n = setupI18n()
    const failing = { ...CATALOG_LOADERS, en: () => Promise.reject(new Error('chunk failed')) }
    await expect(activateLanguage('en', failing, i18n)).resolves.toBe('zh-CN')
    expect(i18n.locale).toBe('zh-CN')
    expect(catalogStates.en).toBe('failed')
    expect(document.documentElement.lang).toBe('zh-CN')
  })

  it('uses Chinese for anything it does not know', () => {
    expect(currentLanguage(setupI18n({ locale: 'fr' }))).toBe('zh-CN')
  })
})

describe('the catalogs', () => {
  it('hold the same messages, translated', () => {
    expect(Object.keys(zhMessages).sort()).toEqual(Object.keys(enMessages).sort())
    expect(Object.keys(zhMessages).length).toBeGreaterThan(100)
    const i18n = setupI18n({ locale: 'zh-CN', messages: { 'zh-CN': zhMessages, en: enMessages } })
    // The product's name, from the header.
    const id = Object.keys(enMessages).find((k) =>
      JSON.stringify(enMessages[k]).includes('Vitrine Collection Management'),
    )
    expect(id).toBeDefined()
    expect(i18n._(id as string)).toBe('Vitrine 藏品管理')
  })
})
