// Journey, in English: an operations user counts a demo room by scanning its printed labels. The room's
// label sheet is downloaded through the count's "Print labels" button (a real PDF), its QR codes are decoded
// from the PDF's pixels (poppler's pdftoppm, jsQR and @zxing/library) and "scanned" by typing each into the
// scan field followed by Enter, as a USB scanner does; one label is read by the camera instead (Chromium's fake
// camera playing a picture of that QR code); one code is unknown (listed as unexpected), one is scanned
// twice (counted once), one artwork is left unscanned. The live counts say so; the form works at 390 px
// without sideways scrolling; after submitting and approval the process moves on with that artwork missing.
// The count's date starts as the stocktake's planned date; still missing after the search, the stocktake
// closes uncompleted, and its header says "Uncompleted" alone (never "Completed" beside it).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labelCodeOf } from '../../src/shared/label-code'
import { labelCodes } from '../fixtures/label-qr'
import { apiToken, apiWithToken } from './api-calls'
import { CHROMIUM, CHROMIUM_ARGS, type RunningServer, shot, startApp } from './harness'
import {
  apiCall,
  fillField,
  openProcess,
  shown,
  type UserPage,
  userPage,
  waitForVersion,
} from './process-driver'

interface Item {
  id: string
  inventoryNo: string
  roomId: string | null
}

let app: RunningServer
let browser: Browser
let ops: UserPage
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vitrine-scan-'))
/** The demo room counted and its artworks in inventory-number order. */
let roomId = ''
let items: Item[] = []

const login = apiToken
const api = <T>(token: string, method: string, apiPath: string, body?: unknown) =>
  apiWithToken<T>(app.baseUrl, token, method, apiPath, body)

/**
 * A Y4M video (the format Chromium's fake camera plays) of one QR code, black on white, centred: a text
 * header, then each frame as raw YUV 4:2:0 planes (luma only matters: chroma is neutral grey).
 */
function qrVideo(text: string, file: string) {
  const width = 640
  const height = 480
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  const scale = Math.floor(Math.min(width, height) / (n + 8))
  const x0 = Math.floor((width - n * scale) / 2)
  const y0 = Math.floor((height - n * scale) / 2)
  const luma = Buffer.alloc(width * height, 235)
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < scale; dy++)
          luma.fill(
            16,
            (y0 + r * scale + dy) * width + x0 + c * scale,
            (y0 + r * scale + dy) * width + x0 + (c + 1) * scale,
          )
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  )
}

/** Every QR code on a PDF's first page, label by label. */
function codesOnFirstPage(pdf: string): Promise<string[]> {
  return labelCodes(pdf, tmp)
}

beforeAll(async () => {
  app = await startApp()
  // The room: the demo room with the fewest artworks, at least four (its labels fit on one page).
  const token = await login(app.baseUrl, 'operations')
  const rooms = await api<{ id: string }[]>(token, 'GET', 'room/getRoomList')
  const sizes = await Promise.all(
    rooms.map(async (r) => ({
      id: r.id,
      total: (await api<{ total: number }>(token, 'GET', `artworks?roomId=${r.id}&pageSize=1`)).total,
    })),
  )
  const room = sizes.filter((r) => r.total >= 4 && r.total <= 24).sort((a, b) => a.total - b.total)[0]
  if (!room) throw new Error('the demo has no room of 4 to 24 artworks')
  roomId = room.id
  items = (
    await api<{ list: Item[] }>(
      token,
      'GET',
      `artworks?roomId=${roomId}&pageSize=50&sort=inventoryNo&order=asc`,
    )
  ).list
  // The fake camera shows the label of the second-last artwork.
  const video = path.join(tmp, 'label.y4m')
  qrVideo(labelCodeOf(app.baseUrl, items[items.length - 2].id), video)
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  })
  ops = await userPage(browser, app.baseUrl, 'operations', 'en')
  await ops.context.grantPermissions(['camera'])
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  rmSync(tmp, { recursive: true, force: true })
})

