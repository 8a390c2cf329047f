// Journey, in Chinese then English: the administrator creates a room on the warehouses screen (a second room
// with the same code is refused at the code field in the server's words), edits it, opens it (nothing in it
// now), then opens a demo room that holds artworks: its contents now, and on an earlier date (before the
// collection arrived: none); its stocktakes tab starts a stocktake with the room filled in and links to every
// stocktake. Both screens fit 390 px without sideways scrolling; after switching to English the room screen
// speaks English.
import { describe, expect, it } from 'vitest'
import { apiToken, apiWithToken } from './api-calls'
import { appPerFile, axeProblems, newPage, settled, shot, signIn } from './harness'

const run = appPerFile()

async function busiestRoom(baseUrl: string): Promise<{ id: string; artworkCount: number; code: string }> {
  const token = await apiToken(baseUrl, 'admin')
  const { list: rooms } = await apiWithToken<{ list: { id: string; artworkCount: number; code: string }[] }>(
    baseUrl,
    token,
    'GET',
    'warehouse/rooms?pageSize=200',
  )
  return rooms.reduce((a, b) => (b.artworkCount > a.artworkCount ? b : a))
}

describe('rooms: create, edit, open, contents now and on a date', () => {
  it('runs the journey in both languages, and fits a phone', async () => {
    const { page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto('/devOpsManage/storeHouse')
    await settled(page)
    const code = `E2E-${Date.now() % 1_000_000}`

    expect(await axeProblems(page, 'rooms list', 'main')).toEqual([])

    // Create.
    const fill = async (field: string, value: string) => page.getByTestId(`room-${field}`).fill(value)
    await page.getByTestId('room-new').click()
    const form = page.getByTestId('room-form')
    await form.waitFor()
    await fill('code', code)
    await fill('nameZh', '测试温控库')
    await fill('nameEn', 'Test climate room')
    await fill('liaison', '王丽')
    await fill('email', 'wang.li@example.com')
    await page.getByTestId('room-country').click()
    await page.getByRole('option').first().click()
    await fill('location', '上海自贸区 3 号楼')
    await page.getByTestId('room-capacity').fill('40')
    await page.getByTestId('room-temperatureMin').fill('18')
    await page.getByTestId('room-temperatureMax').fill('22')
    await form.getByTestId('submit').click()
    await form.waitFor({ state: 'detached' })
    await page.getByTestId('room-search').fill(code)
    const row = page.locator('[data-testid="room-list"] tbody tr').filter({ hasText: code })
    await row.waitFor()
    expect(await row.textContent()).toContain('测试温控库')
    expect(await row.textContent()).toContain('18–22 °C')

    // The same code again: refused at the code field, in words.
    await page.getByTestId('room-new').click()
    await form.waitFor()
    await fill('code', code)
    await fill('nameZh', '重复')
    await fill('nameEn', 'Duplicate')
    await fill('liaison', '李')
    await fill('email', 'li@example.com')
    await page.getByTestId('room-country').click()
    await page.getByRole('option').first().click()
    await fill('location', '别处')
    await form.getByTestId('submit').click()
    await expect.poll(() => form.textContent()).toContain(`已有库房使用编码 ${code}`)
    await shot(page, 'warehouse-room-duplicate')
    await page.keyboard.press('Escape')
    await form.waitFor({ state: 'detached' })

    // Edit.
    await row.getByTestId('room-edit').click()
    await form.waitFor()
    await fill('nameZh', '测试温控库（改）')
    await form.getByTestId('submit').click()
    await form.waitFor({ state: 'detached' })
    await expect.poll(() => row.textContent()).toContain('测试温控库（改）')

    // Disable the empty room after the confirmation, then enable it again.
    await row.getByTestId('room-disable').click()
    expect(await page.getByTestId('room-toggle').textContent()).toContain('表单将不再提供此库房')
    await page.getByTestId('room-toggle-go').click()
    await page.getByTestId('room-toggle').waitFor({ state: 'detached' })
    await row.waitFor({ state: 'detached' }) // the list shows enabled rooms unless asked
    await page.getByTestId('room-show-all').click()
    await row.getByTestId('room-enable').click()
    await page.getByTestId('room-toggle-go').click()
    await page.getByTestId('room-toggle').waitFor({ state: 'detached' })
    await row.getByTestId('room-disable').waitFor()
    await page.getByTestId('room-show-all').click()

    // Open it (its name is a link, which a keyboard and "open in a new tab" reach): nothing in it now.
    expect(await row.getByTestId('room-link').getAttribute('href')).toMatch(/storehouse\/StoreHouse\?id=/)
    await row.getByTestId('room-name').click()
    await page.waitForURL(/storehouse\/StoreHouse\?id=/)
    await settled(page)
    await expect.poll(() => page.getByTestId('room-contents-heading').textContent()).toBe('当前：0 件作品')
    expect(await page.getByTestId('room-climate').textContent()).toBe('18–22 °C')

    // A demo room that holds artworks: its contents now, then at the end of an earlier day.
    const busy = await busiestRoom(run.app.baseUrl)
    expect(busy.artworkCount).toBeGreaterThan(0)
    await page.goto(`/devOpsManage/storehouse/StoreHouse?id=${busy.id}`)
    await settled(page)
    await expect
      .poll(() => page.getByTestId('room-contents-heading').textContent())
      .toBe(`当前：${busy.artworkCount} 件作品`)
    expect(await axeProblems(page, 'room screen', 'main')).toEqual([])
    // Its grab sheet (the works in salvage priority order, for an emergency) downloads as a PDF; its text is
    // checked in tests/api/emergency-sheet.test.ts.
    const [grab] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('grab-sheet-pdf').click(),
    ])
    expect(grab.suggestedFilename()).toMatch(/\.pdf$/)
    expect(await grab.failure()).toBeNull()
    const rows = page.locator('[data-testid="room-contents"] tbody tr')
    expect(await rows.count()).toBe(Math.min(20, busy.artworkCount))
    expect(await page.locator('main').textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    // How each work came in, in true words: one registered in the archive without any process says so
    // (直接登记), never "recorded on purchase".
    const token = await apiToken(run.app.baseUrl, 'admin')
    const contents = await apiWithToken<{
      list: { artwork: { id: string }; kind: string; processId: string | null }[]
    }>(run.app.baseUrl, token, 'GET', `warehouse/rooms/${busy.id}/contents?pageSize=20`)
    const direct = contents.list.find((i) => i.kind === 'created' && i.processId === null)
    expect(direct).toBeDefined()
    const directRow = page.locator(`[data-testid="room-contents"] tbody tr[data-row="${direct?.artwork.id}"]`)
    expect(await directRow.textContent()).toContain('直接登记')
    expect(await page.locator('main').textContent()).not.toContain('购入时登记')
    // Each row opens its artwork: the title is a link to the artwork's page.
    const first = rows.first().getByTestId('room-content-link')
    expect(await first.getAttribute('href')).toMatch(/\/artworkArchive\/detail\?id=/)
    await first.click()
    await page.waitForURL(/\/artworkArchive\/detail\?id=/)
    await page.goBack()
    await page.waitForURL(/storehouse\/StoreHouse\?id=/)
    const date = page.getByTestId('room-contents-date')
    await date.fill('2020-01-01')
    await date.press('Tab')
    await page.waitForURL(/at=2020-01-01/)
    await expect
      .poll(() => page.getByTestId('room-contents-heading').textContent())
      .toMatch(/^2020.*：0 件作品$/)
    await page.getByTestId('room-contents-empty').waitFor()

    // Its stocktakes: the list of every stocktake a link away, and a new one starts with this room filled in.
    await page.getByTestId('room-tab-stocktakes').click()
    await page.getByTestId('stocktake-start').click()
    await page.waitForURL(/start=1/)
    const roomField = page.locator('[data-testid="start-drawer"] input[data-field="roomId"]')
    await expect
      .poll(() => roomField.inputValue())
      .toContain(await page.getByTestId('page-title').textContent())
    await page.keyboard.press('Escape')
    await page.getByTestId('start-drawer').waitFor({ state: 'hidden' })
    await page.getByTestId('stocktakes-link').click()
    await page.waitForURL((url) => url.pathname === '/storageRoom/InventoryInformation')

    // At 390 px: neither screen scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/devOpsManage/storehouse/StoreHouse?id=${busy.id}`)
    await settled(page)
    await page.getByTestId('room-contents-cards').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shot(page, 'warehouse-room-phone')
    await page.goto('/devOpsManage/storeHouse')
    await settled(page)
    await page.getByTestId('room-list-cards').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shot(page, 'warehouse-rooms-phone')

    // In English.
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`/devOpsManage/storehouse/StoreHouse?id=${busy.id}`)
    await settled(page)
    await page.getByTestId('language-switch').click()
    await page.getByTestId('language-en').click()
    await expect
      .poll(() => page.getByTestId('room-contents-heading').textContent())
      .toBe(`Now: ${busy.artworkCount} artworks`)
    expect(await directRow.textContent()).toContain('Registered directly')
    await page.getByTestId('room-tab-movements').click()
    await page.getByTestId('room-movements-direction').waitFor()
    expect(await page.locator('main').textContent()).toContain('Moved in')
  }, 60_000)
})
