// Entry point of `npm start`: the API and the built web app on one port.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { createApp } from './app'
import { boot } from './boot'
import { loadConfig } from './config'
import { answerClientErrors } from './http/client-errors'
import { startProcessScheduler } from './modules/process/scheduler'

const config = loadConfig()
const started = Date.now()
const { deps, seedResult, close } = await boot(config)

if (seedResult.generated.length > 0) {
  console.log('\n  First start: passwords generated once (store them now, they are not shown again):')
  for (const g of seedResult.generated) console.log(`    ${g.username}: ${g.password}`)
  console.log('')
}

const scheduler = startProcessScheduler(deps.database.db, { timeZone: deps.config.timeZone })
const app = createApp(deps)
const webRoot = path.relative(process.cwd(), config.webDir) || '.'
app.use('/*', serveStatic({ root: webRoot }))
let indexHtml: string | undefined
app.get('*', (c) => {
  indexHtml ??= readFileSync(path.join(config.webDir, 'index.html'), 'utf8')
  return c.html(indexHtml)
})

const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  console.log(
    `Vitrine listening on http://localhost:${info.port} (${deps.database.mode} database, ${Date.now() - started} ms)`,
  )
})
answerClientErrors(server) // an over-long URL still answers the envelope

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  scheduler.stop()
  server.close()
  await close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
