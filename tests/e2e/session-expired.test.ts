// Journey: a request answered 403 (the session is gone) clears the stored token, user and language and lands
// on /login carrying the path and query to return to, both on a full page load (the sign-in guard) and on a
// call made from a screen already open (the one error handler above the client).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, signIn, signInWithForm } from './harness'

const run = appPerFile()

/** End the session on the server behind the page's back (as an expiry or another sign-out would). */
async function revokeSession(page: Page): Promise<void> {
  // The home page first finishes its own calls: one sent after the revocation would go to /login from there.
  // (The page keeps its event stream open, so "network idle" never comes: its loaders going is the sign.)
  await page.getByTestId('greeting').waitFor()
  await expect.poll(() => page.locator('.mantine-Loader-root').count()).toBe(0)
  const code = await page.evaluate(async () => {
    const reply = await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { 'x-auth-token': localStorage.getItem('vitrine.token') ?? '' },
    })
    return ((await reply.json()) as { code: number }).code
  })
  expect(code).toBe(0)
}

const stored = (page: Page) =>
  page.evaluate(() =>
    ['vitrine.token', 'vitrine.user', 'vitrine.language'].map((k) => localStorage.getItem(k)),
  )

describe('a 403 answer', () => {
  it('on a page load goes to /login with the path and query, clearing token, user and language', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'registrar')
    await page.evaluate(() => localStorage.setItem('vitrine.language', 'zh-CN'))
    await revokeSession(page)
    await page.goto('/artworkArchive/index?page=2&q=ink')
    await page.waitForURL(/\/login\?/)
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/artworkArchive/index?page=2&q=ink')
    expect(await stored(page)).toEqual([null, null, null])

    // Signing in again returns to that place.
    await signInWithForm(page, 'registrar')
    await page.waitForURL((url) => url.pathname === '/artworkArchive/index')
    expect(new URL(page.url()).search).toBe('?page=2&q=ink')
    await context.close()
  })

  it('on a call from an open screen goes to /login with that screen as the return path', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.evaluate(() => localStorage.setItem('vitrine.language', 'en'))
    await revokeSession(page)
    // The diagnostics screen asks the server for its information when it opens.
    await page.getByTestId('user-menu').click()
    await page.getByTestId('diagnostics-link').click()
    await page.waitForURL(/\/login\?/)
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/test')
    expect(await stored(page)).toEqual([null, null, null])
    // The language was cleared with the session: the sign-in page is in Chinese again.
    expect(await page.locator('h2').first().textContent()).toBe('登录')
    await context.close()
  })
})
