// Money is decimal: normalised, compared and added exactly, never through floating point.
import { describe, expect, it } from 'vitest'
import { addMoney, compareMoney, money, normaliseMoney } from '../../src/shared/validation'

describe('money', () => {
  it('normalises to two places', () => {
    expect(normaliseMoney('1')).toBe('1.00')
    expect(normaliseMoney('0012.5')).toBe('12.50')
    expect(normaliseMoney('-0')).toBe('0.00')
    expect(normaliseMoney('-3.1')).toBe('-3.10')
  })
  it('adds without floating-point error', () => {
    expect(addMoney('0.10', '0.20')).toBe('0.30')
    expect(addMoney('9999999999999999.99', '0.01')).toBe('10000000000000000.00')
    expect(addMoney('100.00', '-100.01')).toBe('-0.01')
  })
  it('compares exactly', () => {
    expect(compareMoney('1000000.01', '1000000.00')).toBe(1)
    expect(compareMoney('5', '5.00')).toBe(0)
    expect(compareMoney('-1', '0')).toBe(-1)
  })
  it('accepts digits and one point with at most two decimals', () => {
    expect(money.parse('1234567.5')).toBe('1234567.50')
    expect(money.safeParse('1,234.00').success).toBe(false)
    expect(money.safeParse('1.234').success).toBe(false)
    expect(money.safeParse('abc').success).toBe(false)
    expect(money.safeParse('1e5').success).toBe(false)
  })
})
