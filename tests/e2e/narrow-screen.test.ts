// Journey: at 991 px wide or less a notice says the page is best viewed on a computer; wider, it does not.
// On a 375 px phone the home page stays usable: the side menu folds behind a burger, nothing overflows.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, PHONE, type RunningServer, shot, signIn, startApp } from './harness'

let app: RunningServer
let browser: Browser

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('narrow screens', () => {
  it('show the notice at 991 px and not at 992 px', async () => {
    const { context, page } = await newPage(browser, app.baseUrl, { width: 991, height: 800 })
    await page.goto('/login')
    await page.getByTestId('narrow-screen-notice').waitFor()
    expect(await page.getByTestId('narrow-screen-notice').textContent()).toContain(
      '为获得最佳体验，请在电脑上访问本页面',
    )
    await page.setViewportSize({ width: 992, height: 800 })
    await expect.poll(() => page.getByTestId('narrow-screen-notice').count()).toBe(0)
    await context.close()
  })

  it('keep the home page usable on a 375 px phone', async () => {
    const { context, page } = await newPage(browser, app.baseUrl, PHONE)
    await page.goto('/login')
    await page.getByTestId('narrow-screen-notice').waitFor()
    await shot(page, 'login-phone')
    await signIn(page, 'registrar')
    await page.getByTestId('greeting').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    // Root font: the mobile ratio (width / 7.5) and Mantine scaled back to its own sizes.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('50px')
    const bodySize = await page.evaluate(() => getComputedStyle(document.body).fontSize)
    expect(bodySize).toBe('16px')
    await shot(page, 'home-phone')
    await page.getByRole('button', { name: '菜单' }).click()
    await page.locator('[data-menu-key="artworkArchive"]').click()
    await page.locator('[data-menu-key="artworkArchive/index"]').click()
    await page.waitForURL((url) => url.pathname === '/artworkArchive/index')
    await page.getByTestId('page-title').waitFor()
    await context.close()
  })

  it('scale the root font with the window on a desktop and stop at 100 px', async () => {
    const { context, page } = await newPage(browser, app.baseUrl, { width: 1200, height: 800 })
    await page.goto('/login')
    await page.getByTestId('login-form').waitFor()
    const root = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)
    expect(parseFloat(await root())).toBeCloseTo(1200 / 14.4, 2)
    await page.setViewportSize({ width: 1800, height: 800 })
    await expect.poll(root).toBe('100px')
    expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('16px')
    await context.close()
  })
})
