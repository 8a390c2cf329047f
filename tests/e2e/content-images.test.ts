// Journey: the administrator publishes news with a cover picture and a picture in its text; a reader opens
// it and both pictures really load (not the fallback, not a broken image), and still load when the reader
// comes back to the page after its first links have run out.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { jpeg, png } from '../fixtures/file-samples'
import { apiToken, apiUpload, apiWithToken } from './api-calls'
import { appPerFile, newPage, settled, signIn } from './harness'

const run = appPerFile()

/** For each picture of the article: whether it loaded with a size, and whether it is the fallback. */
function pictures(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-testid="content-article"] img')].map((img) => ({
      loaded: img.complete && img.naturalWidth > 0,
      fallback: img.dataset.fallbackApplied === '1',
    })),
  )
}

describe('pictures in the news', () => {
  it('a reader sees the cover and the picture in the text load', async () => {
    const base = run.app.baseUrl
    const admin = await apiToken(base, 'admin')
    const cover = await apiUpload(base, admin, {
      bytes: await jpeg(),
      name: 'cover.jpg',
      mime: 'image/jpeg',
      purpose: 'image',
    })
    const inText = await apiUpload(base, admin, {
      bytes: await png(),
      name: 'in-text.png',
      mime: 'image/png',
      purpose: 'image',
    })
    const body = `<p>展厅一角</p><img src="/api/file/downloadFile/${inText}" alt="">`
    const item = await apiWithToken<{ id: string }>(base, admin, 'POST', 'content', {
      kind: 'exhibition',
      titleZh: '带图片的动态',
      titleEn: 'News with pictures',
      bodyZh: body,
      bodyEn: body.replace('展厅一角', 'A corner of the room'),
      coverFileId: cover,
    })
    await apiWithToken(base, admin, 'POST', `content/${item.id}/publish`, {})

    const { context, page } = await newPage(run.browser, base)
    await signIn(page, 'viewer')
    await page.goto('/messageCenter/index?kind=content')
    const line = page
      .locator('[data-testid="message-list"] [data-message-id]')
      .filter({ hasText: '带图片的动态' })
    await line.waitFor()
    await settled(page)
    await line.getByTestId('message-open').click()
    await page.getByTestId('content-article').waitFor()
    await expect
      .poll(() => pictures(page))
      .toEqual([
        { loaded: true, fallback: false },
        { loaded: true, fallback: false },
      ])

    // The signed links the page was given run out (a reader who leaves the page open): coming back to the
    // item, the pictures load again rather than falling back or staying broken.
    await page.evaluate(() => {
      for (const img of document.querySelectorAll<HTMLImageElement>('[data-testid="content-article"] img')) {
        const url = new URL(img.src)
        url.searchParams.set('exp', '1')
        img.src = url.toString()
      }
    })
    await expect
      .poll(() => pictures(page))
      .toEqual([
        { loaded: true, fallback: false },
        { loaded: true, fallback: false },
      ])
    await context.close()
  })
})
