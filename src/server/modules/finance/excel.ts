// The payment history and the contracts register as Excel workbooks, with the filters of the
// screen, written by exceljs's streaming writer from pages of rows, so a large export keeps memory flat.
// Headings and words in the request's language. Amounts are number cells with a thousands format and their
// currency in the next column (a SUM works within one currency; the sheet never totals across them); an
// amount with more significant digits than a spreadsheet number holds exactly stays text. Dates are date
// cells. Column widths fit the heading and the first rows.
import type { ContractRow, PaymentRow } from '../../../shared/contracts/finance'
import type { Lang } from '../../../shared/errors'
import { moneyText } from '../../../shared/money-text'
import { PROCESS_TYPE_LABELS, type ProcessType } from '../../../shared/process-types'
import { safeCell, streamedWorkbook } from '../../jobs/workbook-writer'
import { officeToday } from '../../office-day'

export { XLSX_MIME } from '../../jobs/workbook-writer'

const W = {
  'zh-CN': {
    payments: '付款记录',
    contracts: '合同台账',
    paymentCols: [
      '日期',
      '方向',
      '状态',
      '第几次',
      '金额',
      '币种',
      '付款公司',
      '收款户名',
      '付款方式',
      '费用归属',
      '相关事项',
      '流程',
      '步骤',
      '合同编号',
      '失败原因',
    ],
    contractCols: [
      '合同编号',
      '类别',
      '合同类型',
      '标的',
      '相对方',
      '生效日期',
      '到期日期',
      '合同金额',
      '已付/已收',
      '未付/未收',
      '币种',
      '流程',
      '状态',
    ],
    live: '有效',
    supersededMark: '（已被取代）',
    superseded: '已被取代（流程重新发起后另签）',
    outgoing: '付款',
    incoming: '收款',
    hidden: '不显示',
    paid: '已付',
    failed: '失败',
    purchase: '购买',
    sale: '销售',
    service: '服务',
    methods: { cheque: '支票', tt: '电汇', online_banking: '网银', other: '其他' },
  },
  en: {
    payments: 'Payments',
    contracts: 'Contracts',
    paymentCols: [
      'Date',
      'Direction',
      'Status',
      'Attempt',
      'Amount',
      'Currency',
      'Paying company',
      'Payee account name',
      'Method',
      'Cost attribution',
      'Related event',
      'Process',
      'Step',
      'Contract no.',
      'Failure reason',
    ],
    contractCols: [
      'Contract no.',
      'Kind',
      'Contract type',
      'Subject',
      'Counterparty',
      'Effective',
      'Ends',
      'Amount',
      'Paid / collected',
      'Outstanding',
      'Currency',
      'Process',
      'Status',
    ],
    live: 'In force',
    supersededMark: ' (superseded)',
    superseded: 'Superseded (signed again after a restart)',
    outgoing: 'Outgoing',
    incoming: 'Incoming',
    hidden: 'Hidden',
    paid: 'Paid',
    failed: 'Failed',
    purchase: 'Purchase',
    sale: 'Sale',
    service: 'Service',
    methods: {
      cheque: 'Cheque',
      tt: 'Telegraphic transfer',
      online_banking: 'Online banking',
      other: 'Other',
    },
  },
} as const

const typeLabel = (t: string | null, lang: Lang) =>
  t && t in PROCESS_TYPE_LABELS ? PROCESS_TYPE_LABELS[t as ProcessType][lang] : ''

/** A typed cell: a decimal amount (number cell, exact for display), a date (yyyy-MM-dd), or text. */
export type Cell = string | number | { amount: string } | { date: string }

const MONEY_FORMAT = '#,##0.00'
const DATE_FORMAT = 'yyyy-mm-dd'
/** A double shows up to 15 significant digits exactly; a longer amount stays text. */
const EXACT_DIGITS = 15
/** Rows read before the widths are fixed (a streamed sheet writes its columns with its first row). */
const MEASURED_ROWS = 200

