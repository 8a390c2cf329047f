// A policy's schedule of cover as an Excel workbook, for the insurer and the office's files: the
// policy's particulars above, one row per artwork (inventory number, title, artist, medium, dimensions,
// agreed value, latest valuation with its currency and date, ratio, flag), a total row. Headings in the
// request's language; money as numbers with their currency's format (a valuation in another currency keeps
// its own, and is never added to the total).
import type { PolicySchedule } from '../../../shared/contracts/insurance-schedule'
import type { Lang } from '../../../shared/errors'
import { addMoney } from '../../../shared/validation'
import { safeCells } from '../../jobs/workbook-writer'
import { officeToday } from '../../office-day'

const WORDS = {
  'zh-CN': {
    sheet: '承保清单',
    title: '保险承保清单',
    policyNo: '保单号',
    insurer: '保险公司',
    period: '保险期间',
    currency: '币种',
    total: '保单保额',
    scheduleTotal: '清单合计',
    ratio: '不足额比例',
    generated: '导出日期',
    columns: [
      '库存编号',
      '作品名称',
      '艺术家',
      '创作媒介',
      '尺寸',
      '约定保额',
      '最新估值',
      '估值币种',
      '估值日期',
      '保额/估值',
      '提示',
    ],
    totalRow: '合计',
    below: (pct: string) => `低于 ${pct}`,
    reasons: {
      noScheduleValue: '无清单金额',
      noValuation: '无估值',
      currency: (c: string) => `无法比较：估值币种为 ${c}`,
    },
  },
  en: {
    sheet: 'Schedule of cover',
    title: 'Schedule of cover',
    policyNo: 'Policy no.',
    insurer: 'Insurer',
    period: 'Period',
    currency: 'Currency',
    total: 'Sum insured (policy)',
    scheduleTotal: 'Schedule total',
    ratio: 'Under-insurance ratio',
    generated: 'Exported on',
    columns: [
      'Inventory no.',
      'Title',
      'Artist',
      'Medium',
      'Dimensions',
      'Insured amount',
      'Latest valuation',
      'Valuation currency',
      'Valuation date',
      'Insured / valuation',
      'Flag',
    ],
    totalRow: 'Total',
    below: (pct: string) => `Below ${pct}`,
    reasons: {
      noScheduleValue: 'No schedule value',
      noValuation: 'No valuation',
      currency: (c: string) => `Cannot compare: valuation in ${c}`,
    },
  },
} as const

/** Excel's number format for an amount in a currency: "#,##0.00 "CNY"". */
export const moneyFormat = (currency: string | null) =>
  currency ? `#,##0.00 "${currency.replace(/"/g, '')}"` : '#,##0.00'

const pctText = (ratio: number) =>
  `${(ratio * 100).toFixed(ratio * 100 === Math.round(ratio * 100) ? 0 : 1)} %`

/** The first row of the artwork table (1-based), after the particulars and a blank row. */
export const TABLE_HEADER_ROW = 10

export async function scheduleWorkbook(schedule: PolicySchedule, lang: Lang): Promise<Buffer> {
  const excel = (await import('exceljs')).default
  const w = WORDS[lang]
  const { policy } = schedule
  const wb = new excel.Workbook()
  wb.creator = 'Vitrine'
  const ws = wb.addWorksheet(w.sheet, {
    views: [{ state: 'frozen', ySplit: TABLE_HEADER_ROW }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  })
  ws.columns = [14, 30, 20, 18, 18, 18, 18, 12, 13, 12, 30].map((width) => ({ width }))
  const title = ws.addRow([w.title])
  title.font = { bold: true, size: 14 }
  const particulars: [string, string | number, string?][] = [
    [w.policyNo, policy.policyNo],
    [w.insurer, policy.insurer],
    [w.period, `${policy.startDate} – ${policy.endDate}`],
    [w.currency, policy.currency],
    [
      w.total,
      policy.insuredAmount === null ? '' : Number(policy.insuredAmount),
      moneyFormat(policy.currency),
    ],
    [
      w.scheduleTotal,
      schedule.scheduleTotal === null ? '' : Number(schedule.scheduleTotal),
      moneyFormat(policy.currency),
    ],
    [w.ratio, schedule.ratio, '0.0%'],
    [w.generated, officeToday()],
  ]
  for (const [label, value, format] of particulars) {
    const row = ws.addRow(safeCells([label, value]))
    row.getCell(1).font = { bold: true }
    if (format && typeof value === 'number') row.getCell(2).numFmt = format
    row.getCell(2).alignment = { horizontal: 'left' }
  }
  const header = ws.getRow(TABLE_HEADER_ROW)
  header.values = [...w.columns]
  header.font = { bold: true }
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } }
    cell.alignment = { wrapText: true, vertical: 'middle' }
  })
  const below = w.below(pctText(schedule.ratio))
  let r = TABLE_HEADER_ROW
  for (const line of schedule.lines) {
    r += 1
    const row = ws.getRow(r)
    const title = lang === 'en' ? line.artwork.titleEn || line.artwork.titleZh : line.artwork.titleZh
    const flag =
      line.reason === 'currency'
        ? w.reasons.currency(line.valuation?.currency ?? '')
        : line.reason
          ? w.reasons[line.reason]
          : line.flagged
            ? below
            : ''
    row.values = safeCells([
      line.artwork.inventoryNo,
      title,
      line.artwork.artistName,
      line.artwork.medium,
      line.artwork.sizeText,
      line.insuredAmount === null ? '' : Number(line.insuredAmount),
      line.valuation ? Number(line.valuation.amount) : '',
      line.valuation?.currency ?? '',
      line.valuation?.valuedOn ?? '',
      line.percent === null ? '' : Number(line.percent) / 100,
      flag,
    ])
    row.getCell(6).numFmt = moneyFormat(policy.currency)
    row.getCell(7).numFmt = moneyFormat(line.valuation?.currency ?? null)
    row.getCell(10).numFmt = '0.0%'
    if (line.flagged) row.getCell(11).font = { color: { argb: 'FFC00000' }, bold: true }
  }
  const values = schedule.lines.map((l) => l.insuredAmount).filter((v): v is string => v !== null)
  const total = ws.getRow(r + 1)
  // The sum of the agreed values, exact (decimal strings), in the policy's currency; valuations in several
  // currencies are not totalled.
  total.values = [w.totalRow, '', '', '', '', values.length ? Number(addMoney('0', ...values)) : '']
  total.font = { bold: true }
  total.getCell(6).numFmt = moneyFormat(policy.currency)
  total.getCell(6).border = { top: { style: 'thin' } }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

export function scheduleFileName(policyNo: string, lang: Lang): string {
  const safe = policyNo.replace(/[\\/:*?"<>|\s]+/g, '-') || 'policy'
  return `${lang === 'en' ? 'schedule-of-cover' : '承保清单'}-${safe}.xlsx`
}
