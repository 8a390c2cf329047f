// A security probe's requests on accounts (docs/security.md § Sign-in throttling, § Accounts and privileges),
// replayed through the real app: sign-in throttling per (username, address), per username and per address,
// that never locks a user out from where they signed in before, with an administrator's unlock and a log row
// per lock; user pickers without sign-in names; the last full privilege kept; x-system-name own keys only;
// sign-out from anywhere and a session in use never idle; changing one's own password.
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../src/server/config'
import type { AppEnv } from '../../src/server/http/context'
import { clientIp } from '../../src/server/http/request-log'
import { purgeStaleFailures } from '../../src/server/modules/auth/lockout'
import { generatePassword, passwordProblem } from '../../src/server/modules/auth/passwords'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let admin: string
let ids: Record<string, string>
beforeAll(async () => {
  t = await createTestContext()
  t.deps.config.trustProxy = 1 // addresses come from x-forwarded-for (app.request has no socket)
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

describe('sign-in throttling', () => {
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

describe('the last full privilege', () => {
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

describe('x-system-name names only our systems', () => {
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

describe('sign-out and idle sessions', () => {
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

describe('changing my own password', () => {
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
        'Passwords need at least 12 characters (a run of spaces counts as one), with letters and digits',
      ],
      [
        { currentPassword: TEST_PASSWORD, newPassword: 'changer2026x' },
        'newPassword',
        'The password cannot contain the username',
      ],
      [
        { currentPassword: TEST_PASSWORD, newPassword: 'Password1234' },
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
    const zh = await change({ currentPassword: TEST_PASSWORD, newPassword: 'Password1234' }, 'zh-CN')
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

describe('the client address: only what our proxies appended to x-forwarded-for', () => {
  /** The address clientIp derives for a request with this header, behind this many proxies. */
  async function addressOf(forwardedFor: string | undefined, proxies: number) {
    const probe = new Hono<AppEnv>().get('/', (c) => c.json({ ip: clientIp(c, proxies) }))
    const res = await probe.request('/', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })
    return ((await res.json()) as { ip: string | null }).ip
  }

  it('takes the entry the outermost proxy appended, never what the client wrote to its left', async () => {
    expect(await addressOf('198.51.100.7', 1)).toBe('198.51.100.7')
    expect(await addressOf('1.1.1.1, 2.2.2.2, 198.51.100.7', 1)).toBe('198.51.100.7')
    expect(await addressOf(' 1.1.1.1 ,198.51.100.7 ', 1)).toBe('198.51.100.7')
    expect(await addressOf('1.1.1.1, 198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7')
    // fewer entries than proxies: the leftmost (every entry was appended by one of ours)
    expect(await addressOf('198.51.100.7', 2)).toBe('198.51.100.7')
    // TRUST_PROXY unset: the header is ignored (app.request has no socket, hence no address)
    expect(await addressOf('198.51.100.7', 0)).toBeNull()
    expect(await addressOf(undefined, 1)).toBeNull()
    expect(await addressOf(' , ', 1)).toBeNull()
  })

  it('reads TRUST_PROXY as a count of proxies (unset: 0), and refuses anything else at start', () => {
    expect(loadConfig({}).trustProxy).toBe(0)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2)
    for (const bad of ['yes', 'true', '-1', '1.5', '11'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/)
  })

  it('a guesser cannot rotate addresses by writing them into the header: the pair locks', async () => {
    const limit = t.deps.config.loginMaxFailures
    for (let i = 0; i < limit; i++) {
      const res = await signIn('registrar', 'wrong-guess-9', `203.0.113.${i}, 198.51.100.99`)
      expect(res.code).toBe(400)
    }
    const locked = await signIn('registrar', TEST_PASSWORD, '203.0.113.200, 198.51.100.99')
    expect(locked.status).toBe(429)
    const logged = await lockRows('registrar')
    expect(logged.at(-1)).toMatchObject({ client_ip_addr: '198.51.100.99' })
    expect(logged.at(-1)?.exception).toContain('sign-in locked (pair)')
  })
})

describe('changing my own password: guesses counted per user from any address', () => {
  it('refuses with 429 once the user counter is reached, whatever the address; signing in stays open', async () => {
    const created = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: { username: 'guessed', displayName: 'Guessed', password: TEST_PASSWORD },
    })
    expect(created.code).toBe(0)
    const stolen = await t.login('guessed')
    const guess = (i: number, currentPassword: string) =>
      t.call('POST', '/api/auth/password', {
        token: stolen,
        body: { currentPassword, newPassword: 'Attacker-chosen-5150' },
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      })
    const perUser = t.deps.config.loginMaxFailures * 4 // 20 by default
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) statuses.push((await guess(i, `wrong-current-${i}`)).status)
    expect(statuses.slice(0, perUser)).toEqual(Array(perUser).fill(400))
    expect(statuses.slice(perUser)).toEqual(Array(30 - perUser).fill(429))
    // While locked, even the right current password changes nothing.
    const right = await guess(99, TEST_PASSWORD)
    expect(right.status).toBe(429)
    expect(right.msg).toMatch(/^Too many attempts; try again in \d+ minutes$/)
    const [row] = await rows<{ n: number }>(
      "select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.username = 'guessed' and s.revoked_at is null",
    )
    expect(row.n).toBe(1)
    // Signing in is not locked by it (the real user gets in from a new address), and the password is the old one.
    const fresh = await signIn('guessed', TEST_PASSWORD, '203.0.113.77')
    expect(fresh.code).toBe(0)
    const logged = await lockRows('guessed')
    expect(logged.map((r) => r.exception)).toEqual([expect.stringContaining('password change locked (user)')])
    // The administrator's unlock lifts it.
    const unlock = await t.call('POST', `/api/auth/users/${created.data.id}/unlock`, { token: admin })
    expect(unlock.code).toBe(0)
    const done = await guess(100, TEST_PASSWORD)
    expect(done.code).toBe(0)
  })
})

describe('the password policy: 12 characters, a run of whitespace counting once', () => {
  it('refuses mostly-space passwords and short ones, in both languages, and writes nothing', async () => {
    const weak = [
      `${' '.repeat(8)}a1`,
      `a1${' '.repeat(10)}`,
      `${'\u3000'.repeat(12)}a1`,
      `ab${' \t '.repeat(6)}12`,
      'abcde  12345', // 12 typed; the two spaces count once: 11
      'abcdefgh123', // 11
    ]
    for (const [i, password] of weak.entries()) {
      const res = await t.call('POST', '/api/auth/users', {
        token: admin,
        body: { username: `spaces${i}`, displayName: 'Spaces', password },
      })
      expect(res.status, JSON.stringify(password)).toBe(400)
      expect(res.data.fieldErrors).toEqual({
        password:
          'Passwords need at least 12 characters (a run of spaces counts as one), with letters and digits',
      })
    }
    const zh = await t.call('POST', '/api/auth/users', {
      token: admin,
      lang: 'zh-CN',
      body: { username: 'spaces-zh', displayName: '空格', password: `${' '.repeat(8)}a1` },
    })
    expect(zh.data.fieldErrors.password).toBe('密码至少 12 个字符（连续的空格只算一个），且须包含字母和数字')
    const [{ n }] = await rows<{ n: number }>(
      "select count(*)::int as n from users where username like 'spaces%'",
    )
    expect(n).toBe(0)
  })

  it('accepts 12 characters, passphrases with single spaces, and the generated passwords', () => {
    expect(passwordProblem('abcdef 12345', 'someone')).toBeNull()
    expect(passwordProblem('Lantern river 8412', 'someone')).toBeNull()
    expect(passwordProblem('abcdefgh123', 'someone')).toBe('weakPassword') // 11
    expect(passwordProblem(TEST_PASSWORD, 'someone')).toBeNull()
    for (let i = 0; i < 50; i++) expect(passwordProblem(generatePassword(), 'admin')).toBeNull()
  })
})
