// The language choice (src/shared/lang.ts), one rule for the server's requests and emails and the web's
// stored choice and shown catalogue: Chinese unless English is chosen; each language's Intl and picker locale.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LANG,
  dayjsLocale,
  intlLocale,
  isLang,
  LANGS,
  langFromHeader,
  langOf,
} from '../../src/shared/lang'

describe('the language chosen', () => {
  it('is Chinese unless English is named', () => {
    expect(DEFAULT_LANG).toBe('zh-CN')
    expect(LANGS).toEqual(['zh-CN', 'en'])
    expect(langOf('en')).toBe('en')
    expect(langOf('zh-CN')).toBe('zh-CN')
    for (const other of ['EN', 'en-GB', 'fr', '', null, undefined, 7]) expect(langOf(other)).toBe('zh-CN')
    expect(isLang('en')).toBe(true)
    expect(isLang('zh')).toBe(false)
  })

  it("reads a request's accept-language header by its first preference", () => {
    expect(langFromHeader(undefined)).toBe('zh-CN')
    expect(langFromHeader('en-US,en;q=0.9')).toBe('en')
    expect(langFromHeader('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN')
    expect(langFromHeader('de-DE')).toBe('zh-CN')
  })

  it('writes dates the British way in English and names the pickers’ locales', () => {
    expect(intlLocale('en')).toBe('en-GB')
    expect(intlLocale('zh-CN')).toBe('zh-CN')
    expect(
      new Intl.DateTimeFormat(intlLocale('en'), { dateStyle: 'medium', timeZone: 'UTC' }).format(0),
    ).toBe('1 Jan 1970')
    expect(dayjsLocale('zh-CN')).toBe('zh-cn')
    expect(dayjsLocale('en')).toBe('en')
  })
})
