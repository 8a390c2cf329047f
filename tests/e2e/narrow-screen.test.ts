// Journey: at 991 px wide or less a notice says the page is best viewed on a computer; wider, it does not.
// On a 375 px phone the home page stays usable: the side menu folds behind a burger, nothing overflows.
// At 390 px every screen the spec treats as usable on mobile (devOpsManage's, insurance, transport,
// warehouse, value management), and a process with its step form open, fit the width: no sideways scroll,
// neither of the page nor of a part of it (tables fold into cards).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, PHONE, settled, shot, signIn } from './harness'
import { apiCall } from './process-driver'
import { MOBILE_SCREENS } from './routes'

const run = appPerFile()

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

  it('fit the mobile screens into 390 px, in both languages', { timeout: 300_000 }, async () => {
    const width = 390
    const { context, page } = await newPage(run.browser, run.app.baseUrl, { width, height: 844 })
    await signIn(page, 'admin')
    const artworks = await apiCall<{ list: { id: string }[] }>(page, 'GET', 'artworks?pageSize=1')
    const started = await apiCall<{ id: string }>(page, 'POST', 'process', {
      type: 'BUY_ART',
      input: { artworks: [{ titleZh: '窄屏测试', titleEn: 'Narrow test' }] },
    })
    const screens = [
      ...MOBILE_SCREENS.map((p) =>
        p.includes('mochaItom') ? `/devOpsManage/mochaItom/${artworks.list[0].id}` : p,
      ),
      `/devOpsManage/index?process=${started.id}`,
    ]
    const wide: string[] = []
    for (const lang of ['zh-CN', 'en'] as const) {
      await page.evaluate((l) => localStorage.setItem('vitrine.language', l), lang)
      for (const path of screens) {
        await page.goto(path)
        await page.locator('main [data-testid="breadcrumbs"]').waitFor()
        await settled(page)
        const over = await overflow(page, width)
        if (over) wide.push(`${lang} ${path}: ${over}`)
      }
    }
    await page.goto(`/devOpsManage/index?process=${started.id}`)
    await page.getByTestId('step-form').waitFor()
    await shot(page, 'step-form-390')
    expect(wide).toEqual([])
    await context.close()
  })
})

/**
 * What does not fit a window `width` wide: the page wider than the window (and the first element of the
 * screen that sticks out), or a part of the screen that scrolls sideways inside it (a table that should
 * have folded into cards). Empty when everything fits.
 */
async function overflow(page: Page, width: number): Promise<string> {
  return page.evaluate((w) => {
    const name = (el: HTMLElement) => {
      const id = el.getAttribute('data-testid') ?? el.className.toString().split(' ').slice(0, 2).join('.')
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}`
    }
    const problems: string[] = []
    const scroll = document.documentElement.scrollWidth
    if (scroll > w) {
      const culprit = [...document.querySelectorAll<HTMLElement>('main *')].find(
        (el) => el.getBoundingClientRect().right > w + 1,
      )
      problems.push(
        `page ${scroll} px wide${culprit ? `; ${name(culprit)} ends at ${Math.round(culprit.getBoundingClientRect().right)}` : ''}`,
      )
    }
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const { overflowX } = getComputedStyle(el)
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${name(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth})`)
    }
    return problems.join('; ')
  }, width)
}
