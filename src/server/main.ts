// Entry point of `npm start`: the API and the built web app on one port.
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { refuseSecondServer, startAdminSocket } from './backup/admin-socket'
import { boot } from './boot'
import { loadConfig } from './config'
import { answerClientErrors } from './http/client-errors'
import { serveWeb } from './http/web'
import { startScheduledJobs } from './scheduled-jobs'

const config = loadConfig()
const started = Date.now()
// Before the embedded database is opened: a second server on its folder would destroy it.
if (!config.databaseUrl) await refuseSecondServer(config.dataDir)
const { deps, seedResult, close } = await boot(config)

if (seedResult.generated.length > 0) {
  console.log('\n  First start: passwords generated once (store them now, they are not shown again):')
  for (const g of seedResult.generated) console.log(`    ${g.username}: ${g.password}`)
  console.log('')
}

// The embedded database can only be copied by this process: the backup command asks for it on a socket.
const adminSocket =
  deps.database.mode === 'embedded' ? await startAdminSocket(config.dataDir, deps.database) : undefined
const scheduler = startScheduledJobs(deps.database.db, { timeZone: deps.config.timeZone })
const app = createApp(deps)
serveWeb(app, config.webDir)

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
  await adminSocket?.close()
  await close()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
