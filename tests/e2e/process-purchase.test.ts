// Journey, in Chinese: a registrar and an approver buy an artwork end to end in the browser — the purchase
// started on initiateBuy (the candidate artwork, seller, price and currency), the due-diligence report with
// its PDF, the contract, the payment (finance confirms it), then the shipping it opens: transport, departure,
// arrival, warehousing into a room. The approver finds each decision in the home page's panel or the
// message bell, one click from the process view. At the end the artwork stands in its room in the archive,
// and both processes are listed under it.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleStepData } from '../model/samples'
import { launchBrowser, type RunningServer, shot, startApp } from './harness'
import {
  act,
  apiCall,
  fillField,
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
let finance: UserPage
let files: { pdf: string }
let local: Awaited<ReturnType<typeof sampleRefs>>

beforeAll(async () => {
  // The sample payment is in HKD: the server is given an HKD second-approval limit above it, as an office
  // paying in HKD would set (without one, every HKD payment needs two approvers).
  process.env.VITRINE_SECOND_APPROVAL_ABOVE_HKD = '1000000.00'
  app = await startApp()
  browser = await launchBrowser()
  registrar = await userPage(browser, app.baseUrl, 'registrar', 'zh-CN')
  approver = await userPage(browser, app.baseUrl, 'approver', 'zh-CN')
  finance = await userPage(browser, app.baseUrl, 'finance', 'zh-CN')
  files = await sampleFiles()
  local = await sampleRefs(registrar.page)
})
afterAll(async () => {
  delete process.env.VITRINE_SECOND_APPROVAL_ABOVE_HKD
  await browser?.close()
  await app?.stop()
})

const samples = sampleStepData('BUY_ART')
const shipping = sampleStepData('BUY_ART_TRANS')
let purchaseId = ''
let shippingId = ''

/**
 * The approver opens the decision from the home page's panel of tasks, or from the bell through its link to
 * the whole inbox (the bell lists only the first few, overdue first, then by due date), and approves it.
 */
async function approveFromInbox(via: 'home' | 'bell', id: string, name: string) {
  const page = approver.page
  await page.goto('/')
  if (via === 'home') {
    // The panel lists the first eight tasks (overdue first, then by due date); when the demo office's own wait
    // ahead of this one, its "All N tasks" link opens the inbox, where the row is.
    const panel = page.getByTestId('panel-approvals')
    await panel.locator('[data-inbox-item]').first().waitFor()
    const item = panel.locator(`[data-inbox-item="${id}"]`)
    if ((await item.count()) > 0) await item.click()
    else {
      await panel.getByTestId('home-all-tasks').click()
      await page.waitForURL((url) => url.pathname === '/devOpsManage/inbox')
      const row = page.locator(`[data-testid="inbox-table"] tr[data-process-id="${id}"]`)
      await row.locator('td').first().getByRole('button').first().click()
    }
  } else {
    await expect
      .poll(async () => Number(await page.getByTestId('message-count').getAttribute('data-count')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0)
    await page.getByTestId('message-bell').click()
    await page.getByTestId('bell-all-tasks').click()
    await page.waitForURL((url) => url.pathname === '/devOpsManage/inbox')
    const row = page.locator(`[data-testid="inbox-table"] tr[data-process-id="${id}"]`)
    await row.locator('td').first().getByRole('button').first().click()
  }
  await page.waitForURL((url) => url.searchParams.get('process') === id)
  await page.locator(`[data-testid="process-view"][data-process-id="${id}"]`).waitFor()
  expect((await shown(page)).buttons).toEqual(['APPROVE', 'REJECT', 'TERMINATE'])
  await shot(page, `purchase-approve-${name}-zh`)
  await act({ page, files }, { type: 'APPROVE' })
}

describe('buying an artwork, end to end', () => {
  it('starts the purchase: the artwork, seller, price and currency; the report opens next', async () => {
    const page = registrar.page
    await page.goto('/devOpsManage/initiateBuy')
    const form = page.getByTestId('initiate-buy')
    await form.locator('[data-field="artworks.0.titleZh"]').fill('秋山图')
    await form.locator('[data-field="artworks.0.titleEn"]').fill('Autumn Mountains')
    const ctx = { page, files }
    await fillField(ctx, form, 'seller', 'Harbour Gallery Limited')
    await fillField(ctx, form, 'sellerCountry', 'HK')
    await fillField(ctx, form, 'price', '300000')
    await fillField(ctx, form, 'currency', 'HKD')
    await shot(page, 'purchase-initiate-zh')
    await form.getByTestId('submit').click()
    await page.waitForURL(
      (url) => url.pathname === '/devOpsManage/dueDiligence' && url.searchParams.has('process'),
    )
    purchaseId = new URL(page.url()).searchParams.get('process') ?? ''
    await page.getByTestId('step-form').waitFor()
    expect(await shown(page)).toMatchObject({ state: 'dueDiligence.draft', status: 'draft' })
    expect(await page.locator('[data-field="seller"]').inputValue()).toBe('Harbour Gallery Limited')
    expect(await page.locator('[data-field="price"]').inputValue()).toBe('300,000.00')
    expect(await page.getByTestId('process-title').textContent()).toBe('秋山图')
  })

  it('writes the due-diligence report with its PDF and submits it; the approver approves from the home page', async () => {
    await act({ page: registrar.page, files }, { type: 'SUBMIT', payload: samples.dueDiligence[0] })
    expect(await shown(registrar.page)).toMatchObject({
      state: 'dueDiligence.submitted',
      buttons: ['TERMINATE'],
    })
    await shot(registrar.page, 'purchase-report-submitted-zh')
    await approveFromInbox('home', purchaseId, 'report')
    expect(await shown(approver.page)).toMatchObject({ state: 'contract.draft', status: 'draft' })
  })

  it('signs the contract (type from the agreement tree, amount with tax); the approver approves from the bell', async () => {
    await openProcess(registrar.page, purchaseId)
    await act({ page: registrar.page, files }, { type: 'SUBMIT', payload: samples.contract[0] })
    await approveFromInbox('bell', purchaseId, 'contract')
    expect(await shown(approver.page)).toMatchObject({ state: 'payment.draft' })
  })

  it('pays: the payment form is approved, then finance confirms the money went out', async () => {
    await openProcess(registrar.page, purchaseId)
    await registrar.page.getByTestId('contract-cap').waitFor()
    await act(
      { page: registrar.page, files },
      { type: 'SUBMIT', payload: localise(samples.payment[0], local) },
    )
    await shot(registrar.page, 'purchase-payment-submitted-zh')
    await approveFromInbox('home', purchaseId, 'payment')
    await openProcess(finance.page, purchaseId)
    expect((await shown(finance.page)).buttons).toEqual(['CONFIRM_PAYMENT', 'PAYMENT_FAILED'])
    await act({ page: finance.page, files }, { type: 'CONFIRM_PAYMENT', payload: samples.CONFIRM_PAYMENT[0] })
    expect(await shown(finance.page)).toMatchObject({ state: 'completed', status: 'completed', buttons: [] })
  })

  it('ships the artwork in: transport approved, departed, arrived, then warehoused into a room', async () => {
    const page = registrar.page
    await openProcess(page, purchaseId)
    await page.getByTestId('followed-by-BUY_ART_TRANS').click()
    await page.waitForURL(
      (url) => url.pathname === '/devOpsManage/buyShipping' && url.searchParams.has('process'),
    )
    shippingId = new URL(page.url()).searchParams.get('process') ?? ''
    await page.locator(`[data-testid="process-view"][data-process-id="${shippingId}"]`).waitFor()
    expect(await shown(page)).toMatchObject({ state: 'transport.draft' })
    await act({ page, files }, { type: 'SUBMIT', payload: localise(shipping.transport[0], local) })
    await approveFromInbox('bell', shippingId, 'transport')
    await openProcess(page, shippingId, '/devOpsManage/buyShipping')
    await act({ page, files }, { type: 'DEPART', payload: shipping.DEPART[0] })
    expect(await shown(page)).toMatchObject({ state: 'transport.transporting', status: 'transporting' })
    await act({ page, files }, { type: 'ARRIVE', payload: shipping.ARRIVE[0] })
    await act({ page, files }, { type: 'SUBMIT', payload: localise(shipping.warehousing[0], local) })
    await approveFromInbox('home', shippingId, 'warehousing')
    expect(await shown(approver.page)).toMatchObject({ state: 'completed', status: 'completed' })
    await openProcess(page, shippingId, '/devOpsManage/buyShipping')
    await shot(page, 'purchase-shipping-done-zh')
  })

  it('leaves the artwork in its room, with the purchase and the shipping listed under it', async () => {
    const purchase = await apiCall<{ artworks: { id: string }[] }>(
      registrar.page,
      'GET',
      `process/${purchaseId}`,
    )
    expect(purchase.artworks).toHaveLength(1)
    const artworkId = purchase.artworks[0].id
    const artwork = await apiCall<{ status: string; inWarehouse: boolean; roomId: string; titleZh: string }>(
      registrar.page,
      'GET',
      `artworks/${artworkId}`,
    )
    expect(artwork).toMatchObject({
      status: 'in_collection',
      inWarehouse: true,
      roomId: local.roomId,
      titleZh: '秋山图',
    })
    const page = registrar.page
    await page.goto(`/devOpsManage/index?artworkId=${artworkId}`)
    const rows = page.getByTestId('process-list').locator('[data-process-row]')
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2)
    expect(
      (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-process-type')))).sort(),
    ).toEqual(['BUY_ART', 'BUY_ART_TRANS'])
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual([
      'completed',
      'completed',
    ])
    await shot(page, 'purchase-history-zh')
  })
})
