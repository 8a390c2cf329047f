// Journey: a colleague mistypes their password until sign-in locks; the administrator finds them on the
// users screen (in Chinese, the default), sees until when they are locked, lifts the lock with "解锁", and
// the colleague signs in with the right password at once.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, passwordOf, shot, signIn } from './harness'

const run = appPerFile()

/** One sign-in attempt through the API from the page's address; the answer's code. */
async function attempt(page: Page, username: string, password: string): Promise<number> {
  return page.evaluate(
    async ([u, p]) => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: u, password: p }),
      })
      return ((await res.json()) as { code: number }).code
    },
    [username, password] as const,
  )
}

/** The texts of the toasts showing. */
function toasts(page: Page): Promise<string[]> {
  return page.locator('.mantine-Notification-root').allTextContents()
}

describe('lifting a sign-in lock from the users screen', () => {
  it('shows the lock until when, and the administrator’s unlock lets the right password in', async () => {
    const colleague = await newPage(run.browser, run.app.baseUrl)
    await colleague.page.goto('/login')
    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push(await attempt(colleague.page, 'finance', `wrong-password-${i}`))
    // The last attempts are refused as locked, and so is now the right password.
    expect(codes.at(-1)).toBe(429)
    expect(await attempt(colleague.page, 'finance', passwordOf('finance'))).toBe(429)

    const { page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto('/authManage/home?keyword=finance')
    const card = page.locator('[data-testid="user-card"][data-username="finance"]')
    await card.getByTestId('user-locked').waitFor()
    await expect.poll(() => card.getByTestId('user-locked').textContent()).toContain('登录已锁定')
    expect(await card.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    await shot(page, 'users-locked')
    await card.getByTestId('user-unlock').click()
    await card.getByTestId('user-locked').waitFor({ state: 'detached' })
    // The administrator is told it worked, in words naming the colleague.
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringMatching(/可以重新登录了。$/))

    expect(await attempt(colleague.page, 'finance', passwordOf('finance'))).toBe(0)

    // In English, the same for another colleague.
    for (let i = 0; i < 6; i++) await attempt(colleague.page, 'registrar', `wrong-password-${i}`)
    await page.evaluate(() => localStorage.setItem('vitrine.language', 'en'))
    await page.goto('/authManage/home?keyword=registrar')
    const other = page.locator('[data-testid="user-card"][data-username="registrar"]')
    await other.getByTestId('user-unlock').click()
    await other.getByTestId('user-locked').waitFor({ state: 'detached' })
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringMatching(/ may sign in again\.$/))
  })
})
