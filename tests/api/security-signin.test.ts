// Issue 11's probe requests on accounts, replayed through the real app: sign-in throttling per
// (username, address), per username and per address, that never locks a user out from where they signed
// in before, with an administrator's unlock and a log row per lock; user pickers without sign-in names
// (finding 2); the last full privilege kept (3); x-system-name own keys only (9); sign-out from anywhere
// and a session in use never idle (10); changing one's own password (11).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { purgeStaleFailures } from '../../src/server/modules/auth/lockout'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let admin: string
let ids: Record<string, string>
beforeAll(async () => {
  t = await createTestContext()
  t.deps.config.trustProxy = true // addresses come from x-forwarded-for (app.request has no socket)
  admin = await t.login('admin')
  const list = await t.call('GET', '/api/auth/users?pageSize=200', { token: admin })
  ids = Object.fromEntries(list.data.list.map((u: { username: string; id: string }) => [u.username, u.id]))
})
afterAll(() => t?.close())

const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await t.deps.database.raw(sql, params)) as T[]

const signIn = (username: string, password: string, ip: string) =>
  t.call('POST', '/api/auth/login', { body: { username, password }, headers: { 'x-forwarded-for': ip } })

async function lockRows(username: string) {
  await t.deps.logWriter.flush()
  return rows<{ exception: string; client_ip_addr: string | null }>(
    "select exception, client_ip_addr from system_logs where operation_type = 'SIGN_IN_LOCK' and exception like $1",
    [`%username=${username} %`],
  )
}

describe('finding 2: sign-in throttling', () => {
  const saved = { max: 0 }
  beforeAll(() => {
    saved.max = t.deps.config.loginMaxFailures
    t.deps.config.loginMaxFailures = 3 // pair 3, username 12, address 60
  })
  afterAll(() => {
    t.deps.config.loginMaxFailures = saved.max
  })

  it('locks one (username, address) pair, not the user elsewhere, and logs the lock', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn('viewer', 'wrong-guess-1', '10.0.0.1')).code).toBe(400)
    const locked = await signIn('viewer', TEST_PASSWORD, '10.0.0.1')
    expect(locked.status).toBe(429)
    expect(locked.code).toBe(429)
    expect((await signIn('viewer', TEST_PASSWORD, '10.0.0.2')).code).toBe(0)
    const logged = await lockRows('viewer')
    expect(logged).toHaveLength(1)
    expect(logged[0].exception).toContain('sign-in locked (pair)')
    expect(logged[0].client_ip_addr).toBe('10.0.0.1')
  })

  it('locks a username guessed from many addresses, but never the right password from a known address', async () => {
    // The administrator signed in from the office before the attack.
    expect((await signIn('admin', TEST_PASSWORD, '192.168.1.10')).code).toBe(0)
    // 12 failures for "ADMIN" (any case), two per address: no pair reaches its limit of 3.
    for (let i = 0; i < 12; i++) {
      const res = await signIn(i % 2 ? 'ADMIN' : 'Admin', 'wrong-guess-2', `203.0.113.${Math.floor(i / 2)}`)
      expect(res.code).toBe(400)
    }
    const stranger = await signIn('admin', TEST_PASSWORD, '198.51.100.7')
    expect(stranger.status).toBe(429)
    expect(stranger.msg).toMatch(/^Too many attempts; try again in \d+ minutes$/)
    // The office address still signs in with the right password.
    expect((await signIn('admin', TEST_PASSWORD, '192.168.1.10')).code).toBe(0)
    const logged = await lockRows('admin')
    expect(logged.map((r) => r.exception)).toEqual([expect.stringContaining('sign-in locked (user)')])

    // The administrator sees the lock on the user list and lifts it.
    const before = await t.call('GET', '/api/auth/users?keyword=admin', { token: admin })
    const row = before.data.list.find((u: { username: string }) => u.username === 'admin')
    expect(row.signInLockedUntil).not.toBeNull()
    const viewer = await t.login('viewer')
    const refused = await t.call('POST', `/api/auth/users/${ids.admin}/unlock`, { token: viewer })
    expect(refused.code).toBe(4031)
    const unlock = await t.call('POST', `/api/auth/users/${ids.admin}/unlock`, { token: admin })
    expect(unlock.code).toBe(0)
    expect(unlock.data.signInLockedUntil).toBeNull()
    expect((await signIn('admin', TEST_PASSWORD, '198.51.100.7')).code).toBe(0)
    await t.deps.logWriter.flush()
    const [audit] = await rows<{ create_by: string }>(
      "select create_by from system_logs where operation_type = 'UNLOCK' and success",
    )
    expect(audit.create_by).toBe('admin')
  })

  it('an address spraying many usernames is locked for new users, not for those who signed in there before', async () => {
    expect((await signIn('finance', TEST_PASSWORD, '10.7.7.7')).code).toBe(0)
    // 60 failures from one address, one per made-up username: no pair or username limit is reached.
    for (let i = 0; i < 60; i++) expect((await signIn(`nobody${i}`, 'x', '10.7.7.7')).code).toBe(400)
    expect((await signIn('approver', TEST_PASSWORD, '10.7.7.7')).status).toBe(429)
    expect((await signIn('finance', TEST_PASSWORD, '10.7.7.7')).code).toBe(0)
    const logged = await lockRows('nobody59')
    expect(logged[0].exception).toContain('sign-in locked (ip)')
    // Counters of made-up names are dropped once long over; running ones stay.
    await t.deps.database.raw(
      "insert into login_failures (key, count, window_start) values ('user:stale', 1, now() - interval '2 hours')",
    )
    await purgeStaleFailures(t.deps.database.db, t.deps.config)
    const keys = (await rows<{ key: string }>('select key from login_failures')).map((r) => r.key)
    expect(keys).not.toContain('user:stale')
    expect(keys).toContain('ip:10.7.7.7')
  })

  it('user pickers give display names and ids, sign-in names only to account managers', async () => {
    const registrar = await t.login('registrar')
    const list = await t.call('POST', '/api/art/getAllUser', { token: registrar })
    expect(list.code).toBe(0)
    expect(list.data.length).toBeGreaterThan(3)
    for (const u of list.data) {
      expect(u).not.toHaveProperty('username')
      expect(u.id).toBeTruthy()
      expect(u.displayName).toBeTruthy()
    }
    expect(JSON.stringify(list.data)).not.toContain('"admin"')
    const full = await t.call('POST', '/api/art/getAllUser', { token: admin })
    expect(full.data.map((u: { username: string }) => u.username)).toContain('admin')
  })
})

