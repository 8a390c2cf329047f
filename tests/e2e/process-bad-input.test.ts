// Bad input on every purchase form, refused at the field in the language shown (Chinese), with nothing
// sent: empty required fields, over-long text, letters in amounts and numbers, an expiry before the
// effective date, an arrival before the departure, a payment above its contract, a payee name in Chinese
// outside mainland China, a payment method without its fields, payment details that do not add up, a
// picture where a PDF is asked for, a rejection without a comment. (The server refuses the same payloads:
// tests/api/process-bad-input.test.ts.)
import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { formatMessage, type MessageKey } from '../../src/shared/errors'
import { sampleInput, sampleStepData } from '../model/samples'
import { launchBrowser, type RunningServer, shot, startApp } from './harness'
import {
  apiCall,
  fieldError,
  fillField,
  fillForm,
  localise,
  openProcess,
  sampleFiles,
  sampleRefs,
  shown,
  type UserPage,
  userPage,
} from './process-driver'

let app: RunningServer
let browser: Browser
let registrar: UserPage
let approver: UserPage
let files: { pdf: string; png: string }
let local: Awaited<ReturnType<typeof sampleRefs>>
const zh = (key: MessageKey, params?: Record<string, string | number>) => formatMessage(key, 'zh-CN', params)
const samples = sampleStepData('BUY_ART')

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  registrar = await userPage(browser, app.baseUrl, 'registrar', 'zh-CN')
  approver = await userPage(browser, app.baseUrl, 'approver', 'zh-CN')
  files = await sampleFiles()
  local = await sampleRefs(registrar.page)
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** A purchase moved to a step through the API (the set-up, not what is tested). */
async function purchaseAt(step: 'dueDiligence' | 'submitted' | 'contract' | 'payment'): Promise<ProcessView> {
  const r = registrar.page
  const a = approver.page
  let v = await apiCall<ProcessView>(r, 'POST', 'process', { type: 'BUY_ART', input: sampleInput('BUY_ART') })
  const send = async (page: typeof r, type: string, payload?: Record<string, unknown>) => {
    v = await apiCall<ProcessView>(page, 'POST', `process/${v.id}/events`, {
      type,
      expectedVersion: v.version,
      payload,
    })
  }
  if (step === 'dueDiligence') return v
  const report = { ...samples.dueDiligence[0], attachments: [await storedPdf()] }
  await send(r, 'SUBMIT', report)
  if (step === 'submitted') return v
  await send(a, 'APPROVE')
  if (step === 'contract') return v
  await send(r, 'SUBMIT', { ...samples.contract[0], attachments: [await storedPdf()] })
  await send(a, 'APPROVE')
  return v
}

async function storedPdf(): Promise<string> {
  return registrar.page.evaluate(async () => {
    const body = new FormData()
    body.append('purpose', 'pdf')
    const text = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'
    body.append('file', new Blob([text], { type: 'application/pdf' }), 'evidence.pdf')
    const res = await fetch('/api/file/upload', {
      method: 'POST',
      headers: { 'x-auth-token': localStorage.getItem('vitrine.token') ?? '' },
      body,
    })
    return (await res.json()).data.id as string
  })
}

async function submitRefused(form: Locator, version: number) {
  await form.locator('[data-event="SUBMIT"]').click()
  await form.locator('.mantine-InputWrapper-error').first().waitFor()
  expect((await shown(registrar.page)).version).toBe(version)
}

