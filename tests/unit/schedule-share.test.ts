// The share-out of a policy's insured amount over its artworks (schedule of cover): proportional to the
// valuations, what is left shared equally by the artworks without one, exact to the cent, the parts always
// adding up to the total with the rounding remainder on the largest part.
import { describe, expect, it } from 'vitest'
import { shareOut } from '../../src/server/modules/insurance/schedule-share'
import { addMoney } from '../../src/shared/validation'

const sum = (parts: { amount: string }[]) => addMoney('0', ...parts.map((p) => p.amount))

describe('shareOut', () => {
  it('shares in proportion to the valuations when every artwork has one', () => {
    const parts = shareOut('1000000.00', [
      { id: 'a', weight: '600000.00' },
      { id: 'b', weight: '300000.00' },
      { id: 'c', weight: '100000.00' },
    ])
    expect(parts).toEqual([
      { id: 'a', amount: '600000.00' },
      { id: 'b', amount: '300000.00' },
      { id: 'c', amount: '100000.00' },
    ])
  })

  it('scales down (and up) in proportion', () => {
    expect(
      shareOut('500.00', [
        { id: 'a', weight: '600.00' },
        { id: 'b', weight: '400.00' },
      ]),
    ).toEqual([
      { id: 'a', amount: '300.00' },
      { id: 'b', amount: '200.00' },
    ])
    expect(
      shareOut('3000.00', [
        { id: 'a', weight: '100.00' },
        { id: 'b', weight: '200.00' },
      ]),
    ).toEqual([
      { id: 'a', amount: '1000.00' },
      { id: 'b', amount: '2000.00' },
    ])
  })

  it('gives the rounding remainder to the largest part, and the parts add up exactly', () => {
    const parts = shareOut('100.00', [
      { id: 'a', weight: '1.00' },
      { id: 'b', weight: '1.00' },
      { id: 'c', weight: '1.01' },
    ])
    // 100 × 1/3.01 = 33.222…, 100 × 1.01/3.01 = 33.554…: floored, the cent left goes to c (the largest).
    expect(parts).toEqual([
      { id: 'a', amount: '33.22' },
      { id: 'b', amount: '33.22' },
      { id: 'c', amount: '33.56' },
    ])
    expect(sum(parts)).toBe('100.00')
  })

  it('shares equally when no artwork has a valuation in the currency (the remainder to the first)', () => {
    const parts = shareOut('100.00', [
      { id: 'a', weight: null },
      { id: 'b', weight: null },
      { id: 'c', weight: null },
    ])
    expect(parts.map((p) => p.amount)).toEqual(['33.34', '33.33', '33.33'])
    expect(sum(parts)).toBe('100.00')
  })

  it('gives the valued artworks their valuations and shares what is left among the others', () => {
    const parts = shareOut('1000.00', [
      { id: 'a', weight: '400.00' },
      { id: 'b', weight: null },
      { id: 'c', weight: '100.00' },
      { id: 'd', weight: null },
      { id: 'e', weight: null },
    ])
    expect(parts.map((p) => p.amount)).toEqual(['400.00', '166.68', '100.00', '166.66', '166.66'])
    expect(sum(parts)).toBe('1000.00')
  })

  it('leaves nothing for the others when the valuations exceed the total', () => {
    const parts = shareOut('300.00', [
      { id: 'a', weight: '400.00' },
      { id: 'b', weight: null },
      { id: 'c', weight: '200.00' },
    ])
    expect(parts.map((p) => p.amount)).toEqual(['200.00', '0.00', '100.00'])
  })

  it('treats a zero valuation as none, and a zero total as zero everywhere', () => {
    expect(
      shareOut('90.00', [
        { id: 'a', weight: '0.00' },
        { id: 'b', weight: '0' },
      ]).map((p) => p.amount),
    ).toEqual(['45.00', '45.00'])
    expect(
      shareOut('0.00', [
        { id: 'a', weight: '10.00' },
        { id: 'b', weight: null },
      ]).map((p) => p.amount),
    ).toEqual(['0.00', '0.00'])
  })

  it('is exact with amounts beyond the range of floating point', () => {
    const parts = shareOut('9999999999999999.99', [
      { id: 'a', weight: '3333333333333333.33' },
      { id: 'b', weight: '3333333333333333.33' },
      { id: 'c', weight: '3333333333333333.34' },
    ])
    expect(sum(parts)).toBe('9999999999999999.99')
    expect(parts.map((p) => p.amount)).toEqual([
      '3333333333333333.32',
      '3333333333333333.32',
      '3333333333333333.35',
    ])
  })

  it('returns nothing for no artworks and refuses a negative total', () => {
    expect(shareOut('100.00', [])).toEqual([])
    expect(() => shareOut('-1.00', [{ id: 'a', weight: null }])).toThrow()
  })
})
