// Journeys of words staff read, in Chinese and English: the news editor names its fields as titles (not an
// artwork's); the data centre's process header names the type, never its code; only administrators are told
// which version of its definition a process follows, in words; an artwork picker follows a language switch
// without a reload.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiToken, apiWithToken } from './api-calls'
import { appPerFile, newPage, settled, signIn } from './harness'

const run = appPerFile()

/** Switch the language through the header's switch (no reload). */
async function switchTo(page: Page, lang: 'en' | 'zh-CN') {
  await page.getByTestId('language-switch').click()
  await page.getByTestId(`language-${lang}`).click()
}

/** The text of the labels of a form's fields. */
function labels(page: Page, within: string): Promise<string[]> {
  return page.locator(`${within} label`).allTextContents()
}

describe('words staff read', () => {
  it('the news editor and the news table say title, in both languages', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto('/dynamicManage/createMessage')
    await page.getByTestId('content-form').waitFor()
    const zh = (await labels(page, '[data-testid="content-form"]')).join(' | ')
    expect(zh).toContain('中文标题')
    expect(zh).toContain('英文标题')
    expect(zh).not.toContain('作品')
    await page.goto('/dynamicManage/table')
    await settled(page)
    expect(await page.locator('main th').allTextContents()).toContain('标题')

    await switchTo(page, 'en')
    await expect.poll(() => page.locator('main th').allTextContents()).toContain('Title')
    await page.goto('/dynamicManage/createMessage')
    await page.getByTestId('content-form').waitFor()
    const en = (await labels(page, '[data-testid="content-form"]')).join(' | ')
    expect(en).toContain('Title in Chinese')
    expect(en).toContain('Title in English')
    await context.close()
  })

  it("the data centre's process header names the type, never its code", async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'admin')
    await page.goto('/art-data-center?tab=processes&flow=BUY_ART')
    const detail = page.locator('[data-testid="flow-detail"][data-flow-type="BUY_ART"]')
    await detail.waitFor()
    await settled(page)
    const header = (await detail.locator('.mantine-Card-root').first().textContent()) ?? ''
    expect(header).toContain('尽调购买')
    expect(header).not.toMatch(/[A-Z]{2,}_[A-Z_]+/)
    await context.close()
  })

  it('only administrators are told the version of the definition a process follows, in words', async () => {
    const base = run.app.baseUrl
    const token = await apiToken(base, 'registrar')
    const { list } = await apiWithToken<{ list: { id: string }[] }>(base, token, 'GET', 'process?pageSize=1')
    const id = list[0].id
    const open = async (username: string) => {
      const { context, page } = await newPage(run.browser, base)
      await signIn(page, username)
      await page.goto(`/devOpsManage/index?process=${id}`)
      await page.getByTestId('process-header').waitFor()
      await settled(page)
      return { context, page }
    }
    const registrar = await open('registrar')
    expect(await registrar.page.getByTestId('process-definition-version').count()).toBe(0)
    expect(await registrar.page.getByTestId('process-header').textContent()).not.toMatch(/\bv\d+\b/)
    await registrar.context.close()

    const admin = await open('admin')
    const badge = admin.page.getByTestId('process-definition-version')
    expect(await badge.textContent()).toMatch(/^流程定义版本 \d+$/)
    await switchTo(admin.page, 'en')
    await expect.poll(() => badge.textContent()).toMatch(/^Process definition version \d+$/)
    await admin.context.close()
  })

  it('an artwork picker follows a language switch without a reload', async () => {
    const base = run.app.baseUrl
    const token = await apiToken(base, 'registrar')
    const { list } = await apiWithToken<{
      list: {
        id: string
        titleZh: string
        titleEn: string
        inventoryNo: string
        activeProcessId: string | null
      }[]
    }>(base, token, 'GET', 'artworks?status=in_collection&pageSize=50')
    const art = list.find((a) => !a.activeProcessId && a.titleZh && a.titleEn && a.titleZh !== a.titleEn)
    if (!art) throw new Error('the demo has no free artwork with two different titles')
    const { context, page } = await newPage(run.browser, base)
    await signIn(page, 'registrar')
    await page.goto(`/devOpsManage/createAnnualInsurance?artworkId=${art.id}`)
    const field = page.getByTestId('start-process').locator('[data-field="artworkIds"]').locator('..')
    await expect.poll(() => field.textContent()).toContain(art.titleZh)
    await switchTo(page, 'en')
    await expect.poll(() => field.textContent()).toContain(art.titleEn)
    expect(await field.textContent()).not.toContain(art.titleZh)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    await context.close()
  })
})