describe('purchase forms refuse bad input at the field', () => {
  it('start a purchase: empty, over-long, letters in the price; nothing is started', async () => {
    const page = registrar.page
    const before = await apiCall<{ total: number }>(page, 'GET', 'process?type=BUY_ART')
    await page.goto('/devOpsManage/initiateBuy')
    const form = page.getByTestId('initiate-buy')
    await form.getByTestId('submit').click()
    await page.getByTestId('artworks-error').waitFor()
    expect(await page.getByTestId('artworks-error').textContent()).toBe(zh('required'))
    for (const key of ['seller', 'price', 'currency'])
      expect(await fieldError(form, key), key).toBe(zh('required'))

    const seller = form.locator('[data-field="seller"]')
    await seller.fill('画'.repeat(201))
    expect([...(await seller.inputValue())].length).toBe(200)
    expect(await fieldError(form, 'seller')).toBe(zh('tooLong', { max: 200 }))
    const price = form.locator('[data-field="price"]')
    await price.fill('12abc')
    expect(await price.inputValue()).toBe('12')
    expect(await fieldError(form, 'price')).toBe(zh('invalidMoney'))
    await shot(page, 'bad-input-initiate-zh')
    expect((await apiCall<{ total: number }>(page, 'GET', 'process?type=BUY_ART')).total).toBe(before.total)
  })

  it('due-diligence report: every required field, and a picture where a PDF is asked for', async () => {
    const v = await purchaseAt('dueDiligence')
    await openProcess(registrar.page, v.id)
    const form = registrar.page.getByTestId('step-form')
    await form.locator('[data-field="attachments"] input[type="file"]').setInputFiles(files.png)
    await expect.poll(() => fieldError(form, 'attachments')).toBe(zh('incorrectFileFormat'))
    expect(await form.getByTestId('stored-file').count()).toBe(0)
    await submitRefused(form, v.version)
    for (const key of [
      'seller',
      'price',
      'currency',
      'provenance',
      'authenticity',
      'condition',
      'marketSurvey',
    ])
      expect(await fieldError(form, key), key).toBe(zh('required'))
    expect(await fieldError(form, 'recommendation')).toBe(zh('required'))
    await shot(registrar.page, 'bad-input-report-zh')
  })

  it('contract: an expiry before the effective date, letters in the copies', async () => {
    const v = await purchaseAt('contract')
    await openProcess(registrar.page, v.id)
    const form = registrar.page.getByTestId('step-form')
    const ctx = { page: registrar.page, files }
    await fillForm(ctx, form, { ...samples.contract[0], effectiveDate: '2026-03-01', endDate: '2026-02-01' })
    const copies = form.locator('[data-field="copies"]')
    await copies.fill('')
    await copies.fill('2x')
    expect(await copies.inputValue()).toBe('2')
    expect(await fieldError(form, 'copies')).toBe(zh('digitsOnly'))
    await submitRefused(form, v.version)
    expect(await fieldError(form, 'endDate')).toBe(zh('expiryBeforeEffective'))
  })

  it('payment: above what the contract leaves due, a Chinese payee name abroad, T/T without SWIFT, details not adding up', async () => {
    const v = await purchaseAt('payment')
    await openProcess(registrar.page, v.id)
    const form = registrar.page.getByTestId('step-form')
    const ctx = { page: registrar.page, files }
    const over = '50000.01' // the contract: HKD 50,000.00
    await fillForm(ctx, form, {
      ...localise(samples.payment[0], local),
      amount: over,
      details: [{ payingCompany: local.company, amount: over }],
      payeeAccountName: '港湾画廊有限公司',
    })
    await form.locator('[data-field="swiftBic"]').fill('')
    await submitRefused(form, v.version)
    expect(await fieldError(form, 'amount')).toBe(zh('fullPaymentDue', { due: 'HKD 50,000.00' }))
    expect(await fieldError(form, 'payeeAccountName')).toBe(zh('payeeNameEnglish'))
    expect(await fieldError(form, 'swiftBic')).toBe(zh('payeeIncomplete'))
    await shot(registrar.page, 'bad-input-payment-zh')

    await fillField(ctx, form, 'amount', '50000.00')
    await fillField(ctx, form, 'payeeAccountName', 'Harbour Gallery Limited')
    await fillField(ctx, form, 'swiftBic', 'HSBCHKHHHKH')
    await form.getByTestId('add-detail').click()
    const second = form.locator('[data-field="details.1.amount"]')
    await second.fill('1000')
    await second.press('Tab')
    await submitRefused(form, v.version)
    expect(await fieldError(form, 'details')).toBe(zh('paymentDetailsTotal'))
    expect(await fieldError(form, 'details.1.payingCompany')).toBe(zh('paymentDetailIncomplete'))
  })

  it('transport: an arrival planned before the departure', async () => {
    const free = await apiCall<{ list: { id: string; activeProcessId: string | null }[] }>(
      registrar.page,
      'GET',
      'artworks?inOperation=false&status=in_collection&pageSize=5',
    )
    const artworkId = free.list.find((a) => !a.activeProcessId)?.id
    const v = await apiCall<ProcessView>(registrar.page, 'POST', 'process', {
      type: 'BUY_ART_TRANS',
      input: { artworkIds: [artworkId] },
    })
    await openProcess(registrar.page, v.id, '/devOpsManage/buyShipping')
    const form = registrar.page.getByTestId('step-form')
    await fillForm({ page: registrar.page, files }, form, {
      ...sampleStepData('BUY_ART_TRANS').transport[0],
      plannedDeparture: '2026-03-05',
      plannedArrival: '2026-03-02',
    })
    await submitRefused(form, v.version)
    expect(await fieldError(form, 'plannedArrival')).toBe(zh('endBeforeStart'))
  })

  it('a rejection needs a comment: refused in the dialog, nothing sent', async () => {
    const v = await purchaseAt('submitted')
    await openProcess(approver.page, v.id)
    await approver.page.locator('[data-testid="process-actions"] [data-event="REJECT"]').click()
    const dialog = approver.page.locator('[data-event-dialog="REJECT"]')
    await dialog.getByTestId('event-confirm').click()
    await expect.poll(() => fieldError(dialog, 'comment')).toBe(zh('commentRequired'))
    await shot(approver.page, 'bad-input-reject-zh')
    const again = await apiCall<ProcessView>(approver.page, 'GET', `process/${v.id}`)
    expect(again.version).toBe(v.version)
  })
})
