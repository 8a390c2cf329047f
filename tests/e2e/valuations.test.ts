// Journey, in Chinese then English: the administrator opens the valuation list, adds a valuation in USD to
// one artwork from the screen (choosing USD twice keeps it; a typed 2024-13-01 is told no such day exists) and sees it as the artwork's latest (formatted, in its currency), opens the
// artwork's history (a chart per currency renders, the table lists it; the artwork's page shows it too), looks at the "not valued in N years"
// view; the list and the operations' valuation screen fit 390 px as cards; in English the screen speaks English.
import { describe, expect, it } from 'vitest'
import { apiToken, apiWithToken } from './api-calls'
import { appPerFile, axeProblems, newPage, settled, shot, signIn } from './harness'

const run = appPerFile()

describe('valuations: add one in USD, see it as the latest, its history, at 390 px', () => {
  it('runs the journey in both languages, and fits a phone', async () => {
    const token = await apiToken(run.app.baseUrl, 'admin')
    const { list } = await apiWithToken<{
      list: { artworkId: string; inventoryNo: string; status: string }[]
    }>(run.app.baseUrl, token, 'GET', 'valuations/artworks?pageSize=50')
    const artwork = list.find((a) => a.status !== 'sold' && a.status !== 'missing')!
    expect(artwork).toBeDefined()

    const { page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto(`/valueManage/index?q=${encodeURIComponent(artwork.inventoryNo)}`)
    await settled(page)
    const row = page
      .locator('[data-testid="valuation-list"] tbody tr')
      .filter({ hasText: artwork.inventoryNo })
    await row.waitFor()

    // Add a valuation in USD (dated today, the form's default).
    await row.getByTestId('valuation-add-one').click()
    const form = page.getByTestId('valuation-form')
    await form.waitFor()
    await page.getByTestId('valuation-amount').fill('1234567.5')
    await page.getByTestId('valuation-currency').click()
    await page.getByTestId('valuation-currency').fill('美元')
    await page.getByRole('option', { name: /美元/ }).click()
    // Choosing the chosen currency again keeps it (a required choice does not toggle off).
    await page.getByTestId('valuation-currency').click()
    await page.getByRole('option', { name: /美元/ }).click()
    expect(await page.getByTestId('valuation-currency').inputValue()).toMatch(/美元/)
    // A typed date in the right shape that is no day of the calendar is told so, not "wrong format".
    const date = page.getByTestId('valuation-date')
    await date.fill('2024-13-01')
    await date.blur()
    await expect.poll(() => form.textContent()).toContain('日历中没有这一天')
    expect(await form.textContent()).not.toContain('yyyy-MM-dd')
    // The field keeps the date it had (today, the default); entering it again clears the message.
    await date.focus()
    await expect.poll(() => form.textContent()).not.toContain('日历中没有这一天')
    await date.blur()
    await page.getByTestId('valuation-method').click()
    await page.getByRole('option', { name: '评估', exact: true }).click()
    // Without a valuer: refused at the field, nothing sent.
    await form.getByTestId('submit').click()
    await expect.poll(() => form.textContent()).toContain('必填')
    await page.getByTestId('valuation-valuer').fill('佳士得估价部')
    await form.getByTestId('submit').click()
    await form.waitFor({ state: 'detached' })
    await expect.poll(() => row.getByTestId('valuation-latest').textContent()).toBe('USD 1,234,567.50')
    expect(await row.textContent()).toContain('佳士得估价部')

    // Its history: a chart per currency and the table, whole on a 1440 px screen (no column cut off).
    await page.setViewportSize({ width: 1440, height: 900 })
    await row.getByTestId('valuation-history').click()
    const history = page.getByTestId('valuation-history-view')
    await history.waitFor()
    const table = page.getByTestId('valuation-history-list')
    await table.waitFor()
    const clipped = await table.evaluate((el) => {
      const box = (el.closest('.mantine-Modal-body') ?? document.body).getBoundingClientRect()
      const cells = [...el.querySelectorAll('th')].map((th) => th.getBoundingClientRect())
      return cells.filter((c) => c.right > box.right + 1 || c.left < box.left - 1).length
    })
    expect(clipped).toBe(0)
    await history.locator('svg.recharts-surface').first().waitFor()
    expect(await history.locator('.recharts-line-dots circle, .recharts-dot').count()).toBeGreaterThan(0)
    expect(await history.textContent()).toContain('USD 估值')
    expect(await history.textContent()).toContain('USD 1,234,567.50')
    await shot(page, 'valuation-history')
    await page.keyboard.press('Escape')
    await history.waitFor({ state: 'detached' })
    expect(await axeProblems(page, 'valuation list', 'main')).toEqual([])

    // The artwork's own page shows the same history in its valuation tab.
    await page.goto(`/artworkArchive/detail?id=${artwork.artworkId}&tab=valuation`)
    await settled(page)
    await page.locator('[data-testid="artwork-valuations"] svg.recharts-surface').first().waitFor()
    await page.goBack()
    await settled(page)

    // The "not valued in N years" view: the artwork just valued is not in it.
    await page.getByText('3 年内未估值').click()
    await page.waitForURL(/view=stale/)
    await settled(page)
    await page.getByTestId('valuation-list-empty').waitFor()

    // At 390 px: cards, no sideways scrolling, on both valuation screens.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/valueManage/index')
    await settled(page)
    await page.getByTestId('valuation-list-cards').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shot(page, 'valuations-phone')
    await page.goto('/devOpsManage/valueManage')
    await settled(page)
    await page
      .locator('[data-testid="valuation-list-cards"], [data-testid="valuation-list-empty"]')
      .first()
      .waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // In English.
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`/valueManage/index?q=${encodeURIComponent(artwork.inventoryNo)}`)
    await settled(page)
    await page.getByTestId('language-switch').click()
    await page.getByTestId('language-en').click()
    await expect.poll(() => page.locator('main').textContent()).toContain('Latest valuation')
    expect(await row.textContent()).toContain('Appraisal')
    expect(await page.locator('main').textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
  }, 90_000)
})
