// Drives the process screens the way a person does, for the process journeys and the model-based walks:
// open a process view, read what it shows (status, state, step, buttons), fill a step's form from a
// sample payload field by field (text, money, dates, choices, PDF uploads, payment details) and press the
// button of an event, then wait for the view's version to move on. Nothing here calls the API to act.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { pdf, png } from '../fixtures/file-samples'
import { newPage, pushAddress, ROOT, signIn } from './harness'

export type Lang = 'zh-CN' | 'en'

export interface UserPage {
  name: string
  context: BrowserContext
  page: Page
}

/** A signed-in page for a user, in a language (the choice is kept in local storage, as the app does). */
export async function userPage(
  browser: Browser,
  baseUrl: string,
  name: string,
  lang: Lang = 'zh-CN',
): Promise<UserPage> {
  const { context, page } = await newPage(browser, baseUrl)
  await context.addInitScript((l) => window.localStorage.setItem('vitrine.language', l), lang)
  await signIn(page, name)
  return { name, context, page }
}

/** Files the forms upload: a one-page PDF and a PNG (the wrong type for a PDF field). */
export async function sampleFiles(): Promise<{ pdf: string; png: string }> {
  const dir = path.join(ROOT, '.tmp/e2e-files')
  mkdirSync(dir, { recursive: true })
  const pdfPath = path.join(dir, 'report.pdf')
  writeFileSync(pdfPath, pdf())
  const pngPath = path.join(dir, 'photo.png')
  writeFileSync(pngPath, await png(64, 48))
  return { pdf: pdfPath, png: pngPath }
}

export async function openProcess(page: Page, id: string, route = '/devOpsManage/index'): Promise<void> {
  await page.goto(`${route}?process=${id}`)
  await page.locator(`[data-testid="process-view"][data-process-id="${id}"]`).waitFor()
}

/**
 * Open a process again on a page that already shows the app, without reloading it (`pushAddress`), the view
 * read anew from the server. When the page shows that process already, it is closed first so that the view
 * mounts again. Resolves when the view shows `version` or a later one — the version the last event left, so a
 * view still showing an older one is never read. A reload costs a page about 0.9 s of the browser's CPU (the app's
 * modules compiled and run again); this about a third of it.
 */
export async function reopenProcess(page: Page, id: string, route: string, version: number): Promise<void> {
  const view = page.locator(`[data-testid="process-view"][data-process-id="${id}"]`)
  if ((await view.count()) > 0) {
    await pushAddress(page, route)
    await view.waitFor({ state: 'detached' })
  }
  await pushAddress(page, `${route}?process=${id}`)
  await page.waitForFunction(
    ({ id, version }) =>
      Number(
        document
          .querySelector(
            `[data-testid="process-view"][data-process-id="${id}"] [data-testid="process-header"]`,
          )
          ?.getAttribute('data-version'),
      ) >= version,
    { id, version },
    { timeout: 20_000 },
  )
}

export interface Shown {
  state: string
  status: string
  version: number
  step: string
  buttons: string[]
}

/** What the process view shows now. */
export async function shown(page: Page): Promise<Shown> {
  const header = page.getByTestId('process-header')
  await header.waitFor()
  // A form that starts from records it is still reading (an insurer's account) is drawn once they are in.
  await page.locator('[data-testid="step-form-loading"]').waitFor({ state: 'detached' })
  const buttons = await page
    .locator('[data-testid="process-view"] [data-event]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-event') ?? ''))
  return {
    state: (await header.getAttribute('data-state')) ?? '',
    status: (await page.getByTestId('process-status').getAttribute('data-status')) ?? '',
    version: Number(await header.getAttribute('data-version')),
    step: (await page.getByTestId('process-step').textContent()) ?? '',
    buttons: [...new Set(buttons)].sort(),
  }
}

export async function waitForVersion(page: Page, above: number): Promise<void> {
  await page.waitForFunction(
    (v) => Number(document.querySelector('[data-testid="process-header"]')?.getAttribute('data-version')) > v,
    above,
    { timeout: 20_000 },
  )
}

/** Choose an option of a Mantine Select (or TreeSelect) by its value. */
export async function choose(page: Page, field: Locator, value: string): Promise<void> {
  await field.click()
  await page.waitForFunction((el) => !!el?.getAttribute('aria-controls'), await field.elementHandle())
  const list = await field.getAttribute('aria-controls')
  const within = list ? page.locator(`[id="${list}"]`) : page
  const option = within.locator(`[role="option"][value="${value}"]`).first()
  await option.waitFor({ timeout: 10_000 })
  // Choosing the chosen option again would clear it.
  if ((await option.getAttribute('aria-selected')) === 'true') {
    await field.press('Escape')
    return
  }
  await option.click()
}

export interface FillContext {
  page: Page
  /** A PDF, and an image for the fields that take photographs. */
  files: { pdf: string; png?: string }
}