describe('finding 3: the last full privilege', () => {
  it('refuses to disable or strip the last enabled role or user with full privilege (409, both languages)', async () => {
    const roles = await t.call('GET', '/api/auth/roles?pageSize=200', { token: admin })
    const adminRole = roles.data.list.find((r: { key: string }) => r.key === 'administrator')
    const disable = await t.call('POST', `/api/auth/roles/${adminRole.id}/disable`, { token: admin })
    expect(disable.status).toBe(409)
    expect(disable.msg).toBe(
      'This is the last enabled role or user with full privilege: it cannot be disabled or lose it',
    )
    const zh = await t.call('POST', `/api/auth/roles/${adminRole.id}/disable`, {
      token: admin,
      lang: 'zh-CN',
    })
    expect(zh.msg).toBe('这是最后一个拥有全部权限的启用角色或用户，不能停用或取消其全部权限')
    const strip = await t.call('PUT', `/api/auth/roles/${adminRole.id}`, {
      token: admin,
      // With privileges of its own, so the only reason left to refuse is the last full privilege.
      body: {
        nameZh: adminRole.nameZh,
        nameEn: adminRole.nameEn,
        allPrivileges: false,
        privileges: ['artworkArchive:view'],
      },
    })
    expect(strip.status).toBe(409)

    // A second holder: now either may go, but not both.
    const second = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: {
        username: 'deputy',
        displayName: 'Deputy',
        password: TEST_PASSWORD,
        roleIds: [adminRole.id],
      },
    })
    expect(second.code).toBe(0)
    const deputy = await t.login('deputy')
    expect((await t.call('POST', `/api/auth/users/${ids.admin}/disable`, { token: deputy })).code).toBe(0)
    // The deputy is now the last holder: taking their role away, or the role's full privilege, is refused.
    const selfStrip = await t.call('PUT', `/api/auth/users/${second.data.id}`, {
      token: deputy,
      body: { displayName: 'Deputy', enabled: true, roleIds: [] },
    })
    expect(selfStrip.status).toBe(409)
    expect((await t.call('POST', `/api/auth/roles/${adminRole.id}/disable`, { token: deputy })).status).toBe(
      409,
    )
    // Nothing changed: the role is still enabled with full privilege and the deputy still holds it.
    const [role] = await rows<{ enabled: boolean; all_privileges: boolean }>(
      'select enabled, all_privileges from roles where id = $1',
      [adminRole.id],
    )
    expect(role).toEqual({ enabled: true, all_privileges: true })
    expect((await t.call('GET', '/api/auth/me', { token: deputy })).data.allPrivileges).toBe(true)
    expect((await t.call('POST', `/api/auth/users/${ids.admin}/enable`, { token: deputy })).code).toBe(0)
    admin = await t.login('admin')
  })
})

describe('finding 9: x-system-name names only our systems', () => {
  it('takes toString, constructor, __proto__ as no system at all', async () => {
    const viewer = await t.login('viewer')
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const res = await t.call('GET', '/api/auth/me', { token: viewer, headers: { 'x-system-name': name } })
      // Like `home`: not a system, so it neither grants nor refuses anything.
      expect(res.code, name).toBe(0)
      const admin = await t.call('GET', '/api/auth/roles', {
        token: viewer,
        headers: { 'x-system-name': name },
      })
      expect(admin.code, name).toBe(4031)
    }
    // A real system the viewer holds nothing in is still refused.
    const real = await t.call('GET', '/api/auth/me', {
      token: viewer,
      headers: { 'x-system-name': 'authManage' },
    })
    expect(real.code).toBe(4031)
  })
})

