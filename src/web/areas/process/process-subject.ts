// What a process is about, in words: the archive records it names (inventory number and title) and, for a
// purchase not yet paid, the candidate artworks described when it started (they become records only
// when the payment is confirmed).
import type { ProcessView } from '../../../shared/contracts/process'
import type { Lang } from '../../../shared/errors'
import { firstAndMore } from '../../../shared/subject-words'

export interface SubjectItem {
  key: string
  title: string
  inventoryNo?: string
  artworkId?: string
}

interface Candidate {
  titleZh?: string
  titleEn?: string
}

function candidatesOf(view: Pick<ProcessView, 'context'>): Candidate[] {
  const subject = (view.context as { subject?: { artworks?: unknown } } | null)?.subject
  return Array.isArray(subject?.artworks) ? (subject.artworks as Candidate[]) : []
}

export function subjectOf(
  view: Pick<ProcessView, 'artworks' | 'context' | 'done'>,
  lang: Lang,
): SubjectItem[] {
  const records = view.artworks.map((a) => ({
    key: a.id,
    artworkId: a.id,
    inventoryNo: a.inventoryNo,
    title: (lang === 'en' ? a.titleEn || a.titleZh : a.titleZh || a.titleEn) || a.inventoryNo,
  }))
  if (view.done) return records
  const described = candidatesOf(view).map((c, i) => ({
    key: `candidate-${i}`,
    title: (lang === 'en' ? c.titleEn || c.titleZh : c.titleZh || c.titleEn) ?? '',
  }))
  return [...records, ...described]
}

/** One line: the first title (with its inventory number) and how many others (src/shared/subject-words.ts). */
export function subjectLine(items: SubjectItem[], lang: Lang): string {
  if (items.length === 0) return ''
  const first = items[0].inventoryNo ? `${items[0].title} (${items[0].inventoryNo})` : items[0].title
  return firstAndMore(first, items.length, lang)
}
