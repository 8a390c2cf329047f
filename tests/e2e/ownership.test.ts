// Setting an artwork's owners on its page: an administrator picks two legal entities with shares that do not
// add up to 100 and is told so at the form, nothing stored; corrected to 60 and 40 the owners are saved and
// shown, in English; the archive lists the work's pledge as a badge.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { choose } from './archive-steps'
import { launchBrowser, type RunningServer, startApp } from './harness'
import { apiCall, userPage } from './process-driver'

let app: RunningServer
let browser: Browser

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('owners on the artwork page', () => {
  it('refuses shares that do not add up to 100, then saves 60 and 40', async () => {
    const admin = await userPage(browser, app.baseUrl, 'admin', 'en')
    const page = admin.page
    const entity = (nameEn: string, nameZh: string, kind: string, jurisdiction: string) =>
      apiCall<{ id: string }>(page, 'POST', 'entities', { nameZh, nameEn, kind, jurisdiction })
    await entity('Lotus Holdings Ltd', '莲花控股有限公司', 'company', 'HK')
    await entity('Lotus Family Trust', '莲花家族信托', 'trust', 'VG')
    const list = await apiCall<{ list: { id: string }[] }>(
      page,
      'GET',
      'artworks?pageSize=1&status=in_collection',
    )
    const artworkId = list.list[0].id

    const before = await apiCall<{ history: unknown[] }>(page, 'GET', `artworks/${artworkId}/ownership`)
    await page.goto(`/artworkArchive/detail?id=${artworkId}&tab=ownership`)
    const form = page.getByTestId('ownership-form')
    await choose(page, '[data-testid="owner-entity-0"]', 'Lotus Holdings Ltd')
    await form.getByTestId('owner-share-0').fill('60')
    await form.getByTestId('owner-add').click()
    await choose(page, '[data-testid="owner-entity-1"]', 'Lotus Family Trust')
    await form.getByTestId('owner-share-1').fill('30')
    await expect.poll(() => form.getByTestId('owner-total').textContent()).toBe('Total: 90.00 %')
    await form.getByTestId('submit').click()
    await expect
      .poll(() => form.getByTestId('owners-error').textContent())
      .toBe('The shares add up to 90.00 %, not 100.00 %')

    const unchanged = await apiCall<{ history: unknown[] }>(page, 'GET', `artworks/${artworkId}/ownership`)
    expect(unchanged.history).toEqual(before.history)
    await form.getByTestId('owner-share-1').fill('40')
    await form.getByTestId('submit').click()
    const owners = page.getByTestId('current-owners')
    await expect.poll(() => owners.textContent()).toContain('Lotus Holdings Ltd · 60.00 %')
    expect(await owners.textContent()).toContain('Lotus Family Trust · 40.00 %')
    const after = await apiCall<{ current: { sharePercent: string }[] }>(
      page,
      'GET',
      `artworks/${artworkId}/ownership`,
    )
    expect(after.current.map((o) => o.sharePercent).sort()).toEqual(['40.00', '60.00'])

    await apiCall(page, 'POST', `artworks/${artworkId}/pledges`, {
      lender: 'Bank of East Asia',
      from: '2020-01-01',
    })
    await page.reload()
    await expect
      .poll(() => page.getByTestId('pledged-badge').first().textContent())
      .toBe('Pledged to Bank of East Asia')
    await admin.context.close()
  })
})
