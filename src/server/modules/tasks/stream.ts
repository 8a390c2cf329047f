// GET /api/process/inbox/stream: server-sent events that keep the bell right without polling.
// A `counts` event (the inbox counts as JSON) at once and whenever this user's counts change; a comment line
// as heartbeat every 25 s (when the counts are read again too: a task turns overdue with time alone, and a
// notice missed while the listener reconnected is caught up). Authentication is the ordinary header (the
// web reads the stream with fetch, so no token ever sits in a URL or a log).
//
// How a stream learns of changes: the transactions that change task rows or messages send
// `pg_notify('vitrine_tasks', '')` (notice.ts). One listener per database on this server hears them — on
// PostgreSQL a connection of its own that LISTENs (db/listen.ts, as the auth listener does), started with the
// first open stream and ended with the last; on PGlite the embedded database's own listen() — and tells
// every open stream, which reads its user's counts at most once a second after a notice and sends them only
// when they changed. A closed stream leaves nothing behind.
import type { PGlite } from '@electric-sql/pglite'
import type { Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { Database } from '../../db/client'
import { listenChannel } from '../../db/listen'
import { accessMiddleware } from '../../http/access'
import type { AppEnv, Deps } from '../../http/context'
import type { moduleRouter } from '../../http/router'
import { artworkScope } from '../auth/scope'
import { authenticate } from '../auth/sessions'
import { actorOf } from '../process/decide'
import { countsOf } from './inbox'
import { TASKS_CHANNEL } from './notice'

export const HEARTBEAT_MS = 25_000
/** A stream reads its counts at most this often after notices. */
export const COUNTS_GAP_MS = 1_000

type Listener = () => void

interface Hub {
  listeners: Set<Listener>
  /** Ends the database listener (called when the last stream closes). */
  stop: (() => Promise<void>) | null
  /** The listener being started (streams opening meanwhile wait for it). */
  starting: Promise<void> | null
}

const hubs = new WeakMap<Database, Hub>()

function hubOf(database: Database): Hub {
  let hub = hubs.get(database)
  if (!hub) {
    hub = { listeners: new Set(), stop: null, starting: null }
    hubs.set(database, hub)
  }
  return hub
}

const tell = (hub: Hub) => {
  for (const l of [...hub.listeners]) l()
}

/** LISTEN on a connection of its own (db/listen.ts), reconnecting while streams are open. */
async function listenPostgres(url: string, hub: Hub): Promise<() => Promise<void>> {
  const listener = await listenChannel(url, TASKS_CHANNEL, 'tasks', {
    onNotice: () => tell(hub),
    // What changed while not listening: every stream reads its counts again.
    onListening: (afterOutage) => {
      if (afterOutage) tell(hub)
    },
  })
  return listener.stop
}

async function listenEmbedded(client: PGlite, hub: Hub): Promise<() => Promise<void>> {
  const unlisten = await client.listen(TASKS_CHANNEL, () => tell(hub))
  return async () => {
    await unlisten().catch(() => undefined)
  }
}

/** Be told of every notice on the database; the returned function stops it (the last one ends the listener). */
export async function onTasksChanged(database: Database, listener: Listener): Promise<() => Promise<void>> {
  const hub = hubOf(database)
  hub.listeners.add(listener)
  if (!hub.stop) {
    hub.starting ??= (async () => {
      try {
        hub.stop = database.pglite
          ? await listenEmbedded(database.pglite, hub)
          : await listenPostgres(database.url ?? '', hub)
      } finally {
        hub.starting = null
      }
    })()
    await hub.starting
  }
  let removed = false
  return async () => {
    if (removed) return
    removed = true
    hub.listeners.delete(listener)
    if (hub.starting) await hub.starting
    if (hub.listeners.size === 0 && hub.stop) {
      const stop = hub.stop
      hub.stop = null
      await stop()
    }
  }
}

/** How many streams (or others) listen on this database now, and whether the database listener runs. */
export function tasksListenerState(database: Database): { listeners: number; listening: boolean } {
  const hub = hubs.get(database)
  return { listeners: hub?.listeners.size ?? 0, listening: Boolean(hub?.stop) }
}

const sleep = (ms: number, signal: Promise<void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    void signal.then(() => {
      clearTimeout(timer)
      resolve()
    })
  })

function inboxStream(c: Context<AppEnv>, deps: Deps) {
  const user = c.get('user')
  const token = c.req.header('x-auth-token')
  return streamSSE(
    c,
    async (stream) => {
      if (!user) return
      const actor = actorOf(user)
      const db = deps.database.db
      const timeZone = deps.config.timeZone
      let last = ''
      let lastRead = 0
      let timer: NodeJS.Timeout | undefined
      let reading: Promise<void> = Promise.resolve()
      const send = () => {
        // One read at a time, in order.
        reading = reading.then(async () => {
          if (stream.aborted) return
          lastRead = Date.now()
          // The scope read again at each send: a change of it shows in the next counts.
          const scope = await artworkScope(db, user)
          const counts = JSON.stringify(await countsOf(db, actor, timeZone, undefined, scope))
          if (counts === last || stream.aborted) return
          last = counts
          await stream.writeSSE({ event: 'counts', data: counts })
        })
        return reading.catch((error: Error) => {
          reading = Promise.resolve()
          if (!stream.aborted) console.error('inbox stream:', error.message)
        })
      }
      const notice = () => {
        if (timer || stream.aborted) return
        timer = setTimeout(
          () => {
            timer = undefined
            void send()
          },
          Math.max(0, lastRead + COUNTS_GAP_MS - Date.now()),
        )
      }
      let closed!: () => void
      const aborted = new Promise<void>((resolve) => {
        closed = resolve
      })
      stream.onAbort(() => closed())
      const stop = await onTasksChanged(deps.database, notice)
      try {
        await send()
        while (!stream.aborted) {
          await sleep(HEARTBEAT_MS, aborted)
          if (stream.aborted) break
          // A session signed out or revoked meanwhile ends the stream.
          if (!(await authenticate(db, deps.config, token))) break
          await stream.write(': heartbeat\n\n')
          await send()
        }
      } finally {
        if (timer) clearTimeout(timer)
        timer = undefined
        await stop()
      }
    },
    async (error) => {
      console.error('inbox stream:', error.message)
    },
  )
}

/** Registers GET /inbox/stream on the task router (before the process routes read /inbox as an id). */
export function inboxStreamRoute(app: ReturnType<typeof moduleRouter>, deps: Deps) {
  app.get('/inbox/stream', accessMiddleware(deps, 'signedIn'), (c) => inboxStream(c, deps))
}
