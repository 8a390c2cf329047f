// Sign-in, sessions, lock-out, privileges (403 / 4031) and the current user's menu.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashToken, SESSION_CACHE_MS } from '../../src/server/modules/auth/sessions'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t?.close())

describe('sign-in', () => {
  it('returns a token, the user and privileges for the right password', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: TEST_PASSWORD },
    })
    expect(res.code).toBe(0)
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(res.data.user.username).toBe('admin')
    expect(res.data.allPrivileges).toBe(true)
  })

  it('refuses a wrong password with a clear message and no token', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: { username: 'viewer', password: 'nope' } })
    expect(res.status).toBe(400)
    expect(res.msg).toBe('Wrong username or password')
    expect(res.data.fieldErrors.password).toBe('Wrong username or password')
  })

  it('answers in Chinese by default', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: { username: 'viewer', password: 'nope' },
      lang: '',
    })
    expect(res.msg).toBe('用户名或密码错误')
  })

  it('stores only a hash of the token', async () => {
    const token = await t.login('viewer')
    const rows = await t.deps.database.raw('select token_hash from sessions')
    const hashes = rows.map((r: any) => r.token_hash)
    expect(hashes).not.toContain(token)
    expect(hashes.every((h: string) => /^[0-9a-f]{64}$/.test(h))).toBe(true)
  })

  it('locks a username after repeated failures with 429', async () => {
    for (let i = 0; i < 5; i++) {
      await t.call('POST', '/api/auth/login', { body: { username: 'finance', password: `wrong-${i}` } })
    }
    const locked = await t.call('POST', '/api/auth/login', {
      body: { username: 'finance', password: TEST_PASSWORD },
    })
    expect(locked.status).toBe(429)
    expect(locked.code).toBe(429)
    const other = await t.call('POST', '/api/auth/login', {
      body: { username: 'operations', password: TEST_PASSWORD },
    })
    expect(other.code).toBe(0)
  })

  it('rejects malformed input', async () => {
    const empty = await t.call('POST', '/api/auth/login', { body: {} })
    expect(empty.code).toBe(400)
    expect(empty.data.fieldErrors).toMatchObject({ username: 'Required', password: 'Required' })
    const junk = await t.call('POST', '/api/auth/login', {
      body: '{"username": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(junk.code).toBe(400)
    expect(junk.msg).toBe('The request body is not valid JSON')
  })
})

describe('sessions', () => {
  it('answers 403 without a token, with an unknown token and after sign-out', async () => {
    expect((await t.call('GET', '/api/auth/me')).code).toBe(403)
    expect((await t.call('GET', '/api/auth/me', { token: 'x'.repeat(43) })).code).toBe(403)
    const token = await t.login('registrar')
    expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(0)
    expect((await t.call('POST', '/api/auth/logout', { token })).code).toBe(0)
    const after = await t.call('GET', '/api/auth/me', { token })
    expect(after.status).toBe(403)
    expect(after.code).toBe(403)
  })

  it('expires a session after the idle time', async () => {
    const token = await t.login('viewer')
    await t.deps.database.raw(`update sessions set last_seen_at = now() - interval '1 day'`)
    expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(403)
  })

  it('holds a checked session a few seconds (embedded) or until notified (PostgreSQL): a change made behind it is seen', async () => {
    const token = await t.login('viewer')
    expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(0)
    // Another server (or a hand in the database) ends the session; this one still holds it for a moment.
    await t.deps.database.raw(`update sessions set revoked_at = now() where token_hash = $1`, [
      hashToken(token),
    ])
    if (t.deps.database.mode === 'postgres') {
      // On PostgreSQL every server listens for session changes (LISTEN vitrine_auth, migration 0009): the
      // change made behind this server is seen within moments, not after the hold.
      await expect
        .poll(async () => (await t.call('GET', '/api/auth/me', { token })).code, { timeout: 1000 })
        .toBe(403)
      return
    }
    expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(0)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + SESSION_CACHE_MS + 1)
      expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(403)
    } finally {
      vi.useRealTimers()
    }
  })

  it('expires a session at its absolute end', async () => {
    const token = await t.login('viewer')
    await t.deps.database.raw(`update sessions set expires_at = now() - interval '1 second'`)
    expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(403)
  })
})

describe('privileges', () => {
  it('gives each role its menu and nothing more', async () => {
    const viewer = await t.call('GET', '/api/auth/me', { token: await t.login('viewer') })
    const keys = viewer.data.menu.map((m: any) => m.key)
    expect(keys).toContain('artworkArchive')
    expect(keys).not.toContain('authManage')
    expect(keys).not.toContain('systemLog')
    const archive = viewer.data.menu.find((m: any) => m.key === 'artworkArchive')
    expect(archive.children.map((c: any) => c.key)).not.toContain('artworkArchive/add')
    const admin = await t.call('GET', '/api/auth/me', { token: await t.login('admin'), lang: 'zh-CN' })
    expect(admin.data.menu.map((m: any) => m.key)).toContain('authManage')
    expect(admin.data.menu[0].label).toBe('艺术品档案')
  })

  it('answers 4031 when a function is not granted', async () => {
    const token = await t.login('viewer')
    const res = await t.call('GET', '/api/system_log', { token })
    expect(res.status).toBe(403)
    expect(res.code).toBe(4031)
    expect(res.msg).toBe('Your system permissions are not enough for this function')
  })

  it('answers 4031 when called from a system the user may not enter', async () => {
    const token = await t.login('viewer')
    const ok = await t.call('GET', '/api/auth/me', { token, headers: { 'x-system-name': 'artworkArchive' } })
    expect(ok.code).toBe(0)
    const res = await t.call('GET', '/api/auth/me', { token, headers: { 'x-system-name': 'authManage' } })
    expect(res.code).toBe(4031)
  })
})
