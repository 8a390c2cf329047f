// Journey: a wrong password is refused in place (at the password field, in the language shown); nothing is
// stored and the user stays on /login; then the right password gets in.
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, shot, signInWithForm } from './harness'

const run = appPerFile()

describe('wrong password', () => {
  it('is shown at the password field and signs nobody in', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await page.goto('/login')
    await page.locator('input[name="username"]').fill('finance')
    await page.locator('input[name="password"]').fill('not-the-password-1')
    await page.getByTestId('login-submit').click()
    const error = page.locator('.mantine-InputWrapper-error')
    await error.first().waitFor()
    expect(await error.allInnerTexts()).toEqual(['用户名或密码错误'])
    expect(await page.locator('input[name="password"]').getAttribute('data-invalid')).toBe('true')
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(await page.evaluate(() => localStorage.getItem('vitrine.token'))).toBeNull()
    // The refusal is shown in place, not as a toast as well.
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0)
    await shot(page, 'login-wrong-password')

    // Typing again clears the message; the right password signs in.
    await page.locator('input[name="password"]').fill('x')
    expect(await error.count()).toBe(0)
    await signInWithForm(page, 'finance')
    expect(new URL(page.url()).pathname).toBe('/')
    await context.close()
  })

  it('says what is missing when the form is sent empty, without asking the server', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    let loginCalls = 0
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) loginCalls++
    })
    await page.goto('/login')
    await page.getByTestId('login-submit').click()
    const error = page.locator('.mantine-InputWrapper-error')
    await error.first().waitFor()
    expect(await error.allInnerTexts()).toEqual(['必填', '必填'])
    expect(loginCalls).toBe(0)
    await context.close()
  })
})
