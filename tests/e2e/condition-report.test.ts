// Journey: condition reports at hand-over. The operations officer records a departure in the browser with
// the condition, a note and a photograph (DEPART's form); the arrival comes back damaged; the artwork's
// Condition tab lists both, newest first, and opens the arrival beside the departure with the change
// called out and the photographs in the viewer — in Chinese, and in English for a viewer. axe-core finds no
// critical or serious violation in the tab or the comparison.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_OFFICE_ZONE, todayIn } from '../../src/shared/office-time'
import { sampleStepData } from '../model/samples'
import { axeProblems, launchBrowser, type RunningServer, shot, startApp } from './harness'
import { apiCall, fillField, openProcess, sampleFiles, type UserPage, userPage } from './process-driver'

let app: RunningServer
let browser: Browser
let files: { pdf: string; png: string }

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  files = await sampleFiles()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** Critical and serious axe findings (WCAG 2.1 AA) inside one part of the page. */
const a11y = (page: Page, selector: string) => axeProblems(page, selector, selector)

interface ProcessRef {
  id: string
  version: number
}

describe('condition reports at hand-over', () => {
  let ops: UserPage
  let artworkId: string

  it('records the condition on departure in the browser and lists both hand-overs', async () => {
    ops = await userPage(browser, app.baseUrl, 'operations', 'zh-CN')
    const approver = await userPage(browser, app.baseUrl, 'approver', 'zh-CN')
    const page = ops.page
    const rooms = await apiCall<{ id: string }[]>(page, 'GET', 'room/getRoomList')
    const list = await apiCall<{ list: { id: string; activeProcessId: string | null }[] }>(
      page,
      'GET',
      'artworks?pageSize=50&status=in_collection',
    )
    // A free work with no hand-over yet (a demo purchase's work has its shipment's), so this transport's
    // reports are the first.
    for (const a of list.list.filter((w) => !w.activeProcessId)) {
      const reports = await apiCall<{ items: unknown[] }>(page, 'GET', `artworks/${a.id}/condition-reports`)
      if (reports.items.length === 0) {
        artworkId = a.id
        break
      }
    }
    const s = sampleStepData('OPERATION_TRANS_ART', {
      artworkIds: [artworkId, artworkId],
      roomId: rooms[0].id,
      fileId: rooms[0].id,
    } as never)
    // Set up through the API: the transport approved, to be transported.
    let p = await apiCall<ProcessRef>(page, 'POST', 'process', {
      type: 'OPERATION_TRANS_ART',
      input: { artworkIds: [artworkId] },
    })
    const send = async (who: UserPage, type: string, extra: Record<string, unknown> = {}) => {
      p = await apiCall<ProcessRef>(who.page, 'POST', `process/${p.id}/events`, {
        type,
        expectedVersion: p.version,
        ...extra,
      })
    }
    await send(ops, 'SUBMIT', { payload: s.transportInfo[0] })
    await send(approver, 'APPROVE')
    await approver.context.close()

    // DEPART by clicks and typing: condition as expected, a note, a photograph.
    await openProcess(page, p.id)
    await page.locator('[data-testid="process-actions"] [data-event="DEPART"]').click()
    const dialog = page.locator('[data-event-dialog="DEPART"]')
    await dialog.waitFor()
    await fillField({ page, files }, dialog, 'conditionOk', true)
    await fillField({ page, files }, dialog, 'conditionNote', '木箱完好，画框无划痕')
    const photos = dialog.locator('[data-field="attachments"]')
    await photos.locator('input[type="file"]').setInputFiles(files.png)
    await photos.getByTestId('stored-file').waitFor({ timeout: 20_000 })
    await dialog.getByTestId('event-confirm').click()
    await dialog.waitFor({ state: 'hidden' })
    const view = await apiCall<ProcessRef & { status: string }>(page, 'GET', `process/${p.id}`)
    expect(view.status).toBe('transporting')
    p = view
    await send(ops, 'ARRIVE', {
      payload: {
        arrivedOn: todayIn(DEFAULT_OFFICE_ZONE),
        conditionOk: false,
        conditionNote: '画框下沿有 3 厘米划痕',
      },
    })

    await page.goto(`/artworkArchive/detail?id=${artworkId}&tab=condition`)
    const entries = page.getByTestId('condition-entry')
    await entries.first().waitFor()
    expect(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual([
      'arrival',
      'departure',
    ])
    const timeline = (await page.getByTestId('artwork-condition').textContent()) ?? ''
    for (const words of ['到达', '起运', '品相有异常', '品相完好', '画框下沿有 3 厘米划痕', '1 张照片'])
      expect(timeline).toContain(words)
    expect(timeline).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    expect(await a11y(page, '[data-testid="artwork-condition"]')).toEqual([])
    await shot(page, 'condition-timeline-zh-CN')
  }, 60_000)

  it('opens the arrival beside the departure, with the change called out and the photographs', async () => {
    const page = ops.page
    await page.getByTestId('open-report').first().click()
    const modal = page.getByTestId('condition-report')
    await modal.getByTestId('report-current').getByTestId('report-facts').waitFor()
    expect(
      await modal.getByTestId('report-current').getByTestId('report-facts').getAttribute('data-kind'),
    ).toBe('arrival')
    expect(
      await modal.getByTestId('report-previous').getByTestId('report-facts').getAttribute('data-kind'),
    ).toBe('departure')
    const change = modal.getByTestId('condition-change')
    expect(await change.getAttribute('data-changed')).not.toBeNull()
    expect((await change.textContent()) ?? '').toContain('品相与上一份报告相比有变化')
    expect((await modal.getByTestId('report-previous').textContent()) ?? '').toContain('木箱完好，画框无划痕')
    expect(await modal.getByTestId('report-current').getByTestId('no-photos').count()).toBe(1)
    expect(await a11y(page, '[data-testid="condition-report"]')).toEqual([])
    await shot(page, 'condition-compare-zh-CN')
    // Older: the departure is the first report, nothing before it; newer goes back.
    await modal.getByRole('button', { name: '较早的报告' }).click()
    await modal.getByTestId('first-report').waitFor()
    await modal.getByRole('button', { name: '较新的报告' }).click()
    await modal.getByTestId('report-previous').getByTestId('report-photo').waitFor()
    // The departure's photograph opens in the archive's viewer.
    await modal.getByTestId('report-previous').getByTestId('report-photo').click()
    await page.getByTestId('preview-image').waitFor()
    await ops.context.close()
  }, 30_000)

  it('reads in English for a viewer', async () => {
    const viewer = await userPage(browser, app.baseUrl, 'viewer', 'en')
    const page = viewer.page
    await page.goto(`/artworkArchive/detail?id=${artworkId}&tab=condition`)
    await page.getByTestId('condition-entry').first().waitFor()
    const text = (await page.getByTestId('artwork-condition').textContent()) ?? ''
    for (const words of ['Arrival', 'Departure', 'Condition not as expected', 'Condition as expected'])
      expect(text).toContain(words)
    await page.getByTestId('open-report').first().click()
    const modal = page.getByTestId('condition-report')
    await modal.getByTestId('report-current').waitFor()
    expect((await modal.textContent()) ?? '').toContain('The condition changed since the previous report')
    // The process is named in words (its type), never by an id.
    expect(((await modal.getByTestId('process-link').first().textContent()) ?? '').trim()).toBe('Transport')
    await shot(page, 'condition-compare-en')
    await viewer.context.close()
  }, 30_000)
})
