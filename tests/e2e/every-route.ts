// The every-route walk (every-route-zh.test.ts, every-route-en.test.ts: one language a file, so the two run
// side by side): the administrator walks every route of docs/architecture.md § Screens and routes in one page,
// each screen reached through the app's own navigation (no load: the page is loaded once, by the sign-in; a
// load of an address is what every other browser file does): each opens (redirects land on their index or
// home), shows its title (the page's one h1) and breadcrumbs, no 404 and no error in the page, neither the
// shell nor a planned screen shows words of the other language, and axe-core finds no critical or serious
// WCAG 2.1 AA violation there (each screen in one of the languages, alternately) nor on a process of each type
// opened with its first step's form (half the types in each language).
import type { Page } from 'playwright-core'
import { MENU } from '../../src/shared/menu'
import { PROCESS_TYPES } from '../../src/shared/process-types'
import { MODEL_REFS, sampleInput } from '../model/samples'
import { axeProblems, navigateInApp, pushAddress, settled } from './harness'
import { apiCall } from './process-driver'
import { DEVOPS } from './routes'

/** [address typed, address it must end on] */
const REDIRECTS: [string, string][] = [
  ['/artworkArchive', '/artworkArchive/index'],
  ['/devOpsManage', '/devOpsManage/index'],
  ['/financeManage', '/financeManage/index'],
  ['/authManage', '/authManage/home'],
  ['/versionManage', '/versionManage/index'],
  ['/versionLog', '/versionLog/index'],
  ['/systemLog', '/systemLog/home'],
  ['/valueManage', '/valueManage/index'],
  ['/dynamicManage', '/dynamicManage/index'],
  ['/messageCenter', '/messageCenter/index'],
]

const SCREENS = [
  '/',
  '/index',
  '/test',
  '/devOpsLinkPage',
  '/art-data-center',
  '/artworkArchive/index',
  '/artworkArchive/home',
  '/artworkArchive/test',
  '/artworkArchive/add',
  '/artworkArchive/detail',
  '/artworkArchive/artSummary',
  '/artworkArchive/shares',
  ...DEVOPS,
  '/storageRoom/InventoryInformation',
  '/storageRoom/batcheEnterInventory',
  '/financeManage/index',
  '/financeManage/payment_history',
  '/financeManage/paymentSummary',
  '/authManage/index',
  '/authManage/home',
  '/authManage/roleManage',
  '/authManage/taskSettings',
  '/authManage/delegations',
  '/authManage/incidents',
  '/outOfOffice',
  '/notifications',
  '/versionManage/index',
  '/versionLog/index',
  '/systemLog/index',
  '/systemLog/home',
  '/valueManage/index',
  '/dynamicManage/index',
  '/dynamicManage/table',
  '/dynamicManage/createMessage',
  '/dynamicManage/detail',
  '/dynamicManage/detail/exhibition',
  '/dynamicManage/detail/message',
  '/messageCenter/index',
]

/**
 * The words of the shell and of the screens this suite owns (header, menu, breadcrumbs, title, the planned
 * screens, the launcher, the diagnostics), without data shown as stored (`data-raw`: names, paths,
 * versions). Screens built by later issues check their own words in their own suites.
 */
async function shellText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const regions = document.querySelectorAll<HTMLElement>(
      'header, nav, [data-testid="breadcrumbs"], [data-testid="page-title"], [data-testid="page-description"], [data-testid="planned-screen"], [data-testid="launcher"], [data-testid="diagnostics"]',
    )
    let text = ''
    for (const region of regions) {
      const copy = region.cloneNode(true) as HTMLElement
      for (const raw of copy.querySelectorAll('[data-raw], style, script')) raw.remove()
      text += `\n${copy.textContent ?? ''}`
    }
    return text
  })
}

/**
 * What a screen must never show a person, found in the visible text of the page's main region once it has
 * settled (inputs' values and `data-raw` data shown as stored excluded): an upper-case code (a process type, a
 * dictionary value: `BUY_ART`, `PRIVATE_COLLECTION`, `EXHIBITION`), an untranslated message key (`artworkHeld`,
 * `devOpsManage:view`), a UUID, or raw JSON.
 */
