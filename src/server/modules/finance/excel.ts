// The payment history and the contracts register as Excel workbooks, with the filters of the
// screen, written by exceljs's streaming writer from pages of rows, so a large export keeps memory flat.
// Headings and words in the request's language; amounts as text with their currency beside them (never a
// total across currencies).
import type { ContractRow, PaymentRow } from '../../../shared/contracts/finance'
import type { Lang } from '../../../shared/errors'
import { PROCESS_TYPE_LABELS, type ProcessType } from '../../../shared/process-types'
import { safeCells, streamedWorkbook } from '../../jobs/workbook-writer'
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

function workbook(
  fileName: string,
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<(string | number)[]>,
): Promise<Response> {
  return streamedWorkbook(fileName, 'finance workbook', async (wb, pace) => {
    const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] })
    ws.columns = header.map(() => ({ width: 18, style: { numFmt: '@' } }))
    const head = ws.addRow([...header])
    head.font = { bold: true }
    head.commit()
    for await (const r of rows) {
      ws.addRow(safeCells(r)).commit()
      await pace()
    }
    ws.commit()
  })
}

export function paymentsWorkbook(rows: AsyncIterable<PaymentRow>, lang: Lang): Promise<Response> {
  const w = W[lang]
  async function* cells() {
    for await (const p of rows)
      yield [
        p.paidOn,
        w[p.direction],
        w[p.status],
        p.attempt,
        p.amount,
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
  async function* cells() {
    for await (const c of rows)
      yield [
        c.number,
        w[c.direction],
        c.contractTypeLabel || c.contractType,
        c.subject,
        c.counterparty,
        c.effectiveDate,
        c.endDate ?? '',
        c.amount,
        c.paid,
        c.outstanding,
        c.currency,
        typeLabel(c.processType, lang),
        c.supersededAt ? w.superseded : w.live,
      ]
  }
  const day = officeToday()
  return workbook(`${w.contracts}-${day}.xlsx`, w.contracts, w.contractCols, cells())
}
