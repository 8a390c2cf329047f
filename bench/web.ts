// Web benchmark (issues 3 and 12), on the production build served by the real server, in headless Chromium:
// - the JavaScript a browser downloads for /login and for / (gzip KB, as a server would send it compressed)
//   and the time to the first rendered screen. Budget: at most 180 KB gzip of JavaScript before sign-in;
//   the largest files of /login are listed, so a screen that slipped into the first download shows;
// - each area's screens come as chunks of their own (opening an area fetches only its chunks);
// - the process view of a process with 300 history rows (seeded through the API: 300 SAVEs), interactive
//   (its event buttons shown and enabled) within 300 ms of navigation on a warm cache, beside a blank
//   route: an in-app navigation (a link followed inside the app, its chunks in the browser's cache) and a
//   full page load with a warm cache.
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { sampleDraft, sampleStepData } from '../src/server/seed/process-samples'
import { DESKTOP, launchBrowser, passwordOf, startApp } from '../tests/e2e/harness'

const RUNS = 5
const BUDGET_KB = 180
const HISTORY_ROWS = 300
const VIEW_RUNS = 7
const VIEW_BUDGET_MS = 300

interface Load {
  jsGzipKB: number
  jsFiles: number
  renderedMs: number
  fcpMs: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** Record when `selector` first appears, from the start of navigation (performance.now() is 0 there). */
function markWhenRendered(selector: string) {
  return `(() => {
    const seen = () => {
      if (document.querySelector(${JSON.stringify(selector)})) { window.__rendered = performance.now(); return true }
      return false
    }
    const observer = new MutationObserver(() => { if (seen()) observer.disconnect() })
    document.addEventListener('DOMContentLoaded', () => { if (!seen()) observer.observe(document.body, { childList: true, subtree: true }) })
  })()`
}

async function load(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  selector: string,
): Promise<{ load: Load; scripts: Set<string>; sizes: Map<string, number> }> {
  const page = await context.newPage()
  await page.addInitScript(markWhenRendered(selector))
  const bodies: Promise<number>[] = []
  const scripts = new Set<string>()
  const bySize = new Map<string, number>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (!url.pathname.endsWith('.js')) return
    scripts.add(url.pathname)
    bodies.push(
      response.body().then((b) => {
        const gz = gzipSync(b).length
        bySize.set(url.pathname.split('/').pop() ?? url.pathname, gz)
        return gz
      }),
    )
  })
  await page.goto(baseUrl + path)
  await page.waitForSelector(selector)
  await page.waitForLoadState('networkidle')
  const renderedMs = await page.evaluate(
    () => (window as unknown as { __rendered?: number }).__rendered ?? Number.NaN,
  )
  const fcpMs = await page.evaluate(
    () =>
      performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ??
      Number.NaN,
  )
  const sizes = await Promise.all(bodies)
  await page.close()
  return {
    load: { jsGzipKB: sizes.reduce((s, n) => s + n, 0) / 1024, jsFiles: sizes.length, renderedMs, fcpMs },
    scripts,
    sizes: bySize,
  }
}

async function signInByApi(
  baseUrl: string,
  username = 'registrar',
): Promise<{ token: string; user: unknown }> {
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: passwordOf(username) }),
  })
  const { data } = (await reply.json()) as { data: { token: string; user: unknown } }
  return data
}

async function signedInContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const data = await signInByApi(baseUrl)
  const context = await browser.newContext({ viewport: DESKTOP })
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('vitrine.token', token as string)
      localStorage.setItem('vitrine.user', user as string)
    },
    [data.token, JSON.stringify(data.user)],
  )
  return context
}

function report(label: string, runs: Load[]) {
  const kb = median(runs.map((r) => r.jsGzipKB))
  console.log(
    `${label.padEnd(34)} JS ${kb.toFixed(1).padStart(6)} KB gzip in ${median(runs.map((r) => r.jsFiles))} files` +
      `   first rendered ${median(runs.map((r) => r.renderedMs))
        .toFixed(0)
        .padStart(5)} ms` +
      `   FCP ${median(runs.map((r) => r.fcpMs))
        .toFixed(0)
        .padStart(5)} ms`,
  )
  return kb
}

