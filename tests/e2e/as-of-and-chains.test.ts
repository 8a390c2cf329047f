// Journey of the records one can trust afterwards, in Chinese then English: the system log shows the head of
// each hash chain (its name in words, its entries, its last fingerprint as the API records it) and, once the
// chains are verified, that each is intact; the data centre's "as of a date" tab reads the collection on the
// day typed (the day kept in the address, the figures those of the API for that day); a policy's schedule of
// cover read as of a day says which day, and its figures are the API's for it.
import { describe, expect, it } from 'vitest'
import { CHAIN_LABELS } from '../../src/shared/audit'
import type { ChainHead } from '../../src/shared/contracts/audit'
import { todayIn } from '../../src/shared/office-time'
import { apiToken, apiWithToken } from './api-calls'
import { appPerFile, navigateInApp, newPage, settled, shot, signIn } from './harness'

const run = appPerFile()
const OFFICE_ZONE = 'Asia/Shanghai'
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '')

/** The day `n` days before `day` (yyyy-MM-dd). */
function daysBefore(day: string, n: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)
}

describe('chain heads and the collection and a schedule as of a day', () => {
  it('shows the chains verified, and reads the collection and a schedule on the day picked', async () => {
    const token = await apiToken(run.app.baseUrl, 'admin')
    const get = <T>(p: string) => apiWithToken<T>(run.app.baseUrl, token, 'GET', p)
    const verified = await get<{ ok: boolean }>('audit/verify')
    expect(verified.ok).toBe(true)

    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')

    // The system log: one row per chain, its words, entries and fingerprint as recorded, intact.
    await navigateInApp(page, '/systemLog/home')
    await page.getByTestId('chain-heads').waitFor()
    const heads = await get<{ chains: ChainHead[] }>('audit/heads')
    expect(heads.chains.map((c) => c.name).sort()).toEqual(Object.keys(CHAIN_LABELS).sort())
    for (const head of heads.chains) {
      const row = page.getByTestId(`chain-head-${head.name}`)
      await row.waitFor()
      const text = (await row.textContent()) ?? ''
      expect(text).toContain(CHAIN_LABELS[head.name]['zh-CN'])
      const shown = (await row.locator('[data-raw]').textContent()) ?? ''
      expect(shown).toMatch(/^[0-9a-f]{64}$/)
      expect(text).toContain('完好')
      const entries = Number(digits(await row.locator('td').nth(1).textContent()))
      // The histories stand still while the screen is read: their fingerprint and count are the API's. The
      // system log grows with every request (this one's too), so its head moves on.
      if (head.name === 'system_logs') expect(entries).toBeGreaterThan(0)
      else {
        expect(shown).toBe(head.head)
        expect(entries).toBe(head.rows)
      }
    }
    await shot(page, 'chain-heads-zh')

    // The data centre as of a day: typed, kept in the address, the API's figures for that day.
    const today = todayIn(OFFICE_ZONE)
    const day = daysBefore(today, 30)
    await navigateInApp(page, '/art-data-center?tab=asOf')
    const picker = page.getByTestId('collection-as-of-date')
    await picker.waitFor()
    await picker.fill(day)
    await picker.blur()
    await expect.poll(() => new URL(page.url()).searchParams.get('asOf')).toBe(day)
    const collection = await get<{ count: number; valued: number; byRoom: unknown[] }>(
      `collection/as-of?at=${day}`,
    )
    const figures = page.getByTestId('collection-as-of')
    await figures.waitFor()
    await expect
      .poll(async () => digits(await figures.locator('.mantine-Card-root').nth(0).textContent()))
      .toBe(String(collection.count))
    expect(digits(await figures.locator('.mantine-Card-root').nth(1).textContent())).toBe(
      String(collection.valued),
    )
    expect(await figures.locator('table').nth(1).locator('tbody tr').count()).toBe(collection.byRoom.length)
    await settled(page)
    await shot(page, 'collection-as-of-zh')
    // A day before anything was in the archive: nothing held.
    await picker.fill('2000-01-03')
    await picker.blur()
    await expect.poll(() => new URL(page.url()).searchParams.get('asOf')).toBe('2000-01-03')
    await expect
      .poll(async () => digits(await figures.locator('.mantine-Card-root').nth(0).textContent()))
      .toBe('0')

    // A policy's schedule of cover as of a day within its term.
    const policies = await get<{ list: { id: string; startDate: string }[] }>(
      'insurance/policies?show=active',
    )
    const policy = policies.list.find((p) => p.startDate <= today)
    if (!policy) throw new Error('the demo office has no active policy begun by today')
    // Yesterday, or the policy's first day if it began today.
    const at = [policy.startDate, daysBefore(today, 1)].sort()[1]
    await navigateInApp(page, `/devOpsManage/historyInsurance?id=${policy.id}`)
    await page.getByTestId('open-schedule').click()
    await page.getByTestId('policy-schedule').waitFor()
    expect(await page.getByTestId('schedule-as-of-note').count()).toBe(0)
    const schedulePicker = page.getByTestId('schedule-as-of')
    await schedulePicker.fill(at)
    await schedulePicker.blur()
    const note = page.getByTestId('schedule-as-of-note')
    await note.waitFor()
    const [y, m, d] = at.split('-').map(Number)
    await expect.poll(() => note.textContent()).toContain(`${y}年${m}月${d}日`)
    const schedule = await get<{
      policy: { insuredAmount: string | null }
      scheduleTotal: string | null
      asOf: string
      lines: unknown[]
    }>(`insurance/policies/${policy.id}/schedule?at=${at}`)
    expect(schedule.asOf).toBe(at)
    if (schedule.scheduleTotal)
      expect(digits(await page.getByTestId('schedule-total').textContent())).toBe(
        digits(schedule.scheduleTotal),
      )
    await shot(page, 'schedule-as-of-zh')
    await context.close()

    // In English: the chain names and the note's words change.
    const en = await newPage(run.browser, run.app.baseUrl)
    await en.page.addInitScript(() => localStorage.setItem('vitrine.language', 'en'))
    await signIn(en.page, 'admin')
    await navigateInApp(en.page, '/systemLog/home')
    const row = en.page.getByTestId('chain-head-artwork_history')
    await row.waitFor()
    await expect.poll(() => row.textContent()).toContain(CHAIN_LABELS.artwork_history.en)
    expect(await row.textContent()).toContain('Intact')
    await navigateInApp(en.page, `/art-data-center?tab=asOf&asOf=${day}`)
    await en.page.getByTestId('collection-as-of').waitFor()
    await expect
      .poll(() => en.page.getByTestId('collection-as-of').textContent())
      .toContain('Artworks in the archive')
    await en.context.close()
  }, 180_000)
})
