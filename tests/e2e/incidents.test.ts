// Journey: the administrator opens Incidents from the roles-and-privileges menu (in Chinese, the default) and
// finds the demo office's one open incident — a task's overdue notice that failed — named in words, with the
// process it belongs to by its type's name; opens it, sees the error, is refused an empty note at the field,
// retries it and sees it resolved. In English the same screen lists it under the resolved filter with its
// words. Every screen passes axe (WCAG 2.1 AA) and shows no keys or UUIDs.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appPerFile, axeProblems, newPage, settled, shot, signIn } from './harness'

const run = appPerFile()
const SLOW = { timeout: 15_000 }
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/
const mainText = (page: Page) => page.locator('main').textContent()

describe('incidents', () => {
  it('lists the open incident, refuses an empty note, and a retry resolves it', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.locator('[data-menu-key="authManage"]').click()
    await page.locator('[data-menu-key="authManage/incidents"]').click()
    await page.waitForURL((url) => url.pathname === '/authManage/incidents')
    await page.getByTestId('incident-list').waitFor()
    await settled(page)
    expect(await page.getByTestId('page-title').textContent()).toBe('故障事件')
    const rows = page.locator('[data-testid="incident-list"] tbody tr')
    expect(await rows.count()).toBe(1)
    const row = rows.first()
    expect(await row.textContent()).toContain('任务计时（逾期通知）')
    expect(await row.getByTestId('incident-status').textContent()).toBe('未处理')
    expect(await row.getByTestId('process-link').textContent()).not.toMatch(UUID)
    expect(await mainText(page)).not.toMatch(UUID)
    expect(await axeProblems(page, 'incidents', 'main')).toEqual([])

    await row.getByTestId('incident-subject').click()
    const detail = page.getByTestId('incident-detail')
    await detail.waitFor()
    expect(await detail.getByTestId('incident-error').textContent()).toContain('statement timeout')
    expect(await detail.getByTestId('incident-attempts').textContent()).toBe('3')
    expect(await axeProblems(page, 'incident drawer', '[role="dialog"]')).toEqual([])
    await shot(page, 'incident-open-zh')

    // An empty note is refused at the field; nothing is resolved.
    await detail.getByTestId('submit').click()
    await expect
      .poll(() => detail.getByTestId('incident-resolve-form').textContent(), SLOW)
      .toMatch(/必填|请/)
    expect(await detail.getByTestId('incident-status').textContent()).toBe('未处理')

    await detail.getByTestId('incident-retry').click()
    await expect.poll(() => detail.getByTestId('incident-status').textContent(), SLOW).toBe('已处理')
    expect(await detail.getByTestId('incident-resolution').textContent()).toBe('重试成功')
    await context.close()
  })

  it('in English, the resolved filter shows it in words', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await context.addInitScript(() => localStorage.setItem('vitrine.language', 'en'))
    await signIn(page, 'admin')
    await page.goto('/authManage/incidents?status=resolved')
    await page.getByTestId('incident-list').waitFor()
    await settled(page)
    expect(await page.getByTestId('page-title').textContent()).toBe('Incidents')
    const row = page.locator('[data-testid="incident-list"] tbody tr').first()
    expect(await row.textContent()).toContain('Task timer (overdue notice)')
    expect(await row.getByTestId('incident-status').textContent()).toBe('Resolved')
    expect(await mainText(page)).not.toMatch(UUID)
    expect(await axeProblems(page, 'incidents en', 'main')).toEqual([])
    await shot(page, 'incident-resolved-en')
    await context.close()
  })
})
