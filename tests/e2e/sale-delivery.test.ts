// Journey, in Chinese: an operations user delivers a sold work to its buyer from the sale deliveries screen
// (/devOpsManage/artSellDelivery). The demo office has a sale paid in full and completed whose delivery has
// not started (tests/api/demo-processes.test.ts checks it is paid in full). Its row's "start the delivery
// transport" opens the start drawer with the work and the sale filled in and locked, no refusal of the sold
// work, Start enabled; with a note, one click starts the transport following the sale and the transport's
// process view opens. The work then counts as under way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SaleDeliveryPage } from '../../src/shared/contracts/operations'
import { appPerFile, settled, shot } from './harness'
import { apiCall, type UserPage, userPage } from './process-driver'

const run = appPerFile()
let ops: UserPage

beforeAll(async () => {
  ops = await userPage(run.browser, run.app.baseUrl, 'operations', 'zh-CN')
})
afterAll(async () => {
  await ops?.context.close()
})

describe('a sale delivery started from its own screen', () => {
  it('starts the transport of a sold, paid work from its row and opens the transport', async () => {
    const page = ops.page
    const awaiting = await apiCall<SaleDeliveryPage>(
      page,
      'GET',
      'operations/sale-deliveries?show=awaiting&pageSize=50',
    )
    const item = awaiting.list[0]
    if (!item) throw new Error('the demo office has no sold work awaiting its delivery')
    await page.goto('/devOpsManage/artSellDelivery')
    await settled(page)
    const row = page.getByTestId('delivery-list').locator('tr', { hasText: item.artwork.inventoryNo })
    await row.getByTestId('start-delivery').click()

    const drawer = page.getByTestId('start-drawer')
    const form = drawer.getByTestId('start-process')
    await form.waitFor()
    expect(await form.getAttribute('data-process-type')).toBe('OPERATION_TRANS_ART')
    // The sold work is named by its number, and not refused; the sale it follows is filled in.
    await expect
      .poll(async () => form.locator('[data-field="artworkIds"]').locator('..').textContent())
      .toContain(item.artwork.inventoryNo)
    expect(await drawer.getByTestId('start-refused-artwork').count()).toBe(0)
    expect(await form.locator('[data-field="sourceProcessId"]').first().inputValue()).not.toBe('')
    expect(await form.textContent()).not.toContain(item.artwork.id)
    // What it asks beside them: a note for whoever plans the transport.
    await form.locator('textarea[data-field="note"]').fill('交付买方，请预约上门时间')
    const start = form.getByTestId('submit')
    expect(await start.isEnabled()).toBe(true)
    await shot(page, 'sale-delivery-start-zh')

    await start.click()
    await page.waitForURL((url) => url.pathname === '/devOpsManage/index' && url.searchParams.has('process'))
    const id = new URL(page.url()).searchParams.get('process') as string
    await page.locator(`[data-testid="process-view"][data-process-id="${id}"]`).waitFor()
    await settled(page)
    expect(await page.getByTestId('process-type').textContent()).toBe('运输')

    const view = await apiCall<{ type: string; artworks: { id: string }[]; context: any }>(
      page,
      'GET',
      `process/${id}`,
    )
    expect(view.type).toBe('OPERATION_TRANS_ART')
    expect(view.artworks.map((a) => a.id)).toEqual([item.artwork.id])
    expect(view.context.subject).toMatchObject({
      sourceProcessId: item.sale.id,
      note: '交付买方，请预约上门时间',
    })
    // Its delivery is under way now: the screen lists the work there, with this transport.
    const started = await apiCall<SaleDeliveryPage>(
      page,
      'GET',
      'operations/sale-deliveries?show=started&pageSize=50',
    )
    expect(started.list.find((w) => w.artwork.id === item.artwork.id)?.delivery?.id).toBe(id)
  })
})
