// Journey: an unknown path shows the 404 page (signed in or not), with a way home; unknown paths inside an
// area are 404 too, not an empty screen.
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, shot, signIn } from './harness'

const run = appPerFile()

describe('unknown paths', () => {
  it('show the 404 page before signing in', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await page.goto('/no/such/screen')
    await page.getByTestId('not-found').waitFor()
    expect(await page.getByTestId('not-found').textContent()).toContain('页面不存在')
    expect(new URL(page.url()).pathname).toBe('/no/such/screen')
    await shot(page, 'not-found')
    await context.close()
  })

  it('show the 404 page when signed in, also below a known area, and lead home', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'viewer')
    await page.goto('/artworkArchive/nothing-here')
    await page.getByTestId('not-found').waitFor()
    await page.getByTestId('not-found').getByRole('link').click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByTestId('greeting').waitFor()
    await context.close()
  })
})
