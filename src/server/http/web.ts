// The built web app on the API's port: the build's files, then index.html for every other address (the
// router in the browser draws the screen). Vite names each file under /assets by its content, so a browser
// keeps those a year without asking again; index.html, which names the current ones, and the few files kept
// under their own names (public/) are asked for every time (`no-cache`: a 200 or the same bytes again), so a
// new release reaches an open tab on its next load. A file missing under /assets is an empty 404, never
// index.html: an old tab's lazy chunk after a release fails as a missing file, not as HTML.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import type { AppEnv } from './context'

export const ASSET_CACHE = 'public, max-age=31536000, immutable'
export const PAGE_CACHE = 'no-cache'

export function serveWeb(app: Hono<AppEnv>, webDir: string): void {
  const root = path.relative(process.cwd(), webDir) || '.'
  app.use('/*', async (c, next) => {
    await next()
    if (c.res.status === 200 && !c.res.headers.has('cache-control'))
      c.res.headers.set('cache-control', c.req.path.startsWith('/assets/') ? ASSET_CACHE : PAGE_CACHE)
  })
  app.use('/*', serveStatic({ root }))
  app.get('/assets/*', (c) => c.body(null, 404, { 'cache-control': 'no-store' }))
  let indexHtml: string | undefined
  app.get('*', (c) => {
    indexHtml ??= readFileSync(path.join(webDir, 'index.html'), 'utf8')
    return c.html(indexHtml, 200, { 'cache-control': PAGE_CACHE })
  })
}
