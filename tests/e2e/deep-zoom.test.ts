// Journey: deep zoom through IIIF (docs/iiif.md). A viewer opens an artwork's demo image from its media tab
// with "Zoom": the title and details come from the artwork's manifest in the language shown, the tiles come
// from the image's IIIF service (its info.json first, every request signed), zooming in by key and button
// asks for tiles of a deeper level, and the dialog has a named surface, named buttons and a close button,
// with no serious axe finding. Then two condition photographs open side by side and zoom together — in
// Chinese and in English.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEFAULT_OFFICE_ZONE, todayIn } from '../../src/shared/office-time'
import { jpeg } from '../fixtures/file-samples'
import { sampleStepData } from '../model/samples'
import { apiToken, apiUpload, apiWithToken } from './api-calls'
import { appPerFile, axeProblems, shot } from './harness'
import { apiCall, type Lang, userPage } from './process-driver'

const run = appPerFile()

/** The IIIF requests a page makes, as path and query. */
function iiifRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (/^\/(api\/)?iiif\//.test(url.pathname)) seen.push(url.pathname + url.search)
  })
  return seen
}

/** A tile request read: its region and size (the scale factor is the region's width over the size's). */
function tileOf(request: string) {
  const m = /\/iiif\/3\/[0-9a-f-]+\/([^/]+)\/([^/]+)\/0\/default\.jpg\?/.exec(request)
  if (!m) return null
  const [, region, size] = m
  const regionWidth = region === 'full' ? null : Number(region.split(',')[2])
  const sizeWidth = size === 'max' ? null : Number(size.split(',')[0])
  return { region, size, factor: regionWidth && sizeWidth ? regionWidth / sizeWidth : null }
}

const zoomOf = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).getAttribute('data-zoom'))

async function waitSharp(page: Page, testId: string) {
  await page.locator(`[data-testid="${testId}"][data-state="sharp"]`).waitFor({ timeout: 20_000 })
}

interface Detail {
  id: string
  titleZh: string
  titleEn: string
  media: { kind: string; name: string; width: number | null; height: number | null }[]
}

const WORDS = {
  'zh-CN': {
    close: '关闭',
    zoomIn: '放大',
    zoomInto: (name: string) => `缩放查看 ${name}`,
    artist: '艺术家',
    compare: '对比照片',
    left: '左侧照片',
  },
  en: {
    close: 'Close',
    zoomIn: 'Zoom in',
    zoomInto: (name: string) => `Zoom into ${name}`,
    artist: 'Artist',
    compare: 'Compare photographs',
    left: 'Left photograph',
  },
} as const

