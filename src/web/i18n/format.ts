// Dates and numbers as each language writes them (Intl), and the spec's fixed formats (§9). Instants come
// from the API in ISO 8601 UTC and are shown in the browser's time zone.
import type { Lang } from '../../shared/errors'

const intlLocale = (lang: Lang) => (lang === 'en' ? 'en-GB' : 'zh-CN')

export function formatDate(iso: string | Date | null | undefined, lang: Lang): string {
  if (!iso) return ''
  const date = typeof iso === 'string' ? new Date(iso) : iso
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(intlLocale(lang), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date)
}

export function formatDateTime(iso: string | Date | null | undefined, lang: Lang): string {
  if (!iso) return ''
  const date = typeof iso === 'string' ? new Date(iso) : iso
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(intlLocale(lang), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date)
}

export function formatNumber(value: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(lang), options).format(value)
}

/** Bilingual data (labels the server or src/shared carry in both languages) in the language shown. */
export function pickLabel(words: { labelZh: string; labelEn: string }, lang: Lang): string {
  return lang === 'en' ? words.labelEn : words.labelZh
}
export function pickWords(words: { 'zh-CN': string; en: string }, lang: Lang): string {
  return words[lang]
}