async function kindOf(locator: Locator): Promise<string> {
  return (await locator.first().getAttribute('data-kind')) ?? ''
}

/** Fill one field of a form with a value, as a person would. */
export async function fillField(
  ctx: FillContext,
  scope: Locator,
  key: string,
  value: unknown,
): Promise<void> {
  const { page } = ctx
  const field = scope.locator(`[data-field="${key}"]`).first()
  if ((await field.count()) === 0) throw new Error(`no field ${key} on the form`)
  const kind = await kindOf(field)
  switch (kind) {
    case 'text':
    case 'textarea':
    case 'vendor':
      await field.fill(String(value))
      return
    case 'money':
    case 'count':
    case 'date':
      // Emptied first: a money field shows its value without separators once focused.
      await field.fill('')
      await field.fill(String(value))
      await field.press('Tab')
      return
    case 'dict':
    case 'country':
    case 'room':
    case 'enterprise':
    case 'tree':
      await choose(page, field, String(value))
      return
    case 'choice':
    case 'boolean': {
      const input = field.locator(`input[value="${String(value)}"]`)
      if ((await input.count()) > 0) {
        await field.locator(`label[for="${await input.getAttribute('id')}"]`).click()
        return
      }
      await choose(page, field, String(value))
      return
    }
    case 'files': {
      const wanted = Array.isArray(value) ? value.length : 1
      const have = await field.getByTestId('stored-file').count()
      // A PDF where the field takes one, else the image (photographs, finished shots).
      const accept = (await field.locator('input[type="file"]').getAttribute('accept')) ?? ''
      const file = /pdf/i.test(accept) || !accept || !ctx.files.png ? ctx.files.pdf : ctx.files.png
      for (let i = have; i < wanted; i++) {
        await field.locator('input[type="file"]').setInputFiles(file)
        await field.getByTestId('stored-file').nth(i).waitFor({ timeout: 20_000 })
      }
      return
    }
    case 'details': {
      const details = value as { payingCompany: string; amount: string }[]
      for (const [i, d] of details.entries()) {
        if ((await scope.locator(`[data-detail-row="${i}"]`).count()) === 0)
          await scope.getByTestId('add-detail').click()
        await choose(page, scope.locator(`[data-field="details.${i}.payingCompany"]`), d.payingCompany)
        const amount = scope.locator(`[data-field="details.${i}.amount"]`)
        await amount.fill('')
        await amount.fill(d.amount)
        await amount.press('Tab')
      }
      return
    }
    case 'batch-rooms': {
      // A batch's warehousing: each artwork's row of the form gets its room, its condition and its note —
      // the row of the payload naming that artwork, else the payload's rows in order (a model's sample
      // names the model's artworks, not this database's; the last row stands for any further one).
      const rows = value as {
        artworkId: string
        roomId: string
        conditionOk?: boolean
        conditionNote?: string
      }[]
      const formRows = scope.locator('[data-batch-row]')
      await formRows.first().waitFor({ timeout: 10_000 })
      const ids = await formRows.evaluateAll((els) => els.map((e) => e.getAttribute('data-batch-row') ?? ''))
      for (const [i, id] of ids.entries()) {
        const r = rows.find((x) => x.artworkId === id) ?? rows[Math.min(i, rows.length - 1)]
        const row = scope.locator(`[data-batch-row="${id}"]`)
        await choose(page, row.locator('[data-field$=".roomId"]'), r.roomId)
        if (typeof r.conditionOk === 'boolean') {
          const input = row.locator(`input[value="${r.conditionOk ? 'ok' : 'note'}"]`)
          await row.locator(`label[for="${await input.getAttribute('id')}"]`).click()
        }
        if (r.conditionNote) await row.locator('textarea[data-field$=".conditionNote"]').fill(r.conditionNote)
      }
      return
    }
    case 'artwork-checklist': {
      // The stocktake's checklist: each artwork of the list marked on its row (found or missing).
      const mark = key === 'missingArtworkIds' ? 'missing' : 'found'
      for (const id of value as string[]) {
        const row = scope.locator(`[data-checklist-row="${id}"]`)
        await row.waitFor({ timeout: 10_000 })
        await row.locator(`input[value="${mark}"]`).check()
        await page.waitForFunction(
          ({ id, mark }) =>
            document.querySelector(`[data-checklist-row="${id}"]`)?.getAttribute('data-mark') === mark,
          { id, mark },
        )
      }
      return
    }
    default:
      throw new Error(`field ${key}: unknown kind "${kind}"`)
  }
}

/** Fill every key of a payload; the method of a payment first (it decides which fields exist). */
export async function fillForm(
  ctx: FillContext,
  scope: Locator,
  values: Record<string, unknown>,
): Promise<void> {
  const keys = Object.keys(values).sort((a, b) => Number(b === 'method') - Number(a === 'method'))
  for (const key of keys) await fillField(ctx, scope, key, values[key])
}

