// @vitest-environment happy-dom
// The money input in the browser (docs/architecture.md § Input rules): typing keeps only what money may hold, blur shows separators and
// two decimals, the value passed on has no commas, empty stays empty.
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { MoneyInput } from '../../../src/web/forms/MoneyInput'
import { render } from './render'

function Harness({
  allowNegative,
  onValue,
  initial = '',
}: {
  allowNegative?: boolean
  onValue: (v: string) => void
  initial?: string
}) {
  const [value, setValue] = useState(initial)
  return (
    <MoneyInput
      label="金额"
      allowNegative={allowNegative}
      value={value}
      onChange={(v) => {
        setValue(v)
        onValue(v)
      }}
    />
  )
}

const input = () => screen.getByLabelText('金额') as HTMLInputElement

describe('MoneyInput', () => {
  it('filters typing, then shows separators and two decimals on blur and passes no commas on', async () => {
    const onValue = vi.fn()
    await render(<Harness onValue={onValue} />)
    fireEvent.focus(input())
    fireEvent.change(input(), { target: { value: 'a1234567.891' } })
    expect(input().value).toBe('1234567.89')
    expect(onValue).toHaveBeenLastCalledWith('1234567.89')
    fireEvent.blur(input())
    expect(input().value).toBe('1,234,567.89')
    expect(onValue).toHaveBeenLastCalledWith('1234567.89')
  })

  it('commits on Enter as on blur (the change event)', async () => {
    const onValue = vi.fn()
    await render(<Harness onValue={onValue} />)
    fireEvent.focus(input())
    fireEvent.change(input(), { target: { value: '5000' } })
    fireEvent.keyDown(input(), { key: 'Enter' })
    expect(onValue).toHaveBeenLastCalledWith('5000.00')
    fireEvent.blur(input())
    expect(input().value).toBe('5,000.00')
  })

  it('edits without separators and keeps exactly two decimals', async () => {
    const onValue = vi.fn()
    await render(<Harness onValue={onValue} initial="1234.5" />)
    expect(input().value).toBe('1,234.50')
    fireEvent.focus(input())
    expect(input().value).toBe('1234.50')
    fireEvent.change(input(), { target: { value: '1234.567' } })
    expect(input().value).toBe('1234.56')
  })

  it('refuses a minus sign unless negatives are allowed', async () => {
    const onValue = vi.fn()
    await render(<Harness onValue={onValue} />)
    fireEvent.focus(input())
    fireEvent.change(input(), { target: { value: '-12' } })
    expect(input().value).toBe('12')
    fireEvent.blur(input())
    expect(onValue).toHaveBeenLastCalledWith('12.00')
  })

  it('accepts a minus sign where negatives are allowed', async () => {
    const onValue = vi.fn()
    await render(<Harness onValue={onValue} allowNegative />)
    fireEvent.focus(input())
    fireEvent.change(input(), { target: { value: '-1234.5' } })
    fireEvent.blur(input())
    expect(input().value).toBe('-1,234.50')
    expect(onValue).toHaveBeenLastCalledWith('-1234.50')
  })

  it('keeps empty as empty', async () => {
    const onValue = vi.fn()
    await render(<Harness onValue={onValue} initial="" />)
    fireEvent.focus(input())
    fireEvent.blur(input())
    expect(input().value).toBe('')
    expect(onValue).not.toHaveBeenCalled()
    fireEvent.focus(input())
    fireEvent.change(input(), { target: { value: '.' } })
    expect(onValue).toHaveBeenLastCalledWith('')
    fireEvent.blur(input())
    expect(input().value).toBe('')
  })
})
