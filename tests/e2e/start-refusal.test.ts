// Journey: a person starts a process and the server refuses it as a whole (no field at fault); the start form
// says why, in words, at its top, and stays open. One page, one sign-in (a member of staff made for the test,
// so that an administrator can withdraw a privilege); the rest is set up through the API.
// - Types that hold their artworks (the operations): a work is chosen in the picker, another process takes it
//   meanwhile (through the API), the start is refused with 409 "in another process" naming the work. A work
//   already held is marked in the picker and cannot be chosen. A sale is refused before that, at its works'
//   field: the work has no approved deaccession.
// - Types that do not hold their artworks (purchase, insurance, stocktake) have no refusal of a start that no
//   field carries except a missing privilege: the administrator withdraws the starting privilege while the form
//   is open, and the start is refused with 4031 in words.
// - A purchase's shipping (BUY_ART_TRANS) opens from its purchase, and a payment request (FINANCE_PAYMENT)
//   starts from a button without a form: both are left to their own journeys (buy-shipping in the purchase
//   walk, finance-payment.test.ts), where a refusal is toasted by the one error handler.
// Chinese for half the types, English for the other half.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiToken, apiWithToken } from './api-calls'
import { appPerFile, newPage, passwordOf, settled, signIn } from './harness'
import { fillField } from './process-driver'

type Lang = 'zh-CN' | 'en'
/**
 * Every type with a start form, as the launcher reaches it: the list screen with its start drawer open, or a
 * screen of its own.
 */
const START_POINTS: { type: string; lang: Lang; holds: boolean; artwork: boolean }[] = [
  { type: 'OPERATION_TRANS_ART', lang: 'zh-CN', holds: true, artwork: true },
  { type: 'OPERATION_SHOT_ART', lang: 'en', holds: true, artwork: true },
  { type: 'OPERATION_REPLICA_ART', lang: 'zh-CN', holds: true, artwork: true },
  { type: 'OPERATION_MOUNT_ART', lang: 'en', holds: true, artwork: true },
  { type: 'OPERATION_REPAIR_ART', lang: 'zh-CN', holds: true, artwork: true },
  { type: 'OPERATION_LOAN_EXHIBITION_ART', lang: 'en', holds: true, artwork: true },
  { type: 'OPERATION_SELL_ART', lang: 'zh-CN', holds: true, artwork: true },
  { type: 'BUY_ART', lang: 'en', holds: false, artwork: false },
  { type: 'INSURANCE_ANNUAL', lang: 'zh-CN', holds: false, artwork: true },
  { type: 'INSURANCE_OPERATION', lang: 'en', holds: false, artwork: true },
  { type: 'INSURANCE_RENEWAL', lang: 'zh-CN', holds: false, artwork: true },
  { type: 'INSURANCE_PAYOUT', lang: 'en', holds: false, artwork: true },
  { type: 'INVENTORY_CHECK', lang: 'zh-CN', holds: false, artwork: false },
]

const run = appPerFile()
let page: Page
let admin = ''
let me = { id: '', roleIds: [] as string[] }
let roles: Record<string, string> = {}
const api = <T>(method: string, path: string, body?: unknown) =>
  apiWithToken<T>(run.app.baseUrl, admin, method, path, body)

interface Artwork {
  id: string
  inventoryNo: string
  activeProcessId: string | null
}

/** Free works in the collection, handed out one per type. */
let free: Artwork[] = []

/** The member of staff's starting privilege, given or withdrawn by the administrator. */
async function mayStart(yes: boolean) {
  await api('PUT', `auth/users/${me.id}`, {
    displayName: 'E2E 启动者 Starter',
    displayNameEn: '',
    email: '',
    enabled: true,
    roleIds: yes ? me.roleIds : [roles.viewer],
    privileges: [],
  })
}

beforeAll(async () => {
  admin = await apiToken(run.app.baseUrl, 'admin')
  const list = await api<{ list: { id: string; key: string }[] }>('GET', 'auth/roles?pageSize=100')
  roles = Object.fromEntries(list.list.map((r) => [r.key, r.id]))
  me.roleIds = [roles.registrar, roles.operations, roles.finance]
  const user = await api<{ id: string }>('POST', 'auth/users', {
    username: 'e2e.starter',
    displayName: 'E2E 启动者 Starter',
    password: passwordOf('registrar'),
    roleIds: me.roleIds,
  })
  me = { ...me, id: user.id }
  free = (
    await api<{ list: Artwork[] }>('GET', 'artworks?status=in_collection&inOperation=false&pageSize=50')
  ).list
  ;({ page } = await newPage(run.browser, run.app.baseUrl))
  await signIn(page, 'e2e.starter', passwordOf('registrar'))
})
afterAll(async () => {
  await page?.context().close()
})

