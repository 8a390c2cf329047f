// Journey: a link to /login carrying another site as `redirect` (an open-redirect lure). Signing in there
// lands on the app's home page, and a visitor who is already signed in is not sent away either; the
// browser never asks for the other site.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, signIn, signInWithForm } from './harness'

const run = appPerFile()

const EVIL = 'evil.example'
const LURES = ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']

/** Record every request and navigation that leaves for the other site (and refuse them all). */
async function watchForEvil(page: Page): Promise<string[]> {
  const left: string[] = []
  await page.route(
    (url) => url.hostname.endsWith(EVIL),
    (route) => {
      left.push(route.request().url())
      return route.abort()
    },
  )
  page.on('framenavigated', (frame) => {
    const url = new URL(frame.url())
    if (url.hostname.endsWith(EVIL) || url.protocol === 'javascript:') left.push(frame.url())
  })
  page.on('dialog', (dialog) => {
    left.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return left
}

/** The page is on the app's own origin, at its home page, signed in. */
async function expectHome(page: Page) {
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByTestId('side-menu').waitFor({ state: 'attached' })
  expect(new URL(page.url()).origin).toBe(new URL(run.app.baseUrl).origin)
}

describe('the return path after signing in', () => {
  it('signing in at /login?redirect=https://evil.example stays on the app', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    const left = await watchForEvil(page)
    await page.goto(`/login?redirect=${encodeURIComponent('https://evil.example')}`)
    await page.getByTestId('login-form').waitFor()
    await signInWithForm(page, 'registrar')
    await expectHome(page)
    expect(left).toEqual([])
    await context.close()
  })

  it('already signed in, the same address (and its variants) leads home, not away', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    const left = await watchForEvil(page)
    await signIn(page, 'viewer')
    for (const lure of LURES) {
      await page.goto(`/login?redirect=${encodeURIComponent(lure)}`)
      await expectHome(page)
    }
    // A path of the app is still followed.
    await page.goto(`/login?redirect=${encodeURIComponent('/artworkArchive/index')}`)
    await page.waitForURL((url) => url.pathname === '/artworkArchive/index')
    expect(left).toEqual([])
    await context.close()
  })
})
