// The browser suite's harness: the production build of the web app (the one `npm test` has just made, or one
// made here, again only when a source changed), the real server (one esbuild bundle of src/server/main.ts made
// by the global setup, run by node) on a free port with a throwaway data folder copied from a seeded template
// for each test file, and Debian's Chromium driven by playwright-core: one browser for the whole run, which
// each file connects to, each test in a browser context of its own.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { builtHash, webInputsHash } from '../../scripts/web-stamp'
import { withLock } from '../file-lock'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const WEB_DIR = path.join(ROOT, '.tmp/e2e-web')
export const ADMIN_PASSWORD = 'E2e-admin-pass-1'
export const DEMO_PASSWORD = 'E2e-demo-pass-1'
/**
 * Debian's `chromium-headless-shell` when installed (`.ci/run` installs it): the headless-only build, without the
 * full browser's window UI (a UI renderer per new window) — some 15 % less browser CPU over the every-route
 * walk (docs/benchmarks.md). Else the full `chromium` in its headless mode.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium')
/**
 * Debian's chromium run headless as root in a container: no sandbox, no GPU, no background traffic or
 * updates (docs/architecture.md § Conventions); playwright-core manages the profile folder itself.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * The production build the browser suite serves (blocked shortcuts on, as a production build has them), in
 * .tmp/e2e-web. Current when the fingerprint of its inputs (scripts/web-stamp.ts, the stamp vite.config.ts
 * writes into a build) is this checkout's: then nothing is done. Else `dist` is copied when it is current
 * (`npm test` has just built it: no second build), else the app is built. Either is made beside the folder, then
 * put in its place, so a server still serving the old build loses it for a moment only (a build into `dist`
 * while the suite runs does not touch the suite's copy).
 */
