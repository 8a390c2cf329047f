import { describe, expect, it } from 'vitest'
import { overflow } from './fit'
import { appPerFile, navigateInApp, newPage, PHONE, settled, shot, signIn } from './harness'
import { apiCall } from './process-driver'
import { MOBILE_SCREENS } from './routes'

const run = appPerFile()

/** The mobile screens walked in Chinese too: the inbox, a list, a form, an item, the warehouse, values. */
const CHINESE_SAMPLE = [
  '/devOpsManage/index',
  '/devOpsManage/inbox',
  '/devOpsManage/insurance',
  '/devOpsManage/createAnnualInsurance',
  '/devOpsManage/mochaItom/A-0001',
  '/storageRoom/InventoryInformation',
  '/valueManage/index',
]

describe('narrow screens', () => {
  it('show the notice at 991 px and not at 992 px', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl, { width: 991, height: 800 })
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
    const { context, page } = await newPage(run.browser, run.app.baseUrl, PHONE)
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
    const { context, page } = await newPage(run.browser, run.app.baseUrl, { width: 1200, height: 800 })
    await page.goto('/login')
    await page.getByTestId('login-form').waitFor()
    const root = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)
    expect(parseFloat(await root())).toBeCloseTo(1200 / 14.4, 2)
    await page.setViewportSize({ width: 1800, height: 800 })
    await expect.poll(root).toBe('100px')
    expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('16px')
    await context.close()
  })

  it('fit the mobile screens into 390 px: each in English, a sample in Chinese', {
    timeout: 300_000,
  }, async () => {
    const width = 390
    const { context, page } = await newPage(run.browser, run.app.baseUrl, { width, height: 844 })
    await page.addInitScript(() => {
      if (!localStorage.getItem('vitrine.language')) localStorage.setItem('vitrine.language', 'en')
    })
    await signIn(page, 'admin')
    const artworks = await apiCall<{ list: { id: string }[] }>(page, 'GET', 'artworks?pageSize=1')
    const started = await apiCall<{ id: string }>(page, 'POST', 'process', {
      type: 'BUY_ART',
      input: { artworks: [{ titleZh: '窄屏测试', titleEn: 'Narrow test' }] },
    })
    const item = (p: string) =>
      p.includes('mochaItom') ? `/devOpsManage/mochaItom/${artworks.list[0].id}` : p
    const processView = `/devOpsManage/index?process=${started.id}`
    const wide: string[] = []
    // Each screen reached as the app's links reach it (one page load a language).
    const fitIn = async (lang: string, screens: string[]) => {
      for (const address of screens) {
        await navigateInApp(page, address)
        await settled(page)
        const over = await overflow(page, width)
        if (over) wide.push(`${lang} ${address}: ${over}`)
      }
    }
    await fitIn('en', [...MOBILE_SCREENS.map(item), processView])
    // Chinese on a sample of the kinds of screen (a list, cards, a form, an item, the warehouse, a process):
    // its words are narrower than the English ones and wrap anywhere, and the rest of a layout does not
    // change with the language (docs/decisions.md, "Narrow screens: every screen in English").
    await page.evaluate(() => localStorage.setItem('vitrine.language', 'zh-CN'))
    await page.reload()
    await page.getByTestId('side-menu').waitFor({ state: 'attached' })
    await fitIn('zh-CN', [...CHINESE_SAMPLE.map(item), processView])
    await navigateInApp(page, processView)
    await page.getByTestId('step-form').waitFor()
    await shot(page, 'step-form-390')
    expect(wide).toEqual([])
    await context.close()
  })
})
