// Journey: the administrator walks every route of docs/architecture.md § Screens and routes in English (tests/e2e/every-route.ts).
import { describe, expect, it } from 'vitest'
import { walk } from './every-route'
import { appPerFile, newPage, pushAddress, shot, signIn } from './harness'

const run = appPerFile()

describe('every route', () => {
  it('opens in English with no Chinese on screen', { timeout: 400_000 }, async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await page.addInitScript(() => localStorage.setItem('vitrine.language', 'en'))
    await signIn(page, 'admin')
    expect(await walk(page, 'en')).toEqual({ problems: [], access: [] })
    await pushAddress(page, '/devOpsLinkPage')
    await page.getByTestId('launcher').waitFor()
    expect(await page.locator('[data-process-type]').count()).toBe(16)
    await shot(page, 'launcher-en')
    await context.close()
  })
})