describe('a stocktake counted by scanning printed labels', () => {
  it('prints the labels, scans them (field and camera), counts live and records the one left missing', async () => {
    const page = ops.page
    // Planned for yesterday: the count's date starts as the planned one.
    const planned = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const started = await apiCall<{ id: string }>(page, 'POST', 'process', {
      type: 'INVENTORY_CHECK',
      input: { roomId, plannedOn: planned },
    })
    await openProcess(page, started.id)
    const form = page.getByTestId('step-form')
    await form.waitFor()
    expect(await form.locator('input[data-field="countedOn"]').inputValue()).toBe(
      planned.replaceAll('-', '.'),
    )
    const expected = page.getByTestId('count-expected')
    await expect.poll(() => expected.textContent(), { timeout: 15_000 }).toBe(String(items.length))
    expect(await page.getByTestId('count-not-found').textContent()).toBe(String(items.length))

    // The room's label sheet, through the button, as the browser saves it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('print-labels').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)
    const pdf = path.join(tmp, 'labels.pdf')
    await download.saveAs(pdf)
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })
    for (const a of items) expect(text).toContain(a.inventoryNo)
    const codes = await codesOnFirstPage(pdf)
    const codeOf = (a: Item) => {
      const code = codes.find((c) => c.endsWith(`id=${a.id}`))
      if (!code) throw new Error(`no label decoded for ${a.inventoryNo}`)
      return code
    }

    // The USB scanner: each label's code typed into the field, then Enter.
    const input = page.getByTestId('scan-input')
    const scan = async (code: string) => {
      await input.click()
      await page.keyboard.type(code, { delay: 0 })
      await page.keyboard.press('Enter')
    }
    const typed = items.slice(0, -2)
    for (const a of typed) await scan(codeOf(a))
    await expect.poll(() => page.getByTestId('count-found').textContent()).toBe(String(typed.length))
    // Scanned twice: counted once, with a notice.
    await scan(codeOf(typed[0]))
    await expect.poll(() => page.getByTestId('scan-feedback').getAttribute('data-tone')).toBe('again')
    expect(await page.getByTestId('count-found').textContent()).toBe(String(typed.length))
    // An unknown code: listed as unexpected with what was read, no error page.
    await scan('NOPE-0000-XYZ')
    await expect.poll(() => page.getByTestId('count-unexpected').textContent()).toBe('1')
    await page.locator('[data-unexpected="unknown"]', { hasText: 'NOPE-0000-XYZ' }).waitFor()
    expect(await page.getByTestId('process-view').count()).toBe(1)

    // An inventory number typed by hand (in lower case) of an artwork the archive places elsewhere: unexpected,
    // with where the archive has it.
    const other = (await apiCall<{ list: Item[] }>(page, 'GET', 'artworks?pageSize=50')).list.find(
      (a) => a.roomId && a.roomId !== roomId,
    )
    if (!other) throw new Error('the demo has no artwork in another room')
    await scan(other.inventoryNo.toLowerCase())
    await expect.poll(() => page.getByTestId('count-unexpected').textContent()).toBe('2')
    const elsewhere = page.locator('[data-unexpected="elsewhere"]', { hasText: other.inventoryNo })
    await elsewhere.waitFor()
    expect(await elsewhere.textContent()).toContain('The archive has it in:')

    // The camera: Chromium's fake device plays the second-last artwork's label.
    await page.getByTestId('scan-camera').click()
    await page.getByTestId('camera-scanner').waitFor()
    await expect
      .poll(() => page.getByTestId('count-found').textContent(), { timeout: 45_000 })
      .toBe(String(typed.length + 1))
    await page.keyboard.press('Escape')
    await page.getByTestId('camera-scanner').waitFor({ state: 'detached' })
    // The camera is released with the modal.
    expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0)

    expect(await page.getByTestId('count-not-found').textContent()).toBe('1')
    expect(await page.getByTestId('count-unexpected').textContent()).toBe('2')
    const last = items[items.length - 1]
    expect(await page.locator(`[data-checklist-row="${last.id}"]`).getAttribute('data-mark')).toBe('missing')

    // On a phone: one column, a big scan field, no sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390)
    await input.scrollIntoViewIfNeeded()
    await shot(page, 'stocktake-scanning-390')
    const box = await input.boundingBox()
    expect(box?.width ?? 0).toBeGreaterThan(250)
    await page.setViewportSize({ width: 1440, height: 900 })

    await fillField({ page, files: { pdf } }, form, 'countedOn', new Date().toISOString().slice(0, 10))
    await fillField({ page, files: { pdf } }, form, 'counters', 'Wang Fang')
    const before = (await shown(page)).version
    await form.locator('[data-event="SUBMIT"]').click()
    await waitForVersion(page, before)
    const view = await apiCall<{ version: number; context: any }>(page, 'GET', `process/${started.id}`)
    const counted = view.context.steps.counting.data
    expect([...counted.foundArtworkIds].sort()).toEqual(
      items
        .slice(0, -1)
        .map((a) => a.id)
        .sort(),
    )
    expect(counted.missingArtworkIds).toEqual([last.id])

    // Approved by someone else: the process moves on to the discrepancies, with that artwork missing.
    const approver = await login(app.baseUrl, 'approver')
    const approved = await api<{ state: string }>(approver, 'POST', `process/${started.id}/events`, {
      type: 'APPROVE',
      expectedVersion: view.version,
    })
    expect(approved.state).toContain('discrepancies')
    const artwork = await apiCall<{ status: string }>(page, 'GET', `artworks/${last.id}`)
    expect(artwork.status).toBe('missing')

    // Still missing after the search: the stocktake closes uncompleted, and its header says only that.
    const searched = await apiCall<{ version: number }>(page, 'GET', `process/${started.id}`)
    const submitted = await apiCall<{ version: number }>(page, 'POST', `process/${started.id}/events`, {
      type: 'SUBMIT',
      expectedVersion: searched.version,
      payload: {
        foundArtworkIds: [],
        missingArtworkIds: [last.id],
        explanation: 'Not found on a second search',
      },
    })
    const closed = await api<{ state: string; status: string }>(
      approver,
      'POST',
      `process/${started.id}/events`,
      {
        type: 'APPROVE',
        expectedVersion: submitted.version,
      },
    )
    expect(closed.status).toBe('uncompleted')
    await page.reload()
    const note = page.getByTestId('completed-note')
    await note.waitFor()
    expect(await note.getAttribute('data-status')).toBe('uncompleted')
    expect(await note.textContent()).toContain('Uncompleted')
    expect(await note.textContent()).not.toContain('Completed')
    expect(await page.getByTestId('process-status').textContent()).toBe('Uncompleted')
  })
})

describe('labels for artworks chosen in the archive', () => {
  it('prints the selection from the archive list’s selection bar, which fits a phone', async () => {
    const page = ops.page
    await page.goto('/artworkArchive/index')
    const rows = page.getByTestId('artwork-row')
    await rows.first().waitFor()
    const numbers: string[] = []
    for (const i of [0, 1]) {
      await rows.nth(i).getByRole('checkbox').check()
      numbers.push(((await rows.nth(i).textContent()) ?? '').match(/VT-\d{4}-\d{4}/)?.[0] ?? '')
    }
    const bar = page.getByTestId('selection-bar')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByTestId('print-labels').click(),
    ])
    const pdf = path.join(tmp, 'chosen.pdf')
    await download.saveAs(pdf)
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })
    for (const no of numbers) expect(text).toContain(no)
    expect(text.match(/VT-\d{4}-\d{4}/g)?.length).toBe(2)
    await page.setViewportSize({ width: 390, height: 844 })
    await shot(page, 'archive-selection-labels-390')
    const box = await bar.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true)
    await page.setViewportSize({ width: 1440, height: 900 })
  })
})
