// The inbox stream (GET /api/process/inbox/stream) over real HTTP: the app served on a port, the
// stream read as the browser reads it (fetch with the x-auth-token header). The first `counts` event comes at
// once; a purchase submitted by someone else gives the approver a changed `counts` event within seconds (the
// notice sent in the event's transaction, heard by the database listener); closing the stream leaves no
// listener behind (and on PostgreSQL no LISTEN connection). Without a token it is refused.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tasksListenerState } from '../../src/server/modules/tasks/stream'
import type { ProcessView } from '../../src/shared/contracts/process'
import { type InboxCounts, inboxCounts } from '../../src/shared/contracts/tasks'
import { createSseParser, type SseEvent } from '../../src/web/api/sse'
import { createTestContext, type TestContext } from './helpers'
import { dueDiligence, makePdf } from './process-helpers'

let t: TestContext
let server: ReturnType<typeof serve>
let base: string
const tokens: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestContext()
  await makePdf(t)
  for (const u of ['registrar', 'approver']) tokens[u] = await t.login(u)
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  // A stream a failed test left open must not hold the server.
  ;(server as unknown as { closeAllConnections?: () => void })?.closeAllConnections?.()
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await t?.close()
})

/** An open stream: its events as they come, and a way to wait for one that matches. */
async function openStream(token: string) {
  const abort = new AbortController()
  const res = await fetch(`${base}/api/process/inbox/stream`, {
    headers: { 'x-auth-token': token, 'x-system-name': 'home', accept: 'text/event-stream' },
    signal: abort.signal,
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const events: SseEvent[] = []
  const waiters: (() => void)[] = []
  const parser = createSseParser((e) => {
    events.push(e)
    for (const w of waiters.splice(0)) w()
  })
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  const done = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        parser.push(value)
      }
    } catch {
      // aborted
    }
  })()
  const counts = () =>
    events.filter((e) => e.event === 'counts').map((e) => inboxCounts.parse(JSON.parse(e.data)))
  async function next(match: (c: InboxCounts) => boolean, ms: number): Promise<InboxCounts> {
    const until = Date.now() + ms
    for (;;) {
      const found = counts().find(match)
      if (found) return found
      const left = until - Date.now()
      if (left <= 0) throw new Error(`no matching counts event in ${ms} ms: ${JSON.stringify(counts())}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }
  return {
    counts,
    next,
    close: async () => {
      abort.abort()
      await done
    },
  }
}

async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('the inbox stream', () => {
  it('refuses a request without a token', async () => {
    const res = await fetch(`${base}/api/process/inbox/stream`)
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe(403)
    expect(tasksListenerState(t.deps.database)).toEqual({ listeners: 0, listening: false })
  })

  it('sends the counts at once, and changed counts when another user submits a step for approval', async () => {
    const stream = await openStream(tokens.approver)
    const first = await stream.next(() => true, 5_000)
    const direct = await t.call('GET', '/api/process/inbox/counts', { token: tokens.approver })
    expect(first).toEqual(direct.data)
    expect(tasksListenerState(t.deps.database)).toEqual({ listeners: 1, listening: true })

    const start = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '推送测试', titleEn: 'Push test' }] } },
    })
    expect(start.code, start.msg).toBe(0)
    const submitted = await t.call<ProcessView>('POST', `/api/process/${start.data.id}/events`, {
      token: tokens.registrar,
      body: { type: 'SUBMIT', expectedVersion: start.data.version, payload: dueDiligence() },
    })
    expect(submitted.code, submitted.msg).toBe(0)
    const sentAt = Date.now()
    const changed = await stream.next((c) => c.openTasks === first.openTasks + 1, 5_000)
    expect(Date.now() - sentAt).toBeLessThan(5_000)
    // The approver was told too (approvalRequested): the unread count moved in the same event.
    expect(changed.unreadMessages).toBeGreaterThan(first.unreadMessages)
    const now = await t.call('GET', '/api/process/inbox/counts', { token: tokens.approver })
    expect(stream.counts().at(-1)).toEqual(now.data)

    // Reading the messages is heard as well.
    const read = await t.call('POST', '/api/message/read-all', { token: tokens.approver })
    expect(read.code).toBe(0)
    await stream.next((c) => c.unreadMessages === 0 && c.openTasks === first.openTasks + 1, 5_000)

    // Nothing changed for the approver: nothing is sent (only changes are).
    const sent = stream.counts().length
    await t.call('GET', '/api/process/inbox', { token: tokens.approver })
    await new Promise((r) => setTimeout(r, 1_500))
    expect(stream.counts().length).toBe(sent)

    await stream.close()
    await until(() => tasksListenerState(t.deps.database).listeners === 0)
    expect(tasksListenerState(t.deps.database)).toEqual({ listeners: 0, listening: false })
    if (t.deps.database.mode === 'postgres') {
      await until(async () => {
        const rows = (await t.deps.database.raw(
          "select count(*)::int as n from pg_stat_activity where application_name = 'vitrine-tasks-listener' and datname = current_database()",
        )) as { n: number }[]
        return rows[0].n === 0
      })
    }
  })

  it('serves several streams with one listener, which ends with the last of them', async () => {
    const a = await openStream(tokens.approver)
    const b = await openStream(tokens.registrar)
    await a.next(() => true, 5_000)
    await b.next(() => true, 5_000)
    expect(tasksListenerState(t.deps.database)).toEqual({ listeners: 2, listening: true })
    await a.close()
    await until(() => tasksListenerState(t.deps.database).listeners === 1)
    expect(tasksListenerState(t.deps.database).listening).toBe(true)
    await b.close()
    await until(() => tasksListenerState(t.deps.database).listeners === 0)
    expect(tasksListenerState(t.deps.database)).toEqual({ listeners: 0, listening: false })
  })
})
