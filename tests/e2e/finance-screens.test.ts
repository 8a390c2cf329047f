// Journey: the finance office on the demo data — the payment summary's reporting-currency total leaves an
// amount in a currency without a rate apart; a rate refused at its field (zero), then added on the exchange
// rates tab; the summary's total then names that rate; the payment history filtered by status and currency
// with the filters in the URL (a reload keeps them), no id shown; the three screens at 390 px as cards without
// sideways scrolling, in Chinese, and the summary once in English.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { overflow } from './fit'
import { appPerFile, newPage, settled, signIn } from './harness'

const t = appPerFile()
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

async function api<T = any>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, {
      headers: {
        'x-auth-token': localStorage.getItem('vitrine.token') ?? '',
        'x-system-name': 'financeManage',
        'accept-language': 'en',
      },
    })
    return (await res.json()).data
  }, path)
}

describe('finance screens', () => {
  it('a rate added on the rates tab is named by the summary; history filters in the URL; phone; both languages', async () => {
    const { context, page } = await newPage(t.browser, t.app.baseUrl)
    await signIn(page, 'finance')

    // The demo's paid payments in a currency other than the reporting one, with no rate yet: shown apart.
    const before = await api(page, '/api/finance/payments/summary?groupBy=month&reportingCurrency=1')
    const reporting = before.reporting.currency as string
    const apart = before.reporting.unconverted.find((u: any) => u.currency !== reporting)
    expect(apart, 'the demo has paid payments in a second currency').toBeTruthy()
    const currency = apart.currency as string
    await page.goto('/financeManage/paymentSummary')
    await settled(page)
    await page
      .getByTestId('reporting-unconverted')
      .getByText(`${currency}：`, { exact: false })
      .first()
      .waitFor()
    // One chart per currency (amounts of two currencies never share an axis), months written as months.
    const charts = page.locator('[data-testid="summary-chart"][data-way="outgoing"]')
    await charts.first().waitFor()
    const charted = await charts.evaluateAll((els) => els.map((e) => e.getAttribute('data-currency')))
    expect(charted.sort()).toEqual(before.totals.map((x: any) => x.currency).sort())
    expect(await page.getByText(/^\d{4}年\d{1,2}月 · /).count()).toBeGreaterThan(0)

    // The rates tab: zero refused at the field in Chinese, then a rate from well before the payments.
    await page.goto('/financeManage/index?tab=rates')
    await settled(page)
    await page.getByTestId('rate-new').click()
    const form = page.getByTestId('rate-form')
    await form.getByTestId('rate-base').click()
    await page.getByRole('option', { name: new RegExp(`^${currency} ·`) }).click()
    await form.getByTestId('rate-quote').click()
    await page.getByRole('option', { name: new RegExp(`^${reporting} ·`) }).click()
    const on = form.getByTestId('rate-on')
    await on.fill('2000-01-03')
    await on.press('Tab')
    await form.getByTestId('rate-value').fill('0')
    await form.getByRole('button', { name: '保存' }).click()
    await form.getByText('汇率必须大于零').waitFor()
    await form.getByTestId('rate-value').fill('0.9125')
    await form.getByRole('button', { name: '保存' }).click()
    await form.waitFor({ state: 'detached' })
    await page.getByTestId('rate-list').getByText(`1 ${currency} = 0.9125 ${reporting}`).waitFor()
    // Pasted rows imported (older than that rate, which stays the one the summary uses): said once, by
    // the panel's alert, with no toast repeating it.
    await page
      .getByTestId('rate-import-csv')
      .fill(`base,quote,date,rate\n${currency},${reporting},1999-12-01,0.9`)
    await page.getByTestId('rate-import-csv-submit').click()
    await page.getByTestId('rate-import-done').waitFor()
    expect(await page.getByTestId('rate-import-done').textContent()).toContain('已导入 1 条汇率')
    expect(await page.locator('.mantine-Notification-root', { hasText: '已导入' }).count()).toBe(0)

    // The summary's reporting total now names that rate and its date.
    await page.goto('/financeManage/paymentSummary')
    await settled(page)
    await page
      .getByTestId('rates-used')
      .getByText(`1 ${currency} = 0.9125 ${reporting} · 2000.01.03`)
      .waitFor()
    const after = await api(page, '/api/finance/payments/summary?groupBy=month&reportingCurrency=1')
    expect(after.reporting.unconverted.map((u: any) => u.currency)).not.toContain(currency)
    await expect.poll(() => page.getByTestId('reporting-outgoing').textContent()).toContain(reporting)
    // By paying company: the URL says so.
    await page.getByTestId('summary-group').getByText('按付款公司').click()
    await page.waitForURL(/groupBy=payerCompany/)

    // Payment history: failed attempts of the currency; the filters travel in the URL and survive a reload.
    await page.goto('/financeManage/payment_history')
    await settled(page)
    await page.getByTestId('payment-status').click()
    await page.getByRole('option', { name: '失败' }).click()
    await page.waitForURL(/status=failed/)
    const failed = await api(page, '/api/finance/payments?status=failed')
    await page.locator('[data-testid="payment-list"], [data-testid="payment-list-empty"]').first().waitFor()
    if (failed.total > 0) {
      await expect
        .poll(() => page.locator('[data-testid="payment-list"] [data-row]').count())
        .toBe(Math.min(20, failed.total))
      expect(await page.locator('[data-testid="payment-list"] [data-status="paid"]').count()).toBe(0)
      await page.getByTestId('payment-list').getByTestId('payment-failure').first().waitFor()
    }
    await page.goto(`/financeManage/payment_history?status=paid&currency=${currency}`)
    await settled(page)
    // The select shows the currency once its options (reference data) have loaded.
    await expect.poll(() => page.getByTestId('payment-currency').inputValue()).toContain(currency)
    const paid = await api(page, `/api/finance/payments?status=paid&currency=${currency}`)
    expect(paid.total).toBeGreaterThan(0)
    await expect
      .poll(() => page.locator('[data-testid="payment-list"] [data-row]').count())
      .toBe(Math.min(20, paid.total))
    await page.getByTestId('payment-list').getByTestId('process-link').first().waitFor()
    expect(await page.locator('main').textContent()).not.toMatch(UUID)

    // A purchase's payment says what it relates to in words: the purchase (购入), never a code.
    const all = await api<{ list: { id: string; processId: string; relatedEvent: string }[] }>(
      page,
      '/api/finance/payments?status=paid&pageSize=100',
    )
    const bought = all.list.find((r) => r.relatedEvent === 'PURCHASE')
    expect(bought).toBeDefined()
    await page.goto(`/financeManage/payment_history?processId=${bought?.processId}`)
    const boughtRow = page.locator(`[data-testid="payment-list"] [data-row="${bought?.id}"]`)
    await boughtRow.waitFor()
    expect(await boughtRow.textContent()).toContain('购入')
    expect(await boughtRow.textContent()).not.toContain('PURCHASE')

    // At 390 px: cards, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 })
    for (const [path, cards] of [
      ['/financeManage/payment_history', 'payment-list-cards'],
      ['/financeManage/index', 'contract-list'],
      ['/financeManage/index?tab=rates', 'rate-list-cards'],
      ['/financeManage/paymentSummary', 'summary-rows-cards'],
    ] as const) {
      await page.goto(path)
      await settled(page)
      await page
        .locator(`[data-testid="${cards}"], [data-testid="${cards}-cards"], [data-testid="${cards}-empty"]`)
        .first()
        .waitFor()
      expect(await overflow(page), path).toBe('')
    }

    // In English once: the summary's reporting section.
    await page.evaluate(() => localStorage.setItem('vitrine.language', 'en'))
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/financeManage/paymentSummary')
    await settled(page)
    await page.getByText(`In the reporting currency (${reporting})`).waitFor()
    await page
      .getByTestId('rates-used')
      .getByText(`1 ${currency} = 0.9125 ${reporting}`, { exact: false })
      .waitFor()
    await context.close()
  })
})
