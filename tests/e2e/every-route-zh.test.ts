// Journey: the administrator walks every route of docs/architecture.md § Screens and routes in Chinese, in one
// page (tests/e2e/every-route.ts).
import { describe, expect, it } from 'vitest'
import { walk } from './every-route'
import { appPerFile, newPage, pushAddress, shot, signIn } from './harness'

const run = appPerFile()

describe('every route', () => {
  it('opens in Chinese with titles and breadcrumbs, and no English on screen', {
    timeout: 400_000,
  }, async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    expect(await walk(page, 'zh-CN')).toEqual({ problems: [], access: [] })
    await pushAddress(page, '/financeManage/payment_history')
    await page.getByTestId('breadcrumbs').waitFor()
    await shot(page, 'planned-zh')
    await context.close()
  })
})
