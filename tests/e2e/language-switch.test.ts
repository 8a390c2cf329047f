// Journey: switching to English re-renders in place (no reload), requests carry accept-language: en, and
// the choice survives a reload; switching back gives Chinese again.
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, shot, signIn } from './harness'

const run = appPerFile()

describe('language switch', () => {
  it('switches without a reload and keeps the choice across a reload', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'approver')
    const menu = page.getByTestId('side-menu')
    expect(await menu.textContent()).toContain('投后运维')
    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => {
      ;(window as unknown as { marker: number }).marker = 42
    })
    const languages: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/')) languages.push(r.headers()['accept-language'] ?? '')
    })
    await page.getByTestId('language-switch').click()
    await page.getByTestId('language-en').click()
    await expect.poll(() => menu.textContent()).toContain('Operations')
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42)
    expect(await page.getByTestId('product-name').first().textContent()).toBe('Vitrine Collection Management')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    expect(await page.evaluate(() => localStorage.getItem('vitrine.language'))).toBe('en')
    await shot(page, 'home-approver-en')

    await page.reload()
    await page.getByTestId('side-menu').waitFor()
    expect(await page.getByTestId('side-menu').textContent()).toContain('Operations')
    expect(await page.getByTestId('greeting').textContent()).toMatch(/^Good (morning|afternoon|evening), /)
    expect(languages.length).toBeGreaterThan(0)
    expect(languages.at(-1)).toBe('en')

    await page.getByTestId('language-switch').click()
    await page.getByTestId('language-zh-CN').click()
    await expect.poll(() => page.getByTestId('side-menu').textContent()).toContain('投后运维')
    expect(await page.evaluate(() => localStorage.getItem('vitrine.language'))).toBe('zh-CN')
    await context.close()
  })

  it('falls back to Chinese when the English catalog cannot be loaded', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await page.addInitScript(() => localStorage.setItem('vitrine.language', 'en'))
    // The English catalog is its own chunk; make every request for it fail.
    await page.route(/\/assets\/messages-.*\.js$/, async (route) => {
      const body = (await (await route.fetch()).text()) ?? ''
      if (body.includes('"Sign in"') || body.includes('Sign in')) await route.abort()
      else await route.continue()
    })
    await page.goto('/login')
    await page.getByTestId('login-form').waitFor()
    expect(await page.locator('h2').first().textContent()).toBe('登录')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN')
    await context.close()
  })
})
