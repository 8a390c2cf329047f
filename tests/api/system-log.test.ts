// Every API request leaves one system-log row with the system log's fields; secrets never reach it.
import { serve } from '@hono/node-server'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScheduledJobs } from '../../src/server/scheduled-jobs'
import { logModuleOf, moduleLabel, operationLabel } from '../../src/shared/system-log'
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

  it('logs a lookup sent as a POST as a query, under the module it belongs to, named in both languages', async () => {
    const token = await t.login('registrar')
    for (const path of ['/api/art/getAllEnt', '/api/art/getAllVendors']) {
      expect((await t.call('POST', path, { token, body: {} })).code).toBe(0)
    }
    expect(
      (await t.call('GET', '/api/data_dictionary/get_data_dictionary?dictCode=CURRENCY', { token })).code,
    ).toBe(0)
    await t.deps.logWriter.flush()
    const rows = (await t.deps.database.raw(
      `select module_name, operation_type, request_uri from system_logs
        where create_by = 'registrar' and (request_uri like '/api/art/%' or request_uri like '/api/data_dictionary/%')`,
    )) as { module_name: string; operation_type: string; request_uri: string }[]
    expect(rows.length).toBeGreaterThanOrEqual(3)
    for (const r of rows)
      expect(r, r.request_uri).toMatchObject({ module_name: 'reference', operation_type: 'QUERY' })
    expect(moduleLabel('reference', 'zh-CN')).toBe('基础数据')
    expect(moduleLabel('reference', 'en')).toBe('Reference data')
    // A row written before lookups were filed under reference data still reads in words.
    expect(moduleLabel('art', 'zh-CN')).toBe('基础数据')
    expect(operationLabel('QUERY', 'zh-CN')).toBe('查询')
  })

  it('names the module of every route of the API in words, in both languages', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>
    }
    const segments = new Set(Object.keys(doc.paths).map((p) => p.split('/').filter(Boolean)[1]))
    expect(segments.size).toBeGreaterThan(10)
    for (const segment of segments) {
      const module = logModuleOf(segment)
      for (const lang of ['zh-CN', 'en'] as const) {
        const words = moduleLabel(module, lang)
        expect(words, `${segment} in ${lang}`).not.toBe(module)
        expect(words, `${segment} in ${lang}`).not.toMatch(/^[a-z_]+$/)
      }
    }
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

/** Insert log rows directly (what the filters must tell apart), at `at` minus `i` seconds. */
async function insertRows(rows: Record<string, unknown>[]) {
  const { systemLogs } = await import('../../src/server/db/schema')
  await t.deps.database.db.insert(systemLogs).values(
    rows.map((r, i) => ({
      logId: crypto.randomUUID(),
      moduleName: 'artworks',
      createBy: 'someone',
      createByUserId: null,
      accessTime: new Date(Date.UTC(2030, 0, 2, 12, 0, 0) - i * 1000),
      requestUri: '/api/artworks',
      operationType: 'QUERY',
      clientIpAddr: '10.1.1.1',
      browserUserAgent: 'Filters/1.0',
      httpMethod: 'GET',
      execTime: 3,
      success: true,
      responseCode: 0,
      exception: null,
      ...r,
    })) as never,
  )
}

