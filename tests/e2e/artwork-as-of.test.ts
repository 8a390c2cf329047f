// Journey: on an artwork's page, the "as of a date" tab. The registrar picks today in the calendar (no day
// after it is offered) and reads the day's status, place, value and cover, the record unchanged since; then
// types a day before the archive held the artwork and is told so — in Chinese, then in English.
import { describe, expect, it } from 'vitest'
import { ARTWORK_STATUS_LABELS } from '../../src/shared/contracts/artworks'
import { todayIn } from '../../src/shared/office-time'
import { apiToken, apiWithToken } from './api-calls'
import { appPerFile, newPage, shot, signIn } from './harness'

const run = appPerFile()
const OFFICE_ZONE = 'Asia/Shanghai'

describe('an artwork as of a date', () => {
  it('shows the day picked in the calendar, and a day before the archive held it', async () => {
    const token = await apiToken(run.app.baseUrl, 'admin')
    const list = await apiWithToken<{ list: { id: string; status: keyof typeof ARTWORK_STATUS_LABELS }[] }>(
      run.app.baseUrl,
      token,
      'GET',
      'artworks?pageSize=1&status=in_collection',
    )
    const artwork = list.list[0]
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto(`/artworkArchive/detail?id=${artwork.id}&tab=asOf`)
    const picker = page.getByTestId('as-of-date')
    await picker.waitFor()
    await picker.click()
    const today = todayIn(OFFICE_ZONE)
    const day = page.getByLabel(today, { exact: true })
    await day.waitFor()
    expect(await day.getAttribute('data-disabled')).toBeNull()
    await day.click()
    const facts = page.getByTestId('as-of-facts')
    await facts.waitFor()
    await expect.poll(() => facts.textContent()).toContain(ARTWORK_STATUS_LABELS.in_collection['zh-CN'])
    await expect.poll(() => page.getByTestId('as-of-unchanged').textContent()).toBe('自该日起档案没有变更。')
    await shot(page, 'artwork-as-of-today-zh')

    // A day long before: the record was not in the archive yet.
    await picker.fill('2020-01-01')
    await picker.blur()
    await expect.poll(() => page.getByTestId('as-of-not-yet').textContent()).toContain('该艺术品尚未登记入档')
    await context.close()

    // In English.
    const en = await newPage(run.browser, run.app.baseUrl)
    await en.page.addInitScript(() => localStorage.setItem('vitrine.language', 'en'))
    await signIn(en.page, 'admin')
    await en.page.goto(`/artworkArchive/detail?id=${artwork.id}&tab=asOf`)
    const enPicker = en.page.getByTestId('as-of-date')
    await enPicker.waitFor()
    await enPicker.fill(today)
    await enPicker.blur()
    await en.page.getByTestId('as-of-facts').waitFor()
    await expect.poll(() => en.page.getByTestId('as-of-facts').textContent()).toContain('In the collection')
    await en.context.close()
  })
})
