// The text rule of docs/security.md (no NUL, well-formed UTF-16) as the shared helpers apply it, for text that does
// not come through the JSON edge (Excel cells, multipart fields), and the log's storable form of any text.
import { describe, expect, it } from 'vitest'
import { findTextProblem } from '../../src/server/http/input-guard'
import { redactSecrets } from '../../src/server/http/request-log'
import { isCleanText, optionalText, storableText, text } from '../../src/shared/validation'

describe('clean text', () => {
  it('refuses NUL and unpaired surrogates, keeps pairs (emoji) and Chinese', () => {
    expect(isCleanText('画廊 🖼️ ok')).toBe(true)
    expect(isCleanText('a\u0000b')).toBe(false)
    expect(isCleanText('a\ud800b')).toBe(false)
    expect(isCleanText('a\udc00b')).toBe(false)
    expect(isCleanText('\ud83d')).toBe(false)
    expect(storableText('a\u0000\ud800b🖼')).toBe('a\ufffd\ufffdb🖼')
  })

  it('is part of text() and optionalText(), with its own message key', () => {
    const issue = text(20).safeParse('a\u0000').error?.issues[0]
    expect(issue?.message).toBe('invalidText')
    expect(optionalText(20).safeParse('\udfff').success).toBe(false)
    expect(text(20).safeParse(' 山水 ').data).toBe('山水')
  })

  it('finds the first bad string or the first level too deep, naming its path', () => {
    expect(findTextProblem({ a: [{ b: 'x\u0000' }] })).toEqual({ path: 'a.0.b', problem: 'text' })
    expect(findTextProblem({ 'k\u0000': 1 })).toEqual({ path: '_', problem: 'text' })
    let deep: unknown = []
    for (let i = 0; i < 5000; i++) deep = [deep]
    expect(findTextProblem({ p: deep })?.problem).toBe('depth')
    expect(findTextProblem({ ok: ['fine', 1, null, true] })).toBeNull()
  })

  it('leaves ids and ordinary words in an exception text', () => {
    const id = '0b6c2a8e-4f7d-4c1e-9a55-0e6f1d2b3c4d'
    expect(redactSecrets(`process ${id} failed at line 42`)).toBe(`process ${id} failed at line 42`)
  })
})
