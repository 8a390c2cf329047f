// Journey, in Chinese then English: the administrator writes an office message for the approvers in the
// rich-text editor (the TipTap editor loads on demand) and publishes it, then records release 1.0.0 (a
// number going backwards is refused at its field) and publishes it. The approver is shown "What's new"
// once (closed, it does not come back after a reload); the message is on their home page and in their bell,
// and opens from the message centre, which fits 390 px; in English the centre and the item speak English.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { overflow } from './fit'
import { appPerFile, newPage, settled, shot, signIn } from './harness'

const run = appPerFile()

const TITLE_ZH = `端到端通知 ${Date.now() % 100000}`
const TITLE_EN = `End-to-end notice ${Date.now() % 100000}`

async function typeRich(page: Page, field: string, text: string) {
  const editor = page.getByTestId(field).locator('[contenteditable="true"]')
  await editor.click()
  await page.keyboard.type(text)
}

/** Open `path` and, once the server has answered whether a release is unseen, count the "What's new" notices. */
async function whatsNewAfter(page: Page, path: string) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/releases/unseen'))
  await page.goto(path)
  await answered
  await settled(page)
  return page.getByTestId('whats-new').count()
}

describe('communication: news, the bell, the message centre, release notes', () => {
  it('publishes a message and a release the approver sees once', async () => {
    const { page: admin } = await newPage(run.browser, run.app.baseUrl)
    await signIn(admin, 'admin')

    // Write and publish an office message for the approvers.
    await admin.goto('/dynamicManage/createMessage')
    await admin.getByTestId('content-form').waitFor()
    await admin.getByTestId('content-titleZh').fill(TITLE_ZH)
    await admin.getByTestId('content-titleEn').fill(TITLE_EN)
    await admin.getByTestId('content-summaryZh').fill('周五下午三点开会')
    await admin.getByTestId('content-summaryEn').fill('Meeting on Friday at three')
    await typeRich(admin, 'content-bodyZh', '请准时参加年度会议。')
    await typeRich(admin, 'content-bodyEn', 'Please be on time for the annual meeting.')
    await admin.getByTestId('content-audience').click()
    await admin.getByRole('option', { name: '审批人' }).click()
    await admin.keyboard.press('Escape')
    await admin.getByTestId('content-publish').click()
    await admin.waitForURL((url) => url.pathname === '/dynamicManage/detail/message')
    await admin.getByTestId('content-article').waitFor()
    expect(await admin.getByTestId('page-title').textContent()).toBe(TITLE_ZH)
    expect(await admin.getByTestId('content-body').textContent()).toContain('请准时参加年度会议。')

    // Record a release and publish it; a number going backwards is then refused at its field.
    await admin.goto('/versionManage/index')
    await admin.getByTestId('release-new').click()
    const form = admin.getByTestId('release-form')
    await admin.getByTestId('release-number').fill('1.0.0')
    await admin.getByTestId('release-notesZh').fill('新增消息中心\n新增动态')
    // Escape with typed notes asks first; keeping them leaves the form as it was.
    await admin.keyboard.press('Escape')
    await admin.getByTestId('discard-question').waitFor()
    await admin.getByTestId('discard-keep').click()
    await admin.getByTestId('discard-question').waitFor({ state: 'detached' })
    expect(await admin.getByTestId('release-notesZh').inputValue()).toBe('新增消息中心\n新增动态')
    await admin.getByTestId('release-notesEn').fill('A message centre\nNews from the office')
    await form.getByTestId('submit').click()
    await form.waitFor({ state: 'detached' })
    await admin.locator('[data-release="1.0.0"]').getByTestId('release-publish').click()
    await admin.getByTestId('release-confirm-go').click()
    await admin.getByTestId('release-confirm').waitFor({ state: 'detached' })
    // The administrator is shown it too: close it.
    await admin.getByTestId('whats-new-close').click()
    await admin.getByTestId('release-new').click()
    await admin.getByTestId('release-number').fill('0.9.0')
    await admin.getByTestId('release-notesZh').fill('旧版本')
    await admin.getByTestId('release-notesEn').fill('Old')
    await form.getByTestId('submit').click()
    await expect.poll(() => form.textContent()).toContain('版本号必须大于已发布的最新版本 1.0.0')
    await shot(admin, 'communication-release-backwards')
    // Discarded when asked: the form closes with nothing saved (once the refusal's toast has gone).
    await admin.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' })
    await admin.keyboard.press('Escape')
    await admin.getByTestId('discard-go').click()
    await form.waitFor({ state: 'detached' })
    expect(await admin.locator('[data-release="0.9.0"]').count()).toBe(0)

    // The approver: "What's new" once.
    const { page } = await newPage(run.browser, run.app.baseUrl)
    await signIn(page, 'approver')
    const notice = page.getByTestId('whats-new')
    await notice.waitFor()
    expect(await notice.textContent()).toContain('新增消息中心')
    await page.getByTestId('whats-new-close').click()
    await notice.waitFor({ state: 'detached' })
    expect(await whatsNewAfter(page, '/')).toBe(0)

    // The message on the home page and in the bell.
    await page.getByTestId('home-news').waitFor()
    await expect.poll(() => page.getByTestId('home-news').textContent()).toContain(TITLE_ZH)
    expect(Number(await page.getByTestId('message-count').getAttribute('data-count'))).toBeGreaterThan(0)
    await page.getByTestId('message-bell').click()
    await page.getByTestId('bell-messages').waitFor()
    await expect.poll(() => page.getByTestId('bell-messages').textContent()).toContain(TITLE_ZH)
    await page.keyboard.press('Escape')

    // The message centre at 390 px: the message opens its item.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/messageCenter/index?kind=content')
    const line = page.locator('[data-testid="message-list"] [data-message-id]').filter({ hasText: TITLE_ZH })
    await line.waitFor()
    expect(await line.getAttribute('data-read')).toBe('0')
    await settled(page)
    expect(await overflow(page)).toBe('')
    await line.getByTestId('message-open').click()
    const article = page.getByTestId('content-article')
    await article.waitFor()
    expect(await article.textContent()).toContain('请准时参加年度会议。')
    await expect.poll(() => line.getAttribute('data-read')).toBe('1')
    await shot(page, 'communication-message-centre-phone')
    await page.keyboard.press('Escape')
    await article.waitFor({ state: 'detached' })

    // In English.
    await page.evaluate(() => localStorage.setItem('vitrine.language', 'en'))
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(await whatsNewAfter(page, '/messageCenter/index?kind=content')).toBe(0)
    const lineEn = page
      .locator('[data-testid="message-list"] [data-message-id]')
      .filter({ hasText: TITLE_EN })
    await lineEn.waitFor()
    expect(await lineEn.textContent()).toContain('News and notices')
    expect(await page.getByTestId('page-title').textContent()).toBe('Messages')
    await lineEn.getByTestId('message-open').click()
    await expect
      .poll(() => page.getByTestId('content-article').textContent())
      .toContain('Please be on time for the annual meeting.')
  })
})