describe('deep zoom from the IIIF services', () => {
  for (const lang of ['zh-CN', 'en'] as const satisfies Lang[]) {
    it(`zooms into an artwork's image, tile by tile from its service (${lang})`, async () => {
      const { context, page } = await userPage(run.browser, run.app.baseUrl, 'viewer', lang)
      // A demo artwork with a portrait image: in a 1024 × 560 window its first screen needs the half-size
      // level only, so the full-size tiles come with zooming.
      await page.setViewportSize({ width: 1024, height: 560 })
      const list = await apiCall<{ list: { id: string; previewFileId: string | null }[] }>(
        page,
        'GET',
        'artworks?pageSize=30',
      )
      let found: { artwork: Detail; image: Detail['media'][number] } | undefined
      for (const item of list.list.filter((a) => a.previewFileId)) {
        const artwork = await apiCall<Detail>(page, 'GET', `artworks/${item.id}`)
        const image = artwork.media.find(
          (m) => m.kind === 'image' && m.width && m.height && m.height > m.width * 1.15,
        )
        if (image) {
          found = { artwork, image }
          break
        }
      }
      expect(found).toBeDefined()
      const { artwork, image } = found!
      const requests = iiifRequests(page)
      await page.goto(`/artworkArchive/detail?id=${artwork.id}&tab=media`)
      await page.getByRole('button', { name: WORDS[lang].zoomInto(image.name) }).click()
      const dialog = page.getByTestId('zoom-viewer')
      await waitSharp(page, 'deep-zoom')

      // The words are the manifest's, in the language shown.
      expect(await dialog.getByTestId('zoom-title').textContent()).toContain(
        lang === 'en' ? artwork.titleEn : artwork.titleZh,
      )
      expect(await dialog.getByTestId('zoom-details').textContent()).toContain(WORDS[lang].artist)
      // The manifest, then the service's info.json and its tiles, each with the file's signed query.
      expect(
        requests.some((r) => /\/iiif\/presentation\/artworks\/[0-9a-f-]+\/manifest\.json$/.test(r)),
      ).toBe(true)
      const info = requests.find((r) => /\/iiif\/3\/[0-9a-f-]+\/info\.json\?/.test(r))
      expect(info).toMatch(/[?&]sig=/)
      const first = requests.map(tileOf).filter((t) => t !== null)
      expect(first.length).toBeGreaterThan(0)
      const firstFinest = Math.min(...first.map((t) => t.factor ?? Number.POSITIVE_INFINITY))

      // Zoom in by key on the named surface, then by button: deeper tiles (a smaller scale factor) follow.
      const surface = page.getByTestId('deep-zoom-surface')
      expect(await surface.getAttribute('aria-label')).toBeTruthy()
      expect(await surface.getAttribute('role')).toBe('application')
      const home = await zoomOf(page, 'deep-zoom')
      await surface.focus()
      await page.keyboard.press('Equal')
      await page.waitForFunction(
        (z) => Number(document.querySelector('[data-testid="deep-zoom"]')?.getAttribute('data-zoom')) > z,
        home,
      )
      for (let i = 0; i < 3; i++) await dialog.getByRole('button', { name: WORDS[lang].zoomIn }).click()
      await page.waitForFunction(
        (z) => Number(document.querySelector('[data-testid="deep-zoom"]')?.getAttribute('data-zoom')) > z * 2,
        home,
      )
      await waitSharp(page, 'deep-zoom')
      const all = requests.map(tileOf).filter((t) => t !== null)
      const deeper = all.slice(first.length).filter((t) => t.factor !== null && t.factor < firstFinest)
      expect(deeper.length, JSON.stringify({ first, all })).toBeGreaterThan(0)
      expect(all.every((t) => t !== null)).toBe(true)

      expect(await axeProblems(page, `deep zoom (${lang})`, '[data-testid="zoom-viewer"]')).toEqual([])
      await shot(page, `deep-zoom-${lang}`)
      await dialog.getByRole('button', { name: WORDS[lang].close }).click()
      await dialog.waitFor({ state: 'hidden' })
      await context.close()
    }, 60_000)
  }

  it('opens two condition photographs side by side, zooming together, in both languages', async () => {
    const ops = await userPage(run.browser, run.app.baseUrl, 'operations', 'zh-CN')
    const page = ops.page
    const token = await apiToken(run.app.baseUrl, 'operations')
    const approver = await apiToken(run.app.baseUrl, 'approver')
    const rooms = await apiCall<{ id: string }[]>(page, 'GET', 'room/getRoomList')
    const list = await apiCall<{ list: { id: string; activeProcessId: string | null }[] }>(
      page,
      'GET',
      'artworks?pageSize=50&status=in_collection',
    )
    const artworkId = list.list.find((a) => !a.activeProcessId)?.id
    expect(artworkId).toBeDefined()
    // A transport whose departure and arrival each carry a photograph (1600 × 1200, so it has levels).
    const photo = async (name: string) =>
      apiUpload(run.app.baseUrl, token, {
        bytes: await jpeg(1600, 1200),
        name,
        mime: 'image/jpeg',
        purpose: 'image',
      })
    const [departurePhoto, arrivalPhoto] = [await photo('departure.jpg'), await photo('arrival.jpg')]
    const s = sampleStepData('OPERATION_TRANS_ART', {
      artworkIds: [artworkId!, artworkId!],
      roomId: rooms[0].id,
      fileId: rooms[0].id,
    } as never)
    let p = await apiWithToken<{ id: string; version: number }>(run.app.baseUrl, token, 'POST', 'process', {
      type: 'OPERATION_TRANS_ART',
      input: { artworkIds: [artworkId] },
    })
    const send = async (who: string, type: string, extra: Record<string, unknown> = {}) => {
      p = await apiWithToken(run.app.baseUrl, who, 'POST', `process/${p.id}/events`, {
        type,
        expectedVersion: p.version,
        ...extra,
      })
    }
    await send(token, 'SUBMIT', { payload: s.transportInfo[0] })
    await send(approver, 'APPROVE')
    await send(token, 'DEPART', { payload: { conditionOk: true, attachments: [departurePhoto] } })
    await send(token, 'ARRIVE', {
      payload: { arrivedOn: todayIn(DEFAULT_OFFICE_ZONE), conditionOk: false, attachments: [arrivalPhoto] },
    })
    await ops.context.close()

    for (const lang of ['zh-CN', 'en'] as const) {
      const { context, page } = await userPage(run.browser, run.app.baseUrl, 'viewer', lang)
      const requests = iiifRequests(page)
      await page.goto(`/artworkArchive/detail?id=${artworkId}&tab=condition`)
      await page.getByRole('button', { name: WORDS[lang].compare }).click()
      const dialog = page.getByTestId('photo-compare')
      await waitSharp(page, 'compare-zoom-left')
      await waitSharp(page, 'compare-zoom-right')
      // The earlier photograph on the left, the newer on the right, each from its own service.
      for (const id of [departurePhoto, arrivalPhoto])
        expect(requests.some((r) => r.startsWith(`/iiif/3/${id}/info.json?`))).toBe(true)
      expect(await dialog.getByLabel(WORDS[lang].left, { exact: true }).count()).toBeGreaterThan(0)
      expect(await page.getByTestId('compare-choose-left').inputValue()).toContain('departure.jpg')
      expect(await page.getByTestId('compare-choose-right').inputValue()).toContain('arrival.jpg')
      // Zooming the left one zooms the right one as far.
      const home = await zoomOf(page, 'compare-zoom-left')
      for (let i = 0; i < 2; i++) await page.getByTestId('compare-zoom-left-zoom-in').click()
      await page.waitForFunction(
        (z) =>
          Number(document.querySelector('[data-testid="compare-zoom-left"]')?.getAttribute('data-zoom')) >
          z * 2,
        home,
      )
      await waitSharp(page, 'compare-zoom-left')
      await waitSharp(page, 'compare-zoom-right')
      // The follower takes the leader's last frame on its own next frame: wait for that, not longer.
      await page
        .waitForFunction(
          () => {
            const [l, r] = ['left', 'right'].map((side) =>
              Number(
                document.querySelector(`[data-testid="compare-zoom-${side}"]`)?.getAttribute('data-zoom'),
              ),
            )
            return Math.abs(l - r) / l < 0.01
          },
          undefined,
          { timeout: 5_000 },
        )
        .catch(() => undefined)
      const left = await zoomOf(page, 'compare-zoom-left')
      const right = await zoomOf(page, 'compare-zoom-right')
      expect(Math.abs(left - right) / left).toBeLessThan(0.01)
      expect(await axeProblems(page, `photo compare (${lang})`, '[data-testid="photo-compare"]')).toEqual([])
      await shot(page, `photo-compare-${lang}`)
      await context.close()
    }
  }, 90_000)
})
