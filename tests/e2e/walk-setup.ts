// The world a browser-walk file runs in (process-step-screens.test.ts): one server, one browser and one
// signed-in page per demo user for the whole file, the sample files and this database's references, the
// artworks of the demo collection no process holds, handed out one per walk, and every error a page throws. Each walk sets the
// language its pages show from their next load on (switchLanguage); a page showing another language is loaded
// afresh when the walk first opens its process there. The pages ask for reduced motion, as a
// system can: a walk opens a dialog for most of its events, and the app then skips their transitions (the
// journeys keep the default motion).
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { DESKTOP, launchBrowser, newPage, type RunningServer, signIn, startApp } from './harness'
import { apiCall, type Lang, sampleFiles, sampleRefs, type UserPage } from './process-driver'

export interface WalkWorld {
  users: Record<string, UserPage>
  files: { pdf: string; png: string }
  local: Awaited<ReturnType<typeof sampleRefs>>
  /** The next artwork of the demo collection no process holds (each walk that needs one takes its own). */
  freeArtwork: () => string
  /** The artworks taken so far, in order (the last is the current walk's). */
  picked: string[]
  /** Errors thrown in any user's page (uncaught exceptions), with the user's name; a walk expects none. */
  pageErrors: string[]
}

export interface WalkSetupOptions {
  /** The demo users who act (one signed-in page each). */
  users: readonly string[]
  /** How many artworks of the demo collection to ask for (the free ones among them are handed out). */
  freeArtworks: number
  /** Pages show Chinese until a walk sets their language (set before the first load). */
  chineseFirst?: boolean
  /** Settings the server starts with (set for the file, removed after it). */
  serverEnv?: Record<string, string>
}

/** Sets the world up before the file's tests and takes it down after them; its fields fill in beforeAll. */
export function setUpWalkWorld(options: WalkSetupOptions): WalkWorld {
  const serverEnv = options.serverEnv ?? {}
  let app: RunningServer
  let browser: Browser
  const world = { users: {}, picked: [] as string[], pageErrors: [] as string[] } as WalkWorld

  beforeAll(async () => {
    Object.assign(process.env, serverEnv)
    app = await startApp()
    browser = await launchBrowser()
    for (const name of options.users) {
      const { context, page } = await newPage(browser, app.baseUrl, DESKTOP, 'reduce')
      if (options.chineseFirst)
        await context.addInitScript(() => {
          if (!window.localStorage.getItem('vitrine.language'))
            window.localStorage.setItem('vitrine.language', 'zh-CN')
        })
      page.on('pageerror', (error) => world.pageErrors.push(`${name}: ${error.message}`))
      await signIn(page, name)
      world.users[name] = { name, context, page }
    }
    world.files = await sampleFiles()
    world.local = await sampleRefs(world.users.registrar.page)
    const page = await apiCall<{ list: { id: string; activeProcessId: string | null }[] }>(
      world.users.registrar.page,
      'GET',
      `artworks?inOperation=false&status=in_collection&pageSize=${options.freeArtworks}`,
    )
    const free = page.list.filter((a) => !a.activeProcessId).map((a) => a.id)
    world.freeArtwork = () => {
      const id = free.shift()
      if (!id) throw new Error('no free artwork left in the demo collection')
      world.picked.push(id)
      return id
    }
  })
  afterAll(async () => {
    for (const key of Object.keys(serverEnv)) delete process.env[key]
    await browser?.close()
    await app?.stop()
  })
  return world
}

/**
 * The language each page shows from its next load on: a walk loads the process afresh on a page whose language
 * differs from the walk's (process-walks.ts), and reopens it in the app elsewhere.
 */
export async function switchLanguage(users: Record<string, UserPage>, lang: Lang): Promise<void> {
  for (const u of Object.values(users))
    await u.page.evaluate((l) => window.localStorage.setItem('vitrine.language', l), lang)
}
