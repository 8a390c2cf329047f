// Tasks in the browser: the approver's inbox puts an overdue task first, marked overdue in red
// (its due date set in the past in the server's copy of the database before it starts), on the inbox screen,
// the home page and the bell; then the approver hands their purchases to a colleague for today, the
// colleague finds the task marked "on behalf of 王致远 Wang Zhiyuan", opens it as the approver sees it,
// approves, and the history says who acted for whom. The bell's count follows by the server's push.
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { InboxCounts, InboxView } from '../../src/shared/contracts/tasks'
import { dayIn } from '../../src/shared/office-time'
import { sampleInput, sampleStepData } from '../model/samples'
import { launchBrowser, type RunningServer, shot, startApp } from './harness'
import {
  act,
  apiCall,
  openProcess,
  sampleFiles,
  shown,
  type UserPage,
  userPage,
  waitForVersion,
} from './process-driver'

const APPROVER_NAME = '王致远 Wang Zhiyuan'

let app: RunningServer
let browser: Browser
let approver: UserPage
let registrar: UserPage
let operations: UserPage
let files: { pdf: string }
/** The process whose approval task was made overdue in the database. */
let overdueProcess = ''
const samples = sampleStepData('BUY_ART')

beforeAll(async () => {
  app = await startApp({
    // One approval the approver may give, due two days ago (the seeded demo processes wait for several).
    prepare: async (dataDir) => {
      const db = await PGlite.create(path.join(dataDir, 'db'))
      try {
        const { rows } = await db.query<{ process_id: string }>(
          `update process_tasks set due_at = now() - interval '2 days'
            where id = (select id from process_tasks
                         where closed_at is null and kind = 'approve' and type = 'INVENTORY_CHECK'
                         order by created_at limit 1)
            returning process_id`,
        )
        overdueProcess = rows[0]?.process_id ?? ''
      } finally {
        await db.close()
      }
    },
  })
  expect(overdueProcess).not.toBe('')
  browser = await launchBrowser()
  approver = await userPage(browser, app.baseUrl, 'approver', 'en')
  registrar = await userPage(browser, app.baseUrl, 'registrar', 'en')
  operations = await userPage(browser, app.baseUrl, 'operations', 'en')
  files = await sampleFiles()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

const bellCount = (page: UserPage['page']) =>
  page
    .getByTestId('message-count')
    .getAttribute('data-count')
    .then((n) => Number(n ?? 0))

describe('tasks in the browser', () => {
  it('shows the overdue task first, marked overdue, on the inbox screen, the home page and in the bell', async () => {
    const page = approver.page
    const inbox = await apiCall<InboxView>(page, 'GET', 'process/inbox')
    expect(inbox.overdue).toBe(1)
    expect(inbox.list[0]).toMatchObject({ processId: overdueProcess, overdue: true })

    await page.goto('/devOpsManage/inbox')
    const first = page.locator('[data-testid="inbox-table"] tbody tr').first()
    await first.waitFor()
    expect(await first.getAttribute('data-process-id')).toBe(overdueProcess)
    expect(await first.getAttribute('data-overdue')).toBe('true')
    expect(await first.getByTestId('task-overdue').textContent()).toBe('Overdue')
    // The red of the due date and the mark (not just the word).
    const color = await first
      .getByTestId('task-overdue')
      .evaluate((el) => getComputedStyle(el).backgroundColor)
    const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number)
    expect(r).toBeGreaterThan(150)
    expect(g).toBeLessThan(100)
    expect(b).toBeLessThan(100)
    // Only the overdue row is marked; the count says how many are overdue.
    expect(await page.locator('[data-testid="inbox-table"] [data-testid="task-overdue"]').count()).toBe(1)
    expect(await page.getByTestId('inbox-count').textContent()).toContain('1 overdue')
    await shot(page, 'tasks-inbox-overdue-en')
    // Claimed, it is marked so and may be released again.
    await first.getByTestId('task-claim').click()
    await expect.poll(() => first.getByTestId('task-claimed').textContent()).toBe('Claimed by you')
    // Someone else looking at tasks claimed by others reads the claimer's name as it was entered, not
    // upper-cased (innerText is what the eye sees, after any text-transform).
    const admin = await userPage(browser, app.baseUrl, 'admin', 'en')
    await admin.page.goto('/devOpsManage/inbox?type=INVENTORY_CHECK&claimed=all')
    const held = admin.page.locator(`[data-testid="inbox-table"] tr[data-process-id="${overdueProcess}"]`)
    await held.first().waitFor()
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, after text-transform, is the point
    expect(await held.first().getByTestId('task-claimed').innerText()).toBe(`Claimed by ${APPROVER_NAME}`)
    await admin.context.close()
    await first.getByTestId('task-release').click()
    await first.getByTestId('task-claim').waitFor()
    expect(await first.getByTestId('task-claimed').count()).toBe(0)
    expect(await first.getAttribute('data-process-id')).toBe(overdueProcess)

    await page.goto('/')
    const home = page.getByTestId('panel-approvals').locator('[data-inbox-item]').first()
    await home.waitFor()
    expect(await home.getAttribute('data-inbox-item')).toBe(overdueProcess)
    expect(await home.getAttribute('data-overdue')).toBe('true')

    const counts = await apiCall<InboxCounts>(page, 'GET', 'process/inbox/counts')
    await expect.poll(() => bellCount(page)).toBe(counts.openTasks + counts.unreadMessages)
    await page.getByTestId('message-bell').click()
    const inBell = page.locator('.mantine-Popover-dropdown [data-inbox-item]').first()
    await inBell.waitFor()
    expect(await inBell.getAttribute('data-inbox-item')).toBe(overdueProcess)
    expect(await inBell.getByTestId('task-overdue').count()).toBe(1)
    await page.getByTestId('bell-messages').waitFor()
    await shot(page, 'tasks-bell-en')
    await page.keyboard.press('Escape')
  })

  it('lets a delegate approve on behalf of the approver, and the history says so', async () => {
    // The approver hands their purchases to the operations manager for today.
    const people = await apiCall<{ id: string; displayName: string }[]>(
      approver.page,
      'POST',
      'art/getAllUser',
    )
    const delegateId = people.find((p) => p.displayName === '周启航 Zhou Qihang')?.id
    expect(delegateId).toBeTruthy()
    const today = dayIn(new Date(), process.env.VITRINE_TIME_ZONE || 'Asia/Shanghai')
    await apiCall(approver.page, 'POST', 'tasks/delegations', {
      toUserId: delegateId,
      processType: 'BUY_ART',
      startsOn: today,
      endsOn: today,
      note: 'Travelling',
    })

    // The delegate has the home page open while the registrar submits a purchase's report for approval.
    const page = operations.page
    await page.goto('/')
    await page.getByTestId('panel-approvals').waitFor()
    await expect.poll(() => page.getByTestId('message-count').getAttribute('data-count')).not.toBeNull()
    const before = await bellCount(page)
    const started = await apiCall<ProcessView>(registrar.page, 'POST', 'process', {
      type: 'BUY_ART',
      input: sampleInput('BUY_ART'),
    })
    await openProcess(registrar.page, started.id)
    await act({ page: registrar.page, files }, { type: 'SUBMIT', payload: samples.dueDiligence[0] })
    await waitForVersion(registrar.page, started.version)
    // The delegate's bell moves without a reload: the server pushes the counts.
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBeGreaterThan(before)

    await page.goto('/devOpsManage/inbox?type=BUY_ART')
    const row = page.locator(`[data-testid="inbox-table"] tr[data-process-id="${started.id}"]`)
    await row.waitFor()
    // names read as they were entered (innerText is what the eye sees, after any text-transform)
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, after text-transform, is the point
    expect(await row.getByTestId('task-on-behalf').innerText()).toBe(`On behalf of ${APPROVER_NAME}`)
    await shot(page, 'tasks-inbox-delegated-en')
    await row.locator('td').first().getByRole('button').first().click()
    await page.waitForURL(
      (url) => url.searchParams.get('process') === started.id && url.searchParams.has('onBehalfOf'),
    )
    await page.locator(`[data-testid="process-view"][data-process-id="${started.id}"]`).waitFor()
    expect(await page.getByTestId('acting-on-behalf').textContent()).toContain(APPROVER_NAME)
    expect((await shown(page)).buttons).toEqual(['APPROVE', 'REJECT', 'TERMINATE'])
    // The open tasks panel names the task, who may do it and its due date.
    const tasks = page.getByTestId('process-tasks')
    expect(await tasks.textContent()).toContain('Approve')
    expect(await tasks.getByTestId('task-due').first().textContent()).toMatch(/^Due /)

    const version = (await shown(page)).version
    await act({ page, files }, { type: 'APPROVE' })
    await waitForVersion(page, version)

    await page.locator('[data-tab="history"]').click()
    const approved = page.locator('[data-testid="process-history"] tr[data-history-event="APPROVE"]').first()
    await approved.waitFor()
    expect(await approved.getByTestId('history-who').textContent()).toBe(
      `周启航 Zhou Qihang on behalf of ${APPROVER_NAME}`,
    )
    await shot(page, 'tasks-history-on-behalf-en')

    // Recorded so on the server too.
    const view = await apiCall<ProcessView>(page, 'GET', `process/${started.id}`)
    const row2 = view.history.find((h) => h.type === 'APPROVE')
    expect(row2?.onBehalfOf).toBeTruthy()
    expect(view.people[row2?.onBehalfOf ?? '']).toBe(APPROVER_NAME)
  })
})
