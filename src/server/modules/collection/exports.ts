// The collection as of a day as an Excel workbook and as a PDF, in the request's language: the day, the count,
// the value in the chosen currency with the rates used, what no rate converted (apart, never added), then the
// artworks by status and by room. Both read the same answer the screen shows (as-of.ts).
import { ARTWORK_STATUS_LABELS } from '../../../shared/contracts/artworks'
import type { CollectionAsOf } from '../../../shared/contracts/as-of'
import type { Lang } from '../../../shared/errors'
import { moneyText } from '../../../shared/money-text'
import { safeCell, streamedWorkbook } from '../../jobs/workbook-writer'
import { dateText } from '../../pdf/format'
import { facts, line, type Report, section, table, titleBlock } from '../../pdf/report'

const WORDS = {
  'zh-CN': {
    title: (day: string) => `藏品状况（截至 ${day}）`,
    subtitle: '按当日的档案、位置、状态、估值与汇率汇总；不同币种从不直接相加',
    sheet: '某日藏品状况',
    fileName: '某日藏品状况',
    day: '日期',
    count: '作品数',
    valued: '计入价值的作品',
    total: (currency: string) => `价值合计（${currency}）`,
    rates: '所用汇率',
    rate: (base: string, quote: string, rate: string, on: string) => `1 ${base} = ${rate} ${quote}（${on}）`,
    unconverted: '没有汇率、未计入合计的金额',
    byStatus: '按状态',
    byRoom: '按库房',
    status: '状态',
    room: '库房',
    artworks: '作品数',
    currency: '币种',
    amount: '金额',
    notInRoom: '不在库房（借展中、运输中或存放于他处）',
    none: '无',
  },
  en: {
    title: (day: string) => `The collection as of ${day}`,
    subtitle:
      'Records, places, statuses, valuations and rates as they were that day; currencies are never added together',
    sheet: 'Collection as of a day',
    fileName: 'collection-as-of',
    day: 'Day',
    count: 'Artworks',
    valued: 'Artworks valued',
    total: (currency: string) => `Total value (${currency})`,
    rates: 'Rates used',
    rate: (base: string, quote: string, rate: string, on: string) => `1 ${base} = ${rate} ${quote} (${on})`,
    unconverted: 'Amounts without a rate, not in the total',
    byStatus: 'By status',
    byRoom: 'By room',
    status: 'Status',
    room: 'Room',
    artworks: 'Artworks',
    currency: 'Currency',
    amount: 'Amount',
    notInRoom: 'Not in a room (on loan, in transit or elsewhere)',
    none: 'None',
  },
} as const

type Words = (typeof WORDS)[Lang]

export const asOfFileName = (data: CollectionAsOf, lang: Lang, ext: 'xlsx' | 'pdf') =>
  `${WORDS[lang].fileName}-${data.at.replaceAll('-', '')}.${ext}`

export const asOfTitle = (data: CollectionAsOf, lang: Lang) => WORDS[lang].title(data.at)

function roomName(room: CollectionAsOf['byRoom'][number]['room'], lang: Lang, w: Words): string {
  if (!room) return w.notInRoom
  return (lang === 'en' ? room.nameEn || room.nameZh : room.nameZh || room.nameEn) || w.none
}

/** The answer as labelled rows: the facts, then the tables (a heading row, its rows). */
function sections(data: CollectionAsOf, lang: Lang) {
  const w = WORDS[lang]
  const rates = data.ratesUsed.map((r) => w.rate(r.base, r.quote, r.rate, r.on))
  return {
    // Without the values privilege the total is null: the value lines are left out, not shown as nought.
    facts: [
      [w.day, dateText(data.at, lang)],
      [w.count, String(data.count)],
      [w.valued, String(data.valued)],
      ...(data.total === null
        ? []
        : [
            [w.total(data.currency), moneyText(data.total)],
            [w.rates, rates.length > 0 ? rates.join(lang === 'en' ? '; ' : '；') : w.none],
          ]),
    ] as [string, string][],
    unconverted: data.unconverted.map((u) => [u.currency, moneyText(u.amount), String(u.count)]),
    byStatus: data.byStatus.map((s) => [ARTWORK_STATUS_LABELS[s.status][lang], String(s.count)]),
    byRoom: data.byRoom.map((r) => [roomName(r.room, lang, w), String(r.count)]),
  }
}

export function asOfWorkbook(data: CollectionAsOf, lang: Lang): Promise<Response> {
  const w = WORDS[lang]
  const s = sections(data, lang)
  return streamedWorkbook(asOfFileName(data, lang, 'xlsx'), 'collection as-of workbook', async (wb, pace) => {
    const ws = wb.addWorksheet(w.sheet)
    ws.columns = [{ width: 44 }, { width: 24 }, { width: 14 }]
    const add = async (cells: string[], bold = false) => {
      const row = ws.addRow(cells.map((c) => safeCell(c)))
      if (bold) row.font = { bold: true }
      row.commit()
      await pace()
    }
    await add([w.title(data.at)], true)
    for (const [label, value] of s.facts) await add([label, value])
    const block = async (heading: string, header: string[], rows: string[][]) => {
      await add([])
      await add([heading], true)
      await add(header, true)
      for (const r of rows.length > 0 ? rows : [[w.none]]) await add(r)
    }
    if (data.total !== null) await block(w.unconverted, [w.currency, w.amount, w.artworks], s.unconverted)
    await block(w.byStatus, [w.status, w.artworks], s.byStatus)
    await block(w.byRoom, [w.room, w.artworks], s.byRoom)
  })
}

export async function drawCollectionAsOf(r: Report, data: CollectionAsOf): Promise<void> {
  const { lang } = r
  const w = WORDS[lang]
  const s = sections(data, lang)
  titleBlock(r, w.title(dateText(data.at, lang)), w.subtitle)
  facts(r, s.facts, { columns: 2 })
  if (data.total !== null) section(r, w.unconverted)
  if (data.total === null) {
    // no values: nothing to say about amounts without a rate
  } else if (s.unconverted.length === 0) line(r, w.none, { muted: true })
  else
    await table(
      r,
      [
        { header: w.currency, weight: 1 },
        { header: w.amount, weight: 2, align: 'right' },
        { header: w.artworks, weight: 1, align: 'right' },
      ],
      s.unconverted,
    )
  section(r, w.byStatus)
  await table(
    r,
    [
      { header: w.status, weight: 3 },
      { header: w.artworks, weight: 1, align: 'right' },
    ],
    s.byStatus,
  )
  section(r, w.byRoom)
  await table(
    r,
    [
      { header: w.room, weight: 3 },
      { header: w.artworks, weight: 1, align: 'right' },
    ],
    s.byRoom,
  )
}