export async function benchWeb(): Promise<void> {
  const app = await startApp()
  const browser = await launchBrowser()
  try {
    console.log(`\n## Web (production build, headless Chromium, median of ${RUNS} cold loads)`)
    const loginRuns: Load[] = []
    const homeRuns: Load[] = []
    let homeScripts = new Set<string>()
    let loginSizes = new Map<string, number>()
    for (let i = 0; i < RUNS; i++) {
      const visitor = await browser.newContext({ viewport: DESKTOP })
      const login = await load(visitor, app.baseUrl, '/login', '[data-testid="login-form"]')
      loginRuns.push(login.load)
      loginSizes = login.sizes
      await visitor.close()
      const staff = await signedInContext(browser, app.baseUrl)
      const home = await load(staff, app.baseUrl, '/', '[data-testid="greeting"]')
      homeRuns.push(home.load)
      homeScripts = home.scripts
      await staff.close()
    }
    const loginKB = report('/login (before sign-in)', loginRuns)
    report('/ (signed in, home)', homeRuns)
    console.log(
      `budget before sign-in: ${loginKB.toFixed(1)} KB of ${BUDGET_KB} KB gzip — ${loginKB <= BUDGET_KB ? 'within' : 'OVER'}`,
    )
    const largest = [...loginSizes].sort((a, b) => b[1] - a[1]).slice(0, 8)
    console.log(
      `largest before sign-in: ${largest.map(([f, n]) => `${f} ${(n / 1024).toFixed(1)}`).join(', ')}`,
    )

    // Areas load their own chunks: open each area after home and list the scripts home did not need.
    const staff = await signedInContext(browser, app.baseUrl)
    const areas = [
      '/artworkArchive/index',
      '/devOpsManage/index',
      '/financeManage/index',
      '/devOpsLinkPage',
      '/test',
    ]
    for (const area of areas) {
      const page = await staff.newPage()
      const scripts = new Set<string>()
      page.on('response', (r) => {
        const p = new URL(r.url()).pathname
        if (p.endsWith('.js')) scripts.add(p)
      })
      await page.goto(app.baseUrl + area)
      await page.waitForSelector('[data-testid="breadcrumbs"]')
      await page.waitForLoadState('networkidle')
      const own = [...scripts].filter((s) => !homeScripts.has(s)).map((s) => s.split('/').pop())
      console.log(
        `${area.padEnd(24)} adds ${String(own.length).padStart(2)} chunk(s) of its own: ${own.slice(0, 6).join(', ')}${own.length > 6 ? ', …' : ''}`,
      )
      await page.close()
    }
    await staff.close()

    await benchProcessView(browser, app.baseUrl)
  } finally {
    await browser.close()
    await app.stop()
  }
}

/**
 * In the page: performance.now() if an element matching `sel` is shown and enabled, else false. Page code
 * goes as a function, never a string (the app's Content-Security-Policy refuses to evaluate strings), and
 * has no named inner functions (the TypeScript loader would wrap them in a helper the page does not have).
 */
function readyAt(sel: string): number | false {
  for (const el of document.querySelectorAll<HTMLButtonElement>(sel))
    if (el.offsetParent !== null && !el.disabled) return performance.now()
  return false
}

/** Record in the page (window.__ready) when `selector` is shown and enabled. */
function watchReady(page: Page, selector: string): Promise<void> {
  return page.evaluate((sel) => {
    const w = window as unknown as { __ready?: number }
    w.__ready = undefined
    const observer = new MutationObserver(() => {
      if (w.__ready !== undefined) return
      for (const el of document.querySelectorAll<HTMLButtonElement>(sel))
        if (el.offsetParent !== null && !el.disabled) {
          w.__ready = performance.now()
          observer.disconnect()
          return
        }
    })
    observer.observe(document.body, { childList: true, subtree: true, attributes: true })
  }, selector)
}

