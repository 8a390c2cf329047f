// Journey: a registrar opens the app, is sent to sign in, signs in, lands where they were headed, walks into
// an area (redirected to its index, breadcrumbs, view scrolled to the top) and signs out.
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, shot, signIn, signInWithForm } from './harness'

/** docs/decisions.md, "The first download is what /login loads": its JavaScript, KB gzip. */
const FIRST_DOWNLOAD_BUDGET_KB = 184

const run = appPerFile()

describe('signing in', () => {
  it('loads at most the budget of JavaScript before sign-in', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    const scripts = new Map<string, number>()
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = await response.body().catch(() => null)
      if (body) scripts.set(response.url(), gzipSync(body).length)
    })
    await page.goto('/login')
    await page.getByTestId('product-name').first().waitFor()
    await page.waitForLoadState('networkidle')
    const kb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024
    expect(scripts.size).toBeGreaterThan(5)
    expect(kb, `${scripts.size} scripts`).toBeLessThanOrEqual(FIRST_DOWNLOAD_BUDGET_KB)
    await context.close()
  })

  it('sends a visitor to /login carrying the path, then back there after signing in', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await page.goto('/devOpsManage/transport?tab=2')
    await page.waitForURL(/\/login\?/)
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/devOpsManage/transport?tab=2')
    await expect(page.getByTestId('product-name').first().textContent()).resolves.toContain(
      'Vitrine 藏品管理',
    )
    await shot(page, 'login-zh')
    await signInWithForm(page, 'registrar')
    await page.waitForURL((url) => url.pathname === '/devOpsManage/transport')
    expect(new URL(page.url()).search).toBe('?tab=2')
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('运输')
    expect(await page.evaluate(() => localStorage.getItem('vitrine.token'))).toBeTruthy()
    await context.close()
  })

  it('shows home with greeting and shortcuts, opens an area at its index and scrolls to the top', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl, { width: 1440, height: 500 })
    await signIn(page, 'registrar')
    await expect(page.getByTestId('greeting').textContent()).resolves.toMatch(/好，/)
    expect(await page.locator('[data-shortcut="addArtwork"]').count()).toBe(1)
    expect(await page.locator('[data-shortcut="roles"]').count()).toBe(0)
    await shot(page, 'home-registrar-zh')

    await page.goto('/artworkArchive')
    await page.waitForURL((url) => url.pathname === '/artworkArchive/index')
    const crumbs = await page.getByTestId('breadcrumbs').textContent()
    expect((crumbs ?? '').replace(/\s+/g, '')).toBe('首页›艺术品档案›档案列表')

    // Scroll the page down, navigate in the app, and the new screen starts at the top.
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px'
      window.scrollTo(0, 1200)
    })
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await page.locator('[data-menu-key="artworkArchive/artSummary"]').click()
    await page.waitForURL((url) => url.pathname === '/artworkArchive/artSummary')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await context.close()
  })

  it('signs out: the token is gone and the app is back at /login', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'viewer')
    await page.getByTestId('user-menu').click()
    await page.getByTestId('sign-out').click()
    await page.waitForURL((url) => url.pathname === '/login')
    expect(await page.evaluate(() => localStorage.getItem('vitrine.token'))).toBeNull()
    await page.goto('/')
    await page.waitForURL(/\/login/)
    await context.close()
  })
})
