// LISTEN on a PostgreSQL channel over a connection of its own, reconnecting with a growing pause (250 ms,
// doubled up to 10 s) whenever the connection drops, told once per outage. Shared by the auth listener
// (sessions.ts: drops the session cache while not listening) and the tasks listener (tasks/stream.ts: the
// open streams read their counts again after an outage); each says what it does through the hooks.
import pg from 'pg'

export interface ChannelListener {
  /** Connected and listening (tests and diagnostics). */
  readonly listening: boolean
  stop: () => Promise<void>
}

export interface ChannelHooks {
  /** Each notification on the channel. */
  onNotice: (payload: string | undefined) => void
  /** Before every attempt to connect (the first one too). */
  onConnecting?: () => void
  /** The connection dropped or could not be made (a retry is scheduled). */
  onLost?: () => void
  /** Listening again; `afterOutage` when a connection had been lost or had failed before. */
  onListening?: (afterOutage: boolean) => void
  /** Stopped for good (before the connection ends). */
  onStop?: () => void
}

/** `name` names the connection (`vitrine-<name>-listener`) and the outage message. */
export async function listenChannel(
  url: string,
  channel: string,
  name: string,
  hooks: ChannelHooks,
): Promise<ChannelListener> {
  let client: pg.Client | undefined
  let stopped = false
  let listening = false
  let retryMs = 250
  let retryTimer: NodeJS.Timeout | undefined

  const connect = async (): Promise<void> => {
    hooks.onConnecting?.()
    const c = new pg.Client({ connectionString: url, application_name: `vitrine-${name}-listener` })
    client = c
    c.on('notification', (msg) => {
      if (msg.channel === channel) hooks.onNotice(msg.payload)
    })
    const retry = (error?: Error) => {
      if (client !== c || stopped) return
      // Told once per outage, not at every retry.
      if (retryMs === 250) console.error(`${name} listener lost, retrying:`, error?.message ?? 'closed')
      listening = false
      hooks.onLost?.()
      client = undefined
      void c.end().catch(() => undefined)
      retryTimer = setTimeout(() => void connect().catch(() => undefined), retryMs)
      retryTimer.unref()
      retryMs = Math.min(retryMs * 2, 10_000)
    }
    c.on('error', retry)
    c.on('end', () => retry())
    try {
      await c.connect()
      await c.query(`listen ${channel}`)
    } catch (error) {
      retry(error as Error)
      return
    }
    if (stopped || client !== c) return
    hooks.onListening?.(retryMs !== 250)
    listening = true
    retryMs = 250
  }

  await connect()
  return {
    get listening() {
      return listening
    },
    stop: async () => {
      stopped = true
      if (retryTimer) clearTimeout(retryTimer)
      const c = client
      client = undefined
      listening = false
      hooks.onStop?.()
      await c?.end().catch(() => undefined)
    },
  }
}
