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
  const renderedMs = await page.evaluate(() => (window as unknown as { __rendered?: number }).__rendered ?? Number.NaN)
  const fcpMs = await page.evaluate(
    () => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? Number.NaN,
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
      `   first rendered ${median(runs.map((r) => r.renderedMs)).toFixed(0).padStart(5)} ms` +
      `   FCP ${median(runs.map((r) => r.fcpMs)).toFixed(0).padStart(5)} ms`,
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

    // Areas load their own chunks: open each area's index after home and count what it adds.
    const staff = await signedInContext(browser, app.baseUrl)
    const page = await staff.newPage()
    const fetched = new Set<string>()
    page.on('response', (r) => {
      const p = new URL(r.url()).pathname
      if (p.endsWith('.js')) fetched.add(p)
    })
    await page.goto(`${app.baseUrl}/`)
    await page.waitForSelector('[data-testid="greeting"]')
    await page.waitForLoadState('networkidle')
    for (const area of ['/artworkArchive/index', '/devOpsManage/index', '/valueManage/index', '/devOpsLinkPage']) {
      const before = new Set(fetched)
      await page.evaluate((to) => {
        history.pushState({}, '', to)
        dispatchEvent(new PopStateEvent('popstate'))
      }, area)
      await page.waitForURL((url) => url.pathname === area)
      await page.waitForLoadState('networkidle')
      const added = [...fetched].filter((f) => !before.has(f) && !homeScripts.has(f))
      console.log(`opening ${area.padEnd(24)} fetches ${added.length} more chunk(s): ${added.map((f) => f.split('/').pop()).join(', ')}`)
    }
    await staff.close()
  } finally {
    await browser.close()
    await app.stop()
  }
}
