// Journey: the registrar chooses two works in the archive and makes a share link with values and a password;
// a stranger opens /share/:token in a fresh browser context (no account, no session): the password is asked
// for, a wrong one is refused in place, the right one shows the works with their values and images (a
// thumbnail opens large), each picture under the recipient's name as a watermark, a PDF of them to download,
// on a 390 px phone without sideways scrolling, in Chinese and in English, with no WCAG 2.1 AA violation; the
// registrar sees the opening on the Shares screen and revokes the link, which then cannot be opened.
import path from 'node:path'
import { Readable } from 'node:stream'
import { PGlite } from '@electric-sql/pglite'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DiskStorage } from '../../src/server/storage'
import {
  axeProblems,
  downloadedBytes,
  launchBrowser,
  newPage,
  type RunningServer,
  settled,
  shot,
  signIn,
  startApp,
} from './harness'

const PASSWORD = 'harbour-2026'
/** The narrowest phone the share page is made for. */
const PHONE_390 = { width: 390, height: 844 }

/** True when the page is no wider than its window (nothing to scroll sideways). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

/**
 * The browser suite's servers do not paint the demo pictures: two valued works get pictures of their own and
 * move to the top of the archive (its newest-first order), so the share shows real images.
 */
async function paintTwoWorks(dataDir: string): Promise<void> {
  const db = await PGlite.create(path.join(dataDir, 'db'))
  const storage = new DiskStorage(path.join(dataDir, 'files'))
  try {
    const { rows: works } = await db.query<{ id: string }>(
      `select a.id from artworks a
        where a.status = 'in_collection' and a.latest_valuation is not null
          and exists (select 1 from artwork_media m where m.artwork_id = a.id and m.kind = 'image')
        order by a.inventory_no limit 2`,
    )
    for (const [i, work] of works.entries()) {
      const { rows: pictures } = await db.query<{
        id: string
        storage_key: string
        thumbnail_key: string | null
      }>(
        `select f.id, f.storage_key, f.thumbnail_key from artwork_media m join files f on f.id = m.file_id
          where m.artwork_id = $1 and m.kind = 'image'`,
        [work.id],
      )
      for (const picture of pictures) {
        const background = i === 0 ? { r: 180, g: 90, b: 60 } : { r: 60, g: 110, b: 170 }
        const image = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
          .jpeg()
          .toBuffer()
        await storage.write(picture.storage_key, Readable.from([image]))
        if (picture.thumbnail_key) {
          const thumb = await sharp(image).resize({ width: 320 }).jpeg().toBuffer()
          await storage.write(picture.thumbnail_key, Readable.from([thumb]))
        }
        await db.query('update files set size = $2 where id = $1', [picture.id, image.length])
      }
      await db.query(`update artworks set updated_at = now() + ($2 || ' minutes')::interval where id = $1`, [
        work.id,
        String(10 - i),
      ])
    }
  } finally {
    await db.close()
  }
}

