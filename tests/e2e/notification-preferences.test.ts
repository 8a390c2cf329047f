// Journey: a user chooses which messages also reach them by email. From the user menu they open
// Email notifications: every kind is on by default, each switch says its kind in words (Chinese here), the
// server without SMTP says it sends no email; they turn the rejections off and choose English, save, and the
// choices are there after a reload and in the API; axe-core finds nothing critical or serious.
import { describe, expect, it } from 'vitest'
import { EMAIL_KINDS } from '../../src/shared/contracts/notifications'
import { appPerFile, axeProblems, newPage, settled, shot, signIn } from './harness'
import { apiCall } from './process-driver'

const run = appPerFile()

describe('email notification choices', () => {
  it('turns one kind off and sets the language of the emails', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'registrar')
    await page.getByTestId('user-menu').click()
    await page.getByTestId('notifications-link').click()
    await page.waitForURL((url) => url.pathname === '/notifications')
    await page.getByTestId('notification-preferences').waitFor()
    await settled(page)

    expect(await page.locator('main h1').textContent()).toBe('邮件通知')
    await page.getByTestId('email-off').waitFor()
    for (const kind of EMAIL_KINDS) {
      const input = page.getByTestId(`email-${kind}`)
      expect(await input.isChecked(), kind).toBe(true)
    }
    // Labelled in words, never by key.
    await page.getByLabel('我提交的步骤被驳回').waitFor()
    expect(await page.locator('main').textContent()).not.toMatch(/rejected|taskAssigned|zh-CN/)
    expect(await axeProblems(page, '/notifications', 'main')).toEqual([])
    await shot(page, 'notification-preferences-zh')

    await page.getByLabel('我提交的步骤被驳回').click({ force: true })
    await page.getByTestId('email-language-en').click({ force: true })
    await page.getByTestId('submit').click()
    await expect
      .poll(async () => (await apiCall<any>(page, 'GET', 'notifications/preferences')).email.rejected)
      .toBe(false)
    const saved = await apiCall<any>(page, 'GET', 'notifications/preferences')
    expect(saved.language).toBe('en')
    expect(Object.values(saved.email).filter((on) => on === false)).toHaveLength(1)

    await page.reload()
    await page.getByTestId('notification-preferences').waitFor()
    expect(await page.getByTestId('email-rejected').isChecked()).toBe(false)
    expect(await page.getByTestId('email-taskAssigned').isChecked()).toBe(true)
    expect(await page.getByTestId('email-language-en').isChecked()).toBe(true)
    await context.close()
  })
})
