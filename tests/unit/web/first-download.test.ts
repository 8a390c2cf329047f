// @vitest-environment happy-dom
// What keeps the sign-in page's download small works as the app needs it: zod, loaded after the entry,
// still parses without eval (the setting the entry writes before zod loads), and the language catalogs
// load in two steps — the sign-in pages' messages first, every message before the first signed-in screen.
import { setupI18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'

describe('zod loaded after the entry', () => {
  it('reads the jitless setting the entry wrote before it loaded', async () => {
    const g = globalThis as { __zod_globalConfig?: Record<string, unknown> }
    const before = g.__zod_globalConfig
    try {
      g.__zod_globalConfig = { jitless: true }
      vi.resetModules()
      const { z } = await import('zod')
      expect(z.config().jitless).toBe(true)
      const probe = vi.spyOn(globalThis, 'Function')
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' })
      expect(probe).not.toHaveBeenCalled()
    } finally {
      g.__zod_globalConfig = before
    }
  })
})

describe('catalogs in two steps', () => {
  it('loads the first part before sign-in, the whole catalog for the signed-in screens and after', async () => {
    const { activateLanguage, catalogStates, FIRST_LOADERS, loadWholeCatalog } = await import(
      '../../../src/web/i18n/i18n'
    )
    const i18n = setupI18n()
    await expect(activateLanguage('en', FIRST_LOADERS, i18n)).resolves.toBe('en')
    expect(catalogStates.en).toBe('notLoaded')
    await loadWholeCatalog(i18n)
    expect(catalogStates.en).toBe('loaded')
    expect(i18n.locale).toBe('en')
    // Once signed in, a language chosen loads whole.
    await activateLanguage('zh-CN', undefined, i18n)
    expect(catalogStates['zh-CN']).toBe('loaded')
  })
})
