// Money, digits and length rules of the form kit (docs/architecture.md § Input rules), as pure functions.
import { describe, expect, it } from 'vitest'
import { clampLength, commitMoney, sanitizeDigits, sanitizeMoneyTyping } from '../../../src/web/forms/money'

describe('typing money', () => {
  it('keeps digits and one decimal point, at most two decimals', () => {
    expect(sanitizeMoneyTyping('12a3')).toBe('123')
    expect(sanitizeMoneyTyping('1.2.3')).toBe('1.23')
    expect(sanitizeMoneyTyping('1.234')).toBe('1.23')
    expect(sanitizeMoneyTyping('.5')).toBe('.5')
    expect(sanitizeMoneyTyping('¥ 1 000')).toBe('1000')
  })
  it('accepts a pasted amount with separators, but passes it on without commas', () => {
    expect(sanitizeMoneyTyping('1,234,567.5')).toBe('1234567.5')
    expect(sanitizeMoneyTyping('1，234')).toBe('1234')
  })
  it('takes a leading minus only where negatives are allowed', () => {
    expect(sanitizeMoneyTyping('-12.5')).toBe('12.5')
    expect(sanitizeMoneyTyping('-12.5', true)).toBe('-12.5')
    expect(sanitizeMoneyTyping('12-5', true)).toBe('125')
    expect(sanitizeMoneyTyping('--5', true)).toBe('-5')
  })
  it('caps the integer part at 16 digits (numeric(18,2))', () => {
    expect(sanitizeMoneyTyping('12345678901234567890')).toBe('1234567890123456')
  })
})

describe('committing money', () => {
  it('gives exactly two decimals without commas', () => {
    expect(commitMoney('1234567.5')).toBe('1234567.50')
    expect(commitMoney('1,234')).toBe('1234.00')
    expect(commitMoney('0012.3')).toBe('12.30')
    expect(commitMoney('.5')).toBe('0.50')
    expect(commitMoney('5.')).toBe('5.00')
  })
  it('keeps empty as empty, and a lone sign or point is empty', () => {
    expect(commitMoney('')).toBe('')
    expect(commitMoney('-', true)).toBe('')
    expect(commitMoney('.')).toBe('')
    expect(commitMoney('-.', true)).toBe('')
  })
  it('keeps a negative only where allowed, and minus zero is zero', () => {
    expect(commitMoney('-8', true)).toBe('-8.00')
    expect(commitMoney('-8')).toBe('8.00')
    expect(commitMoney('-0', true)).toBe('0.00')
  })
  it('is exact beyond floating point', () => {
    expect(commitMoney('9999999999999999.99')).toBe('9999999999999999.99')
  })
})

describe('digits and lengths', () => {
  it('keeps digits only, up to the maximum length', () => {
    expect(sanitizeDigits('12-34 a5')).toBe('12345')
    expect(sanitizeDigits('123456', 4)).toBe('1234')
    expect(sanitizeDigits('１２3')).toBe('3')
  })
  it('cuts text at the maximum length counted in characters', () => {
    expect(clampLength('藏品管理系统', 4)).toBe('藏品管理')
    expect(clampLength('ab😀cd', 3)).toBe('ab😀')
    expect(clampLength('short', 10)).toBe('short')
    expect(clampLength('any', undefined)).toBe('any')
  })
})
