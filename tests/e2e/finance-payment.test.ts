// Journey: non-contract payments in the browser. Finance opens the payment requests tab of the finance
// screen and presses "New payment request": the request's process screen opens on its form; details that
// do not add up are refused at the field, in Chinese, and the corrected request is submitted; the approver
// approves in English; the administrator (the payer: finance may not pay what it requested) records a failed
// attempt, retries and confirms; the request is listed paid on the tab, which fits a phone. Then a
// transport's cost: its view offers "Pay this cost", one click starts the request prefilled with the
// shipper, amount and currency, and it is submitted, approved and paid.
import { describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { sampleStepData } from '../model/samples'
import { overflow } from './fit'
import { appPerFile, shot } from './harness'
import {
  act,
  apiCall,
  fieldError,
  fillForm,
  localise,
  openProcess,
  sampleFiles,
  sampleRefs,
  shown,
  type UserPage,
  userPage,
} from './process-driver'

const run = appPerFile()

/** Start a transport of the first artwork of the collection no other process holds. */
async function freeTransport(admin: UserPage): Promise<ProcessView> {
  const page = await apiCall<{ list: { id: string }[] }>(
    admin.page,
    'GET',
    'artworks?status=in_collection&pageSize=100',
  )
  for (const { id } of page.list) {
    try {
      return await apiCall<ProcessView>(admin.page, 'POST', 'process', {
        type: 'OPERATION_TRANS_ART',
        input: { artworkIds: [id] },
      })
    } catch {
      // held by another process of the demo: the next one
    }
  }
  throw new Error('no artwork of the demo collection is free to transport')
}

describe('non-contract payments', () => {
  it('a request is filled, refused at a field, approved, failed, retried and paid; a transport cost is paid from its links', async () => {
    const finance = await userPage(run.browser, run.app.baseUrl, 'finance', 'zh-CN')
    const approver = await userPage(run.browser, run.app.baseUrl, 'approver', 'en')
    const admin = await userPage(run.browser, run.app.baseUrl, 'admin', 'zh-CN')
    const files = await sampleFiles()
    const refs = await sampleRefs(finance.page)
    const [sample] = sampleStepData('FINANCE_PAYMENT').payment
    const request = (amount: string, extra: Record<string, unknown> = {}): Record<string, unknown> => {
      const { attachments: _files, ...rest } = localise(sample, refs)
      return {
        ...rest,
        amount,
        details: [{ payingCompany: refs.company, amount }],
        attachments: [files.pdf],
        ...extra,
      }
    }

    // Finance raises a request from the requests tab: its form opens on the process screen.
    await finance.page.goto('/financeManage/index?tab=requests')
    // A stray click leaves nothing: the start form opens in a drawer, and closing it creates no request.
    const requests = async () =>
      (await apiCall<{ total: number }>(finance.page, 'GET', 'process?type=FINANCE_PAYMENT&pageSize=1')).total
    const requestsBefore = await requests()
    await finance.page.getByTestId('new-payment-request').click()
    const drawer = finance.page.getByTestId('start-drawer')
    await drawer.getByTestId('start-process').waitFor()
    await finance.page.keyboard.press('Escape')
    await drawer.getByTestId('start-process').waitFor({ state: 'detached' })
    expect(await requests()).toBe(requestsBefore)
    // Started only when the person says so.
    await finance.page.getByTestId('new-payment-request').click()
    await drawer.getByTestId('submit').click()
    await finance.page.getByTestId('step-form').waitFor()
    expect(await requests()).toBe(requestsBefore + 1)
    const started = { id: new URL(finance.page.url()).searchParams.get('process') ?? '', version: 1 }
    expect(started.id).not.toBe('')
    expect(await shown(finance.page)).toMatchObject({ state: 'payment.draft', version: 1 })
    const form = finance.page.getByTestId('step-form')
    // Details that do not add up: refused at the details, in Chinese, nothing sent.
    await fillForm({ page: finance.page, files }, form, {
      ...request('4200.00'),
      details: [{ payingCompany: refs.company, amount: '4000.00' }],
    })
    await form.locator('[data-event="SUBMIT"]').click()
    await expect.poll(() => fieldError(form, 'details')).toMatch(/[\u4e00-\u9fff]/)
    expect((await shown(finance.page)).version).toBe(started.version)
    await shot(finance.page, 'finance-payment-details-refused')
    await act(
      { page: finance.page, files },
      { type: 'SUBMIT', payload: { details: request('4200.00').details } },
    )
    expect((await shown(finance.page)).state).toBe('payment.submitted')

    // The approver approves (English).
    await openProcess(approver.page, started.id)
    await act({ page: approver.page, files }, { type: 'APPROVE' })
    expect((await shown(approver.page)).state).toBe('payment.awaitingPayment')

    // Finance requested it, so it may not confirm it: the payer (the administrator) does.
    await finance.page.reload()
    expect((await shown(finance.page)).buttons).not.toContain('CONFIRM_PAYMENT')
    await openProcess(admin.page, started.id)
    await act({ page: admin.page, files }, { type: 'PAYMENT_FAILED', comment: '收款账户名称不符' })
    expect((await shown(admin.page)).state).toBe('payment.paymentFailed')
    await act({ page: admin.page, files }, { type: 'RETRY_PAYMENT' })
    // Confirming the payment reads its sum and payee back first; cancelling sends nothing.
    const confirmForm = admin.page.locator('[data-event-form="CONFIRM_PAYMENT"]')
    expect(await confirmForm.getByTestId('payment-to-confirm').textContent()).toContain('CNY 4,200.00')
    const before = (await shown(admin.page)).version
    await fillForm({ page: admin.page, files }, confirmForm, {
      paidOn: '2026-03-10',
      bankReference: 'NET-0042',
    })
    await confirmForm.locator('[data-step-event="CONFIRM_PAYMENT"]').click()
    const readBack = admin.page.locator('[data-payment-confirm="CONFIRM_PAYMENT"]')
    await readBack.waitFor()
    expect(await readBack.textContent()).toMatch(/确认.*CNY 4,200\.00/)
    await readBack.getByRole('button', { name: '取消' }).click()
    await readBack.waitFor({ state: 'hidden' })
    expect((await shown(admin.page)).version).toBe(before)
    await act(
      { page: admin.page, files },
      { type: 'CONFIRM_PAYMENT', payload: { paidOn: '2026-03-10', bankReference: 'NET-0042' } },
    )
    expect(await shown(admin.page)).toMatchObject({ state: 'completed', status: 'completed' })
    // Listed on the tab: paid, with its payee and amount; the tab fits a phone.
    await finance.page.goto('/financeManage/index?tab=requests')
    await finance.page.getByTestId('payment-requests-phase').getByText('全部').click()
    const row = finance.page.locator(`[data-payment-request="${started.id}"]`)
    await row.waitFor()
    expect(await row.textContent()).toContain('4,200.00')
    expect(await row.getAttribute('data-state')).toBe('completed')
    await finance.page.setViewportSize({ width: 390, height: 844 })
    await finance.page.locator(`[data-payment-request-card="${started.id}"]`).waitFor()
    expect(await overflow(finance.page)).toBe('')
    await shot(finance.page, 'finance-payment-requests-phone')
    await finance.page.setViewportSize({ width: 1440, height: 900 })

    // A transport whose cost is approved offers "Pay this cost" to finance: one click, prefilled.
    const transport = await freeTransport(admin)
    const info = localise(sampleStepData('OPERATION_TRANS_ART').transportInfo[0], refs)
    const submitted = await apiCall<ProcessView>(admin.page, 'POST', `process/${transport.id}/events`, {
      type: 'SUBMIT',
      expectedVersion: transport.version,
      payload: info,
    })
    await apiCall(approver.page, 'POST', `process/${transport.id}/events`, {
      type: 'APPROVE',
      expectedVersion: submitted.version,
    })
    await openProcess(finance.page, transport.id)
    const pay = finance.page.getByTestId('pay-cost')
    await pay.waitFor()
    expect(await pay.textContent()).toContain('8,800.00')
    await pay.click()
    await finance.page.getByTestId('payment-for-cost').waitFor()
    const cost = await shown(finance.page)
    expect(cost.state).toBe('payment.draft')
    const costForm = finance.page.getByTestId('step-form')
    expect(await costForm.locator('[data-field="payeeAccountName"]').first().inputValue()).toBe(
      'Fine Art Logistics Ltd',
    )
    expect(await costForm.locator('[data-field="amount"]').first().inputValue()).toContain('8,800.00')
    await shot(finance.page, 'finance-payment-prefilled')
    const { amount: _a, currency: _c, payeeAccountName: _p, details: _d, ...rest } = request('8800.00')
    await act(
      { page: finance.page, files },
      { type: 'SUBMIT', payload: { ...rest, details: request('8800.00').details } },
    )
    const costId = new URL(finance.page.url()).searchParams.get('process') ?? ''
    await openProcess(approver.page, costId)
    await act({ page: approver.page, files }, { type: 'APPROVE' })
    await openProcess(admin.page, costId)
    await act(
      { page: admin.page, files },
      { type: 'CONFIRM_PAYMENT', payload: { paidOn: '2026-03-12', bankReference: 'NET-0043' } },
    )
    expect((await shown(admin.page)).state).toBe('completed')
    // The transport now names its payment among the processes that follow it, and offers it no more.
    await openProcess(finance.page, transport.id)
    await finance.page.getByTestId('followed-by-FINANCE_PAYMENT').waitFor()
    expect(await finance.page.getByTestId('pay-cost').count()).toBe(0)
  })
})