export async function rawCodes(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const main = document.querySelector('main')
    if (!main) return ''
    const copy = main.cloneNode(true) as HTMLElement
    for (const raw of copy.querySelectorAll('[data-raw], style, script, textarea, input, code, pre'))
      raw.remove()
    // Block elements end a word: the text of two cells must not run together.
    for (const el of copy.querySelectorAll('*')) el.append(' ')
    return copy.textContent ?? ''
  })
  const patterns: [string, RegExp][] = [
    // Not a part of an identifier people assign and read (a room's code `BJ-OFFICE`, an inventory number).
    [
      'an upper-case code',
      /(?<![\w-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w-])|(?<![\w-])(?!(?:HTTP|HTTPS|IIIF|EXCEL|LIDO)\b)[A-Z]{5,}(?![\w-])/g,
    ],
    ['a message key', /\b[a-z]+(?:[A-Z][a-z]+)+(?::[a-z]+)?\b/g],
    ['a UUID', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g],
    ['raw JSON', /\{"[A-Za-z]+":/g],
  ]
  const found: string[] = []
  for (const [what, pattern] of patterns) {
    const hits = [...new Set(text.match(pattern) ?? [])].filter((h) => !ALLOWED_CODES.has(h))
    if (hits.length > 0) found.push(`${what}: ${hits.slice(0, 5).join(', ')}`)
  }
  return found
}

/** Words that look like codes but are what a person reads: names of products and standards. */
const ALLOWED_CODES = new Set(['PostgreSQL', 'PGlite', 'JavaScript', 'TypeScript', 'OpenSeadragon'])

const ALLOWED_LATIN =
  /\b(Vitrine|Node\.js|embedded|postgres|disk|ms|px|MB|KB|v?\d[\w.-]*|A-0001|HTTP|Excel|PDF|CSV)\b/g

/**
 * A process of each type opened over its list with its first step's form (half the types in each
 * language), for axe: the step forms are screens of their own. A sale is the demo office's (its works'
 * deaccession approved first), opened where it stands.
 */
async function processViews(page: Page, lang: 'zh-CN' | 'en'): Promise<string[]> {
  const artworks = await apiCall<{ list: { id: string; activeProcessId: string | null }[] }>(
    page,
    'GET',
    'artworks?inOperation=false&status=in_collection&pageSize=40',
  )
  const free = artworks.list.filter((a) => !a.activeProcessId).map((a) => a.id)
  const [room] = await apiCall<{ id: string }[]>(page, 'GET', 'room/getRoomList')
  const found: string[] = []
  const types = PROCESS_TYPES.filter((_, i) => i % 2 === (lang === 'zh-CN' ? 0 : 1))
  for (const type of types) {
    const input =
      // A purchase, a payment request, an object entry and a loan in start on no archive work.
      type === 'BUY_ART' || type === 'FINANCE_PAYMENT' || type === 'OBJECT_ENTRY' || type === 'LOAN_IN'
        ? sampleInput(type, MODEL_REFS)
        : type === 'INVENTORY_CHECK'
          ? { roomId: room.id, plannedOn: '2026-03-01' }
          : { artworkIds: [free.shift()] }
    // A sale starts only on a work whose deaccession was approved: the demo office's own latest sale (a
    // terminated one, with its note) is opened where it stands.
    const { id } =
      type === 'OPERATION_SELL_ART'
        ? (await apiCall<{ list: { id: string }[] }>(page, 'GET', `process?type=${type}&pageSize=1`)).list[0]
        : await apiCall<{ id: string }>(page, 'POST', 'process', { type, input })
    await pushAddress(page, `/devOpsManage/index?process=${id}`)
    // This process's view (the one before it may still be shown for a moment).
    await page
      .locator(`[data-testid="process-view"][data-process-id="${id}"] [data-testid="process-header"]`)
      .waitFor()
    await page
      .getByTestId('step-form')
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined)
    await settled(page)
    found.push(...(await axeProblems(page, `${type} process view`)))
    for (const raw of await rawCodes(page)) found.push(`${type} process view: ${raw}`)
  }
  return found
}

