// Two servers on one database (scale-out): a sign-out or a role change made through server A is
// refused or seen on server B within a second, although B had the session in its 5 s cache — on PostgreSQL
// through LISTEN/NOTIFY between separate connection pools, on the embedded database (one process) through
// the local forget. The timed jobs run once across the servers (scheduled_jobs claims).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scheduledJobs } from '../../src/server/db/schema'
import { claimJob, nextUtcDay, runJobOnce } from '../../src/server/jobs/scheduler'
import { applyAuthNotice, hashToken, SESSION_CACHE_MS } from '../../src/server/modules/auth/sessions'
import { insuranceCoverJob } from '../../src/server/modules/insurance/jobs'
import { reminderDeliveryJob } from '../../src/server/modules/messages/jobs'
import { emailDeliveryJob } from '../../src/server/modules/notifications/jobs'
import { SCHEDULED_JOBS, startScheduledJobs } from '../../src/server/scheduled-jobs'
import { startServers, type TestServer, type TestServers } from './servers'

let s: TestServers
let a: TestServer
let b: TestServer

beforeAll(async () => {
  s = await startServers(2)
  ;[a, b] = s.servers
}, 120_000)
afterAll(() => s?.close())

interface Me {
  privileges: string[]
  roles: Array<{ id: string; key: string }>
}

