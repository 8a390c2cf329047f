// Journey, in Chinese then English: the administrator creates a role with a subset of privileges (the system
// log and the release notes, ticked in the privilege tree that mirrors the menu), creates a user holding it;
// the new user signs in and sees exactly that menu, filters the system log by module in the form, and opens a
// failed sign-in's detail with its exception. In English on a 390 px phone the users list fits and shows the
// English name.
import { describe, expect, it } from 'vitest'
import { overflow } from './fit'
import { appPerFile, newPage, settled, shot, signIn } from './harness'

const run = appPerFile()

const USERNAME = 'e2e.auditor'
const PASSWORD = 'Audit-e2e-pass-77'

describe('roles, users and the system log', () => {
  it('a role with a subset of privileges gives a new user exactly that menu', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')

    // The role: two systems ticked in the tree.
    await page.goto('/authManage/roleManage')
    await settled(page)
    await page.getByTestId('role-new').click()
    const form = page.getByTestId('role-form')
    await form.waitFor()
    await page.getByTestId('role-nameZh').fill('日志审计')
    await page.getByTestId('role-nameEn').fill('Log auditor')
    // An enabled role with nothing ticked is refused at the tree, in Chinese.
    await form.getByTestId('submit').click()
    await expect
      .poll(() => page.getByTestId('privilege-tree-error').textContent())
      .toContain('启用的角色至少要有一项权限')
    await form.locator('[data-system="systemLog"] [data-testid="system-box"]').click()
    await form.locator('[data-system="versionLog"] [data-testid="system-box"]').click()
    // The tree shows the screens these open.
    await form.locator('[data-system="systemLog"]').getByText('详情').click()
    await expect.poll(() => form.locator('[data-screen="systemLog"]').getAttribute('data-shown')).toBe('yes')
    await shot(page, 'admin-role-form-zh')
    await form.getByTestId('submit').click()
    await form.waitFor({ state: 'detached' })
    const row = page.locator('[data-testid="role-list"] tbody tr').filter({ hasText: '日志审计' })
    await row.waitFor()
    expect(await row.textContent()).toContain('3 项权限') // the log's view and full export, the release log's view
    // The last role with full privilege cannot be disabled: the refusal stays in the dialog, in words.
    await page
      .locator('[data-testid="role-list"] tbody tr')
      .filter({ hasText: '系统管理员' })
      .getByTestId('role-disable')
      .click()
    await page.getByTestId('role-toggle-go').click()
    await expect
      .poll(() => page.getByTestId('role-toggle-error').textContent())
      .toContain('最后一个拥有全部权限')
    await page.getByTestId('role-toggle').getByRole('button', { name: '取消' }).click()
    await page.getByTestId('role-toggle').waitFor({ state: 'detached' })

    // The user holding it.
    await page.goto('/authManage/index')
    await settled(page)
    await page.getByTestId('user-new').click()
    const userForm = page.getByTestId('user-form')
    await userForm.waitFor()
    await page.getByTestId('user-username').fill(USERNAME)
    await page.getByTestId('user-displayName').fill('审计员小周')
    await page.getByTestId('user-displayNameEn').fill('Zhou the Auditor')
    await page.getByTestId('user-password').fill(PASSWORD)
    await page.getByTestId('user-roles').click()
    await page.getByRole('option', { name: '日志审计' }).click()
    await page.keyboard.press('Escape')
    await userForm.getByTestId('submit').click()
    await userForm.waitFor({ state: 'detached' })
    const card = page.locator(`[data-testid="user-card"][data-username="${USERNAME}"]`)
    await card.waitFor()
    expect(await card.textContent()).toContain('审计员小周')
    expect(await card.textContent()).toContain('日志审计')
    await context.close()

    // A failed sign-in of someone else, for the log to show.
    const other = await newPage(run.browser, run.app.baseUrl)
    await other.page.goto('/login')
    await other.page.locator('input[name="username"]').fill('viewer')
    await other.page.locator('input[name="password"]').fill('not-the-password-1')
    await other.page.getByTestId('login-submit').click()
    await other.page.getByText('用户名或密码错误').first().waitFor()
    await other.context.close()

    // The new user: exactly that menu.
    const auditor = await newPage(run.browser, run.app.baseUrl)
    await signIn(auditor.page, USERNAME, PASSWORD)
    const keys = await auditor.page
      .locator('[data-testid="side-menu"] [data-menu-key]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-key')))
    expect(keys.sort()).toEqual(['systemLog', 'versionLog'])

    // The system log, filtered by module in the form: sign-in rows only, in words; a failed one's detail.
    await auditor.page.goto('/systemLog/home?success=false')
    await settled(auditor.page)
    await auditor.page.getByTestId('log-module').click()
    await auditor.page.getByRole('option', { name: '登录与权限' }).click()
    await auditor.page.waitForURL((url) => url.searchParams.get('moduleName') === 'auth')
    const rows = auditor.page.locator('[data-testid="log-list"] tbody tr')
    await expect.poll(() => rows.count()).toBeGreaterThan(0)
    const modules = await rows.evaluateAll((trs) => trs.map((tr) => tr.children[2]?.textContent))
    expect(new Set(modules)).toEqual(new Set(['登录与权限']))
    await rows.filter({ hasText: '/api/auth/login' }).first().click()
    const detail = auditor.page.getByTestId('log-detail')
    await detail.waitFor()
    expect(await detail.textContent()).toContain('登录')
    expect(await auditor.page.getByTestId('log-exception').textContent()).toBeTruthy()
    await shot(auditor.page, 'admin-log-detail-zh')
    await auditor.context.close()
  })

  it('lists the users in English on a 390 px phone', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl, { width: 390, height: 844 })
    await context.addInitScript(() => localStorage.setItem('vitrine.language', 'en'))
    await signIn(page, 'admin')
    await page.goto('/authManage/index')
    await settled(page)
    const card = page.locator(`[data-testid="user-card"][data-username="${USERNAME}"]`)
    await card.waitFor()
    expect(await card.textContent()).toContain('Zhou the Auditor')
    expect(await card.textContent()).toContain('Log auditor')
    expect(await overflow(page, 390)).toBe('')
    await shot(page, 'admin-users-phone-en')
    await context.close()
  })
})
