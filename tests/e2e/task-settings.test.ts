// Journey: the administrator opens the task settings (in Chinese, the default), is refused a due
// time of zero at the field, sets a purchase payment's approval to four working days and sees it marked as
// their own setting, returns it to the default; saves the payment's approval rule, is told at the field when
// it asks for more approvers than there are, and sees the new version. A colleague without any privilege
// administration sets up their own out-of-office delegation from the user menu and cancels it. Every screen
// passes axe (WCAG 2.1 AA) and shows no keys or UUIDs.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appPerFile, axeProblems, newPage, settled, shot, signIn } from './harness'

const run = appPerFile()
/** Round trips through a shared, busy machine: a generous wait. */
const SLOW = { timeout: 15_000 }

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/
const mainText = (page: Page) => page.locator('main').textContent()

describe('task settings and delegations', () => {
  it('edits a due time and an approval rule, and sees the new version', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.locator('[data-menu-key="authManage"]').click()
    await page.locator('[data-menu-key="authManage/taskSettings"]').click()
    await page.waitForURL((url) => url.pathname === '/authManage/taskSettings')
    await page.getByTestId('task-settings-table').waitFor()
    await settled(page)
    expect(await page.getByTestId('page-title').textContent()).toBe('任务设置')
    expect(await axeProblems(page, 'task settings', 'main')).toEqual([])

    // The purchase (the first type) and its payment approval.
    await page.goto('/authManage/taskSettings?type=BUY_ART')
    const row = page.locator('[data-testid="task-setting-row"][data-task="payment:approve"]')
    await row.waitFor()
    expect(await row.getAttribute('data-custom')).toBe('false')
    const defaultDue = await row.getByTestId('task-setting-due').textContent()
    await row.getByTestId('task-setting-edit').click()
    const form = page.getByTestId('task-setting-form')
    await form.waitFor()
    expect(await axeProblems(page, 'task setting dialog', '[role="dialog"]')).toEqual([])
    const due = form.getByTestId('task-setting-due-input')
    await due.fill('0')
    await form.getByTestId('submit').click()
    await expect.poll(() => form.textContent(), SLOW).toContain('必须大于零')
    await due.fill('4')
    await form.getByTestId('submit').click()
    await form.waitFor({ state: 'detached' })
    await expect.poll(() => row.getByTestId('task-setting-due').textContent(), SLOW).toBe('4')
    expect(await row.getAttribute('data-custom')).toBe('true')
    expect(await row.textContent()).toContain('自定义')
    await shot(page, 'task-settings-custom')
    await row.getByTestId('task-setting-reset').click()
    await expect.poll(() => row.getAttribute('data-custom'), SLOW).toBe('false')
    expect(await row.getByTestId('task-setting-due').textContent()).toBe(defaultDue)

    // The payment's approval rule: the defaults until a version is saved.
    const rule = page.locator('[data-testid="approval-rule"][data-step="payment"]')
    await rule.waitFor()
    expect(await rule.getByTestId('approval-rule-version').textContent()).toBe('系统配置的默认规则')
    const bands = rule.getByTestId('approval-band')
    const last = bands.last()
    // More approvers than the two who may approve a purchase (the administrator and the approver).
    await last.getByTestId('band-approvals').fill('5')
    await rule.getByTestId('submit').click()
    await expect.poll(() => last.textContent(), SLOW).toContain('所需审批人数超过了可审批的人数（2 人）')
    expect(await rule.getByTestId('approval-rule-version').textContent()).toBe('系统配置的默认规则')
    await last.getByTestId('band-approvals').fill('2')
    await rule.getByTestId('submit').click()
    await expect.poll(() => rule.getByTestId('approval-rule-version').textContent(), SLOW).toBe('版本 1')
    await rule.getByRole('button', { name: '历史版本' }).click()
    await expect
      .poll(() => rule.getByTestId('approval-rule-versions').textContent(), SLOW)
      .toContain('第 1 版')
    expect(await axeProblems(page, 'task settings with a rule', 'main')).toEqual([])
    const text = await mainText(page)
    expect(text).not.toMatch(UUID)
    expect(text).not.toContain('BUY_ART')
    expect(text).not.toContain('confirmPayment')
    await shot(page, 'task-settings-rule')
    await context.close()
  })

  it('lets anyone set up their own out-of-office delegation from the user menu, and cancel it', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'registrar')
    await page.getByTestId('user-menu').click()
    await page.getByTestId('out-of-office-link').click()
    await page.waitForURL((url) => url.pathname === '/outOfOffice')
    await page.getByTestId('delegation-empty').waitFor()
    expect(await axeProblems(page, 'out of office', 'main')).toEqual([])

    await page.getByTestId('delegation-new').click()
    const form = page.getByTestId('delegation-form')
    await form.waitFor()
    // Nothing chosen: the form says what is missing at the fields.
    await form.getByTestId('submit').click()
    await expect.poll(() => form.locator('.mantine-InputWrapper-error').count(), SLOW).toBeGreaterThan(0)
    await form.getByTestId('delegation-to').click()
    await page.getByRole('option', { name: '周启航 Zhou Qihang' }).click()
    // Two days of this month in the calendar, then confirm.
    const now = new Date()
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
    const [start, end] =
      next.getMonth() === now.getMonth()
        ? [day(now), day(next)]
        : [day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)), day(now)]
    await form.getByTestId('delegation-dates').click()
    await page.getByRole('button', { name: start, exact: true }).click()
    await page.getByRole('button', { name: end, exact: true }).click()
    await page.getByTestId('date-range-confirm').click()
    expect(await axeProblems(page, 'delegation dialog', '[role="dialog"]')).toEqual([])
    await form.getByTestId('submit').click()
    await form.waitFor({ state: 'detached' })
    const card = page.getByTestId('delegation-card')
    await card.waitFor()
    const cardText = await card.textContent()
    expect(cardText).toContain('林书仪 Lin Shuyi')
    expect(cardText).toContain('周启航 Zhou Qihang')
    expect(cardText).toContain('全部流程')
    expect(cardText).not.toMatch(UUID)
    await shot(page, 'out-of-office')

    // Cancelling asks first: dismissed, the delegation stays in force; confirmed, it is cancelled.
    await card.getByTestId('delegation-cancel').click()
    const ask = page.getByTestId('delegation-cancel-confirm')
    await ask.waitFor()
    expect(await ask.textContent()).toContain('周启航 Zhou Qihang')
    await page.keyboard.press('Escape')
    await ask.waitFor({ state: 'detached' })
    expect(await card.textContent()).not.toContain('已取消')
    await card.getByTestId('delegation-cancel').click()
    await page.getByTestId('delegation-cancel-confirm-go').click()
    await expect.poll(() => card.textContent(), SLOW).toContain('已取消')
    await context.close()
  })
})
