// The browser suite's server process, one per worker: the real server (the same parts src/server/main.ts
// assembles: boot, the API, the built web app, the scheduled jobs) serving one test file's data folder at a
// time. A file asks it to open its own copy of the seeded folder (`POST /__e2e-host/open`) and to close it when
// done (`POST /__e2e-host/close`); in between every other address is the app's. A node process and its module
// loading are paid once per worker instead of once per file (about 2 s of CPU each on this machine). The
// server's state lives in what boot returns (the database and the caches keyed by it), so a file's app shares
// nothing with the one before it. Bundled by the global setup, started with the environment main.ts reads.
import { serve } from '@hono/node-server'
import { createApp } from '../../src/server/app'
import { boot } from '../../src/server/boot'
import { loadConfig } from '../../src/server/config'
import { answerClientErrors } from '../../src/server/http/client-errors'
import { serveWeb } from '../../src/server/http/web'
import { startScheduledJobs } from '../../src/server/scheduled-jobs'

type AppFetch = ReturnType<typeof createApp>['fetch']

interface Open {
  dataDir: string
  fetch: AppFetch
  stop: () => Promise<void>
}

const CONTROL = '/__e2e-host/'
let open: Open | undefined
/** The open and close requests, one after the other (a file's close and the next file's open may cross). */
let queue: Promise<unknown> = Promise.resolve()

async function openApp(dataDir: string): Promise<Open> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir })
  const { deps, close } = await boot(config)
  const scheduler = startScheduledJobs(deps.database.db, { timeZone: deps.config.timeZone })
  const app = createApp(deps)
  serveWeb(app, config.webDir)
  return {
    dataDir,
    fetch: app.fetch,
    stop: async () => {
      scheduler.stop()
      await close()
    },
  }
}

async function closeApp(): Promise<void> {
  const was = open
  open = undefined
  await was?.stop()
}

function control(action: string, dataDir: string | null): Promise<Response> {
  const run = async () => {
    const started = Date.now()
    await closeApp()
    if (action === 'open') {
      if (!dataDir) return new Response('dataDir is required', { status: 400 })
      open = await openApp(dataDir)
    }
    return Response.json({ ms: Date.now() - started })
  }
  const next = queue.then(run, run)
  queue = next.catch(() => undefined)
  return next.catch((error: Error) => new Response(error.stack ?? error.message, { status: 500 }))
}

const port = Number(process.env.PORT ?? 0)
const server = serve(
  {
    port,
    // The node adapter's bindings (the incoming request, for the caller's address) passed on to the app.
    fetch: (request, env) => {
      const url = new URL(request.url)
      if (url.pathname.startsWith(CONTROL) && request.method === 'POST')
        return control(url.pathname.slice(CONTROL.length), url.searchParams.get('dataDir'))
      if (!open) return new Response('no data folder is open', { status: 503 })
      return open.fetch(request, env)
    },
  },
  (info) => console.log(`Vitrine listening on http://localhost:${info.port} (the browser suite's host)`),
)
answerClientErrors(server)

async function shutdown() {
  server.close()
  await closeApp().catch(() => undefined)
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