let app: RunningServer
let browser: Browser
beforeAll(async () => {
  ;[app, browser] = await Promise.all([startApp({ prepare: paintTwoWorks }), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})
const run = {
  get app() {
    return app
  },
  get browser() {
    return browser
  },
}

describe('share links', () => {
  it('are made from an archive selection, opened without an account, and revoked', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'registrar')
    await page.goto('/artworkArchive/index')
    await settled(page)
    const rows = page.getByTestId('artwork-row')
    await rows.first().getByRole('checkbox').check()
    await rows.nth(1).getByRole('checkbox').check()
    await page.getByTestId('share-button').click()
    const form = page.getByTestId('share-form')
    await form.waitFor()
    // Sent empty: the recipient is asked for at its field, nothing made.
    await form.getByTestId('submit').click()
    await expect.poll(() => form.locator('.mantine-InputWrapper-error').allInnerTexts()).toContain('必填')
    await page.getByTestId('share-recipient').fill('Hiscox 陈女士')
    await page.getByTestId('share-show-values').check()
    await page.getByTestId('share-password-new').fill(PASSWORD)
    await form.getByTestId('submit').click()
    const url = await page.getByTestId('share-url').inputValue()
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/)
    await shot(page, 'share-created')

    // A stranger: a fresh context, nobody signed in.
    const stranger = await newPage(run.browser, run.app.baseUrl, PHONE_390)
    const visitor = stranger.page
    await visitor.goto(new URL(url).pathname)
    await visitor.getByTestId('share-password-form').waitFor()
    await visitor.getByTestId('share-password').fill('not-the-password')
    await visitor.getByTestId('share-password-submit').click()
    await expect
      .poll(() => visitor.locator('.mantine-InputWrapper-error').allInnerTexts())
      .toEqual(['密码不正确'])
    expect(new URL(visitor.url()).pathname).toBe(new URL(url).pathname)
    await visitor.getByTestId('share-password').fill(PASSWORD)
    await visitor.getByTestId('share-password-submit').click()
    await visitor.getByTestId('share-works').waitFor()
    await settled(visitor)
    expect(await visitor.getByTestId('share-work').count()).toBe(2)
    expect(await visitor.locator('main h1').innerText()).toBe('与 Hiscox 陈女士 分享的作品')
    expect(await visitor.getByTestId('share-value').count()).toBe(2)
    expect(await fitsWidth(visitor)).toBe(true)
    // Each picture carries the recipient's name.
    const marks = visitor.getByTestId('share-watermark')
    expect(await marks.count()).toBeGreaterThanOrEqual(2)
    // Drawn by CSS over the picture (not text of the page): what the browser draws is the name.
    expect(
      await marks
        .first()
        .locator('.share-watermark-mark')
        .first()
        .evaluate((el) => getComputedStyle(el, '::before').content),
    ).toBe('"Hiscox 陈女士"')
    // The works as a PDF, made by the server for this link.
    const [pdf] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByTestId('share-pdf').click(),
    ])
    expect(pdf.suggestedFilename()).toBe('分享作品.pdf')
    expect((await downloadedBytes(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    // The thumbnails load, and one opens large.
    await expect
      .poll(
        () =>
          visitor.evaluate(() =>
            [...document.querySelectorAll<HTMLImageElement>('[data-testid="share-thumb"] img')].every(
              (img) => img.complete && img.naturalWidth > 0,
            ),
          ),
        { timeout: 15_000 },
      )
      .toBe(true)
    await visitor.getByTestId('share-thumb').first().click()
    const large = visitor.getByTestId('share-large')
    await large.waitFor()
    await expect
      .poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
      .toBe(800)
    await visitor.keyboard.press('Escape')
    await large.waitFor({ state: 'detached' })
    expect(await axeProblems(visitor, 'share page (zh-CN)')).toEqual([])
    await shot(visitor, 'share-page-zh')
    // In English, switched in place.
    await visitor.getByTestId('language-en').click()
    await expect.poll(() => visitor.locator('main h1').innerText()).toBe('Works shared with Hiscox 陈女士')
    expect(await fitsWidth(visitor)).toBe(true)
    expect(await visitor.getByTestId('share-pdf').innerText()).toBe('Download as PDF')
    expect(await axeProblems(visitor, 'share page (en)')).toEqual([])
    // Nothing of the office's was stored in the stranger's browser.
    expect(await visitor.evaluate(() => localStorage.getItem('vitrine.token'))).toBeNull()

    // The registrar sees the opening and revokes the link.
    await page.getByTestId('share-copy').waitFor()
    await page.goto('/artworkArchive/shares')
    await settled(page)
    const row = page.getByTestId('share-row').filter({ hasText: 'Hiscox 陈女士' })
    // Two openings: the page, and its PDF downloaded.
    expect(await row.getByTestId('share-views').innerText()).toBe('2')
    await row.getByTestId('share-views').click()
    await expect.poll(() => page.getByTestId('share-views-table').locator('tbody tr').count()).toBe(4)
    expect(await axeProblems(page, 'share views')).toEqual([])
    await page.keyboard.press('Escape')
    await row.getByTestId('share-revoke').click()
    await page.getByTestId('share-revoke-confirm-go').click()
    await expect.poll(() => row.getByTestId('share-state').innerText()).toBe('已撤销')

    await visitor.reload()
    await visitor.getByTestId('share-gone').waitFor()
    await stranger.context.close()
    await context.close()
  })
})
