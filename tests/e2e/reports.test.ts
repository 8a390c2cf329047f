// Journey: printing an artwork's tear sheet. The registrar (in Chinese) and a viewer (in English) open an
// artwork of the demo collection and press "Tear sheet (PDF)"; the browser saves a real PDF in the language
// shown, whose text holds the artwork's title and record, and whose first page, rendered to an image
// (poppler's pdftoppm), is an A4 page with the words on it — not a blank sheet. (The browser suite's server
// does not paint the demo pictures, so the picture in the PDF is checked by tests/api/reports.test.ts.)
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstPagePng } from '../fixtures/pdf-page'
import { launchBrowser, type RunningServer, shot, startApp } from './harness'
import { apiCall, userPage } from './process-driver'

let app: RunningServer
let browser: Browser
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-reports-'))

beforeAll(async () => {
  app = await startApp()
  browser = await launchBrowser()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  rmSync(tmp, { recursive: true, force: true })
})

interface Listed {
  id: string
  inventoryNo: string
  titleZh: string
  titleEn: string
}

/** Share of the page's pixels that are not (near) white, and the page's proportions. */
async function inkOf(png: string) {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })
  let dark = 0
  for (const v of data) if (v < 200) dark += 1
  return { ink: dark / data.length, ratio: info.height / info.width }
}

describe('the artwork tear sheet', () => {
  let artwork: Listed

  for (const [user, lang, heading] of [
    ['registrar', 'zh-CN', '作品资料页'],
    ['viewer', 'en', 'Artwork tear sheet'],
  ] as const)
    it(`downloads from the artwork page in ${lang} and prints its first page`, async () => {
      const { page, context } = await userPage(browser, app.baseUrl, user, lang)
      if (!artwork) {
        const list = await apiCall<{ list: Listed[] }>(page, 'GET', 'artworks?pageSize=50')
        artwork = list.list.find((a) => a.titleZh && a.titleEn)!
        expect(artwork).toBeDefined()
      }
      await page.goto(`/artworkArchive/detail?id=${artwork.id}`)
      await page.getByTestId('artwork-detail').waitFor()
      const button = page.getByTestId('tear-sheet-pdf')
      expect(await button.textContent()).toBe(lang === 'en' ? 'Tear sheet (PDF)' : '作品资料页（PDF）')
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^${lang === 'en' ? 'tear-sheet' : '作品资料页'}-.+\\.pdf$`),
      )
      const pdf = path.join(tmp, `tear-sheet-${lang}.pdf`)
      await download.saveAs(pdf)
      expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-')
      const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })
      expect(text).toContain(heading)
      expect(text).toContain(artwork.inventoryNo)
      // The title in the language shown (the other one beside it).
      expect(text.replace(/\s+/g, ' ')).toContain(lang === 'en' ? artwork.titleEn : artwork.titleZh)
      expect(text).toContain(lang === 'en' ? 'Provenance' : '流传经历')

      const dir = mkdtempSync(path.join(tmp, lang))
      const png = firstPagePng(pdf, 40, dir)
      const { ink, ratio } = await inkOf(png)
      expect(ratio).toBeCloseTo(297 / 210, 1)
      // Not a blank sheet: the title, the facts and the record lists are on it.
      expect(ink).toBeGreaterThan(0.008)
      await shot(page, `tear-sheet-button-${lang}`)
      await context.close()
    }, 60_000)
})
