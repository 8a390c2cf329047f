// The payment summary's charts: one per currency and direction (amounts in different currencies never share
// an axis), months written as months ("2026年11月" / "Nov 2026", never "Nov 26"), axis numbers with thousands
// separators.
import { describe, expect, it } from 'vitest'
import type { SummaryRow } from '../../../src/shared/contracts/finance'
import { currencyCharts } from '../../../src/web/areas/finance/PaymentSummaryScreen'
import { formatMonth, formatNumber } from '../../../src/web/i18n/format'

const row = (key: string, currency: string, outgoing: string, incoming = '0.00'): SummaryRow => ({
  key,
  label: key,
  currency,
  outgoing,
  incoming,
  paidCount: 1,
  failedCount: 0,
})
const total = (currency: string, outgoing: string, incoming: string) => ({
  currency,
  outgoing,
  incoming,
  paidCount: 1,
  failedCount: 0,
})

describe('the payment summary charts', () => {
  it('draws each currency on its own chart, collected only where something was collected', () => {
    const charts = currencyCharts(
      {
        rows: [
          row('2026-10', 'CNY', '880000.00'),
          row('2026-11', 'CNY', '12000.50'),
          row('2026-11', 'HKD', '350000.00', '50000.00'),
        ],
        totals: [total('CNY', '892000.50', '0.00'), total('HKD', '350000.00', '50000.00')],
      },
      (key) => formatMonth(key, 'en'),
    )
    expect(charts.map((c) => `${c.currency} ${c.way}`)).toEqual([
      'CNY outgoing',
      'HKD outgoing',
      'HKD incoming',
    ])
    expect(charts[0].points).toEqual([
      { group: 'Oct 2026', amount: 880000 },
      { group: 'Nov 2026', amount: 12000.5 },
    ])
    // A month without a payment in that currency is a zero of that currency, never another's amount.
    expect(charts[1].points).toEqual([
      { group: 'Oct 2026', amount: 0 },
      { group: 'Nov 2026', amount: 350000 },
    ])
    expect(charts[2].points.map((p) => p.amount)).toEqual([0, 50000])
  })

  it('writes months as months and axis numbers with separators, in both languages', () => {
    expect(formatMonth('2026-11', 'zh-CN')).toBe('2026年11月')
    expect(formatMonth('2026-11', 'en')).toBe('Nov 2026')
    expect(formatMonth('Room A', 'en')).toBe('Room A')
    expect(formatNumber(1234567, 'en')).toBe('1,234,567')
    expect(formatNumber(1234567, 'zh-CN')).toBe('1,234,567')
  })
})
