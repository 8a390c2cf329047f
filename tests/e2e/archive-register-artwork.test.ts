// Journey: a registrar registers an artwork with an image and a video, is stopped while the preview image
// is missing, finds the artwork by a tag filter and by search, edits it while a colleague who tries to edit
// it too is told the record is locked, then reads the history and restores the first version.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { docx, pdf, unzip } from '../fixtures/file-samples'
import { artworkJpeg, choose, fileInput, recordMp4, uploadsSettled } from './archive-steps'
import { appPerFile, downloadedBytes, newPage, shot, signIn } from './harness'

const run = appPerFile()

const INVENTORY = `E2E-${Date.now().toString(36).toUpperCase()}`
const TITLE_ZH = '晨雾中的远山'
const TITLE_EN = 'Distant Hills in Morning Mist'
const EDITED_EN = 'Distant Hills in Morning Mist (revised)'
const MEDIUM = '布面油画'

async function artworkIdFromUrl(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname === '/artworkArchive/detail' && url.searchParams.has('id'))
  return new URL(page.url()).searchParams.get('id') ?? ''
}

describe('registering an artwork', () => {
  it('creates it with an image and a video, finds it, edits it under the lock, and restores the first version', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'registrar')

    // --- the form refuses a record without its preview image, in the browser, before anything is sent
    await page.goto('/artworkArchive/add')
    await page.getByTestId('artwork-form').waitFor()
    await page.locator('[data-testid="field-inventoryNo"]').fill(INVENTORY)
    await page.locator('[data-testid="field-titleZh"]').fill(TITLE_ZH)
    await page.locator('[data-testid="field-titleEn"]').fill(TITLE_EN)
    await page.locator('[data-testid="field-creationTime"]').fill('2016')
    await page.locator('[data-testid="dimension-picture-0"]').fill('120')
    await page.locator('[data-testid="dimension-picture-1"]').fill('80a')
    expect(await page.getByTestId('dimension-picture-text').textContent()).toBe('120 × 80 cm')
    await page.getByLabel('无签名').check()
    await choose(page, '[data-testid="field-periodTagId"]', '新世纪（2000 年至今）')
    await choose(page, '[data-testid="field-mediumTagId"]', MEDIUM)
    await choose(page, '[data-testid="field-roomId"]', '上海外高桥自贸区保税库')
    const posted: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/artworks') posted.push(r.url())
    })
    await page.getByTestId('submit').click()
    await page.getByTestId('media-error').waitFor()
    expect(await page.getByTestId('media-error').textContent()).toBe('请上传作品预览图并选择图片类型')
    expect(posted).toEqual([])

    // --- an image (typed by ART_PIC_TYPE, the preview) and a video recorded by the browser
    await fileInput(page, '[data-testid="multi-upload-image"]').setInputFiles({
      name: 'morning-mist.jpg',
      mimeType: 'image/jpeg',
      buffer: await artworkJpeg(),
    })
    await page.getByTestId('image-item').waitFor()
    await choose(page, '[data-testid="image-pic-type"]', '正面图')
    expect(await page.getByTestId('image-preview-radio').isChecked()).toBe(true)
    const video = await recordMp4(page)
    expect(video, 'this Chromium records MP4 (H.264) from a canvas').not.toBeNull()
    await fileInput(page, '[data-testid="upload-video"]').setInputFiles({
      name: 'walkthrough.mp4',
      mimeType: 'video/mp4',
      buffer: video as Buffer,
    })
    await page.getByTestId('video-item').waitFor({ timeout: 30_000 })
    await fileInput(page, '[data-testid="multi-upload-attachment"]').setInputFiles([
      { name: 'condition-report.pdf', mimeType: 'application/pdf', buffer: pdf() },
      {
        name: 'certificate.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await docx(),
      },
    ])
    await expect.poll(() => page.getByTestId('other-file-item').count()).toBe(2)
    await uploadsSettled(page)
    await shot(page, 'archive-add-zh')
    await page.getByTestId('submit').click()
    const id = await artworkIdFromUrl(page)
    await page.getByTestId('detail-title').waitFor()
    expect(await page.getByTestId('detail-title').textContent()).toBe(TITLE_ZH)
    expect(posted).toHaveLength(1)

    // --- the media: the image previewable, the video playable with its cover
    await page.goto(`/artworkArchive/detail?id=${id}&tab=media`)
    await page.getByTestId('media-panel').waitFor()
    expect(await page.locator('[data-testid="media-tile"][data-kind="image"]').count()).toBe(1)
    expect(await page.locator('[data-testid="media-tile"][data-kind="video"]').count()).toBe(1)
    await shot(page, 'archive-media-zh')
    await page.locator('[data-testid="media-tile"][data-kind="video"] button').first().click()
    const player = page.getByTestId('preview-video')
    await player.waitFor()
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-testid="preview-video"]') as HTMLVideoElement | null
      return v !== null && v.readyState >= 1 && v.videoWidth === 320
    })
    await page.keyboard.press('Escape')
    await page.locator('[data-testid="media-tile"][data-kind="image"] button').first().click()
    await page.getByTestId('preview-image').waitFor()
    await page.getByTestId('zoom-in').click()
    expect(await page.getByTestId('zoom-level').textContent()).toBe('150%')
    await shot(page, 'archive-media-viewer-zh')
    await page.keyboard.press('Escape')
    // a PDF is viewable in the page; a Word file says its preview is unavailable and offers the download
    const files = page.getByTestId('media-files')
    await files
      .locator('tr', { hasText: 'condition-report.pdf' })
      .getByLabel('预览 condition-report.pdf')
      .click()
    await page.getByTestId('preview-pdf').waitFor()
    await page.keyboard.press('Escape')
    await files.locator('tr', { hasText: 'certificate.docx' }).getByLabel('预览 certificate.docx').click()
    await page.getByTestId('unavailable-preview').waitFor()
    expect(await page.getByTestId('unavailable-preview').textContent()).toContain('该格式不支持预览')
    await page.keyboard.press('Escape')

    // --- found by a tag filter (every row shown has the tag) and by search
    await page.goto('/artworkArchive/index')
    await page.getByTestId('toggle-filters').click()
    await choose(page, '[data-testid="filter-mediumTagId"]', MEDIUM)
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => url.searchParams.has('mediumTagId'))
    await page.locator('[data-testid="artwork-row"]', { hasText: INVENTORY }).waitFor()
    // the filtered page replaces the unfiltered one: wait until every row shown carries the tag
    const mediumsShown = () => page.locator('[data-testid="artwork-row"] td:nth-child(4)').allTextContents()
    await expect
      .poll(
        async () => {
          const mediums = await mediumsShown()
          return mediums.length > 1 && mediums.every((m) => m.includes(MEDIUM))
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    await shot(page, 'archive-filtered-zh')
    await page.goto('/artworkArchive/index')
    await page.getByTestId('archive-search').fill(INVENTORY.toLowerCase())
    await page.getByTestId('archive-search').press('Enter')
    await page.waitForURL((url) => url.searchParams.get('keyword') === INVENTORY.toLowerCase())
    await expect.poll(() => page.getByTestId('artwork-row').count()).toBe(1)
    expect(await page.getByTestId('artwork-row').textContent()).toContain(TITLE_ZH)
    // selected, its files come down as one zip
    await page.getByTestId('artwork-row').getByRole('checkbox').check()
    const zipped = page.waitForEvent('download')
    await page.getByTestId('batch-download').click()
    const zip = await zipped
    expect(zip.suggestedFilename()).toMatch(/^艺术品文件-\d{8}\.zip$/)
    const names = unzip(await downloadedBytes(zip))
      .map((e) => e.name)
      .sort()
    expect(names).toEqual(['certificate.docx', 'condition-report.pdf', 'morning-mist.jpg', 'walkthrough.mp4'])
    await page.getByTestId('artwork-title-link').click()
    await page.getByTestId('detail-title').waitFor()

    // --- editing takes the lock: a colleague who opens the record for editing is told so
    const locked = page.waitForResponse(
      (r) => r.url().endsWith(`/api/artworks/${id}/lock`) && r.request().method() === 'POST',
    )
    await page.getByTestId('edit-artwork').click()
    await page.waitForURL((url) => url.pathname === '/artworkArchive/add')
    expect((await locked).status()).toBe(200)
    const other = await newPage(run.browser, run.app.baseUrl)
    await signIn(other.page, 'admin')
    await other.page.goto(`/artworkArchive/add?id=${id}`)
    await other.page.getByTestId('form-lock-notice').waitFor()
    const notice = await other.page.getByTestId('form-lock-notice').textContent()
    expect(notice).toContain('编辑权限已被锁定，请稍后再试')
    expect(notice).toContain('林书仪')
    expect(await other.page.locator('[data-testid="field-titleEn"]').isDisabled()).toBe(true)
    await shot(other.page, 'archive-locked-zh')
    await other.page.goto(`/artworkArchive/detail?id=${id}`)
    await other.page.getByTestId('lock-notice').waitFor()

    await page.locator('[data-testid="field-titleEn"]').fill(EDITED_EN)
    await page.locator('[data-testid="field-buyYear"]').fill('20l9')
    expect(await page.locator('[data-testid="field-buyYear"]').inputValue()).toBe('209')
    await page.locator('[data-testid="field-buyYear"]').fill('2019')
    await page.getByTestId('submit').click()
    await page.waitForURL((url) => url.pathname === '/artworkArchive/detail')
    await page.getByTestId('detail-title').waitFor()

    // the colleague may edit now
    await other.page.goto(`/artworkArchive/add?id=${id}`)
    await other.page.locator('[data-testid="field-titleEn"]').waitFor()
    await expect.poll(() => other.page.locator('[data-testid="field-titleEn"]').isDisabled()).toBe(false)
    expect(await other.page.locator('[data-testid="field-titleEn"]').inputValue()).toBe(EDITED_EN)
    const released = other.page.waitForResponse(
      (r) => r.url().endsWith(`/api/artworks/${id}/lock`) && r.request().method() === 'DELETE',
    )
    await other.page.getByRole('button', { name: '取消' }).click()
    await released
    await other.context.close()

    // --- the history: who, when, which fields, old → new; the first version restored after a confirmation
    await page.goto(`/artworkArchive/detail?id=${id}&tab=history`)
    await page.getByTestId('record-history').waitFor()
    const edit = page.locator('[data-testid="history-entry"][data-version="2"]')
    await edit.waitFor()
    expect(await edit.textContent()).toContain('林书仪')
    const titleChange = edit.locator('[data-field="titleEn"]')
    expect(await titleChange.getByTestId('old-value').textContent()).toBe(TITLE_EN)
    expect(await titleChange.getByTestId('new-value').textContent()).toBe(EDITED_EN)
    expect(await edit.locator('[data-field="buyYear"] [data-testid="new-value"]').textContent()).toBe('2019')
    await shot(page, 'archive-history-zh')
    await page
      .locator('[data-testid="history-entry"][data-version="1"] [data-testid="restore-button"]')
      .click()
    await page.getByTestId('restore-confirm-button').click()
    const restored = page.locator('[data-testid="history-entry"][data-version="3"]')
    await restored.waitFor()
    expect(await restored.textContent()).toContain('由版本 1 恢复')
    expect(await restored.locator('[data-field="titleEn"] [data-testid="new-value"]').textContent()).toBe(
      TITLE_EN,
    )
    await page.goto(`/artworkArchive/detail?id=${id}`)
    await page.getByTestId('facts-work').waitFor()
    expect(await page.getByTestId('facts-work').textContent()).toContain(TITLE_EN)
    expect(await page.getByTestId('facts-work').textContent()).not.toContain('revised')
    await shot(page, 'archive-detail-zh')
    await context.close()
  })
})
