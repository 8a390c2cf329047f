// Journey: the insurance office checks for under-insurance on the demo collection — the Under-insured tab of
// the insurance screen lists the works insured below 90 % of their latest valuation (the demo revalued three
// since their policy) and, apart, those valued in another currency (never converted); the ratio is changed
// and the list follows; a policy's schedule of cover is downloaded as Excel (it opens, its headings in the
// language shown) and adjusted in place; all of it at 390 px without sideways scrolling.
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { UnderInsuredPage } from '../../src/shared/contracts/insurance-schedule'
import { overflow } from './fit'
import { appPerFile, downloadedBytes, newPage, settled, signIn } from './harness'

const t = appPerFile()
/** A busy machine: give the screen a few seconds to catch up. */
const WAIT = { timeout: 10_000 }

/** A GET of the API as the signed-in user (the page's own token). */
async function api<T = any>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, {
      headers: { 'x-auth-token': localStorage.getItem('vitrine.token') ?? '', 'accept-language': 'en' },
    })
    return (await res.json()).data
  }, path)
}

/** The rows the visible list shows (the table on a desk, the cards on a phone). */
async function visibleRows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="under-insured-panel"] [data-row]')].filter(
        (el) => el.offsetParent !== null,
      ).length,
  )
}

describe('under-insurance', () => {
  it('lists the under-insured and the not comparable, follows the ratio, exports and adjusts a schedule, fits a phone', async () => {
    const { context, page } = await newPage(t.browser, t.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto('/devOpsManage/insurance')
    await settled(page)
    await page.locator('[data-testid="insurance-tabs"] [data-tab="underInsured"]').click()
    await page.getByTestId('under-insured-panel').waitFor()

    // The flagged works, largest shortfall first, as the API gives them.
    const flagged = await api<UnderInsuredPage>(page, '/api/insurance/under-insured')
    expect(flagged.counts.flagged).toBeGreaterThanOrEqual(2)
    await expect.poll(() => visibleRows(page), WAIT).toBe(flagged.list.length)
    await expect(page.getByTestId('ratio-in-force').textContent()).resolves.toBe('90 %')
    const first = page.locator('[data-testid="under-insured-table"] [data-row]').first()
    await expect(first.textContent()).resolves.toContain(flagged.list[0].artwork.inventoryNo)
    // Money with its currency, the ratio as a percentage, the shortfall to the ratio.
    await expect(first.textContent()).resolves.toContain('CNY')
    await expect(first.textContent()).resolves.toContain(`${flagged.list[0].percent} %`)
    await expect.poll(() => first.locator('img').count(), WAIT).toBe(1)

    // The works valued in another currency: listed apart, never converted.
    await page.getByTestId('under-insured-list').getByText('无法比较').click()
    await page.getByTestId('under-insured-notComparable').waitFor()
    const other = await api<UnderInsuredPage>(page, '/api/insurance/under-insured?list=notComparable')
    await expect.poll(() => visibleRows(page), WAIT).toBe(other.list.length)
    const currency = other.list.find((r) => r.reason === 'currency')!
    await expect(
      page.locator(`[data-testid="under-insured-table"] [data-row="${currency.artwork.id}"]`).textContent(),
    ).resolves.toContain(`无法比较：估值币种为 ${currency.valuation!.currency}`)

    // The ratio changed to 80 %: the list follows (fewer works below it).
    await page.getByTestId('under-insured-list').getByText('不足额投保').click()
    await page.getByTestId('ratio-edit').click()
    // A bad value is refused at the field, in the language shown.
    await page.getByTestId('ratio-input').fill('200')
    await page.getByTestId('ratio-form').getByTestId('submit').click()
    await expect
      .poll(() => page.getByTestId('ratio-form').textContent(), WAIT)
      .toContain('比例应在 50% 到 150% 之间')
    await page.getByTestId('ratio-input').fill('80')
    await page.getByTestId('ratio-form').getByTestId('submit').click()
    await expect.poll(() => page.getByTestId('ratio-in-force').textContent(), WAIT).toBe('80 %')
    const at80 = await api<UnderInsuredPage>(page, '/api/insurance/under-insured')
    expect(at80.ratio).toBe(0.8)
    expect(at80.counts.flagged).toBeLessThan(flagged.counts.flagged)
    await expect.poll(() => visibleRows(page), WAIT).toBe(at80.list.length)

    // The schedule of the policy with under-insured works, as Excel: it opens, headings in Chinese.
    const policy = at80.policies.find((p) => p.flagged > 0)!
    const card = page.locator(`[data-testid="checked-policies"] [data-policy="${policy.id}"]`)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('schedule-download').click(),
    ])
    expect(download.suggestedFilename()).toBe(`承保清单-${policy.policyNo}.xlsx`)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(new Uint8Array(await downloadedBytes(download)).buffer)
    const ws = wb.worksheets[0]
    expect(ws.getRow(2).getCell(2).value).toBe(policy.policyNo)
    expect(ws.getRow(10).getCell(1).value).toBe('库存编号')
    expect(ws.rowCount).toBe(10 + policy.artworkCount + 1)

    // The schedule adjusted in place: the most under-insured work insured at its valuation leaves the list.
    const worst = at80.list[0]
    await card.getByTestId('schedule-open').click()
    const schedule = page.getByTestId('policy-schedule')
    await schedule.waitFor()
    const line = schedule.locator(`[data-testid="schedule-table"] [data-line="${worst.artwork.id}"]`)
    await line.scrollIntoViewIfNeeded()
    const input = line.getByTestId('schedule-amount')
    await input.fill('')
    await input.fill(worst.valuation!.amount)
    await input.press('Tab')
    await expect.poll(() => schedule.getByTestId('schedule-differs').count(), WAIT).toBe(1)
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/schedule') && r.request().method() === 'PUT'),
      schedule.getByTestId('submit').click(),
    ])
    expect((await saved.json()).code, JSON.stringify(await saved.json()).slice(0, 300)).toBe(0)
    await expect.poll(() => line.locator('[data-flag]').getAttribute('data-flag'), WAIT).toBe('ok')
    await page.keyboard.press('Escape')
    const after = await api<UnderInsuredPage>(page, '/api/insurance/under-insured')
    expect(after.list.some((r) => r.artwork.id === worst.artwork.id)).toBe(false)
    await expect.poll(() => visibleRows(page), WAIT).toBe(after.list.length)

    // A phone: cards, no sideways scrolling, the schedule too.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect
      .poll(() => page.locator('[data-testid="under-insured-cards"] [data-row]').first().isVisible(), WAIT)
      .toBe(true)
    expect(await overflow(page, 390, 'main *, .mantine-Modal-content *')).toBe('')
    await card.getByTestId('schedule-open').click()
    await page.getByTestId('policy-schedule').waitFor()
    await expect
      .poll(() => page.locator('[data-testid="schedule-cards"] [data-line]').first().isVisible(), WAIT)
      .toBe(true)
    expect(await overflow(page, 390, 'main *, .mantine-Modal-content *')).toBe('')
    await context.close()
  }, 90_000)
})
