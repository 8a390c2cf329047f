// The server's message catalogue: every key worded in both languages, with the same placeholders,
// and the language picked from accept-language.
import { describe, expect, it } from 'vitest'
import { formatMessage, httpStatusOf, MESSAGES } from '../../src/shared/errors'
import { langFromHeader } from '../../src/shared/lang'

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('error catalogue', () => {
  it('words every message in Chinese and English with the same placeholders', () => {
    for (const [key, words] of Object.entries(MESSAGES)) {
      expect(words['zh-CN'].trim(), key).not.toBe('')
      expect(words.en.trim(), key).not.toBe('')
      expect(words['zh-CN'], key).not.toBe(words.en)
      expect(/[\u4e00-\u9fff]/.test(words['zh-CN']), `${key} zh has Chinese`).toBe(true)
      expect(/[\u4e00-\u9fff]/.test(words.en), `${key} en has no Chinese`).toBe(false)
      expect(placeholders(words['zh-CN']), key).toEqual(placeholders(words.en))
    }
  })

  it('keeps the docs/architecture.md § Errors and behaviours wording in English', () => {
    expect(MESSAGES.conflict.en).toBe('Operation failed, other ongoing process at the moment')
    expect(MESSAGES.duplicate.en).toBe('Duplication failed')
    expect(MESSAGES.uploadFailed.en).toBe('Uploading failed')
    expect(MESSAGES.importFailed.en).toBe('Import failed')
    expect(MESSAGES.incorrectFileFormat.en).toBe('Incorrect file format')
    expect(MESSAGES.unavailablePreview.en).toBe('Unavailable preview format')
    expect(MESSAGES.editLocked.en).toBe('Envelop edit privilege locked, a moment later')
  })

  it('fills placeholders', () => {
    expect(formatMessage('tooLong', 'en', { max: 50 })).toBe('At most 50 characters')
    expect(formatMessage('tooLong', 'zh-CN', { max: 50 })).toBe('最多 50 个字符')
  })

  it('picks the language from accept-language, Chinese by default', () => {
    expect(langFromHeader(undefined)).toBe('zh-CN')
    expect(langFromHeader('')).toBe('zh-CN')
    expect(langFromHeader('en')).toBe('en')
    expect(langFromHeader('en-GB,en;q=0.9')).toBe('en')
    expect(langFromHeader('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN')
    expect(langFromHeader('fr-FR')).toBe('zh-CN')
  })

  it('maps envelope codes to HTTP statuses', () => {
    expect(httpStatusOf(4031)).toBe(403)
    expect(httpStatusOf(409)).toBe(409)
    expect(httpStatusOf(12345)).toBe(500)
  })
})