describe('finding 10: sign-out and idle sessions', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('signs out whatever x-system-name says, and the token is dead afterwards', async () => {
    const viewer = await t.login('viewer')
    const out = await t.call('POST', '/api/auth/logout', {
      token: viewer,
      headers: { 'x-system-name': 'authManage' },
    })
    expect(out.code).toBe(0)
    expect((await t.call('GET', '/api/auth/me', { token: viewer })).code).toBe(403)
  })

  it('keeps a session used every 10 s valid with SESSION_IDLE_MINUTES=1, and ends it after a minute idle', async () => {
    const idle = t.deps.config.sessionIdleMinutes
    t.deps.config.sessionIdleMinutes = 1
    try {
      vi.useFakeTimers({ toFake: ['Date'] })
      const token = await t.login('registrar')
      for (let s = 10; s <= 180; s += 10) {
        vi.setSystemTime(Date.now() + 10_000)
        const res = await t.call('GET', '/api/auth/me', { token })
        expect(res.code, `after ${s} s`).toBe(0)
      }
      vi.setSystemTime(Date.now() + 61_000)
      expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(403)
    } finally {
      t.deps.config.sessionIdleMinutes = idle
    }
  })
})

describe('finding 11: changing my own password', () => {
  it('applies the policy, ends my other sessions, keeps this one, and logs it', async () => {
    const created = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: { username: 'changer', displayName: 'Changer', password: TEST_PASSWORD },
    })
    expect(created.code).toBe(0)
    const here = await t.login('changer')
    const elsewhere = await t.login('changer')
    const change = (body: unknown, lang = 'en') =>
      t.call('POST', '/api/auth/password', {
        token: here,
        body,
        lang,
        headers: { 'x-system-name': 'artworkArchive' },
      })
    const cases: [unknown, string, string][] = [
      [
        { currentPassword: 'not-it-123', newPassword: 'Correct-Horse-42' },
        'currentPassword',
        'The current password is wrong',
      ],
      [
        { currentPassword: TEST_PASSWORD, newPassword: 'short1' },
        'newPassword',
        'Passwords need at least 10 characters, with letters and digits',
      ],
      [
        { currentPassword: TEST_PASSWORD, newPassword: 'changer2026x' },
        'newPassword',
        'The password cannot contain the username',
      ],
      [
        { currentPassword: TEST_PASSWORD, newPassword: 'Password123' },
        'newPassword',
        'This password is on a list of leaked, common passwords; choose another',
      ],
      [
        { currentPassword: TEST_PASSWORD, newPassword: 'qwertyuiop123' },
        'newPassword',
        'This password is on a list of leaked, common passwords; choose another',
      ],
      [
        { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
        'newPassword',
        'The new password must differ from the current one',
      ],
    ]
    for (const [body, field, message] of cases) {
      const res = await change(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.data.fieldErrors).toEqual({ [field]: message })
    }
    const zh = await change({ currentPassword: TEST_PASSWORD, newPassword: 'Password123' }, 'zh-CN')
    expect(zh.data.fieldErrors.newPassword).toBe('该密码在已泄露的常见密码名单中，请换一个')
    // Refused attempts changed nothing: the other session still works.
    expect((await t.call('GET', '/api/auth/me', { token: elsewhere })).code).toBe(0)

    const done = await change({ currentPassword: TEST_PASSWORD, newPassword: 'Lantern-river-8412' })
    expect(done.code).toBe(0)
    expect(done.data).toEqual({ endedSessions: 1 })
    expect((await t.call('GET', '/api/auth/me', { token: here })).code).toBe(0)
    expect((await t.call('GET', '/api/auth/me', { token: elsewhere })).code).toBe(403)
    expect(
      (await t.call('POST', '/api/auth/login', { body: { username: 'changer', password: TEST_PASSWORD } }))
        .code,
    ).toBe(400)
    await t.login('changer', 'Lantern-river-8412')
    await t.deps.logWriter.flush()
    const logged = await rows<{ create_by: string; success: boolean; exception: string | null }>(
      "select create_by, success, exception from system_logs where operation_type = 'PASSWORD_CHANGE' order by access_time",
    )
    expect(logged.at(-1)).toMatchObject({ create_by: 'changer', success: true })
    expect(JSON.stringify(logged)).not.toContain('Lantern-river-8412')
  })

  it('needs a session, and refuses unknown fields', async () => {
    const anonymous = await t.call('POST', '/api/auth/password', {
      body: { currentPassword: 'a', newPassword: 'b' },
    })
    expect(anonymous.code).toBe(403)
    const extra = await t.call('POST', '/api/auth/password', {
      token: admin,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'Lantern-river-8412', userId: ids.viewer },
    })
    expect(extra.status).toBe(400)
    expect(extra.data.fieldErrors).toHaveProperty('userId')
  })
})
