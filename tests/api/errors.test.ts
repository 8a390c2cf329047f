// The envelope on every path: unknown routes, oversized and malformed bodies, wrong types, unknown fields,
// and the OpenAPI document generated from the validating schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './helpers'

let t: TestContext
let admin: string
beforeAll(async () => {
  t = await createTestContext({ demo: false })
  admin = await t.login('admin')
})
afterAll(() => t?.close())

describe('error envelope', () => {
  it('answers unknown /api paths with a 404 envelope', async () => {
    const res = await t.call('GET', '/api/no/such/thing', { token: admin })
    expect(res).toMatchObject({ status: 404, code: 404, msg: 'No such API path', data: null })
    const zh = await t.call('GET', '/api/nope', { lang: 'zh-CN' })
    expect(zh.msg).toBe('接口不存在')
  })

  it('refuses an oversized body with 413', async () => {
    const body = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' })
    const res = await t.call('POST', '/api/auth/login', {
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect(res.code).toBe(413)
  })

  it('refuses a body whose declared length is over the limit, before reading it', async () => {
    const body = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' })
    const res = await t.call('POST', '/api/auth/login', {
      body,
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    })
    expect(res.status).toBe(413)
    expect(res.code).toBe(413)
    // A declared length within the limit is read as usual.
    const small = JSON.stringify({ username: 'nobody', password: 'wrong-password-1' })
    const ok = await t.call('POST', '/api/auth/login', {
      body: small,
      headers: { 'content-type': 'application/json', 'content-length': String(small.length) },
    })
    expect(ok.status).toBe(400)
    expect(ok.msg).toBe('Wrong username or password')
  })

  it('refuses wrong types and unknown fields with field errors', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: { username: 42, password: 'x', extra: true },
    })
    expect(res.code).toBe(400)
    expect(res.data.fieldErrors.username).toBe('Invalid value')
    expect(res.data.fieldErrors.extra).toBe('Field not allowed')
  })

  it('refuses over-long input', async () => {
    const res = await t.call('POST', '/api/auth/roles', {
      token: admin,
      body: { nameZh: '名'.repeat(51), nameEn: 'Role' },
    })
    expect(res.code).toBe(400)
    expect(res.data.fieldErrors.nameZh).toBe('At most 50 characters')
  })

  it('never leaks a stack trace', async () => {
    const res = await t.call('PUT', '/api/auth/roles/not-a-uuid', {
      token: admin,
      body: { nameZh: 'a', nameEn: 'b' },
    })
    expect(res.code).toBe(400)
    expect(JSON.stringify(res)).not.toMatch(/at .*\.ts:\d+/)
  })
})

describe('OpenAPI document', () => {
  it('is generated from the route schemas, and every operation declares its access', async () => {
    const res = await t.app.request('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { paths: Record<string, Record<string, any>> }
    expect(doc.paths['/api/auth/login']?.post).toBeDefined()
    expect(doc.paths['/api/auth/roles/{id}']?.put?.parameters?.[0]).toMatchObject({
      in: 'path',
      name: 'id',
      required: true,
    })
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, privilege: op['x-privilege'] })),
    )
    expect(operations.length).toBeGreaterThan(10)
    expect(operations.filter((o) => !o.privilege)).toEqual([])
  })
})
