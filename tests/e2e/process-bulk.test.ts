// Journey: the administrator chooses two running processes on the process list by their checkboxes, asks
// what terminating them would do (a dry run: each would be done, nothing changes), runs it and sees each
// done; in English the same panel speaks English. Axe finds nothing critical or serious.
import { describe, expect, it } from 'vitest'
import { appPerFile, axeProblems, newPage, settled, signIn } from './harness'

const run = appPerFile()
const SLOW = { timeout: 15_000 }

describe('bulk actions on the process list', () => {
  it('previews, then terminates two processes', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    // Purchases under way: the demo office always has several a terminate applies to (the newest processes of
    // other types, such as the checks the daily job starts on the day, may refuse it).
    await page.goto('/devOpsManage/index?phase=active&type=BUY_ART')
    await page.getByTestId('process-list').waitFor()
    await settled(page)
    const boxes = page.getByTestId('bulk-choose')
    await boxes.nth(0).check({ force: true })
    await boxes.nth(1).check({ force: true })
    const panel = page.getByTestId('bulk-panel')
    await panel.waitFor()
    await panel.getByTestId('bulk-comment').fill('批量终止')
    await panel.getByTestId('bulk-preview').click()
    await panel.getByTestId('bulk-result').waitFor(SLOW)
    const items = panel.getByTestId('bulk-item')
    expect(await items.count()).toBe(2)
    expect(await panel.getByTestId('bulk-summary').textContent()).toContain('2')
    expect(await axeProblems(page, 'bulk preview', '[data-testid="bulk-panel"]')).toEqual([])
    await panel.getByTestId('bulk-run').click()
    await expect
      .poll(async () => panel.locator('[data-testid="bulk-item"][data-outcome="done"]').count(), SLOW)
      .toBe(2)
    await context.close()
  })

  it('speaks English in English', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await context.addInitScript(() => localStorage.setItem('vitrine.language', 'en'))
    await signIn(page, 'admin')
    await page.goto('/devOpsManage/index?phase=active')
    await page.getByTestId('process-list').waitFor()
    await settled(page)
    await page.getByTestId('bulk-choose').first().check({ force: true })
    const panel = page.getByTestId('bulk-panel')
    await panel.getByTestId('bulk-comment').fill('Called off')
    await panel.getByTestId('bulk-preview').click()
    await panel.getByTestId('bulk-result').waitFor(SLOW)
    expect(await panel.getByTestId('bulk-summary').textContent()).toMatch(/Would be done: \d; refused: \d/)
    await context.close()
  })
})
