// Lines that name a process say what it is about, and screens say who acts and where a record came from:
// the inbox, the bell and the message centre carry the subject of every process (a purchase's titles before
// its works are in the archive, a stocktake's room), in Chinese and in English; finance, looking at a
// purchase's contract step it does not fill, is told whose step it is; an artwork a purchase recorded names
// that purchase and invents no signature fact.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MessageView, ProcessView } from '../../src/shared/contracts/process'
import type { InboxView } from '../../src/shared/contracts/tasks'
import { sampleInput, sampleStepData } from '../model/samples'
import { launchBrowser, type RunningServer, shot, startApp } from './harness'
import {
  act,
  apiCall,
  openProcess,
  sampleFiles,
  type UserPage,
  userPage,
  waitForVersion,
} from './process-driver'

let app: RunningServer
let browser: Browser
let registrar: UserPage
let approver: UserPage
let finance: UserPage
let files: { pdf: string }

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  registrar = await userPage(browser, app.baseUrl, 'registrar', 'zh-CN')
  approver = await userPage(browser, app.baseUrl, 'approver', 'en')
  finance = await userPage(browser, app.baseUrl, 'finance', 'zh-CN')
  files = await sampleFiles()
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('what a process is about, who acts, where a record came from', () => {
  it('names a purchase by its titles and a stocktake by its room, in the inbox, the bell and the messages', async () => {
    // The registrar (Chinese): a purchase of works not yet in the archive, waiting for them.
    const inbox = await apiCall<InboxView>(registrar.page, 'GET', 'process/inbox?type=BUY_ART&pageSize=100')
    const purchase = inbox.list.find((t) => t.process.artworkCount === 0)
    expect(purchase).toBeDefined()
    const words = purchase?.process.subject ?? { zh: '', en: '' }
    expect(words.zh).not.toBe('')
    await registrar.page.goto('/devOpsManage/inbox?type=BUY_ART')
    const row = registrar.page.locator(
      `[data-testid="inbox-table"] tr[data-process-id="${purchase?.processId}"]`,
    )
    await row.first().waitFor()
    expect(await row.first().textContent()).toContain(words.zh)
    await registrar.page.getByTestId('message-bell').click()
    const inBell = registrar.page.locator(
      `.mantine-Popover-dropdown [data-inbox-item="${purchase?.processId}"]`,
    )
    await inBell.first().waitFor()
    expect(await inBell.first().textContent()).toContain(words.zh)
    await registrar.page.keyboard.press('Escape')

    // Its messages carry the same subject, in the message centre.
    const messages = await apiCall<{ list: MessageView[] }>(registrar.page, 'GET', 'message?pageSize=100')
    const told = messages.list.find((m) => m.processType === 'BUY_ART' && m.subjectZh !== '')
    expect(told).toBeDefined()
    expect(messages.list.filter((m) => m.processId && m.subjectZh === '')).toEqual([])
    await registrar.page.goto('/messageCenter/index')
    const subjects = registrar.page.getByTestId('message-subject')
    await subjects.first().waitFor()
    expect(await subjects.allTextContents()).toContain(told?.subjectZh)
    await shot(registrar.page, 'message-centre-subjects-zh')

    // The approver (English): a stocktake waiting for approval is named by its room.
    const theirs = await apiCall<InboxView>(approver.page, 'GET', 'process/inbox?type=INVENTORY_CHECK')
    const stocktake = theirs.list[0]
    expect(stocktake).toBeDefined()
    const rooms = await apiCall<{ list: { nameEn: string }[] }>(
      approver.page,
      'GET',
      'warehouse/rooms?pageSize=200',
    )
    expect(rooms.list.map((r) => r.nameEn)).toContain(stocktake.process.subject.en)
    await approver.page.goto('/devOpsManage/inbox?type=INVENTORY_CHECK')
    const stocktakeRow = approver.page.locator(
      `[data-testid="inbox-table"] tr[data-process-id="${stocktake.processId}"]`,
    )
    await stocktakeRow.first().waitFor()
    expect(await stocktakeRow.first().textContent()).toContain(stocktake.process.subject.en)
    await shot(approver.page, 'inbox-subjects-en')
  })

  it('tells finance whose contract step it is when finance does not fill it', async () => {
    const started = await apiCall<ProcessView>(registrar.page, 'POST', 'process', {
      type: 'BUY_ART',
      input: sampleInput('BUY_ART'),
    })
    await openProcess(registrar.page, started.id)
    await act(
      { page: registrar.page, files },
      { type: 'SUBMIT', payload: sampleStepData('BUY_ART').dueDiligence[0] },
    )
    await openProcess(approver.page, started.id)
    await act({ page: approver.page, files }, { type: 'APPROVE' })
    await waitForVersion(approver.page, started.version)
    const me = await apiCall<{ user: { displayName: string } }>(registrar.page, 'GET', 'auth/me')

    await openProcess(finance.page, started.id)
    const empty = finance.page.getByTestId('step-empty')
    await empty.waitFor()
    expect(await empty.textContent()).toContain('尚未填写')
    const who = finance.page.getByTestId('step-who-fills')
    await expect.poll(() => who.textContent()).toContain(me.user.displayName)
    await shot(finance.page, 'contract-step-whose-zh')
  })

  it('says an artwork was recorded by its purchase, named, and that its signature is not recorded yet', async () => {
    const found = await apiCall<{ list: { id: string }[] }>(
      registrar.page,
      'GET',
      `artworks?keyword=${encodeURIComponent('秋山行旅图')}`,
    )
    expect(found.list.length).toBeGreaterThan(0)
    const id = found.list[0].id
    for (const [user, lang] of [
      [registrar, 'zh-CN'],
      [approver, 'en'],
    ] as const) {
      await user.page.goto(`/artworkArchive/detail?id=${id}`)
      const notice = user.page.getByTestId('missing-preview')
      await notice.waitFor()
      expect(await notice.getAttribute('data-origin')).toBe('process')
      const text = (await notice.textContent()) ?? ''
      expect(text).not.toMatch(/Excel/)
      expect(text).toContain(lang === 'en' ? 'Purchase' : '尽调购买')
      expect(await notice.locator('a').count()).toBe(1)
      const signature = user.page.getByTestId('signature')
      expect(await signature.textContent()).toBe(lang === 'en' ? 'Not recorded yet' : '尚未记录')
    }
    await shot(registrar.page, 'artwork-from-purchase-zh')
  })
})