describe('system log filters, export and retention', () => {
  const future = `from=${encodeURIComponent('2030-01-01T00:00:00Z')}`
  beforeAll(async () => {
    const users = await t.call('GET', '/api/auth/users?keyword=viewer', { token: adminToken })
    const viewerId = users.data.list.find((u: any) => u.username === 'viewer').id
    await insertRows([
      { requestUri: '/f/plain' },
      { requestUri: '/f/login', moduleName: 'auth', operationType: 'LOGIN', httpMethod: 'POST' },
      {
        requestUri: '/f/failed',
        success: false,
        responseCode: 409,
        exception: 'Operation failed, other ongoing process at the moment',
        httpMethod: 'PUT',
        operationType: 'UPDATE',
      },
      { requestUri: '/f/elsewhere', clientIpAddr: '192.0.2.7', createBy: 'viewer', createByUserId: viewerId },
      {
        requestUri: '/f/start',
        moduleName: 'process',
        operationType: 'PROCESS_START BUY_ART',
        httpMethod: 'POST',
      },
    ])
  })
  const uris = async (query: string) => {
    const res = await t.call('GET', `/api/system_log?${future}&${query}`, { token: adminToken })
    expect(res.code, res.msg).toBe(0)
    return res.data.list.map((r: any) => r.requestUri).sort()
  }

  it('filters by each field alone', async () => {
    expect(await uris('moduleName=auth')).toEqual(['/f/login'])
    expect(await uris('operationType=LOGIN')).toEqual(['/f/login'])
    expect(await uris(`operationType=${encodeURIComponent('PROCESS_START BUY_ART')}`)).toEqual(['/f/start'])
    expect(await uris('httpMethod=PUT')).toEqual(['/f/failed'])
    expect(await uris('success=false')).toEqual(['/f/failed'])
    expect(await uris('responseCode=409')).toEqual(['/f/failed'])
    expect(await uris('clientIpAddr=192.0.2.7')).toEqual(['/f/elsewhere'])
    // A sign-in name finds its user's rows (through the user's id), whatever the case typed.
    expect(await uris('createBy=Viewer')).toEqual(['/f/elsewhere'])
    expect(await uris(`to=${encodeURIComponent('2030-01-02T11:59:58Z')}`)).toEqual([
      '/f/elsewhere',
      '/f/failed',
      '/f/start',
    ])
    const user = (await t.call('GET', '/api/auth/me', { token: adminToken })).data.user
    await t.call('GET', '/api/system/ping?probe=mine', { token: adminToken })
    const mine = await t.call('GET', `/api/system_log?userId=${user.id}&pageSize=200`, { token: adminToken })
    expect(mine.data.list.length).toBeGreaterThan(0)
    expect(mine.data.list.every((r: any) => r.createByUserId === user.id)).toBe(true)
    const bad = await t.call('GET', '/api/system_log?httpMethod=FETCH&responseCode=abc', {
      token: adminToken,
      lang: 'zh-CN',
    })
    expect(bad.code).toBe(400)
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['httpMethod', 'responseCode'])
  })

  it('exports the filtered rows as Excel, in words', async () => {
    const res = await t.app.request(`/api/system_log/export?${future}&success=false`, {
      headers: { 'x-auth-token': adminToken, 'accept-language': 'zh-CN' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    const ws = wb.worksheets[0]
    expect(ws.rowCount).toBe(2)
    const header = (ws.getRow(1).values as unknown[]).slice(1)
    expect(header).toContain('异常')
    const row = (ws.getRow(2).values as unknown[]).slice(1)
    expect(row).toContain('/f/failed')
    expect(row).toContain('失败')
    expect(row).toContain('修改')
    expect(row).toContain('艺术品档案')
    expect(row).toContain('Operation failed, other ongoing process at the moment')
    const viewer = await t.login('viewer')
    const refused = await t.call('GET', '/api/system_log/export', { token: viewer })
    expect(refused.code).toBe(4031)
  })

  it('keeps the retention it is given and purges older rows on the daily run', async () => {
    const settings = await t.call('GET', '/api/system_log/settings', { token: adminToken })
    expect(settings.data.retentionDays).toBe(180)
    const bad = await t.call('PUT', '/api/system_log/settings', {
      token: adminToken,
      body: { retentionDays: 2 },
    })
    expect(bad.code).toBe(400)
    expect(bad.data.fieldErrors.retentionDays).toBe('Invalid value')
    const viewer = await t.login('viewer')
    expect(
      (await t.call('PUT', '/api/system_log/settings', { token: viewer, body: { retentionDays: 30 } })).code,
    ).toBe(4031)
    const set = await t.call('PUT', '/api/system_log/settings', {
      token: adminToken,
      body: { retentionDays: 30 },
    })
    expect(set.code, set.msg).toBe(0)
    expect(set.data.retentionDays).toBe(30)
    // Rows from 40 and 20 days before the scheduler's "now" (2030-01-03): the first goes, the second stays.
    const now = new Date(Date.UTC(2030, 0, 3))
    await insertRows([
      { requestUri: '/old/40', accessTime: new Date(now.getTime() - 40 * 86_400_000) },
      { requestUri: '/old/20', accessTime: new Date(now.getTime() - 20 * 86_400_000) },
    ])
    const scheduler = startScheduledJobs(t.deps.database.db, { now: () => now, intervalMs: 3_600_000 })
    await scheduler.tick()
    scheduler.stop()
    const left = (await t.deps.database.raw(
      "select request_uri from system_logs where request_uri like '/old/%' order by 1",
    )) as { request_uri: string }[]
    expect(left.map((r) => r.request_uri)).toEqual(['/old/20'])
    // Everything else from before 2029-12-04 went too; what came after stays.
    const older = (await t.deps.database.raw(
      "select count(*)::int as n from system_logs where access_time < '2029-12-04'",
    )) as { n: number }[]
    expect(older[0].n).toBe(0)
    expect(await uris('moduleName=auth')).toEqual(['/f/login'])
  })
})