/** Follow a link inside the app (as a click on a menu entry or a row does) and time it until `selector` is ready. */
async function inAppNavigation(page: Page, href: string, selector: string): Promise<number> {
  await watchReady(page, selector)
  const started = await page.evaluate((to) => {
    // The router follows the address the way it follows the back button: push it, then say so.
    const t0 = performance.now()
    window.history.pushState(window.history.state, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
    return t0
  }, href)
  await page.waitForFunction(
    () => (window as unknown as { __ready?: number }).__ready !== undefined,
    undefined,
    {
      timeout: 30_000,
    },
  )
  const ready = await page.evaluate(() => (window as unknown as { __ready: number }).__ready)
  return ready - started
}

/** A full page load with the browser's cache warm: navigation start to `selector` ready. */
async function warmLoad(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url)
  // Checked every frame; the time is taken in the page when the check first holds.
  const at = await page.waitForFunction(readyAt, selector, { timeout: 30_000, polling: 'raf' })
  return (await at.jsonValue()) as number
}

/** A BUY_ART process whose first step was saved `rows` times through the API (rows + 1 history rows). */
async function seedLongProcess(baseUrl: string, token: string, rows: number): Promise<string> {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as { code: number; msg: string; data: { id: string; version: number } }
    if (json.code !== 0) throw new Error(`${path}: ${json.code} ${json.msg}`)
    return json.data
  }
  const input = { artworks: [{ titleZh: '基准长历史', titleEn: 'Bench long history' }] }
  const started = await call('/process', { type: 'BUY_ART', input })
  const payload = sampleDraft(sampleStepData('BUY_ART').dueDiligence)
  let version = started.version
  for (let i = 0; i < rows; i++)
    version = (
      await call(`/process/${started.id}/events`, { type: 'SAVE', expectedVersion: version, payload })
    ).version
  return started.id
}

async function benchProcessView(browser: Browser, baseUrl: string): Promise<void> {
  const { token } = await signInByApi(baseUrl)
  const id = await seedLongProcess(baseUrl, token, HISTORY_ROWS)
  const view = `/devOpsManage/index?process=${id}`
  const viewReady = `[data-testid="process-view"][data-process-id="${id}"] button[data-event]`
  const blank = '/password'
  const blankReady = '[data-testid="password-form"] button[type="submit"]'
  const start = '/'

  const context = await signedInContext(browser, baseUrl)
  const page = await context.newPage()
  // Warm the cache: every chunk and image both screens use.
  for (const [url, sel] of [
    [view, viewReady],
    [blank, blankReady],
  ]) {
    await warmLoad(page, baseUrl + url, sel)
    await page.waitForLoadState('networkidle')
  }
  const runs = {
    viewNav: [] as number[],
    blankNav: [] as number[],
    viewLoad: [] as number[],
    blankLoad: [] as number[],
  }
  for (let i = 0; i < VIEW_RUNS; i++) {
    for (const [to, sel, into] of [
      [view, viewReady, runs.viewNav],
      [blank, blankReady, runs.blankNav],
    ] as const) {
      await page.goto(baseUrl + start)
      await page.waitForSelector('[data-testid="breadcrumbs"]')
      await page.waitForLoadState('networkidle')
      into.push(await inAppNavigation(page, to, sel))
    }
    runs.viewLoad.push(await warmLoad(page, baseUrl + view, viewReady))
    runs.blankLoad.push(await warmLoad(page, baseUrl + blank, blankReady))
  }
  await context.close()
  const ms = (xs: number[]) => `${median(xs).toFixed(0).padStart(5)} ms (min ${Math.min(...xs).toFixed(0)})`
  console.log(
    `\n## Process view with ${HISTORY_ROWS + 1} history rows, interactive (event buttons shown and enabled), median of ${VIEW_RUNS}, warm cache`,
  )
  console.log(`in-app navigation   process view ${ms(runs.viewNav)}   blank route ${ms(runs.blankNav)}`)
  console.log(`full load           process view ${ms(runs.viewLoad)}   blank route ${ms(runs.blankLoad)}`)
  const nav = median(runs.viewNav)
  console.log(
    `budget: process view interactive ${nav.toFixed(0)} ms after an in-app navigation, target ${VIEW_BUDGET_MS} ms — ${nav <= VIEW_BUDGET_MS ? 'within' : 'OVER'}`,
  )
}
