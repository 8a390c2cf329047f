// Journey: a broken image falls back to the picture shipped with the app: the default artwork, avatar or
// auction image, picked by the image's data-fallback; a fallback that is itself missing does not loop.
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, signIn } from './harness'

const run = appPerFile()

describe('image fallback', () => {
  it('replaces broken images with the shipped defaults', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'viewer')
    await page.evaluate(() => {
      for (const kind of ['artwork', 'avatar', 'auction', '', 'none']) {
        const img = document.createElement('img')
        img.id = `img-${kind || 'plain'}`
        if (kind) img.dataset.fallback = kind
        img.src = `/files/missing-${kind || 'plain'}.jpg`
        document.body.appendChild(img)
      }
    })
    const src = (id: string) =>
      page.evaluate((i) => (document.getElementById(i) as HTMLImageElement).getAttribute('src'), id)
    await expect.poll(() => src('img-artwork')).toBe('/images/default-artwork.svg')
    await expect.poll(() => src('img-avatar')).toBe('/images/default-avatar.svg')
    await expect.poll(() => src('img-auction')).toBe('/images/default-auction.svg')
    await expect.poll(() => src('img-plain')).toBe('/images/default-artwork.svg')
    expect(await src('img-none')).toBe('/files/missing-none.jpg')
    // The fallback pictures are really served: they load with a size.
    await expect
      .poll(() =>
        page.evaluate(() =>
          ['img-artwork', 'img-avatar', 'img-auction'].map(
            (i) => (document.getElementById(i) as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .toEqual([true, true, true])
    await context.close()
  })
})
