// Money as people read it (src/shared/money-text.ts), the one way screens, printed documents and the
// server's messages write an amount: from the decimal string, never a float.
import { describe, expect, it } from 'vitest'
import { intlLocale } from '../../src/shared/lang'
import { moneyText } from '../../src/shared/money-text'

describe('money in words', () => {
  it('groups thousands and shows two decimals, the currency code in front when known', () => {
    expect(moneyText('1234567.5')).toBe('1,234,567.50')
    expect(moneyText('999')).toBe('999.00')
    expect(moneyText('1000')).toBe('1,000.00')
    expect(moneyText('-1234.5')).toBe('-1,234.50')
    expect(moneyText('0.1')).toBe('0.10')
    expect(moneyText('.5', 'CNY')).toBe('CNY 0.50')
    expect(moneyText('1234567.5', 'HKD')).toBe('HKD 1,234,567.50')
    expect(moneyText('300000.00', null)).toBe('300,000.00')
  })

  it('loses no cent on sums a float cannot hold', () => {
    expect(Number('9999999999999999.99').toFixed(2)).not.toBe('9999999999999999.99')
    expect(moneyText('123456789012345.67')).toBe('123,456,789,012,345.67')
    expect(moneyText('9999999999999999.99', 'USD')).toBe('USD 9,999,999,999,999,999.99')
    expect(moneyText('-123456789012345.01')).toBe('-123,456,789,012,345.01')
  })

  it('reads amounts as people type them: separators, leading zeros, more decimals cut to two', () => {
    expect(moneyText('1,234.5')).toBe('1,234.50')
    expect(moneyText(' 007 ')).toBe('7.00')
    expect(moneyText('1.239')).toBe('1.23')
    expect(moneyText('-0.00')).toBe('0.00')
  })

  it('shows nothing for nothing, and a text that is not an amount as it is', () => {
    expect(moneyText('')).toBe('')
    expect(moneyText(null, 'CNY')).toBe('')
    expect(moneyText(undefined)).toBe('')
    expect(moneyText('n/a')).toBe('n/a')
    expect(moneyText('n/a', 'HKD')).toBe('HKD n/a')
  })

  it('writes money alike in both languages, so no language is asked for', () => {
    const big = 123456789012345n
    expect(new Intl.NumberFormat(intlLocale('en')).format(big)).toBe(
      new Intl.NumberFormat(intlLocale('zh-CN')).format(big),
    )
  })
})
