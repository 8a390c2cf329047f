// "A and n more" on one line of a process list and in the server's subjects: one phrasing
// (src/shared/subject-words.ts), the number counting the others in both languages ("及另外 2 件",
// "and 2 more"); "等 3 件" read as three in all while the screens counted the others.
import { describe, expect, it } from 'vitest'
import { titlesWords } from '../../../src/server/modules/process/subject'
import { firstAndMore, moreWords } from '../../../src/shared/subject-words'
import { subjectLine } from '../../../src/web/areas/process/process-subject'

const items = [
  { key: 'a', title: '山水图', inventoryNo: 'VT-1' },
  { key: 'b', title: '竹石图', inventoryNo: 'VT-2' },
  { key: 'c', title: '松鹤图', inventoryNo: 'VT-3' },
]

describe('the first artwork and how many more', () => {
  it('counts the others, in words that say so, in both languages', () => {
    expect(subjectLine(items, 'zh-CN')).toBe('山水图 (VT-1) 及另外 2 件')
    expect(subjectLine(items, 'en')).toBe('山水图 (VT-1) and 2 more')
    expect(subjectLine(items.slice(0, 1), 'zh-CN')).toBe('山水图 (VT-1)')
    expect(subjectLine([], 'en')).toBe('')
    expect(moreWords(2, 'zh-CN')).not.toContain('等')
  })

  it("is the server's phrasing of a process's subject too", () => {
    const works = [
      { titleZh: '秋山行旅图', titleEn: 'Travellers among Autumn Mountains' },
      { titleZh: '竹石图', titleEn: 'Bamboo and Rock' },
      { titleZh: '松鹤图', titleEn: '' },
    ]
    expect(titlesWords(works)).toEqual({
      zh: firstAndMore('秋山行旅图', 3, 'zh-CN'),
      en: firstAndMore('Travellers among Autumn Mountains', 3, 'en'),
    })
    expect(titlesWords(works).zh).toBe('秋山行旅图 及另外 2 件')
    expect(titlesWords(works.slice(0, 1))).toEqual({
      zh: '秋山行旅图',
      en: 'Travellers among Autumn Mountains',
    })
  })
})