/** The breadcrumbs of the screen shown (`navigateInApp` waits for them to name the address). */
const CRUMBS = 'main [data-testid="breadcrumbs"]'

/** The addresses a screen links to (its anchors' paths with their search, on this origin), the menu's included. */
async function linksOn(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((a) => new URL(a.href, window.location.href))
      .filter((u) => u.origin === window.location.origin)
      .map((u) => u.pathname + u.search),
  )
}

/** The header's dropdowns that hold navigation, and what shows once each is open: their links are in the
 * page only while they are open (the user menu: out of office, email notifications, the diagnostics). */
const HEADER_DROPDOWNS: [button: string, open: string][] = [
  ['user-menu', '[role="menu"] a[href]'],
  ['message-bell', '[data-testid="bell-messages"]'],
]

/** The links of the header's dropdowns, each opened once and closed again by its button. */
async function dropdownLinks(page: Page): Promise<string[]> {
  const found: string[] = []
  for (const [button, open] of HEADER_DROPDOWNS) {
    await page.getByTestId(button).click()
    await page.locator(open).first().waitFor()
    await settled(page)
    found.push(...(await linksOn(page)))
    await page.getByTestId(button).click()
    await page.locator(open).first().waitFor({ state: 'hidden' })
  }
  return found
}

/** An address's path, without its search and a trailing slash. */
const pathOf = (address: string) => address.split('?')[0].replace(/(.)\/$/, '$1')

/**
 * The addresses a person reaches: the menu's, the home screen's, and on from there by the links collected on
 * each (keyed by the path of the screen they were found on).
 */
function reachedFrom(linksFrom: Map<string, string[]>): Set<string> {
  const menu = MENU.flatMap((m) => [m.path, ...(m.children ?? []).map((c) => c.path)])
  const reached = new Set<string>(['/', ...menu])
  let grew = true
  while (grew) {
    grew = false
    for (const from of [...reached])
      for (const to of linksFrom.get(from) ?? [])
        if (!reached.has(pathOf(to))) {
          reached.add(pathOf(to))
          grew = true
        }
  }
  return reached
}

/**
 * The screens a person cannot reach: those not in the menu and not linked from a screen that is reachable
 * (from the menu, the home screen or the header's links, and on from there). A route with a parameter is
 * reached by a link to any of its addresses.
 */
export function unreachable(screens: readonly string[], linksFrom: Map<string, string[]>): string[] {
  const reached = reachedFrom(linksFrom)
  const isReached = (screen: string) =>
    reached.has(screen) ||
    (PARAM_ROUTES.has(screen) && [...reached].some((r) => r.startsWith(PARAM_ROUTES.get(screen) ?? '')))
  return screens.filter((s) => !SAME_SCREEN.has(s) && !isReached(s))
}

/**
 * The screens of one item (a room, an artwork, a policy, a content item) are walked at their bare address,
 * where they show no item and so none of its links. While some screen is not reached, each reached screen a
 * link names with a search is opened once at the first such address (as a person clicking it), and the links
 * found there are added to its own.
 */
async function followItemLinks(page: Page, linksFrom: Map<string, string[]>): Promise<void> {
  const opened = new Set<string>()
  while (unreachable(SCREENS, linksFrom).length > 0) {
    const reached = reachedFrom(linksFrom)
    const next = new Map<string, string>()
    for (const links of linksFrom.values())
      for (const address of links) {
        const path = pathOf(address)
        if (address.includes('?') && reached.has(path) && !opened.has(path) && !next.has(path))
          next.set(path, address)
      }
    if (next.size === 0) return
    for (const [path, address] of next) {
      opened.add(path)
      await navigateInApp(page, address)
      // A screen that does not settle still shows its links; the walk above checks the screens themselves.
      await settled(page).catch(() => undefined)
      linksFrom.set(path, [...(linksFrom.get(path) ?? []), ...(await linksOn(page))])
    }
  }
}

