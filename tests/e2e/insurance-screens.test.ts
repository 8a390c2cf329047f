// Journey: the insurance office on the demo collection — the policy register and its segments (the counts
// and rows the API gives), one policy's screen (facts, schedule, document, renewal chain), the covered and
// to-be-insured artworks, an annual insurance started from two to-be-insured artworks chosen on the list
// (the start screen shows them chosen, the process starts with them), the claims, and every main screen at
// 390 px without sideways scrolling, in Chinese and once in English.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { overflow } from './fit'
import { appPerFile, newPage, settled, signIn } from './harness'

const t = appPerFile()
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/** A GET of the API as the signed-in user (the page's own token). */
async function api<T = any>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, {
      headers: { 'x-auth-token': localStorage.getItem('vitrine.token') ?? '', 'accept-language': 'en' },
    })
    return (await res.json()).data
  }, path)
}

/** Rows of a list as the desk shows them (its table), or its empty state. */
async function rowsOf(page: Page, testId: string): Promise<number> {
  await page.locator(`[data-testid="${testId}"], [data-testid="${testId}-empty"]`).first().waitFor()
  return page.locator(`[data-testid="${testId}"] [data-row]`).count()
}

describe('insurance screens', () => {
  it('register, one policy, artworks, an insurance started from chosen artworks, claims; all fit a phone', async () => {
    const { context, page } = await newPage(t.browser, t.app.baseUrl)
    await signIn(page, 'admin')

    // The register: the active policies, soonest ending first, with the segments' counts.
    await page.goto('/devOpsManage/insurance')
    await settled(page)
    const active = await api(page, '/api/insurance/policies?show=active')
    expect(active.total).toBeGreaterThan(0)
    expect(await rowsOf(page, 'policy-list')).toBe(Math.min(20, active.total))
    await expect
      .poll(() => page.locator('[data-testid="policy-list"] [data-testid="policy-no"]').first().textContent())
      .toBe(active.list[0].policyNo)
    // A renewal under way shows on its policy's row (the demo renews both annual policies).
    expect(await page.locator('[data-testid="policy-list"] [data-testid="renewal-under-way"]').count()).toBe(
      active.list.filter((p: any) => p.renewal).length,
    )
    // An artwork's insurance tab shows its own value on the schedule, the policy's total labelled as such.
    const scheduled = await api(page, `/api/insurance/policies/${active.list[0].id}?pageSize=50`)
    const entry = scheduled.artworks.find((a: any) => a.insuredAmount && !a.removedOn)
    expect(entry).toBeDefined()
    await page.goto(`/artworkArchive/detail?id=${entry.artwork.id}&tab=insurance`)
    await settled(page)
    const ownValue = page
      .locator('[data-testid="artwork-insurance"] tr')
      .filter({ hasText: scheduled.policyNo })
      .getByTestId('artwork-scheduled-value')
    await ownValue.waitFor()
    const grouped = (amount: string) => {
      const [whole, cents = '00'] = amount.split('.')
      return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`
    }
    expect(await ownValue.textContent()).toBe(`${scheduled.currency} ${grouped(entry.insuredAmount)}`)
    if (entry.insuredAmount !== scheduled.insuredAmount)
      expect(await ownValue.textContent()).not.toContain(grouped(scheduled.insuredAmount))
    expect(await page.locator('[data-testid="artwork-insurance"]').textContent()).toContain('保单总保额')
    await page.goto('/devOpsManage/insurance')
    await settled(page)

    for (const [show, within] of [
      ['expired', ''],
      ['lapsed', ''],
      ['expiring', '90'],
    ] as const) {
      await page.locator(`[data-testid="policy-segments"] [data-tab="${show}"]`).click()
      if (within) await page.getByTestId('within').getByText('90').click()
      await expect
        .poll(() => page.url())
        .toMatch(new RegExp(`show=${show}${within ? '.*within=90|within=90.*show=expiring' : ''}`))
      const expected = await api(page, `/api/insurance/policies?show=${show}&within=${within || '30'}`)
      await expect.poll(() => rowsOf(page, 'policy-list')).toBe(Math.min(20, expected.total))
    }

    // One policy's screen: facts, its artworks, the policy document, the renewals.
    await page.locator('[data-testid="policy-segments"] [data-tab="active"]').click()
    const first = page.locator('[data-testid="policy-list"] [data-row]').first()
    expect(await first.getByTestId('policy-link').getAttribute('href')).toMatch(/historyInsurance\?id=/)
    await first.click()
    await expect.poll(() => page.url()).toMatch(/historyInsurance\?id=/)
    const id = new URL(page.url()).searchParams.get('id')!
    const policy = await api(page, `/api/insurance/policies/${id}`)
    await page.getByTestId('policy-screen').waitFor()
    expect(await page.getByTestId('policy-title').textContent()).toBe(policy.policyNo)
    expect(await rowsOf(page, 'policy-artworks')).toBe(policy.artworks.length)
    if (policy.policyFileId) await page.getByTestId('policy-facts').getByTestId('file-names').waitFor()
    if (policy.chain.length > 1)
      expect(await page.getByTestId('renewal-chain').locator('.mantine-Timeline-item').count()).toBe(
        policy.chain.length,
      )
    // Its schedule of cover opens beside it, a line per artwork, totals against the policy's amount.
    await page.getByTestId('open-schedule').click()
    await page.getByTestId('policy-schedule').waitFor()
    expect(await page.getByTestId('policy-schedule').getAttribute('data-policy-id')).toBe(id)
    await page.getByTestId('schedule-policy-total').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('policy-schedule').waitFor({ state: 'detached' })
    // Every policy, past and present.
    await page.getByTestId('back-to-policies').click()
    const all = await api(page, '/api/insurance/policies?show=all')
    expect(await rowsOf(page, 'policy-history')).toBe(Math.min(20, all.total))

    // Covered artworks with their policy.
    await page.goto('/devOpsManage/insurance?view=covered')
    const covered = await api(page, '/api/insurance/artworks?cover=covered')
    expect(await rowsOf(page, 'covered-list')).toBe(Math.min(20, covered.total))

    // To be insured: two chosen, "Insure selected" opens the annual insurance with them chosen.
    await page.goto('/devOpsManage/insurance?view=toBeInsured')
    const uninsured = await api(page, '/api/insurance/artworks?cover=toBeInsured')
    expect(uninsured.total).toBeGreaterThanOrEqual(2)
    expect(await rowsOf(page, 'uninsured-list')).toBe(Math.min(20, uninsured.total))
    const boxes = page.locator('[data-testid="uninsured-list"] [data-testid="choose-artwork"]')
    const chosen = [
      await boxes.nth(0).getAttribute('data-artwork'),
      await boxes.nth(1).getAttribute('data-artwork'),
    ]
    await boxes.nth(0).check()
    await boxes.nth(1).check()
    await page.getByTestId('insure-selected').click()
    await expect.poll(() => page.url()).toMatch(/createAnnualInsurance/)
    const form = page.getByTestId('start-process')
    await form.waitFor()
    await expect.poll(() => form.locator('.mantine-Pill-root').count()).toBe(2)
    await form.locator('button[type="submit"]').click()
    await expect.poll(() => page.url()).toMatch(/process=/)
    const started = new URL(page.url()).searchParams.get('process')!
    const view = await api(page, `/api/process/${started}`)
    expect(view.type).toBe('INSURANCE_ANNUAL')
    expect(view.artworks.map((a: any) => a.id).sort()).toEqual([...chosen].sort())

    // The claims and their payouts, a link away from the insurance screen.
    await page.goto('/devOpsManage/insurance')
    await page.getByTestId('claims-link').click()
    await page.waitForURL((url) => url.pathname === '/devOpsManage/payoutInsurance')
    const claims = await api(page, '/api/insurance/claims')
    expect(await rowsOf(page, 'claim-list')).toBe(Math.min(20, claims.total))
    if (claims.total > 0)
      expect(await page.locator('[data-testid="claim-list"] [data-stage]').count()).toBe(
        Math.min(20, claims.total),
      )

    // At 390 px: every main screen fits, in Chinese, then in English.
    await page.setViewportSize({ width: 390, height: 844 })
    const screens = [
      '/devOpsManage/insurance',
      '/devOpsManage/insurance?show=expiring&within=90',
      '/devOpsManage/insurance?view=covered',
      '/devOpsManage/insurance?view=toBeInsured',
      '/devOpsManage/insurance?view=renewals&within=90',
      '/devOpsManage/insurance?view=underInsured',
      '/devOpsManage/historyInsurance',
      `/devOpsManage/historyInsurance?id=${id}`,
      '/devOpsManage/payoutInsurance',
      `/devOpsManage/createAnnualInsurance?artworkIds=${chosen.join(',')}`,
      `/devOpsManage/resumeInsurance?policyId=${id}`,
    ]
    const wide: string[] = []
    for (const lang of ['zh-CN', 'en']) {
      if (lang === 'en') await page.evaluate(() => localStorage.setItem('vitrine.language', 'en'))
      for (const url of screens) {
        await page.goto(url)
        await settled(page)
        await page
          .locator('main h1')
          .waitFor({ state: 'attached', timeout: 10_000 })
          .catch(async () => {
            throw new Error(
              `${lang} ${url} shows no title: ${((await page.locator('body').textContent()) ?? '').slice(0, 300)}`,
            )
          })
        const problem = await overflow(page)
        if (problem) wide.push(`${lang} ${url}: ${problem}`)
        // No screen shows an id (the chosen artworks of a start show their names).
        const ids = (await page.locator('main').textContent())?.match(UUID)
        if (ids) wide.push(`${lang} ${url} shows ${ids[0]}`)
      }
      // The words follow the language.
      await page.goto('/devOpsManage/insurance?view=renewals')
      await settled(page)
      expect(await page.locator('[data-testid="insurance-tabs"] [data-tab="renewals"]').textContent()).toBe(
        lang === 'en' ? 'Renewals due' : '待续保',
      )
    }
    expect(wide).toEqual([])
    await context.close()
  }, 120_000)
})
