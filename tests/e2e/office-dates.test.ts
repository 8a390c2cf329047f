// Journey: a registrar registers an artwork with its place in the room ("A区3号架"), sees that place on the
// detail, on its location tab and in the room's contents, changes it with the edit form and sees the change
// everywhere. Then, in a browser whose clock is in UTC at an hour when Shanghai is already on the next day,
// the artwork's "where was it on" picker offers the office's today (not the browser's) and answers for it,
// the time named in the office's zone.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dayStartIn, todayIn } from '../../src/shared/office-time'
import { apiToken, apiWithToken } from './api-calls'
import { artworkJpeg, choose, fileInput, uploadsSettled } from './archive-steps'
import { appPerFile, DESKTOP, newPage, settled, shot, signIn } from './harness'

const run = appPerFile()

const OFFICE_ZONE = 'Asia/Shanghai'
const INVENTORY = `E2E-POS-${Date.now().toString(36).toUpperCase()}`
const ROOM = '上海外高桥自贸区保税库'
let artworkId = ''

async function roomId(): Promise<string> {
  const token = await apiToken(run.app.baseUrl, 'admin')
  const rooms = await apiWithToken<{ list: { id: string; nameZh: string }[] }>(
    run.app.baseUrl,
    token,
    'GET',
    `warehouse/rooms?pageSize=200`,
  )
  const room = rooms.list.find((r) => r.nameZh === ROOM)
  if (!room) throw new Error(`no room ${ROOM}`)
  return room.id
}

async function contentsRowText(page: Page, id: string): Promise<string> {
  await page.goto(`/devOpsManage/storehouse/StoreHouse?id=${id}`)
  await settled(page)
  await page.getByTestId('room-contents-search').fill(INVENTORY)
  const row = page.locator('[data-testid="room-contents"] tbody tr', { hasText: INVENTORY })
  await expect.poll(() => page.locator('[data-testid="room-contents"] tbody tr').count()).toBe(1)
  return (await row.textContent()) ?? ''
}

describe('the place in a room', () => {
  it('is entered at registration, shown on the detail and in the room, and changed by editing', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto('/artworkArchive/add')
    await page.getByTestId('artwork-form').waitFor()
    await page.locator('[data-testid="field-inventoryNo"]').fill(INVENTORY)
    await page.locator('[data-testid="field-titleZh"]').fill('架上的静物')
    await page.getByLabel('无签名').check()
    await choose(page, '[data-testid="field-periodTagId"]', '新世纪（2000 年至今）')
    await choose(page, '[data-testid="field-roomId"]', ROOM)
    await page.locator('[data-testid="field-locationText"]').fill('A区3号架')
    await fileInput(page, '[data-testid="multi-upload-image"]').setInputFiles({
      name: 'still-life.jpg',
      mimeType: 'image/jpeg',
      buffer: await artworkJpeg(),
    })
    await page.getByTestId('image-item').waitFor()
    await choose(page, '[data-testid="image-pic-type"]', '正面图')
    await uploadsSettled(page)
    await page.getByTestId('submit').click()
    await page.waitForURL((url) => url.pathname === '/artworkArchive/detail' && url.searchParams.has('id'))
    artworkId = new URL(page.url()).searchParams.get('id') ?? ''

    // The detail's "where": the room and the place in it; the location tab says it too.
    await expect.poll(() => page.getByTestId('hero-where').textContent()).toBe(`${ROOM} · A区3号架`)
    await page.goto(`/artworkArchive/detail?id=${artworkId}&tab=location`)
    await page.getByTestId('current-position').waitFor()
    await expect.poll(() => page.getByTestId('current-location').textContent()).toBe(ROOM)
    expect(await page.getByTestId('current-position').textContent()).toBe('库内位置：A区3号架')

    // The room's contents list it with its place.
    const room = await roomId()
    expect(await contentsRowText(page, room)).toContain('A区3号架')

    // Edited: the room stays, the place changes.
    await page.goto(`/artworkArchive/detail?id=${artworkId}`)
    await page.getByTestId('edit-artwork').click()
    await page.waitForURL((url) => url.pathname === '/artworkArchive/add')
    const position = page.locator('[data-testid="field-position"]')
    await expect.poll(() => position.isDisabled()).toBe(false)
    expect(await position.inputValue()).toBe('A区3号架')
    // The room's name comes with the rooms' list, which may arrive after the record.
    await expect.poll(() => page.locator('[data-testid="field-room-now"]').inputValue()).toBe(ROOM)
    await position.fill('B区1号架')
    await shot(page, 'artwork-edit-position-zh')
    await page.getByTestId('submit').click()
    await page.waitForURL((url) => url.pathname === '/artworkArchive/detail')
    await expect.poll(() => page.getByTestId('hero-where').textContent()).toBe(`${ROOM} · B区1号架`)
    await page.goto(`/artworkArchive/detail?id=${artworkId}&tab=location`)
    await expect.poll(() => page.getByTestId('current-position').textContent()).toBe('库内位置：B区1号架')
    // The location history has the move within the room.
    expect(await page.getByTestId('location-history').textContent()).toContain('A区3号架')
    const row = await contentsRowText(page, room)
    expect(row).toContain('B区1号架')
    expect(row).not.toContain('A区3号架')
    await shot(page, 'room-contents-position-zh')
    await context.close()
  })
})

describe("the office's day in a browser in another zone", () => {
  it("offers the office's today on the location-on-date picker and answers for it", async () => {
    expect(artworkId, 'the artwork of the journey above').not.toBe('')
    // An hour into the office's day (or now, if that is earlier): in UTC it is still the day before.
    const officeToday = todayIn(OFFICE_ZONE)
    const fake = new Date(Math.min(Date.now(), dayStartIn(officeToday, OFFICE_ZONE).getTime() + 3_600_000))
    const context = await run.browser.newContext({
      baseURL: run.app.baseUrl,
      viewport: DESKTOP,
      locale: 'zh-CN',
      timezoneId: 'UTC',
    })
    const page = await context.newPage()
    await page.clock.setFixedTime(fake)
    await signIn(page, 'admin')
    const browserToday = await page.evaluate(() => {
      const d = new Date()
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    })
    expect(browserToday < officeToday, `browser ${browserToday}, office ${officeToday}`).toBe(true)

    await page.goto(`/artworkArchive/detail?id=${artworkId}&tab=location`)
    await page.getByTestId('place-on-date').waitFor()
    await page.getByTestId('place-on-date-input').click()
    const today = page.getByLabel(officeToday, { exact: true })
    await today.waitFor()
    expect(await today.getAttribute('data-disabled')).toBeNull()
    const tomorrow = page.getByLabel(todayIn(OFFICE_ZONE, new Date(fake.getTime() + 86_400_000)), {
      exact: true,
    })
    if ((await tomorrow.count()) > 0) expect(await tomorrow.getAttribute('data-disabled')).not.toBeNull()
    await today.click()
    const answer = page.getByTestId('place-on-date-answer')
    await answer.waitFor()
    await expect.poll(() => answer.textContent()).toContain(`${ROOM} · B区1号架`)
    expect(await answer.textContent()).toContain('（北京时间）')
    await shot(page, 'place-on-date-utc-browser-zh')
    await context.close()
  })
})
