// Journey: a user changes their own password from the user menu. A wrong current password, a commonly
// used new one and a repeat that differs are each refused at their field; a good one is accepted, this
// session stays signed in, the user's other session is signed out, and the new password signs in.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, passwordOf, shot, signIn, signInWithForm } from './harness'

const run = appPerFile()

/** The error shown under a field of the form (empty when none). */
async function fieldError(page: Page, testId: string): Promise<string> {
  const wrapper = page.locator('.mantine-InputWrapper-root', { has: page.getByTestId(testId) })
  const error = wrapper.locator('.mantine-InputWrapper-error')
  return (await error.count()) > 0 ? ((await error.first().textContent()) ?? '') : ''
}

async function fill(page: Page, current: string, next: string, repeat = next) {
  await page.getByTestId('password-current').fill(current)
  await page.getByTestId('password-new').fill(next)
  await page.getByTestId('password-confirm').fill(repeat)
  await page.getByTestId('password-submit').click()
}

describe('changing one’s own password', () => {
  it('refuses at each field what the policy refuses, then changes it and ends the other session', async () => {
    const other = await newPage(run.browser, run.app.baseUrl)
    await signIn(other.page, 'viewer')
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'viewer')
    await page.getByTestId('user-menu').click()
    await page.getByTestId('change-password-link').click()
    await page.waitForURL((url) => url.pathname === '/password')
    await page.getByTestId('password-form').waitFor()

    const good = 'Velvet-harbour-2026'
    await fill(page, 'not-my-password-9', good)
    await expect.poll(() => fieldError(page, 'password-current')).not.toBe('')

    await fill(page, passwordOf('viewer'), 'Password123')
    await expect.poll(() => fieldError(page, 'password-new')).not.toBe('')

    await fill(page, passwordOf('viewer'), good, `${good}x`)
    await expect.poll(() => fieldError(page, 'password-confirm')).not.toBe('')
    await shot(page, 'password-refused-zh')

    await fill(page, passwordOf('viewer'), good)
    await page.getByTestId('password-changed').waitFor()
    expect(await page.getByTestId('password-changed').textContent()).toMatch(/1/)
    // Said once: the alert, no toast repeating it.
    expect(await page.locator('.mantine-Notification-root', { hasText: '密码已修改' }).count()).toBe(0)
    // This session stays signed in.
    await page.reload()
    await page.getByTestId('user-menu').waitFor()
    expect(new URL(page.url()).pathname).toBe('/password')

    // The other session was signed out: its next screen asks to sign in again.
    await other.page.goto('/')
    await other.page.waitForURL((url) => url.pathname === '/login')
    await signInWithForm(other.page, 'viewer', good)
    expect(new URL(other.page.url()).pathname).toBe('/')
    await other.context.close()
    await context.close()
  })
})
