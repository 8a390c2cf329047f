// Looking back in a process (in English): the stepper shows the process as it was after an earlier event —
// the earlier state highlighted in the diagram, read-only, with a way back to now; and the business calendar's
// administration screen lists the seeded days, adds the office's own day and removes it.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { mermaidId } from '../../src/web/areas/flows/mermaid-text'
import { sampleInput, sampleStepData } from '../model/samples'
import { launchBrowser, type RunningServer, shot, startApp } from './harness'
import { act, apiCall, openProcess, sampleFiles, type UserPage, userPage } from './process-driver'

let app: RunningServer
let browser: Browser
let registrar: UserPage
let admin: UserPage
let files: { pdf: string }

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  registrar = await userPage(browser, app.baseUrl, 'registrar', 'en')
  admin = await userPage(browser, app.baseUrl, 'admin', 'en')
  files = await sampleFiles()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('looking back in a process', () => {
  it('steps back to an earlier event and sees its step highlighted, then returns to now', async () => {
    const page = registrar.page
    const p = await apiCall<ProcessView>(page, 'POST', 'process', {
      type: 'BUY_ART',
      input: sampleInput('BUY_ART'),
    })
    await openProcess(page, p.id)
    await act({ page, files }, { type: 'SUBMIT', payload: sampleStepData('BUY_ART').dueDiligence[0] })
    await page.locator('[data-tab="diagram"]').click()
    const current = page.locator('[data-testid="machine-diagram"] svg g.current')
    await expect
      .poll(async () => (await current.getAttribute('id')) ?? '')
      .toContain(mermaidId('dueDiligence.submitted'))

    await page.getByTestId('history-back').click()
    await expect.poll(() => page.getByTestId('process-moment').getAttribute('data-as-of')).toBe('1')
    expect(await page.getByTestId('history-as-of').textContent()).toContain('As after event 1 of 2')
    await expect
      .poll(async () => (await current.getAttribute('id')) ?? '')
      .toContain(mermaidId('dueDiligence.draft'))
    // Read-only: nothing to send in the past.
    expect(await page.locator('[data-event]').count()).toBe(0)
    await shot(page, 'process-look-back-en')

    await page.getByTestId('history-now').click()
    await expect.poll(() => page.getByTestId('process-moment').getAttribute('data-as-of')).toBe('now')
    await expect
      .poll(async () => (await current.getAttribute('id')) ?? '')
      .toContain(mermaidId('dueDiligence.submitted'))
    expect(await page.getByTestId('history-as-of').count()).toBe(0)
  })
})

describe('the business calendar', () => {
  it('lists the seeded days, adds a closure of the office and removes it', async () => {
    const page = admin.page
    await page.goto('/authManage/calendar')
    await page.getByTestId('calendar-days').waitFor()
    expect(
      await page.locator('[data-testid="calendar-day-row"][data-day="2026-02-14"]').getAttribute('data-kind'),
    ).toBe('workday')
    expect(
      await page.locator('[data-testid="calendar-day-row"][data-day="2026-02-15"]').textContent(),
    ).toContain('Spring Festival')
    await page.getByTestId('calendar-day-date').fill('2026.12.30')
    await page.getByTestId('calendar-day-name-en').fill('Year-end stocktake')
    await page.getByTestId('calendar-day-form').getByTestId('submit').click()
    const added = page.locator('[data-testid="calendar-day-row"][data-day="2026-12-30"]')
    await added.waitFor()
    expect(await added.textContent()).toContain('Year-end stocktake')
    expect(await added.getAttribute('data-kind')).toBe('closure')
    await shot(page, 'business-calendar-en')
    await added.getByTestId('calendar-day-remove').click()
    await page.getByTestId('calendar-day-remove-confirm-go').click()
    await added.waitFor({ state: 'detached' })
  })
})