export function buildWeb(): string {
  return withLock('e2e-web', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }
    delete env.VITE_BLOCK_DEVTOOLS
    const wanted = webInputsHash(env)
    if (builtHash(WEB_DIR) === wanted) return WEB_DIR
    const next = `${WEB_DIR}-next`
    rmSync(next, { recursive: true, force: true })
    const dist = path.join(ROOT, 'dist')
    if (builtHash(dist) === wanted) cpSync(dist, next, { recursive: true })
    else {
      const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
        cwd: ROOT,
        env: { ...env, VITRINE_WEB_OUT_DIR: next },
        encoding: 'utf8',
      })
      if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`)
    }
    rmSync(`${WEB_DIR}-old`, { recursive: true, force: true })
    if (existsSync(WEB_DIR)) renameSync(WEB_DIR, `${WEB_DIR}-old`)
    renameSync(next, WEB_DIR)
    rmSync(`${WEB_DIR}-old`, { recursive: true, force: true })
    return WEB_DIR
  })
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface RunningServer {
  baseUrl: string
  dataDir: string
  stop(): Promise<void>
}

/**
 * Each module's `import.meta.url` written as its source file's address: the server finds files beside its
 * modules by it (the migrations folder, src/server/db/client.ts; the breached-passwords list,
 * src/server/modules/auth/passwords.ts), and in one bundle it would be the bundle's address.
 */
const sourceFileUrls: Plugin = {
  name: 'source-file-urls',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8')
      if (!text.includes('import.meta.url')) return undefined
      const url = JSON.stringify(pathToFileURL(args.path).href)
      return {
        contents: text.replaceAll('import.meta.url', url),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      }
    })
  },
}

/**
 * The server as one file (src/server/main.ts and every module of the repository it imports; packages stay
 * imports of node_modules), in `dir`: node starts it in about 2 s where `node --import tsx` took 3–4 s
 * (docs/benchmarks.md). Made once per run by the global setup (0.3 s), so it is the checkout's code as the run
 * began.
 */
export async function bundleServer(dir: string): Promise<string> {
  const outfile = path.join(dir, 'main.mjs')
  await build({
    entryPoints: [path.join(ROOT, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
    plugins: [sourceFileUrls],
  })
  return outfile
}

/** How node starts the server: the run's bundle when there is one, else its sources through tsx. */
function serverArgs(bundle?: string): string[] {
  return bundle ? [bundle] : ['--import', 'tsx', 'src/server/main.ts']
}

function startServer(
  dataDir: string,
  port: number,
  webDir: string,
  bundle?: string,
): Promise<{ child: ChildProcess; log: () => string }> {
  const child = spawn(process.execPath, serverArgs(bundle), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      VITRINE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      VITRINE_DEMO: '1',
      VITRINE_DEMO_PASSWORD: DEMO_PASSWORD,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // V8's compiled code kept between the suite's many server starts (a start is mostly loading modules).
      NODE_COMPILE_CACHE: path.join(ROOT, '.tmp/node-compile-cache'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000)
    let listening = false
    // Told by the server's own line, the moment it is written (a timer checking every 100 ms lost 50 ms a start).
    const read = (chunk: Buffer) => {
      output += chunk
      if (listening || !output.includes('Vitrine listening')) return
      listening = true
      clearTimeout(timer)
      resolve({ child, log: () => output })
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.removeAllListeners('exit')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** A seeded data folder, made once per migration and seed version (a fresh start migrates and seeds: ~8 s). */
export async function templateDataDir(webDir: string, bundle?: string): Promise<string> {
  const hash = createHash('sha256')
  for (const dir of ['src/server/db/migrations', 'src/server/seed']) {
    const walk = (d: string) => {
      for (const name of readdirSync(path.join(ROOT, d)).sort()) {
        const rel = path.join(d, name)
        if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel)
        else hash.update(rel).update(readFileSync(path.join(ROOT, rel)))
      }
    }
    walk(dir)
  }
  hash.update(ADMIN_PASSWORD + DEMO_PASSWORD)
  const dir = path.join(ROOT, '.tmp', `e2e-data-${hash.digest('hex').slice(0, 16)}`)
  if (existsSync(path.join(dir, 'ready'))) return dir
  return withLock('e2e-data', async () => {
    if (existsSync(path.join(dir, 'ready'))) return dir
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const { child } = await startServer(dir, await freePort(), webDir, bundle)
    await stopChild(child)
    cpSync(path.join(ROOT, 'package.json'), path.join(dir, 'ready'))
    return dir
  })
}

/**
 * Build (if needed), then start the real server on a free port with its own copy of a seeded database
 * (`prepare` may change that copy before the server opens it, e.g. a due date in the past).
 */
export async function startApp(
  options: { prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<RunningServer> {
  // What the global setup made for the run (the build, the seeded folder, the server's bundle); made here
  // when the harness runs without it.
  const webDir = inject('e2eWebDir') ?? buildWeb()
  const bundle = inject('e2eServerBundle')
  const template = inject('e2eTemplateDataDir') ?? (await templateDataDir(webDir, bundle))
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'))
  cpSync(template, dataDir, { recursive: true })
  rmSync(path.join(dataDir, 'ready'), { force: true })
  await options.prepare?.(dataDir)
  const port = await freePort()
  const { child } = await startServer(dataDir, port, webDir, bundle)
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      await stopChild(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The options of the run's one Chromium (and of a file's own, when it needs other flags or runs alone). */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS }

/**
 * A connection to the run's one Chromium (started by the global setup; a launch costs the browser's start,
 * some 0.5–1 s of CPU, in every file), or a browser of its own when the run has none. Closing it closes the
 * contexts made through it and the connection, not the shared browser.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('e2eChromium')
  return endpoint ? chromium.connect(endpoint) : chromium.launch(CHROMIUM_LAUNCH)
}

/** What a test file runs against: its server and its browser, there once the file's beforeAll has run. */
export interface AppUnderTest {
  readonly app: RunningServer
  readonly browser: Browser
}

/**
 * One server (its own database) and one browser connection for a whole test file: started before its tests,
 * both stopped after them.
 */
export function appPerFile(): AppUnderTest {
  let app: RunningServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    // Side by side: the browser starts while the server boots.
    ;[app, browser] = await Promise.all([startApp(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })
  return {
    get app() {
      if (!app) throw new Error('the app is not started yet (use it inside a test)')
      return app
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet (use it inside a test)')
      return browser
    },
  }
}

/** What a screen shows while its data is on the way. */
const BUSY = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]'

/**
 * Until the screen's data has arrived: its title (the page's one h1, a screen's or an open process's) shows
 * and no loader or skeleton is left. Fails, naming what is still there, when that takes over 15 s: a check
 * that gave up quietly let every process view wait out its limit while the title it looked for was not there.
 */
export async function settled(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      (busy) => !!document.querySelector('main h1') && !document.querySelector(busy),
      BUSY,
      { timeout: 15_000 },
    )
  } catch (error) {
    const left = await page
      .evaluate((busy) => {
        const what = [...document.querySelectorAll(busy)].map(
          (e) =>
            `${e.className.split(' ')[0]} in ${e.parentElement?.getAttribute('data-testid') ?? e.parentElement?.tagName}`,
        )
        return document.querySelector('main h1') ? what : ['no h1 in main', ...what]
      }, BUSY)
      .catch(() => [])
    throw new Error(`${page.url()} did not settle: ${left.join('; ') || (error as Error).message}`)
  }
}

export interface Viewport {
  width: number
  height: number
}
export const DESKTOP: Viewport = { width: 1440, height: 900 }
export const PHONE: Viewport = { width: 375, height: 780 }

export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport: Viewport = DESKTOP,
  /** `reduce`: the system setting for less motion (the app then skips its transitions). */
  motion: 'reduce' | 'no-preference' = 'no-preference',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: 'zh-CN',
    reducedMotion: motion,
  })
  const page = await context.newPage()
  return { context, page }
}

/**
 * Go to an address in the app without loading the page, as the app's own links do: the address is pushed onto
 * the page's history, which TanStack Router's browser history wraps, so the router follows it.
 */
export async function pushAddress(page: Page, href: string): Promise<void> {
  await page.evaluate((href) => {
    const key = Math.random().toString(36).slice(2, 10)
    const index = (window.history.state?.__TSR_index ?? 0) + 1
    window.history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', href)
  }, href)
}

/** The breadcrumbs of the screen shown; their `data-path` is the shown route's path. */
const CRUMBS = 'main [data-testid="breadcrumbs"]'

/**
 * Arrive at a screen as the app's own links do, without a load (`pushAddress`). Resolves when the screen shown
 * is the one at the address the page ends on, a redirect included.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await pushAddress(page, path)
  // The address to wait for is the one the page ends on (a redirect's target), compared with the screen shown.
  await page
    .waitForFunction(
      (crumbs) => {
        // An index route's path ends in a slash its address may not have.
        const trim = (p?: string) => p?.replace(/(.)\/$/, '$1')
        const shown = document.querySelector<HTMLElement>(crumbs)?.dataset.path
        return trim(shown) === trim(window.location.pathname)
      },
      CRUMBS,
      { timeout: 15_000 },
    )
    .catch(async (error: Error) => {
      const where = await page.evaluate(
        (crumbs) => ({
          address: window.location.pathname,
          shown: document.querySelector<HTMLElement>(crumbs)?.dataset.path,
        }),
        CRUMBS,
      )
      throw new Error(`${path}: the screen did not arrive (${JSON.stringify(where)}): ${error.message}`)
    })
}

/**
 * The bytes of a download, saved through the browser's connection (the run's one Chromium is another process's,
 * so `download.path()` is not available to a file).
 */
export async function downloadedBytes(download: Download) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-download-'))
  try {
    const file = path.join(dir, 'download')
    await download.saveAs(file)
    return readFileSync(file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export function passwordOf(username: string): string {
  return username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD
}

/**
 * Sign in through the form (the tests of the form itself use this; the others sign in through the API,
 * `signIn`); resolves when the signed-in layout shows.
 */
export async function signInWithForm(
  page: Page,
  username: string,
  password = passwordOf(username),
): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login')
  await page.locator('input[name="username"]').fill(username)
  await page.locator('input[name="password"]').fill(password)
  await page.getByTestId('login-submit').click()
  // Attached rather than visible: on a phone the side menu is folded away behind the burger.
  await page.getByTestId('side-menu').waitFor({ state: 'attached' })
}

/** What `POST /api/auth/login` answers: the session token and the user's summary, which the app keeps. */
interface LoginReply {
  token: string
  user: unknown
}

/**
 * Sign in as the form does, without the form: the server's sign-in call made from here, its token and user
 * put into the page's local storage under the app's keys (src/web/session/session-store.ts) by a script that
 * runs before the app's own on the next load only, then home loaded. Resolves when the signed-in layout shows.
 * The form's page load, typing and in-app navigation are skipped (the form has its own tests:
 * sign-in.test.ts, sign-in-redirect.test.ts, wrong-password.test.ts).
 */
export async function signIn(page: Page, username: string, password = passwordOf(username)): Promise<void> {
  // The page's own request context: the context's base address, no page load.
  const res = await page.request.post('/api/auth/login', {
    headers: { 'accept-language': 'zh-CN', 'x-system-name': 'home' },
    data: { username, password },
  })
  const envelope = (await res.json()) as { code: number; msg: string; data: LoginReply }
  if (envelope.code !== 0) throw new Error(`sign-in of ${username}: ${envelope.code} ${envelope.msg}`)
  const { token, user } = envelope.data
  const seed = await page.addInitScript(
    ({ token, user }) => {
      if (window !== window.top) return
      window.localStorage.setItem('vitrine.token', token)
      window.localStorage.setItem('vitrine.user', JSON.stringify(user))
    },
    { token, user },
  )
  try {
    await page.goto('/')
  } finally {
    await seed.dispose()
  }
  // Attached rather than visible: on a phone the side menu is folded away behind the burger.
  await page.getByTestId('side-menu').waitFor({ state: 'attached' })
}

/** Screenshots are taken only when asked for (`VITRINE_SHOTS=1`): each costs the page a render and a PNG encode. */
export const SHOTS = process.env.VITRINE_SHOTS === '1'

/**
 * Save a screenshot under .tmp/e2e-shots for a person to look at (never compared), once the page's
 * transitions have ended, when `VITRINE_SHOTS=1`; else nothing. `always`: a test that has just failed keeps what the page showed whatever the setting.
 */
export async function shot(page: Page, name: string, options: { always?: boolean } = {}): Promise<void> {
  if (!SHOTS && !options.always) return
  // A drawer or filter panel still sliding in would be caught half-way: the picture waits for it to end.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      timeout: 5_000,
    })
    .catch(() => undefined)
  const dir = path.join(ROOT, '.tmp/e2e-shots')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false })
}

/** WCAG 2.0/2.1 A and AA, as axe-core tags them. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * One line per critical or serious violation axe-core finds on the page as it stands (WCAG 2.1 AA); within
 * `include` only when given (a walk that has checked the shell once checks each screen's `main`).
 */
export async function axeProblems(page: Page, where: string, include?: string): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  // A dialog or drawer fading in has half-transparent text: measure colours once transitions have ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  // Legacy mode: axe.run in the page itself. The default finishes every run in a new blank page (a page
  // opened and closed per check: most of the time), which only pages with cross-origin frames need.
  const builder = new AxeBuilder({ page })
    .withTags(WCAG_AA)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
  const result = await (include ? builder.include(include) : builder).analyze()
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 3)
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1, 2).join('').trim()})` : ''}`,
        )
      return `${where}: ${v.impact} ${v.id} ×${v.nodes.length}: ${nodes.join('; ')}`
    })
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web build the servers serve. */
    e2eWebDir: string
    /** The seeded data folder each file's server starts from a copy of. */
    e2eTemplateDataDir: string
    /** The server's bundle (`bundleServer`). */
    e2eServerBundle: string
    /** The run's Chromium, for `chromium.connect`. */
    e2eChromium: string
  }
}
