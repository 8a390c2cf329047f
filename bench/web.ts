// Issue 3 benchmark: the JavaScript a browser downloads for /login and for / (gzip KB, as a server would
// send it compressed) and the time to the first rendered screen in headless Chromium, on the production
// build served by the real server. Budget: under 250 KB gzip of JavaScript before sign-in. Also shows that
// each area's screens come as chunks of their own (opening an area fetches only its chunks).
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext } from 'playwright-core'
import { DESKTOP, launchBrowser, passwordOf, startApp } from '../tests/e2e/harness'

const RUNS = 5
const BUDGET_KB = 250

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
): Promise<{ load: Load; scripts: Set<string> }> {
  const page = await context.newPage()
  await page.addInitScript(markWhenRendered(selector))
  const bodies: Promise<number>[] = []
  const scripts = new Set<string>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (!url.pathname.endsWith('.js')) return
    scripts.add(url.pathname)
    bodies.push(response.body().then((b) => gzipSync(b).length))
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
  }
}

async function signedInContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'registrar', password: passwordOf('registrar') }),
  })
  const { data } = (await reply.json()) as { data: { token: string; user: unknown } }
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
    for (let i = 0; i < RUNS; i++) {
      const visitor = await browser.newContext({ viewport: DESKTOP })
      loginRuns.push((await load(visitor, app.baseUrl, '/login', '[data-testid="login-form"]')).load)
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
      `budget before sign-in: ${loginKB.toFixed(1)} KB of ${BUDGET_KB} KB gzip — ${loginKB < BUDGET_KB ? 'within' : 'OVER'}`,
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
  } finally {
    await browser.close()
    await app.stop()
  }
}
