// What the archive journeys do the way a person does: pick from Mantine's selects, fill the artwork form,
// make a small artwork picture and a real H.264 MP4 (recorded from a canvas by Chromium's own encoder, so no
// ffmpeg is needed), and read the record the screens show. Nothing here calls the API to act.
import type { Page } from 'playwright-core'
import sharp from 'sharp'

/** Open a select (or multiselect) by its input and choose an option by its visible label. */
export async function choose(page: Page, input: string, option: string): Promise<void> {
  await page.locator(input).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** A 1200 × 900 JPEG that looks like a picture (a sky, a hill, a sun). */
export async function artworkJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3e3c3"/><stop offset="1" stop-color="#c9d6e8"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#s)"/>
    <circle cx="880" cy="230" r="90" fill="#c4862b"/>
    <path d="M0 700 L300 420 L520 620 L760 380 L1200 720 L1200 900 L0 900 Z" fill="#315495"/>
    <path d="M0 780 L420 600 L800 760 L1200 640 L1200 900 L0 900 Z" fill="#2a4273"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

/**
 * A 2-second MP4 (H.264) recorded in the page from a moving canvas with MediaRecorder. Returns null when
 * this Chromium cannot record MP4 (the journey then says so and carries on with the image only).
 */
export async function recordMp4(page: Page): Promise<Buffer | null> {
  const bytes = await page.evaluate(`(async () => {
    const mime = ['video/mp4;codecs=avc1', 'video/mp4'].find((t) => window.MediaRecorder && MediaRecorder.isTypeSupported(t))
    if (!mime) return null
    const canvas = document.createElement('canvas')
    canvas.width = 320
    canvas.height = 240
    const ctx = canvas.getContext('2d')
    const rec = new MediaRecorder(canvas.captureStream(25), { mimeType: mime })
    const chunks = []
    rec.ondataavailable = (e) => chunks.push(e.data)
    rec.start(100)
    const t0 = performance.now()
    await new Promise((resolve) => {
      const draw = () => {
        const t = performance.now() - t0
        ctx.fillStyle = 'hsl(' + Math.round(t / 12) % 360 + ', 45%, 55%)'
        ctx.fillRect(0, 0, 320, 240)
        ctx.fillStyle = '#fff'
        ctx.fillRect((t / 10) % 320, 90, 60, 60)
        if (t < 2300) requestAnimationFrame(draw)
        else resolve()
      }
      draw()
    })
    rec.stop()
    await new Promise((r) => (rec.onstop = r))
    const buf = new Uint8Array(await new Blob(chunks).arrayBuffer())
    return Array.from(buf)
  })()`)
  return Array.isArray(bytes) ? Buffer.from(bytes as number[]) : null
}

/** The file input inside a container (Mantine's FileButton keeps it hidden beside its button). */
export function fileInput(page: Page, container: string) {
  return page.locator(`${container} input[type="file"]`)
}

/** Wait until no upload runs: the submit button no longer says it waits. */
export async function uploadsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="submit"]')
    return button !== null && !button.hasAttribute('data-disabled') && !(button as HTMLButtonElement).disabled
  })
}
