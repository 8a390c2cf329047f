// The search parameters of the finance screens, validated at their routes so a link or a bookmark opens
// exactly what it names: the tab of /financeManage/index with the register's filters, the payment history's
// filters and page, the summary's grouping, range and whether the reporting currency is shown. Anything
// invalid is dropped rather than refused.
import {
  CONTRACT_DIRECTIONS,
  PAYMENT_DIRECTIONS,
  PAYMENT_STATUSES,
  SUMMARY_GROUPS,
  type SummaryGroup,
} from '../../../shared/constants'
import { clean, dateRange, oneOf, pageParam, uuidParam } from '../operations/op-search'

const currencyParam = (v: unknown) => (typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? v : undefined)
const textParam = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined)
const flag = (v: unknown) => (v === 1 || v === '1' ? (1 as const) : undefined)

export const FINANCE_TABS = ['contracts', 'rates', 'requests'] as const
export type FinanceTab = (typeof FINANCE_TABS)[number]

export interface FinanceSearch {
  tab?: FinanceTab
  direction?: (typeof CONTRACT_DIRECTIONS)[number]
  currency?: string
  q?: string
  expiring?: 1
  outstanding?: 1
  page?: number
}
export const validateFinanceSearch = (s: Record<string, unknown>): FinanceSearch =>
  clean({
    tab: oneOf(FINANCE_TABS, s.tab),
    direction: oneOf(CONTRACT_DIRECTIONS, s.direction),
    currency: currencyParam(s.currency),
    q: textParam(s.q),
    expiring: flag(s.expiring),
    outstanding: flag(s.outstanding),
    page: pageParam(s.page),
  })

export interface PaymentHistorySearch {
  processId?: string
  direction?: (typeof PAYMENT_DIRECTIONS)[number]
  status?: (typeof PAYMENT_STATUSES)[number]
  currency?: string
  from?: string
  to?: string
  page?: number
}
export const validatePaymentHistorySearch = (s: Record<string, unknown>): PaymentHistorySearch =>
  clean({
    processId: uuidParam(s.processId),
    direction: oneOf(PAYMENT_DIRECTIONS, s.direction),
    status: oneOf(PAYMENT_STATUSES, s.status),
    currency: currencyParam(s.currency),
    ...dateRange(s),
    page: pageParam(s.page),
  })

export interface SummarySearch {
  groupBy?: SummaryGroup
  from?: string
  to?: string
  /** `0`: the reporting-currency total hidden (shown by default). */
  reporting?: 0
}
export const validateSummarySearch = (s: Record<string, unknown>): SummarySearch =>
  clean({
    groupBy: oneOf(SUMMARY_GROUPS, s.groupBy),
    ...dateRange(s),
    reporting: s.reporting === 0 || s.reporting === '0' ? (0 as const) : undefined,
  })

export const PAGE_SIZE = 20
