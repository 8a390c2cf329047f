// Journey: an administrator opens the full export from the system log, starts one, watches its progress bar
// reach the end and downloads the archive (a ZIP with its manifest); the screen speaks Chinese by default.
import { describe, expect, it } from 'vitest'
import { appPerFile, downloadedBytes, navigateInApp, newPage, shot, signIn } from './harness'

const run = appPerFile()

describe('full export', () => {
  it('runs from the system area and downloads when done', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await navigateInApp(page, '/systemLog/home')
    await page.getByTestId('full-export-link').click()
    await page.getByTestId('full-export').waitFor()
    expect(await page.getByTestId('export-start').textContent()).toBe('开始完整导出')
    await page.getByTestId('export-start').click()
    await page.getByTestId('export-progress').first().waitFor()
    const link = page.getByTestId('export-download').first()
    await link.waitFor({ timeout: 120_000 })
    await shot(page, 'full-export-done')
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toMatch(/^vitrine-export-\d{8}-[0-9a-f]{8}\.zip$/)
    const bytes = await downloadedBytes(download)
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304')
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(true)
    await context.close()
  }, 240_000)
})
