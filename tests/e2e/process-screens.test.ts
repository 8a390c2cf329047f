// The process screens around the process view, in English: the list of every process with its filters kept
// in the URL (a reload or a shared link shows the same list), the view opened by `?process=`, the diagram
// tab (Mermaid fetched only when it opens, the current state highlighted), the analysts' diagrams with live
// counts, a stale version answered "Operation failed, other ongoing process at the moment" and the view
// reloaded, a double click sending one event, and the inbox telling a registrar what came back.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessStatsView, ProcessView } from '../../src/shared/contracts/process'
import type { InboxCounts } from '../../src/shared/contracts/tasks'
import { mermaidId } from '../../src/web/areas/flows/mermaid-text'
import { sampleInput, sampleStepData } from '../model/samples'
import { launchBrowser, type RunningServer, shot, startApp } from './harness'
import {
  act,
  apiCall,
  choose,
  fillForm,
  openProcess,
  sampleFiles,
  shown,
  type UserPage,
  userPage,
  waitForVersion,
} from './process-driver'

let app: RunningServer
let browser: Browser
let registrar: UserPage
let approver: UserPage
let files: { pdf: string }
const samples = sampleStepData('BUY_ART')
const ids: string[] = []

async function newPurchase(): Promise<ProcessView> {
  const v = await apiCall<ProcessView>(registrar.page, 'POST', 'process', {
    type: 'BUY_ART',
    input: sampleInput('BUY_ART'),
  })
  ids.push(v.id)
  return v
}

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  registrar = await userPage(browser, app.baseUrl, 'registrar', 'en')
  approver = await userPage(browser, app.baseUrl, 'approver', 'en')
  files = await sampleFiles()
  // A few purchases in different states for the list and the counts.
  await newPurchase()
  const submitted = await newPurchase()
  await openProcess(registrar.page, submitted.id)
  await act({ page: registrar.page, files }, { type: 'SUBMIT', payload: samples.dueDiligence[0] })
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('process screens', () => {
  it('keeps the list filters in the URL, opens a process from it and comes back to the same list', async () => {
    const page = registrar.page
    await page.goto('/devOpsManage/index')
    await page.getByTestId('process-list').waitFor()
    await choose(page, page.getByTestId('filter-type'), 'BUY_ART')
    await page.waitForURL((url) => url.searchParams.get('type') === 'BUY_ART')
    await choose(page, page.getByTestId('filter-status'), 'approvalOngoing')
    await page.waitForURL((url) => url.searchParams.get('status') === 'approvalOngoing')
    await page.reload()
    const rows = page.getByTestId('process-list').locator('[data-process-row]')
    // After the reload the list is fetched anew: wait for it, not for a fixed second.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1)
    expect(await rows.first().getAttribute('data-state')).toBe('dueDiligence.submitted')
    expect(await page.getByTestId('filter-type').inputValue()).toBe('Purchase')
    await shot(page, 'process-list-filtered-en')
    await rows.first().click()
    await page.waitForURL((url) => url.searchParams.has('process'))
    expect(new URL(page.url()).searchParams.get('type')).toBe('BUY_ART')
    await page.getByTestId('process-view').waitFor()
    await page.getByTestId('back-to-list').click()
    await page.waitForURL((url) => !url.searchParams.has('process'))
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      type: 'BUY_ART',
      status: 'approvalOngoing',
    })
  })

  it('pages through a long history: the latest rows from the view, older pages from the server', async () => {
    const page = registrar.page
    let v = await newPurchase()
    for (let i = 0; i < 24; i++) {
      v = await apiCall<ProcessView>(page, 'POST', `process/${v.id}/events`, {
        type: 'SAVE',
        expectedVersion: v.version,
        payload: { seller: `Draft ${i}` },
      })
    }
    expect(v.historyTotal).toBe(25)
    await openProcess(page, v.id)
    const tab = page.locator('[data-tab="history"]')
    expect(await tab.textContent()).toContain('(25)')
    await tab.click()
    await page.getByTestId('process-history').waitFor()
    const rows = page.locator('[data-history-event]')
    expect(await rows.count()).toBe(20)
    await page.getByTestId('process-history-pages').getByRole('button', { name: '2' }).click()
    await expect.poll(() => rows.count()).toBe(5)
    expect(await rows.last().getAttribute('data-history-event')).toBe('CREATE')
  })

  it('draws the machine only when the diagram tab opens, with the current state highlighted', async () => {
    const page = registrar.page
    const requests: string[] = []
    page.on('request', (r) => requests.push(r.url()))
    await openProcess(page, ids[1])
    await page.locator('[data-tab="history"]').click()
    await page.getByTestId('process-history').waitFor()
    expect(await page.locator('[data-history-event]').count()).toBe(2)
    await shot(page, 'process-history-en')
    expect(requests.filter((u) => /mermaid/i.test(u))).toEqual([])
    await page.locator('[data-tab="diagram"]').click()
    await page.waitForURL((url) => url.searchParams.get('tab') === 'diagram')
    const current = page.locator('[data-testid="machine-diagram"] svg g.current')
    await current.waitFor()
    expect(await current.getAttribute('id')).toContain(mermaidId('dueDiligence.submitted'))
    expect(await page.locator('[data-testid="machine-diagram"] svg g.current').count()).toBe(1)
    expect(requests.some((u) => /mermaid/i.test(u))).toBe(true)
    await shot(page, 'process-diagram-en')
  })

  it("shows analysts each type's diagram with the live processes per state", async () => {
    const page = registrar.page
    const stats = await apiCall<ProcessStatsView>(page, 'GET', 'process/definitions/BUY_ART/stats')
    await page.goto('/art-data-center?flow=BUY_ART')
    await page.locator('[data-testid="machine-diagram"] svg').waitFor()
    for (const s of stats.states) {
      const cell = page.locator(`[data-flow-state="${s.state}"] [data-count]`)
      expect(await cell.getAttribute('data-count'), s.state).toBe(String(s.count))
    }
    expect(await page.getByTestId('machine-diagram').textContent()).toContain(
      `Draft (${stats.states.find((s) => s.state === 'dueDiligence.draft')?.count})`,
    )
    await shot(page, 'flows-buy-art-en')
    await page.locator('[data-flow="BUY_ART_TRANS"]').click()
    await page.waitForURL((url) => url.searchParams.get('flow') === 'BUY_ART_TRANS')
    await page.locator('[data-flow-type="BUY_ART_TRANS"]').waitFor()
    await page.locator('.mantine-Tabs-tab', { hasText: 'Transitions' }).click()
    expect(await page.getByTestId('flow-transitions').textContent()).toContain('Arrived')
  })

  it('answers a stale version with the fixed message and reloads the view', async () => {
    const v = await newPurchase()
    const first = registrar.page
    const second = await registrar.context.newPage()
    await openProcess(first, v.id)
    await openProcess(second, v.id)
    await act({ page: first, files }, { type: 'SAVE', payload: { seller: 'Galerie Nord' } })
    const form = second.getByTestId('step-form')
    await form.locator('[data-field="seller"]').fill('Harbour Gallery')
    await form.locator('[data-event="SAVE"]').click()
    await second.getByText('Operation failed, other ongoing process at the moment').first().waitFor()
    await waitForVersion(second, v.version + 0)
    expect((await shown(second)).version).toBe(v.version + 1)
    expect(await second.locator('[data-field="seller"]').inputValue()).toBe('Galerie Nord')
    await shot(second, 'process-stale-en')
    await second.close()
  })

  it('sends one event for a double click', async () => {
    const v = await newPurchase()
    const page = registrar.page
    await openProcess(page, v.id)
    const form = page.getByTestId('step-form')
    await fillForm({ page, files }, form, samples.dueDiligence[0])
    await form.locator('[data-event="SUBMIT"]').dblclick()
    await waitForVersion(page, v.version)
    await page.waitForTimeout(500)
    const after = await apiCall<ProcessView>(page, 'GET', `process/${v.id}`)
    expect(after.version).toBe(v.version + 1)
    expect(after.history.map((h) => h.type)).toEqual(['CREATE', 'SUBMIT'])
  })

  it('tells a registrar what came back, one click from the process, and counts it on the bell', async () => {
    const v = await apiCall<ProcessView>(registrar.page, 'GET', `process/${ids[1]}`)
    await openProcess(approver.page, v.id)
    await act({ page: approver.page, files }, { type: 'REJECT', comment: 'Add the exhibition history' })
    const page = registrar.page
    await page.goto('/')
    // The rejection is the newest message among the recent activity; the bell counts the registrar's open
    // tasks and unread messages.
    const item = page.getByTestId('panel-activity').locator('[data-message-id]').first()
    await item.waitFor()
    expect(await item.getAttribute('data-inbox-item')).toBe(v.id)
    const counts = await apiCall<InboxCounts>(page, 'GET', 'process/inbox/counts')
    await expect
      .poll(async () => Number(await page.getByTestId('message-count').getAttribute('data-count')), {
        timeout: 10_000,
      })
      .toBe(counts.openTasks + counts.unreadMessages)
    await shot(page, 'home-inbox-en')
    // The step came back to the registrar as a task of theirs: in the inbox, one click from the process.
    await page.goto('/devOpsManage/inbox?type=BUY_ART&kind=fill')
    const task = page.locator(`[data-testid="inbox-table"] tr[data-process-id="${v.id}"]`)
    await task.waitFor()
    expect(await task.getByTestId('task-claimed').textContent()).toBe('Claimed by you')
    await task.locator('td').first().getByRole('button').first().click()
    await page.getByTestId('rejection-note').waitFor()
    expect(await page.getByTestId('rejection-note').textContent()).toContain('Add the exhibition history')
    expect((await shown(page)).buttons).toEqual(['SAVE', 'SUBMIT', 'TERMINATE'])
    await shot(page, 'process-rejected-en')
  })

  it('shows the purchase screens in English', async () => {
    const page = registrar.page
    for (const [path, name] of [
      ['/devOpsManage/initiateBuy', 'initiate'],
      ['/devOpsManage/dueDiligence', 'due-diligence'],
      ['/devOpsManage/buyShipping', 'buy-shipping'],
    ]) {
      await page.goto(path)
      await page.getByTestId('page-title').waitFor()
      await shot(page, `purchase-${name}-en`)
    }
  })
})
