// Journey: a viewer reads the archive in either language — the list in both views, an artwork's detail,
// the collection summary, the artwork's operations — and is offered nothing they may not do: no add,
// import, export, edit, restore or start buttons; typing the add address gets "no access".
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage, shot, signIn } from './harness'

const run = appPerFile()

async function viewerPage(lang: 'zh-CN' | 'en'): Promise<Page> {
  const { context, page } = await newPage(run.browser, run.app.baseUrl)
  await context.addInitScript((l) => window.localStorage.setItem('vitrine.language', l), lang)
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message))
  await signIn(page, 'viewer')
  return page
}

/** Untranslated Lingui messages show as their ids (six-character hashes); none may reach the screen. */
async function noMessageIds(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps words apart, as a reader sees them
  const text = await page.locator('main').innerText()
  return (text.match(/(?<![\w-])[A-Za-z0-9+/]{6}(?![\w-])/g) ?? []).filter(
    (w) => /\d/.test(w) && /[a-z]/.test(w) && /[A-Z]/.test(w),
  )
}

describe('the archive for a viewer', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    it(`shows the archive without any action a viewer may not take (${lang})`, async () => {
      const page = await viewerPage(lang)
      await page.goto('/artworkArchive/index')
      await page.getByTestId('artwork-table').waitFor()
      await page.locator('[data-testid="artwork-row"] img').first().waitFor()
      expect(await page.getByTestId('add-artwork').count()).toBe(0)
      expect(await page.getByTestId('import-button').count()).toBe(0)
      expect(await page.getByTestId('export-button').count()).toBe(0)
      expect(await noMessageIds(page)).toEqual([])
      await shot(page, `archive-list-${lang}`)

      await page.getByTestId('toggle-filters').click()
      await page.getByTestId('archive-filters').waitFor()
      await shot(page, `archive-filters-${lang}`)
      await page
        .getByTestId('view-switch')
        .getByText(lang === 'en' ? 'Gallery' : '画廊')
        .click()
      await page.getByTestId('artwork-gallery').waitFor()
      await page.waitForURL((url) => url.searchParams.get('view') === 'gallery')
      await shot(page, `archive-gallery-${lang}`)

      await page.getByTestId('artwork-card').first().locator('a').last().click()
      await page.getByTestId('artwork-detail').waitFor()
      expect(await page.getByTestId('edit-artwork').count()).toBe(0)
      expect(await noMessageIds(page)).toEqual([])
      await shot(page, `archive-detail-${lang}`)
      const id = new URL(page.url()).searchParams.get('id')
      await page.getByTestId('tab-history').click()
      await page.getByTestId('history-entry').first().waitFor()
      expect(await page.getByTestId('restore-button').count()).toBe(0)

      await page.goto('/artworkArchive/artSummary')
      await page.getByTestId('summary-figures').waitFor()
      await page.getByTestId('bars-medium').waitFor()
      expect(await noMessageIds(page)).toEqual([])
      // never one total across currencies: one figure per currency
      const currencies = await page.getByTestId('summary-currency').allTextContents()
      expect(currencies.length).toBeGreaterThan(1)
      await shot(page, `archive-summary-${lang}`)
      await page.locator('[data-testid="bars-medium"] button').first().click()
      await page.waitForURL(
        (url) => url.pathname === '/artworkArchive/index' && url.searchParams.has('mediumTagId'),
      )

      await page.goto(`/devOpsManage/mochaItom/${id}`)
      await page.getByTestId('artwork-operations').waitFor()
      await page.getByTestId('start-for-artwork').waitFor()
      await page.locator('[data-testid="no-process"], [data-testid="operation-process"]').first().waitFor()
      expect(await page.locator('[data-testid^="start-OPERATION"]').count()).toBe(0)
      expect(await noMessageIds(page)).toEqual([])
      await shot(page, `archive-operations-${lang}`)

      await page.goto('/artworkArchive/add')
      await page.getByTestId('forbidden-screen').waitFor()
      await page.context().close()
    })
  }
})
