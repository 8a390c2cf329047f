// An entity's holdings on a day as an Excel workbook and as a PDF, in the request's language: the entity, the
// day, how many works, the share-weighted value in the chosen currency and what no rate converted (apart,
// never added), then each work with its share, the value of the share and whether it is pledged. Both read the
// same answer the holdings tab shows (holdings.ts); without the values privilege the answer carries no value
// (`total` null) and every value line and column is left out.
import type { HoldingsView } from '../../../shared/contracts/ownership'
import type { Lang } from '../../../shared/errors'
import { moneyText } from '../../../shared/money-text'
import { safeCell, streamedWorkbook } from '../../jobs/workbook-writer'
import { dateText } from '../../pdf/format'
import { facts, line, type Report, section, table, titleBlock } from '../../pdf/report'

export interface EntityNames {
  nameZh: string
  nameEn: string
}

const WORDS = {
  'zh-CN': {
    title: (name: string, day: string) => `${name} 的持有作品（截至 ${day}）`,
    subtitle: '该实体及其下属实体当日拥有的作品，按份额计值；不同币种从不直接相加',
    sheet: '持有作品',
    fileName: '持有作品',
    entity: '法律实体',
    day: '日期',
    count: '作品数',
    total: (currency: string) => `份额价值合计（${currency}）`,
    unconverted: '没有汇率、未计入合计的金额',
    artworks: '作品',
    inventoryNo: '库存编号',
    title_: '作品名称',
    share: '份额',
    value: '份额价值',
    converted: (currency: string) => `折合（${currency}）`,
    pledged: '已质押',
    yes: '是',
    no: '否',
    currency: '币种',
    amount: '金额',
    none: '无',
  },
  en: {
    title: (name: string, day: string) => `Holdings of ${name} as of ${day}`,
    subtitle:
      'Works the entity and those under it owned that day, valued by share; currencies are never added together',
    sheet: 'Holdings',
    fileName: 'holdings',
    entity: 'Legal entity',
    day: 'Day',
    count: 'Artworks',
    total: (currency: string) => `Value of the shares (${currency})`,
    unconverted: 'Amounts without a rate, not in the total',
    artworks: 'Artworks',
    inventoryNo: 'Inventory no.',
    title_: 'Title',
    share: 'Share',
    value: 'Value of the share',
    converted: (currency: string) => `In ${currency}`,
    pledged: 'Pledged',
    yes: 'Yes',
    no: 'No',
    currency: 'Currency',
    amount: 'Amount',
    none: 'None',
  },
} as const

const nameOf = (e: EntityNames, lang: Lang) => (lang === 'en' ? e.nameEn || e.nameZh : e.nameZh || e.nameEn)
const titleOf = (a: HoldingsView['artworks'][number], lang: Lang) =>
  lang === 'en' ? a.titleEn || a.titleZh : a.titleZh || a.titleEn

/** A file name part: letters, digits, dashes (the entity's English name, else nothing). */
const filePart = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)

export function holdingsFileName(entity: EntityNames, data: HoldingsView, lang: Lang, ext: 'xlsx' | 'pdf') {
  const part = filePart(entity.nameEn)
  return `${WORDS[lang].fileName}${part ? `-${part}` : ''}-${data.at.replaceAll('-', '')}.${ext}`
}

export const holdingsTitle = (entity: EntityNames, data: HoldingsView, lang: Lang) =>
  WORDS[lang].title(nameOf(entity, lang), data.at)

/** The answer as labelled rows: the facts, the table's header and rows, what no rate converted. */
function sections(entity: EntityNames, data: HoldingsView, lang: Lang) {
  const w = WORDS[lang]
  const values = data.total !== null
  return {
    values,
    facts: [
      [w.entity, nameOf(entity, lang)],
      [w.day, dateText(data.at, lang)],
      [w.count, String(data.count)],
      ...(values ? [[w.total(data.currency), moneyText(data.total)]] : []),
    ] as [string, string][],
    header: [
      w.inventoryNo,
      w.title_,
      w.share,
      ...(values ? [w.value, w.converted(data.currency)] : []),
      w.pledged,
    ],
    rows: data.artworks.map((a) => [
      a.inventoryNo,
      titleOf(a, lang),
      `${a.sharePercent}%`,
      ...(values
        ? [a.value && a.currency ? moneyText(a.value, a.currency) : '—', moneyText(a.converted) || '—']
        : []),
      a.pledged ? w.yes : w.no,
    ]),
    unconverted: data.unconverted.map((u) => [u.currency, moneyText(u.value)]),
  }
}

export function holdingsWorkbook(entity: EntityNames, data: HoldingsView, lang: Lang): Promise<Response> {
  const w = WORDS[lang]
  const s = sections(entity, data, lang)
  const name = holdingsFileName(entity, data, lang, 'xlsx')
  return streamedWorkbook(name, 'holdings workbook', async (wb, pace) => {
    const ws = wb.addWorksheet(w.sheet)
    ws.columns = s.header.map((_, i) => ({ width: i === 1 ? 40 : 20 }))
    const add = async (cells: string[], bold = false) => {
      const row = ws.addRow(cells.map((c) => safeCell(c)))
      if (bold) row.font = { bold: true }
      row.commit()
      await pace()
    }
    await add([holdingsTitle(entity, data, lang)], true)
    for (const [label, value] of s.facts) await add([label, value])
    await add([])
    await add([w.artworks], true)
    await add(s.header, true)
    for (const r of s.rows.length > 0 ? s.rows : [[w.none]]) await add(r)
    if (s.values && s.unconverted.length > 0) {
      await add([])
      await add([w.unconverted], true)
      await add([w.currency, w.amount], true)
      for (const r of s.unconverted) await add(r)
    }
  })
}

export async function drawHoldings(r: Report, entity: EntityNames, data: HoldingsView): Promise<void> {
  const { lang } = r
  const w = WORDS[lang]
  const s = sections(entity, data, lang)
  titleBlock(r, w.title(nameOf(entity, lang), dateText(data.at, lang)), w.subtitle)
  facts(r, s.facts, { columns: 2 })
  section(r, w.artworks)
  if (s.rows.length === 0) line(r, w.none, { muted: true })
  else
    await table(
      r,
      s.header.map((header, i) => ({
        header,
        weight: i === 1 ? 4 : 2,
        ...(i >= 2 && i < s.header.length - 1 ? { align: 'right' as const } : {}),
      })),
      s.rows,
    )
  if (s.values && s.unconverted.length > 0) {
    section(r, w.unconverted)
    await table(
      r,
      [
        { header: w.currency, weight: 1 },
        { header: w.amount, weight: 2, align: 'right' },
      ],
      s.unconverted,
    )
  }
}
