// "A and n more" on one line of a process list: the number counts the others, and the words of both languages
// say so ("及另外 2 件", "and 2 more"); "等 3 件" read as three in all while it counted the others.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parsePo } from '../../../scripts/check-i18n'
import { subjectLine } from '../../../src/web/areas/process/process-subject'

const more = (lang: 'zh-CN' | 'en') => {
  const entry = parsePo(readFileSync(`locales/${lang}/messages.po`, 'utf8')).find(
    (e) => e.id === 'and {n} more',
  )
  if (!entry) throw new Error(`no "and {n} more" in the ${lang} catalogue`)
  return (n: number) => (entry.translation || entry.id).replace('{n}', String(n))
}

const items = [
  { key: 'a', title: '山水图', inventoryNo: 'VT-1' },
  { key: 'b', title: '竹石图', inventoryNo: 'VT-2' },
  { key: 'c', title: '松鹤图', inventoryNo: 'VT-3' },
]

describe('the first artwork and how many more', () => {
  it('counts the others, in words that say so, in both languages', () => {
    expect(subjectLine(items, more('zh-CN'))).toBe('山水图 (VT-1) 及另外 2 件')
    expect(subjectLine(items, more('en'))).toBe('山水图 (VT-1) and 2 more')
    expect(subjectLine(items.slice(0, 1), more('zh-CN'))).toBe('山水图 (VT-1)')
    expect(more('zh-CN')(2)).not.toContain('等')
  })
})