/** Walked addresses of routes with a parameter, and the prefix every address of the route shares. */
const PARAM_ROUTES = new Map([['/devOpsManage/mochaItom/A-0001', '/devOpsManage/mochaItom/']])

/**
 * Addresses that show a screen checked, and reached, under another address: `/` and `/index`; the redirects
 * to `/x/home` (`/authManage/index`, `/systemLog/index`); `/x/home` beside `/x/index` (one screen, the
 * menu's entry names `index`); and `/artworkArchive/test`, the same diagnostics as `/test` (the same screen
 * and the same administrators only) kept at the archive's address, which the user menu's link opens at
 * `/test`.
 */
const SAME_SCREEN = new Set([
  '/index',
  '/authManage/index',
  '/systemLog/index',
  '/artworkArchive/home',
  '/devOpsManage/home',
  '/artworkArchive/test',
])

const WHOLE_PAGE = new Set(['/', '/devOpsManage/index'])

export async function walk(page: Page, lang: 'zh-CN' | 'en') {
  const problems: string[] = []
  const access: string[] = []
  const linksFrom = new Map<string, string[]>()
  // What the page throws while the walk goes on (an error in a screen's code, a failed chunk): one page for
  // the whole walk, so an error is told with the screen it happened on.
  let here = 'sign-in'
  const thrown = (error: Error) => problems.push(`${here}: error in the page: ${error.message}`)
  page.on('pageerror', thrown)
  for (const [from, to] of REDIRECTS) {
    here = from
    await pushAddress(page, from)
    await page.waitForFunction((to) => window.location.pathname === to, to, { timeout: 15_000 })
  }
  for (const [index, path] of SCREENS.entries()) {
    here = path
    await navigateInApp(page, path)
    await page.locator(CRUMBS).waitFor()
    if ((await page.getByTestId('not-found').count()) > 0) problems.push(`${path}: 404`)
    if (path !== '/' && path !== '/index') {
      // The route's own title names the browser tab: "<title> · <product>".
      const title = await page.title()
      if (!title.includes(' · ')) problems.push(`${path}: no title (${title})`)
    }
    const text = await shellText(page)
    if (lang === 'zh-CN') {
      const latin = text.replace(ALLOWED_LATIN, '').match(/[A-Za-z]{3,}/g)
      if (latin) problems.push(`${path}: English words in Chinese: ${latin.join(' ')}`)
    } else if (/[\u4e00-\u9fff]/.test(text)) {
      problems.push(`${path}: Chinese in English: ${text.match(/[^\n]*[\u4e00-\u9fff][^\n]*/)?.[0]}`)
    }
    // Once what the screen loads has arrived: one h1 (the route's title), and WCAG 2.1 AA.
    await settled(page)
    for (const raw of await rawCodes(page)) problems.push(`${path}: ${raw}`)
    linksFrom.set(path, [...(await linksOn(page)), ...(path === '/' ? await dropdownLinks(page) : [])])
    const h1 = await page.locator('h1').count()
    if (h1 !== 1) problems.push(`${path}: ${h1} h1 headings`)
    // The whole page where the menu is closed and where a group is open (the header, the menu and the
    // breadcrumbs are the same elsewhere), then each screen.
    // axe-core in one language a screen (alternately; colours, roles and names do not depend on it), but the
    // whole page in both: the shell's words differ in length.
    const axeHere = WHOLE_PAGE.has(path) || index % 2 === (lang === 'zh-CN' ? 0 : 1)
    if (!SAME_SCREEN.has(path) && axeHere)
      access.push(...(await axeProblems(page, path, WHOLE_PAGE.has(path) ? undefined : 'main')))
  }
  here = 'process views'
  access.push(...(await processViews(page, lang)))
  here = 'item links'
  await followItemLinks(page, linksFrom)
  page.off('pageerror', thrown)
  for (const screen of unreachable(SCREENS, linksFrom))
    problems.push(`${screen}: not reachable from the menu nor from a screen linked from it`)
  return { problems, access }
}