/** Poll `check` every 10 ms until it holds; the milliseconds it took, or fail after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const t0 = performance.now()
  for (;;) {
    if (await check()) return performance.now() - t0
    if (performance.now() - t0 > limitMs) throw new Error(`not seen within ${limitMs} ms`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('session revocation and privilege changes reach the other server', () => {
  it('listens for changes on PostgreSQL, and on the embedded database shares one process', () => {
    expect(a.deps.database.mode).toBe(s.mode)
    if (s.mode === 'postgres') {
      // Separate pools, as on separate machines: B's cache only learns of A's writes by notification.
      expect(a.deps.database.db).not.toBe(b.deps.database.db)
      expect(a.deps.database.url).toBe(b.deps.database.url)
    } else expect(a.deps.database.db).toBe(b.deps.database.db)
  })

  it('refuses on B a token signed out on A within 1 s (B had it cached)', async () => {
    for (let round = 0; round < 3; round++) {
      const token = await a.login('viewer')
      expect((await b.call('GET', '/api/auth/me', { token })).code).toBe(0) // B now holds it for 5 s
      expect((await a.call('POST', '/api/auth/logout', { token })).code).toBe(0)
      expect((await a.call('GET', '/api/auth/me', { token })).code).toBe(403)
      const ms = await within(
        1_000,
        async () => (await b.call('GET', '/api/auth/me', { token })).code === 403,
      )
      expect(ms).toBeLessThan(1_000)
      expect(ms).toBeLessThan(SESSION_CACHE_MS)
    }
  })

  it('shows on B a role disabled on A within 1 s, and the role enabled again', async () => {
    const admin = await a.login('admin')
    const registrar = await b.login('registrar')
    const before = await b.call<Me>('GET', '/api/auth/me', { token: registrar })
    expect(before.code).toBe(0)
    expect(before.data.privileges.length).toBeGreaterThan(0)
    const role = before.data.roles.find((r) => r.key === 'registrar')
    expect(role).toBeDefined()
    try {
      const off = await a.call('POST', `/api/auth/roles/${role?.id}/disable`, { token: admin })
      expect(off.code).toBe(0)
      await within(1_000, async () => {
        const me = await b.call<Me>('GET', '/api/auth/me', { token: registrar })
        return me.code === 0 && me.data.privileges.length === 0
      })
      // Refused on B for a privilege the role gave: 4031, not a stale allow.
      const denied = await b.call('GET', '/api/auth/roles', { token: registrar })
      expect([4031, 403]).toContain(denied.code)
    } finally {
      expect((await a.call('POST', `/api/auth/roles/${role?.id}/enable`, { token: admin })).code).toBe(0)
    }
    await within(1_000, async () => {
      const me = await b.call<Me>('GET', '/api/auth/me', { token: registrar })
      return me.data.privileges.length === before.data.privileges.length
    })
  })

  it('applies a notice to one session or to all, and ignores nothing it cannot parse', async () => {
    const token = await b.login('viewer')
    const db = b.deps.database.db
    expect((await b.call('GET', '/api/auth/me', { token })).code).toBe(0)
    // Revoked behind the servers' backs (as another server would), then the notice for it alone.
    await db.execute(sql`update sessions set revoked_at = now() where token_hash = ${hashToken(token)}`)
    applyAuthNotice(db, hashToken(token))
    expect((await b.call('GET', '/api/auth/me', { token })).code).toBe(403)
    const other = await b.login('viewer')
    expect((await b.call('GET', '/api/auth/me', { token: other })).code).toBe(0)
    await db.execute(sql`update sessions set revoked_at = now() where token_hash = ${hashToken(other)}`)
    applyAuthNotice(db, 'not a hash') // anything else: forget everything
    expect((await b.call('GET', '/api/auth/me', { token: other })).code).toBe(403)
  })
})

describe('background jobs run once across the servers', () => {
  it('lets one server of two run a due job, and neither run it again before it is due', async () => {
    const at = new Date('2031-03-04T10:00:00Z')
    const next = new Date(at.getTime() + 60_000)
    let runs = 0
    const task = async () => {
      runs++
      await new Promise((r) => setTimeout(r, 150))
    }
    const job = 'test-job-once'
    const results = await Promise.all([
      runJobOnce(a.deps.database.db, job, at, next, task),
      runJobOnce(b.deps.database.db, job, at, next, task),
    ])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(runs).toBe(1)
    // Not due again until `next`; due at `next`.
    expect(await runJobOnce(b.deps.database.db, job, new Date(next.getTime() - 1), next, task)).toBe(false)
    expect(await runJobOnce(b.deps.database.db, job, next, new Date(next.getTime() + 60_000), task)).toBe(
      true,
    )
    expect(runs).toBe(2)
  })

  it('keeps a job due when its run fails (rolled back with the claim)', async () => {
    const at = new Date('2031-03-05T10:00:00Z')
    const job = 'test-job-fails'
    await expect(
      runJobOnce(a.deps.database.db, job, at, new Date(at.getTime() + 60_000), async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(
      await runJobOnce(b.deps.database.db, job, at, new Date(at.getTime() + 60_000), async () => {}),
    ).toBe(true)
  })

  it('claims with claimJob once per period across servers', async () => {
    const at = new Date('2031-03-06T10:00:00Z')
    const next = new Date(at.getTime() + 59_000)
    const won = await Promise.all([
      claimJob(a.deps.database.db, 'test-claim', at, next),
      claimJob(b.deps.database.db, 'test-claim', at, next),
    ])
    expect(won.filter(Boolean)).toHaveLength(1)
  })

  it('runs each scheduler job once when both servers tick at the same moment', async () => {
    const at = new Date('2032-01-01T00:00:30Z')
    const schedulers = [a, b].map((server) =>
      startScheduledJobs(server.deps.database.db, { intervalMs: 3_600_000, now: () => at }),
    )
    try {
      await Promise.all(schedulers.map((x) => x.tick()))
    } finally {
      for (const x of schedulers) x.stop()
    }
    const rows = await a.deps.database.db.select().from(scheduledJobs)
    const byJob = new Map(rows.map((r) => [r.job, r]))
    expect(SCHEDULED_JOBS.length).toBe(9)
    for (const { name } of SCHEDULED_JOBS) {
      // Without SMTP settings no email is sent: its job is never claimed.
      if (name === emailDeliveryJob.name) expect(byJob.get(name)).toBeUndefined()
      else expect(byJob.get(name)?.lastRunAt?.toISOString()).toBe(at.toISOString())
    }
    expect(byJob.get(insuranceCoverJob.name)?.dueAt.toISOString()).toBe(nextUtcDay(at).toISOString())
    expect(nextUtcDay(at).toISOString()).toBe('2032-01-02T00:00:00.000Z')
    expect(byJob.get(reminderDeliveryJob.name)?.dueAt.getTime()).toBe(at.getTime() + 3_600_000 - 1_000)
  })
})