async function inLanguage(lang: Lang, href: string) {
  await page.evaluate((l) => window.localStorage.setItem('vitrine.language', l), lang)
  await page.goto(href)
  await settled(page)
}

/** Choose a work in the start form's picker by its inventory number. */
async function pick(form: ReturnType<Page['getByTestId']>, art: Artwork) {
  const field = form.locator('input[data-field="artworkIds"]')
  await field.fill(art.inventoryNo)
  const option = page.locator(`[data-artwork-option="${art.id}"]`).first()
  await option.waitFor()
  await option.click()
  await field.press('Escape')
}

const HELD = { 'zh-CN': '正在另一个未结束的流程中', en: 'is in another process that has not ended' }
/** A sale is refused first for want of an approved deaccession (checked before the hold). */
const NOT_DEACCESSIONED = { 'zh-CN': '没有已批准的注销', en: 'has no approved deaccession' }
const NO_PRIVILEGE = { 'zh-CN': '您的系统权限不足', en: 'Your system permissions are not enough' }

describe('a start the server refuses says why in the form', () => {
  for (const point of START_POINTS) {
    it(`${point.type} (${point.lang})`, async () => {
      // As a person does: from the launcher to the type's screen, then its start.
      await inLanguage(point.lang, '/devOpsLinkPage')
      await page.locator(`[data-testid="launcher"] [data-process-type="${point.type}"]`).click()
      await settled(page)
      const form = page.getByTestId(point.type === 'BUY_ART' ? 'initiate-buy' : 'start-process')
      await form.waitFor()
      let expected: string
      if (point.holds) {
        const art = free.shift() as Artwork
        const taken = free[0]
        // A work another process already holds is marked and cannot be chosen.
        await api('POST', 'process', { type: 'OPERATION_SHOT_ART', input: { artworkIds: [taken.id] } })
        await form.locator('input[data-field="artworkIds"]').fill(taken.inventoryNo)
        // The list shown before the search answers is the one read before the work was taken: wait for the mark.
        const marked = page.locator(`[data-artwork-option="${taken.id}"][data-held]`).first()
        await marked.waitFor({ timeout: 10_000 })
        expect(await marked.getAttribute('data-held')).toBe('OPERATION_SHOT_ART')
        await form.locator('input[data-field="artworkIds"]').fill('')
        free.shift()
        await pick(form, art)
        // Meanwhile another process takes the chosen work.
        await api('POST', 'process', { type: 'OPERATION_SHOT_ART', input: { artworkIds: [art.id] } })
        await form.getByTestId('submit').click()
        if (point.type === 'OPERATION_SELL_ART') {
          // A sale is refused at its works' field: the chosen work has no approved deaccession (checked
          // before the hold), named there in words; the form stays open.
          const said = () => form.locator('.mantine-InputWrapper-error').allInnerTexts()
          await expect.poll(async () => (await said()).join(' ')).toContain(NOT_DEACCESSIONED[point.lang])
          expect((await said()).join(' ')).toContain(art.inventoryNo)
          expect(await form.isVisible()).toBe(true)
          return
        }
        expected = HELD[point.lang]
        const refusal = form.getByTestId('start-refusal')
        await refusal.waitFor()
        expect(await refusal.textContent()).toContain(art.inventoryNo)
      } else {
        if (point.artwork) await pick(form, free.shift() as Artwork)
        if (point.type === 'INVENTORY_CHECK') {
          await form.locator('[data-field="roomId"]').click()
          await page.locator('[role="option"]').first().click()
        }
        if (point.type === 'BUY_ART') {
          // What the purchase's start requires: a work described, its seller, asking price and currency.
          await form.locator('[data-candidate="0"] input').first().fill('试验作品')
          const fill = { page, files: { pdf: '' } }
          await fillField(fill, form, 'seller', 'Galerie Nord')
          await fillField(fill, form, 'price', '1200')
          await fillField(fill, form, 'currency', 'CNY')
        }
        await mayStart(false)
        expected = NO_PRIVILEGE[point.lang]
        try {
          await form.getByTestId('submit').click()
          await form.getByTestId('start-refusal').waitFor()
        } finally {
          await mayStart(true)
        }
      }
      expect(await form.getByTestId('start-refusal').textContent()).toContain(expected)
      // Still open, nothing started in its name.
      expect(await form.isVisible()).toBe(true)
    })
  }
})