export interface UiEvent {
  type: string
  payload?: Record<string, unknown>
  comment?: string
}

/**
 * Send an event through the screen: SAVE and SUBMIT from the step's form (filled from the payload), a step's
 * own event (DEPART, ARRIVE, RETURN, CONFIRM_PAYMENT) from its small form in the step when the step offers
 * one, any other from its button and dialog. Resolves when the view shows the next version.
 */
export async function act(ctx: FillContext, event: UiEvent): Promise<void> {
  const { page } = ctx
  const before = (await shown(page)).version
  if (event.type === 'SAVE' || event.type === 'SUBMIT') {
    const form = page.getByTestId('step-form')
    await form.waitFor()
    if (event.payload) await fillForm(ctx, form, event.payload)
    await form.locator(`[data-event="${event.type}"]`).click()
  } else if (!event.comment && (await page.locator(`[data-event-form="${event.type}"]`).count()) > 0) {
    // A step waiting for its own event offers that event's small form in the step: filled there.
    const form = page.locator(`[data-event-form="${event.type}"]`)
    if (event.payload) await fillForm(ctx, form, event.payload)
    // A payment's sum is read back in a dialog before it is confirmed.
    const readBack = (await form.getByTestId('payment-to-confirm').count()) > 0
    await form.locator(`[data-step-event="${event.type}"]`).click()
    if (readBack) {
      const dialog = page.locator(`[data-payment-confirm="${event.type}"]`)
      await dialog.waitFor()
      await dialog.getByTestId('payment-confirm-go').click()
    }
  } else {
    await page.locator(`[data-testid="process-actions"] [data-event="${event.type}"]`).click()
    const dialog = page.locator(`[data-event-dialog="${event.type}"]`)
    await dialog.waitFor()
    if (event.payload) await fillForm(ctx, dialog, event.payload)
    if (event.comment) await dialog.locator('[data-field="comment"]').fill(event.comment)
    await dialog.getByTestId('event-confirm').click()
  }
  await waitForVersion(page, before)
}

/** The field's message under it (Mantine puts the error in the input wrapper). */
export async function fieldError(scope: Locator, key: string): Promise<string> {
  const field = scope.locator(`[data-field="${key}"]`).first()
  const wrapper = field.locator('xpath=ancestor-or-self::*[contains(@class,"mantine-InputWrapper-root")][1]')
  // The wrapper's own message (a table of fields inside it has messages of their own).
  const error = wrapper.locator('xpath=./*[contains(@class,"mantine-InputWrapper-error")]').first()
  return (await error.count()) > 0 ? ((await error.textContent()) ?? '') : ''
}

/** Read the API as the signed-in user of a page (for test set-up and for checking what a screen did). */
export async function apiCall<T = unknown>(
  page: Page,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const reply = await page.evaluate(
    async ({ method, apiPath, body }) => {
      const res = await fetch(`/api/${apiPath}`, {
        method,
        headers: {
          'x-auth-token': localStorage.getItem('vitrine.token') ?? '',
          'accept-language': 'en',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return res.json()
    },
    { method, apiPath, body },
  )
  const envelope = reply as { code: number; msg: string; data: T }
  if (envelope.code !== 0) throw new Error(`${method} ${apiPath}: ${envelope.code} ${envelope.msg}`)
  return envelope.data
}

/** Concrete values of this database for the samples of tests/model/samples.ts. */
export async function sampleRefs(page: Page) {
  const rooms = await apiCall<{ id: string }[]>(page, 'GET', 'room/getRoomList')
  const companies = await apiCall<{ labelZh: string }[]>(page, 'POST', 'art/getAllEnt')
  return { roomId: rooms[0].id, secondRoomId: rooms[1]?.id ?? rooms[0].id, company: companies[0].labelZh }
}

/** A sample payload with this database's room and paying company in place of the samples' placeholders. */
export function localise(payload: Record<string, unknown>, refs: { roomId: string; company: string }) {
  const out: Record<string, unknown> = { ...payload }
  if ('roomId' in out) out.roomId = refs.roomId
  if ('toRoomId' in out) out.toRoomId = refs.roomId
  if ('payerCompany' in out) out.payerCompany = refs.company
  // A batch's warehousing (BUY_ART_TRANS v2): each artwork's row names its room.
  if (Array.isArray(out.artworks))
    out.artworks = (out.artworks as Record<string, unknown>[]).map((a) =>
      'roomId' in a ? { ...a, roomId: refs.roomId } : a,
    )
  if (Array.isArray(out.details))
    out.details = (out.details as Record<string, unknown>[]).map((d) => ({
      ...d,
      payingCompany: refs.company,
    }))
  return out
}
