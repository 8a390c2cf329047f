// Journey: a user sees only the menus their privileges cover. The viewer has no roles-and-privileges menu
// and, typing its address, gets "no access" instead of the screen; the administrator sees it.
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, shot, signIn } from './harness'

const run = appPerFile()

/** Every entry of the side menu, its groups opened first (a closed group's screens are not in the page). */
async function menuKeys(page: import('playwright-core').Page): Promise<(string | null)[]> {
  const menu = page.getByTestId('side-menu')
  await menu.locator('[data-menu-key]').first().waitFor()
  const closed = menu.locator('button[data-menu-key]:not([data-expanded])')
  while ((await closed.count()) > 0) {
    await closed.first().click()
  }
  return menu.locator('[data-menu-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-key')))
}

describe('menu by privilege', () => {
  it('hides authManage from the viewer and refuses its screen', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'viewer')
    const keys = await menuKeys(page)
    expect(keys).toContain('artworkArchive')
    expect(keys).not.toContain('authManage')
    expect(keys).not.toContain('financeManage')
    expect(keys).not.toContain('artworkArchive/add')
    // Each operations screen carries its own privilege: stocktakes are looked at, batch stock-in is started.
    expect(keys).toContain('storageRoom/InventoryInformation')
    expect(keys).toContain('devOpsManage/payoutInsurance')
    expect(keys).not.toContain('storageRoom/batcheEnterInventory')
    await page.goto('/authManage/roleManage')
    await page.getByTestId('forbidden-screen').waitFor()
    expect(await page.getByTestId('forbidden-screen').textContent()).toContain('您无权访问此页面')
    await page.goto('/artworkArchive/add')
    await page.getByTestId('forbidden-screen').waitFor()
    await page.goto('/test')
    await page.getByTestId('forbidden-screen').waitFor()
    await context.close()
  })

  it('shows authManage and the diagnostics to the administrator', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    const keys = await menuKeys(page)
    expect(keys).toContain('authManage')
    expect(keys).toContain('systemLog')
    expect(keys).toContain('storageRoom/batcheEnterInventory')
    await page.goto('/authManage')
    await page.waitForURL((url) => url.pathname === '/authManage/home')
    await page.getByTestId('user-list').waitFor()
    await page.goto('/test')
    await page.getByTestId('server-version').waitFor()
    expect(await page.getByTestId('database-mode').textContent()).toBe('embedded')
    expect(await page.getByTestId('devtools-blocking').textContent()).toBe('已屏蔽')
    await expect.poll(() => page.getByTestId('round-trip').textContent()).toMatch(/\d+ ms/)
    await shot(page, 'diagnostics-zh')
    await context.close()
  })
})
