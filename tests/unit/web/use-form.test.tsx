// @vitest-environment happy-dom
// The form state of the kit: the shared zod schema validates (words from the shared catalogue in the
// language shown), the server's field errors land at the fields, and submit is refused while uploads run.
import { act, fireEvent, renderHook, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { money, text } from '../../../src/shared/validation'
import { ApiError } from '../../../src/web/api/api-error'
import { Providers } from '../../../src/web/app'
import { SubmitButton } from '../../../src/web/forms/SubmitButton'
import { useForm } from '../../../src/web/forms/use-form'
import { activateLanguage } from '../../../src/web/i18n/i18n'
import { render, testQueryClient } from './render'

const schema = z.object({ name: text(10), amount: money, items: z.array(z.object({ code: text(4) })) })
const initialValues = { name: '', amount: '', items: [{ code: '' }] }

async function setup(lang: 'zh-CN' | 'en' = 'zh-CN', onBlockedByUploads?: () => void) {
  await activateLanguage(lang)
  const client = testQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers queryClient={client}>{children}</Providers>
  )
  return renderHook(() => useForm({ schema, initialValues, onBlockedByUploads }), { wrapper })
}

describe('useForm', () => {
  it('validates with the shared schema and words errors in the language shown', async () => {
    const { result } = await setup('zh-CN')
    const handler = vi.fn()
    await act(() => result.current.onSubmit(handler)())
    expect(handler).not.toHaveBeenCalled()
    expect(result.current.errors).toEqual({
      name: '必填',
      amount: '金额格式不正确（最多两位小数）',
      'items.0.code': '必填',
    })

    const en = await setup('en')
    await act(() => en.result.current.onSubmit(handler)())
    expect(en.result.current.errors.name).toBe('Required')
  })

  it('passes parsed values on, and clears a field error as the field changes', async () => {
    const { result } = await setup()
    const handler = vi.fn()
    await act(() => result.current.onSubmit(handler)())
    act(() => result.current.setFieldValue('name', '张大千'))
    expect(result.current.errors.name).toBeUndefined()
    act(() => result.current.getInputProps('amount').onChange('1234.5'))
    act(() => result.current.setFieldValue('items.0.code', 'A1'))
    await act(() => result.current.onSubmit(handler)())
    expect(handler).toHaveBeenCalledWith({ name: '张大千', amount: '1234.50', items: [{ code: 'A1' }] })
  })

  it('puts the server’s field errors at the fields', async () => {
    const { result } = await setup()
    act(() => result.current.setValues({ name: 'x', amount: '1', items: [{ code: 'A' }] }))
    await act(() =>
      result.current.onSubmit(async () => {
        throw new ApiError(
          'api',
          400,
          '输入有误，请检查标出的字段',
          { fieldErrors: { 'items.0.code': '该编码已存在' } },
          400,
        )
      })(),
    )
    expect(result.current.errors).toEqual({ 'items.0.code': '该编码已存在' })
    expect(result.current.getInputProps('items.0.code').error).toBe('该编码已存在')
    expect(result.current.submitError?.code).toBe(400)
  })

  it('keeps a network failure for the form to show', async () => {
    const { result } = await setup()
    act(() => result.current.setValues({ name: 'x', amount: '1', items: [{ code: 'A' }] }))
    await act(() =>
      result.current.onSubmit(async () => {
        throw new ApiError('network', 0, 'Failed to fetch')
      })(),
    )
    expect(result.current.submitError?.kind).toBe('network')
    expect(result.current.errors).toEqual({})
  })

  it('refuses to submit while any upload runs, and submits once all have ended', async () => {
    const blocked = vi.fn()
    const { result } = await setup('zh-CN', blocked)
    act(() => result.current.setValues({ name: 'x', amount: '1', items: [{ code: 'A' }] }))
    let endFirst = () => {}
    let endSecond = () => {}
    act(() => {
      endFirst = result.current.uploads.begin()
      endSecond = result.current.uploads.begin()
    })
    expect(result.current.uploading).toBe(2)
    const handler = vi.fn()
    await act(() => result.current.onSubmit(handler)())
    expect(handler).not.toHaveBeenCalled()
    expect(blocked).toHaveBeenCalledTimes(1)
    act(() => {
      endFirst()
      endFirst() // ending twice counts once
    })
    expect(result.current.uploading).toBe(1)
    await act(() => result.current.onSubmit(handler)())
    expect(handler).not.toHaveBeenCalled()
    act(() => endSecond())
    await act(() => result.current.onSubmit(handler)())
    expect(handler).toHaveBeenCalledTimes(1)
  })
})

describe('SubmitButton', () => {
  it('is held and says why while uploads run', async () => {
    await render(<SubmitButton form={{ submitting: false, isUploading: true }}>保存</SubmitButton>)
    const button = screen.getByTestId('submit') as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.textContent).toBe('等待上传完成…')
  })
  it('submits otherwise', async () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault())
    await render(
      <form onSubmit={onSubmit}>
        <SubmitButton form={{ submitting: false, isUploading: false }}>保存</SubmitButton>
      </form>,
    )
    fireEvent.click(screen.getByTestId('submit'))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })
})
