// Every API request leaves one system-log row with the spec's Log fields; secrets never reach it.
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let adminToken: string
beforeAll(async () => {
  t = await createTestContext()
  adminToken = await t.login('admin')
})
afterAll(() => t?.close())

const LOG_FIELDS = [
  'logId',
  'moduleName',
  'createBy',
  'createByUserId',
  'accessTime',
  'requestUri',
  'operationType',
  'clientIpAddr',
  'browserUserAgent',
  'httpMethod',
  'execTime',
  'success',
  'responseCode',
  'exception',
]

describe('system log', () => {
  it("records the client's address when the request came over a socket", async () => {
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as { port: number }
      const res = await fetch(`http://127.0.0.1:${port}/api/system/ping?probe=socket`)
      expect(res.status).toBe(200)
    } finally {
      server.close()
    }
    await t.deps.logWriter.flush()
    const rows = (await t.deps.database.raw(
      `select client_ip_addr from system_logs where request_uri = '/api/system/ping?probe=socket'`,
    )) as { client_ip_addr: string | null }[]
    expect(rows.map((r) => r.client_ip_addr)).toEqual([expect.stringMatching(/127\.0\.0\.1$/)])
    // app.request() has no socket: no address.
    await t.call('GET', '/api/system/ping?probe=none')
    await t.deps.logWriter.flush()
    const none = (await t.deps.database.raw(
      `select client_ip_addr from system_logs where request_uri = '/api/system/ping?probe=none'`,
    )) as { client_ip_addr: string | null }[]
    expect(none).toEqual([{ client_ip_addr: null }])
  })

  it('records one row per request with every Log field', async () => {
    await t.deps.logWriter.flush()
    const before = (await t.deps.database.raw('select count(*)::int as n from system_logs'))[0] as {
      n: number
    }
    const token = await t.login('registrar')
    await t.call('GET', '/api/auth/me', { token, headers: { 'user-agent': 'VitrineTest/1.0' } })
    await t.call('GET', '/api/auth/me', { token: 'bogus' })
    await t.deps.logWriter.flush()
    const after = (await t.deps.database.raw('select count(*)::int as n from system_logs'))[0] as {
      n: number
    }
    expect(after.n - before.n).toBe(3)

    const res = await t.call('GET', '/api/system_log?moduleName=auth&pageSize=10', { token: adminToken })
    expect(res.code).toBe(0)
    const row = res.data.list.find((r: any) => r.createBy === 'registrar' && r.requestUri === '/api/auth/me')
    expect(Object.keys(row).sort()).toEqual([...LOG_FIELDS].sort())
    expect(row).toMatchObject({
      moduleName: 'auth',
      httpMethod: 'GET',
      operationType: 'QUERY',
      success: true,
      responseCode: 0,
      browserUserAgent: 'VitrineTest/1.0',
      exception: null,
    })
    expect(typeof row.execTime).toBe('number')
    const failed = res.data.list.find((r: any) => r.responseCode === 403)
    expect(failed).toMatchObject({ success: false, createBy: null, exception: 'notSignedIn' })
  })

  it('never stores passwords or tokens', async () => {
    const token = await t.login('viewer')
    await t.call('GET', `/api/auth/me?token=${token}&password=${TEST_PASSWORD}`, { token })
    await t.deps.logWriter.flush()
    const rows = (await t.deps.database.raw('select * from system_logs')) as Record<string, unknown>[]
    const dump = JSON.stringify(rows)
    expect(dump).not.toContain(TEST_PASSWORD)
    expect(dump).not.toContain(token)
    expect(dump).toContain('token=***')
  })

  it('filters by user, module, success and time range, and pages', async () => {
    const all = await t.call('GET', '/api/system_log?pageSize=200', { token: adminToken })
    expect(all.data.total).toBeGreaterThan(3)
    const failures = await t.call('GET', '/api/system_log?success=false', { token: adminToken })
    expect(failures.data.list.length).toBeGreaterThan(0)
    expect(failures.data.list.every((r: any) => r.success === false)).toBe(true)
    const mine = await t.call('GET', '/api/system_log?createBy=viewer', { token: adminToken })
    expect(mine.data.list.every((r: any) => r.createBy === 'viewer')).toBe(true)
    const future = await t.call('GET', `/api/system_log?from=${encodeURIComponent('2100-01-01T00:00:00Z')}`, {
      token: adminToken,
    })
    expect(future.data.total).toBe(0)
    const paged = await t.call('GET', '/api/system_log?page=2&pageSize=1', { token: adminToken })
    expect(paged.data).toMatchObject({ page: 2, pageSize: 1 })
    expect(paged.data.list).toHaveLength(1)
    const bad = await t.call('GET', '/api/system_log?pageSize=1000&success=maybe', { token: adminToken })
    expect(bad.code).toBe(400)
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['pageSize', 'success'])
  })

  it('loses nothing buffered on a clean shutdown', async () => {
    const local = await import('./helpers').then((m) => m.createTestContext({ demo: false }))
    for (let i = 0; i < 5; i++) await local.call('GET', '/api/system/ping')
    const raw = local.deps.database.raw
    await local.deps.logWriter.close()
    const rows = (await raw('select count(*)::int as n from system_logs')) as { n: number }[]
    expect(rows[0].n).toBe(5)
    await local.close()
  })
})
