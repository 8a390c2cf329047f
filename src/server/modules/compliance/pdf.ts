// The compliance map as a PDF in the request's language: the totals, then each procedure with its support,
// where it lives, the evidence (how many, the latest) and the note.
import type { SpectrumMap } from '../../../shared/contracts/compliance'
import type { Lang } from '../../../shared/errors'
import { officeTimeText } from '../../../shared/office-time'
import { numberText } from '../../pdf/format'
import { facts, type Report, section, table, titleBlock } from '../../pdf/report'

export const COMPLIANCE_WORDS = {
  'zh-CN': {
    title: 'Spectrum 5.1 合规对照',
    fileName: 'Spectrum合规对照',
    subtitle: (at: string) => `藏品管理标准的 21 项程序 · 证据截至 ${at}`,
    full: '完全支持',
    partial: '部分支持',
    none: '不支持',
    primary: '主要程序',
    others: '其他程序',
    columns: ['程序', '支持', '所在', '证据', '说明'],
    evidence: (n: string, at: string | null) => (at ? `${n} 条，最近 ${at}` : `${n} 条`),
    nowhere: '—',
  },
  en: {
    title: 'Spectrum 5.1 compliance map',
    fileName: 'spectrum-compliance',
    subtitle: (at: string) => `The collections-management standard's 21 procedures · evidence as of ${at}`,
    full: 'Full',
    partial: 'Partial',
    none: 'None',
    primary: 'Primary procedures',
    others: 'Other procedures',
    columns: ['Procedure', 'Support', 'Where', 'Evidence', 'Note'],
    evidence: (n: string, at: string | null) => (at ? `${n}, latest ${at}` : n),
    nowhere: '—',
  },
} as const satisfies Record<Lang, unknown>

export async function drawComplianceMap(r: Report, map: SpectrumMap, timeZone: string) {
  const { lang } = r
  const w = COMPLIANCE_WORDS[lang]
  const when = (at: string | null) => (at ? officeTimeText(new Date(at), lang, timeZone, 'short') : null)
  titleBlock(r, w.title, w.subtitle(when(map.computedAt) ?? ''))
  facts(
    r,
    [
      [w.full, numberText(map.totals.full, lang)],
      [w.partial, numberText(map.totals.partial, lang)],
      [w.none, numberText(map.totals.none, lang)],
    ],
    { columns: 3 },
  )
  const [procedure, support, where, evidence, note] = w.columns
  for (const primary of [true, false]) {
    section(r, primary ? w.primary : w.others)
    await table(
      r,
      [
        { header: procedure, weight: 2.2 },
        { header: support, weight: 1 },
        { header: where, weight: 2 },
        { header: evidence, weight: 1.6 },
        { header: note, weight: 4 },
      ],
      map.procedures
        .filter((p) => p.primary === primary)
        .map((p) => [
          lang === 'en' ? p.nameEn : p.nameZh,
          w[p.support],
          p.whereLabels.map((l) => (lang === 'en' ? l.en : l.zh)).join('\n') || w.nowhere,
          w.evidence(numberText(p.evidence.count, lang), when(p.evidence.lastAt)),
          lang === 'en' ? p.noteEn : p.noteZh,
        ]),
    )
  }
}