/** The value written for a cell, and its number format when it has one. */
export function cellValue(cell: Cell): { value: string | number | Date; numFmt?: string } {
  if (typeof cell === 'string') return { value: safeCell(cell) }
  if (typeof cell === 'number') return { value: cell }
  if ('date' in cell) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell.date)
    if (!m) return { value: safeCell(cell.date) }
    return { value: new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])), numFmt: DATE_FORMAT }
  }
  const digits = cell.amount.replace(/^-/, '').replace('.', '').replace(/^0+/, '')
  if (!/^-?\d+(\.\d+)?$/.test(cell.amount) || digits.length > EXACT_DIGITS) return { value: cell.amount }
  return { value: Number(cell.amount), numFmt: MONEY_FORMAT }
}

/** How wide a cell reads: Chinese characters count twice; amounts with their separators. */
function cellWidth(cell: Cell): number {
  const text =
    typeof cell === 'string'
      ? cell
      : typeof cell === 'number'
        ? String(cell)
        : 'date' in cell
          ? cell.date
          : moneyText(cell.amount)
  let w = 0
  for (const ch of text) w += /[\u2e80-\uffff]/.test(ch) ? 2 : 1
  return w
}

/** Widths that fit the heading and the measured rows, within sensible bounds. */
export function fittedWidths(header: readonly string[], rows: readonly Cell[][]): number[] {
  return header.map((h, i) =>
    Math.min(60, Math.max(8, cellWidth(h), ...rows.map((r) => cellWidth(r[i] ?? ''))) + 2),
  )
}

function workbook(
  fileName: string,
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<Cell[]>,
): Promise<Response> {
  return streamedWorkbook(fileName, 'finance workbook', async (wb, pace) => {
    const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
    const source = rows[Symbol.asyncIterator]()
    const first: Cell[][] = []
    let next = await source.next()
    while (!next.done && first.length < MEASURED_ROWS) {
      first.push(next.value)
      next = await source.next()
    }
    ws.columns = fittedWidths(header, first).map((width) => ({ width }))
    const head = ws.addRow([...header])
    head.font = { bold: true }
    head.commit()
    const write = async (r: Cell[]) => {
      const row = ws.addRow([])
      r.forEach((cell, i) => {
        const { value, numFmt } = cellValue(cell)
        const target = row.getCell(i + 1)
        target.value = value
        if (numFmt) target.numFmt = numFmt
      })
      row.commit()
      await pace()
    }
    for (const r of first) await write(r)
    while (!next.done) {
      await write(next.value)
      next = await source.next()
    }
    ws.commit()
  })
}

/** An amount's cell; a value the user may not see (null) reads as the word for hidden, never as nothing. */
const amountCell = (amount: string | null, hidden: string): Cell => (amount === null ? hidden : { amount })

export function paymentsWorkbook(rows: AsyncIterable<PaymentRow>, lang: Lang): Promise<Response> {
  const w = W[lang]
  async function* cells(): AsyncGenerator<Cell[]> {
    for await (const p of rows)
      yield [
        { date: p.paidOn },
        w[p.direction],
        w[p.status],
        p.attempt,
        amountCell(p.amount, w.hidden),
        p.currency,
        p.payerCompany,
        p.payeeAccountName,
        p.method ? w.methods[p.method] : '',
        p.costAttributionLabel || p.costAttribution,
        p.relatedEventLabel,
        typeLabel(p.processType, lang),
        p.stepLabel || p.step,
        p.contractNo ? `${p.contractNo}${p.contractSuperseded ? w.supersededMark : ''}` : '',
        p.failureReason,
      ]
  }
  const day = officeToday()
  return workbook(`${w.payments}-${day}.xlsx`, w.payments, w.paymentCols, cells())
}

export function contractsWorkbook(rows: AsyncIterable<ContractRow>, lang: Lang): Promise<Response> {
  const w = W[lang]
  async function* cells(): AsyncGenerator<Cell[]> {
    for await (const c of rows)
      yield [
        c.number,
        w[c.direction],
        c.contractTypeLabel || c.contractType,
        c.subject,
        c.counterparty,
        { date: c.effectiveDate },
        c.endDate ? { date: c.endDate } : '',
        amountCell(c.amount, w.hidden),
        amountCell(c.paid, w.hidden),
        amountCell(c.outstanding, w.hidden),
        c.currency,
        typeLabel(c.processType, lang),
        c.supersededAt ? w.superseded : w.live,
      ]
  }
  const day = officeToday()
  return workbook(`${w.contracts}-${day}.xlsx`, w.contracts, w.contractCols, cells())
}
