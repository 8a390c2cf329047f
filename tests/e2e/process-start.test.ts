// Journey, in English: a registrar starts a non-purchase process from an artwork's operations page
// (mochaItom): the page offers the processes the artwork's status allows, the start screen opens with the
// artwork chosen, one click starts it (one call) and the process view opens on it. A sold work is offered
// no operation or cover, and the page says why; its start screen refuses it in words; a claim for it starts
// with the first step's draft in the same call. A follow-up (a transport's insurance) starts from the view
// of the process it follows, and each view links to the other.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, type RunningServer, shot, startApp } from './harness'
import { apiCall, openProcess, type UserPage, userPage } from './process-driver'

let app: RunningServer
let browser: Browser
let registrar: UserPage

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
  registrar = await userPage(browser, app.baseUrl, 'registrar', 'en')
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

interface Artwork {
  id: string
  title: string
  inventoryNo: string
  status: string
  activeProcessId: string | null
}
const artworks = async (status: string) =>
  (await apiCall<{ list: Artwork[] }>(registrar.page, 'GET', `artworks?status=${status}&pageSize=50`)).list

describe('starting a process from an artwork', () => {
  it('starts an annual insurance from the artwork operations page and opens it', async () => {
    const page = registrar.page
    const art = (await artworks('in_collection')).find((a) => !a.activeProcessId)
    if (!art) throw new Error('the demo has no free artwork in the collection')
    await page.goto(`/devOpsManage/mochaItom/${art.id}`)
    await page.getByTestId('start-for-artwork').waitFor()
    // Only what the status allows: operations and cover, never a purchase or its shipping.
    await page.getByTestId('start-OPERATION_REPAIR_ART').waitFor()
    expect(await page.getByTestId('start-BUY_ART_TRANS').count()).toBe(0)
    expect(await page.getByTestId('start-none').count()).toBe(0)
    await page.getByTestId('start-INSURANCE_ANNUAL').click()
    await page.waitForURL(
      (url) =>
        url.pathname === '/devOpsManage/createAnnualInsurance' &&
        url.searchParams.get('artworkId') === art.id,
    )
    const form = page.getByTestId('start-process')
    await form.waitFor()
    // The artwork is chosen, named by its title and number (no id on the screen).
    await expect
      .poll(async () => form.locator('[data-field="artworkIds"]').locator('..').textContent())
      .toContain(art.inventoryNo)
    expect(await form.textContent()).not.toContain(art.id)
    await form.locator('textarea[data-field="note"]').fill('Cover for the spring rehang')
    await shot(page, 'start-annual-insurance-en')
    await form.getByTestId('submit').click()
    await page.waitForURL((url) => url.pathname === '/devOpsManage/index' && url.searchParams.has('process'))
    const id = new URL(page.url()).searchParams.get('process') as string
    await page.locator(`[data-testid="process-view"][data-process-id="${id}"]`).waitFor()
    expect(await page.getByTestId('process-type').textContent()).toBe('Annual insurance')
    const view = await apiCall<{ type: string; artworks: { id: string }[]; context: any }>(
      page,
      'GET',
      `process/${id}`,
    )
    expect(view.type).toBe('INSURANCE_ANNUAL')
    expect(view.artworks.map((a) => a.id)).toEqual([art.id])
    expect(view.context.subject.note).toBe('Cover for the spring rehang')
    // One start, not two: the artwork lists exactly one annual insurance started now.
    const list = await apiCall<{ total: number }>(
      page,
      'GET',
      `process?type=INSURANCE_ANNUAL&artworkId=${art.id}&live=1`,
    )
    expect(list.total).toBe(1)
  })

  it('offers a sold work no operation or cover, says why, and its start screen refuses it', async () => {
    const page = registrar.page
    const sold = (await artworks('sold'))[0]
    if (!sold) throw new Error('the demo has no sold artwork')
    await page.goto(`/devOpsManage/mochaItom/${sold.id}`)
    await page.getByTestId('start-for-artwork').waitFor()
    await shot(page, 'start-sold-artwork-en')
    await page.getByTestId('start-none').waitFor()
    expect(await page.getByTestId('start-none').textContent()).toContain('This artwork is sold')
    expect(await page.getByTestId('start-OPERATION_TRANS_ART').count()).toBe(0)
    expect(await page.getByTestId('start-INSURANCE_ANNUAL').count()).toBe(0)
    await page.goto(`/devOpsManage/createAnnualInsurance?artworkId=${sold.id}`)
    await page.getByTestId('start-refused-artwork').waitFor()
    expect(await page.getByTestId('start-refused-artwork').textContent()).toContain('Sold')
    expect(await page.getByTestId('submit').isDisabled()).toBe(true)
  })

  it("claims for a sold work with the incident's draft, in one call", async () => {
    const page = registrar.page
    const sold = (await artworks('sold')).find((a) => !a.activeProcessId)
    if (!sold) throw new Error('the demo has no free sold artwork')
    await page.goto(`/devOpsManage/mochaItom/${sold.id}`)
    await page.getByTestId('start-INSURANCE_PAYOUT').click()
    await page.waitForURL((url) => url.pathname === '/devOpsManage/createPayoutInsurance')
    const form = page.getByTestId('start-process')
    await form.waitFor()
    expect(await page.getByTestId('start-refused-artwork').count()).toBe(0)
    await form.locator('input[data-field="policyNo"]').fill('POL-E2E-1')
    await form.getByTestId('start-with-draft').check({ force: true })
    await form.getByTestId('start-draft').locator('[data-field="place"]').first().fill('Gallery 3')
    await form.getByTestId('submit').click()
    await page.waitForURL((url) => url.pathname === '/devOpsManage/index' && url.searchParams.has('process'))
    const id = new URL(page.url()).searchParams.get('process') as string
    await page.locator(`[data-testid="process-view"][data-process-id="${id}"]`).waitFor()
    const view = await apiCall<{ version: number; history: { type: string }[]; context: any }>(
      page,
      'GET',
      `process/${id}`,
    )
    expect(view.history.map((h) => h.type)).toEqual(['CREATE', 'SAVE'])
    expect(view.context.subject.policyNo).toBe('POL-E2E-1')
    expect(view.context.steps.incident.draft.place).toBe('Gallery 3')
  })

  it("starts a transport's insurance from the transport's view, linked both ways", async () => {
    const page = registrar.page
    const art = (await artworks('in_collection')).find((a) => !a.activeProcessId)
    if (!art) throw new Error('the demo has no free artwork in the collection')
    const transport = await apiCall<{ id: string }>(page, 'POST', 'process', {
      type: 'OPERATION_TRANS_ART',
      input: { artworkIds: [art.id] },
    })
    await openProcess(page, transport.id)
    await page.getByTestId('start-follow-up-INSURANCE_OPERATION').click()
    const drawer = page.locator('.mantine-Drawer-content')
    const form = drawer.getByTestId('start-process')
    await form.waitFor()
    // The artwork and the transport are filled in, in words.
    await expect
      .poll(async () => form.locator('[data-field="operationProcessId"]').inputValue())
      .toContain('Transport')
    await form.getByTestId('submit').click()
    await page.waitForURL((url) => {
      const id = url.searchParams.get('process')
      return url.pathname === '/devOpsManage/index' && !!id && id !== transport.id
    })
    const cover = new URL(page.url()).searchParams.get('process') as string
    await page.locator(`[data-testid="process-view"][data-process-id="${cover}"]`).waitFor()
    await page.getByTestId('follows-OPERATION_TRANS_ART').click()
    await page.locator(`[data-testid="process-view"][data-process-id="${transport.id}"]`).waitFor()
    await page.getByTestId('followed-by-INSURANCE_OPERATION').waitFor()
    // Started once: not offered again.
    expect(await page.getByTestId('start-follow-up-INSURANCE_OPERATION').count()).toBe(0)
  })
})
