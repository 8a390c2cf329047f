// @vitest-environment happy-dom
// Digits-only fields, maximum lengths and the messages of docs/architecture.md § Errors and behaviours as toasts, in the browser.
import { act, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../src/shared/errors'
import { DigitsInput } from '../../../src/web/forms/DigitsInput'
import { notifyMessage, SPEC_MESSAGES } from '../../../src/web/forms/notify'
import { TextField } from '../../../src/web/forms/TextField'
import { render } from './render'

function Digits() {
  const [value, setValue] = useState('')
  return <DigitsInput label="数量" value={value} onChange={setValue} maxLength={6} />
}

function Limited() {
  const [value, setValue] = useState('')
  return <TextField label="作品名" value={value} onChange={setValue} maxLength={10} />
}

describe('fields', () => {
  it('a numeric field keeps digits only, up to its length', async () => {
    await render(<Digits />)
    const input = screen.getByLabelText('数量') as HTMLInputElement
    fireEvent.change(input, { target: { value: '12a-3.4' } })
    expect(input.value).toBe('1234')
    fireEvent.change(input, { target: { value: '123456789' } })
    expect(input.value).toBe('123456')
    expect(input.getAttribute('inputmode')).toBe('numeric')
  })

  it('text stops at its maximum length and shows the count near it', async () => {
    await render(<Limited />)
    const input = screen.getByLabelText('作品名') as HTMLInputElement
    fireEvent.change(input, { target: { value: '溪山行旅图' } })
    expect(screen.queryByTestId('length-counter')).toBeNull()
    fireEvent.change(input, { target: { value: '溪山行旅图溪山行旅图溪山' } })
    expect(input.value).toBe('溪山行旅图溪山行旅图')
    expect(screen.getByTestId('length-counter').textContent).toBe('10/10')
  })
})

describe('the messages of docs/architecture.md § Errors and behaviours', () => {
  it('exist in both languages and show as toasts in the language shown', async () => {
    for (const key of SPEC_MESSAGES) {
      expect(MESSAGES[key]['zh-CN']).toBeTruthy()
      expect(MESSAGES[key].en).toBeTruthy()
    }
    expect(MESSAGES.conflict.en).toBe('Operation failed, other ongoing process at the moment')
    expect(MESSAGES.editLocked.en).toBe('Envelop edit privilege locked, a moment later')
  })
  it('show in English when English is shown', async () => {
    await render(<div />, { lang: 'en' })
    act(() => void notifyMessage('duplicate'))
    expect(await screen.findByText('Duplication failed')).toBeTruthy()
  })
  it('show in Chinese when Chinese is shown', async () => {
    await render(<div />, { lang: 'zh-CN' })
    act(() => void notifyMessage('conflict'))
    expect(await screen.findByText('操作失败，当前有其他流程正在进行')).toBeTruthy()
  })
})
