// A user manager: a user holding authManage:view and authManage:edit and nothing else. It may give or take only
// what it holds itself, never reaches a holder of full privilege, never changes its own roles or privileges,
// and never sets the password of a user who can do more than it can (docs/security.md "User managers"). Every
// escalation is refused with 4031 and its reason in words, and leaves every role, user, session and sign-in
// lock as it was; what a user manager legitimately does still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'
import { assertWorldConsistent } from './invariants'

let t: TestContext
let admin: string
let manager: string
const userIds = new Map<string, string>()
const roleIds = new Map<string, string>()

async function call(token: string, method: string, path: string, body?: unknown, lang = 'en') {
  return t.call(method, path, { token, body, lang })
}

async function createRole(token: string, body: Record<string, unknown>) {
  const res = await call(token, 'POST', '/api/auth/roles', body)
  expect(res.code, res.msg).toBe(0)
  return res.data.id as string
}

async function createUser(username: string, body: Record<string, unknown>) {
  const res = await call(admin, 'POST', '/api/auth/users', {
    username,
    displayName: username,
    password: TEST_PASSWORD,
    ...body,
  })
  expect(res.code, res.msg).toBe(0)
  userIds.set(username, res.data.id)
}

beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
  const users = await call(admin, 'GET', '/api/auth/users?pageSize=200')
  for (const u of users.data.list) userIds.set(u.username, u.id)
  const roles = await call(admin, 'GET', '/api/auth/roles?pageSize=200')
  for (const r of roles.data.list) roleIds.set(r.key, r.id)
  roleIds.set(
    'userManager',
    await createRole(admin, {
      nameZh: '用户管理员',
      nameEn: 'User manager',
      privileges: ['authManage:view', 'authManage:edit'],
    }),
  )
  await createUser('um.kim', { displayNameEn: 'Kim UM', roleIds: [roleIds.get('userManager')] })
  manager = await t.login('um.kim')
}, 120_000)
afterAll(() => t?.close())

const id = (username: string) => userIds.get(username) ?? ''
const role = (key: string) => roleIds.get(key) ?? ''

/** Everything a user manager's call could change: roles, users (passwords too), sessions, sign-in locks. */
async function world() {
  const q = (sql: string) => t.deps.database.raw(sql)
  return {
    roles: await q(
      'select id, key, name_zh, name_en, enabled, all_privileges, updated_at from roles order by id',
    ),
    rolePrivileges: await q('select role_id, privilege from role_privileges order by role_id, privilege'),
    users: await q(
      'select id, username, display_name, email, enabled, password_hash, updated_at from users order by id',
    ),
    userRoles: await q('select user_id, role_id from user_roles order by user_id, role_id'),
    userPrivileges: await q('select user_id, privilege from user_privileges order by user_id, privilege'),
    sessions: await q('select token_hash, revoked_at from sessions order by token_hash'),
    locks: await q('select key, locked_until from login_failures order by key'),
  }
}

/** The user's editable fields as the user list shows them, with `change` applied: a PUT body. */
async function userBody(username: string, change: Record<string, unknown> = {}) {
  const res = await call(admin, 'GET', `/api/auth/users?keyword=${encodeURIComponent(username)}`)
  const u = res.data.list.find((x: { username: string }) => x.username === username)
  return {
    displayName: u.displayName,
    displayNameEn: u.displayNameEn,
    email: u.email,
    enabled: u.enabled,
    roleIds: u.roleIds,
    privileges: u.privileges,
    ...change,
  }
}

/** The manager's call is refused with 4031 and the reason, and nothing at all changed. */
async function refused(method: string, path: string, body: unknown, reason: RegExp, lang = 'en') {
  const before = await world()
  const res = await call(manager, method, path, body, lang)
  expect({ status: res.status, code: res.code }, `${method} ${path}: ${res.msg}`).toEqual({
    status: 403,
    code: 4031,
  })
  expect(res.msg).toMatch(reason)
  expect(await world()).toEqual(before)
}

describe('a user manager cannot raise its own privileges', () => {
  it('grants itself nothing: no privilege, no role, not even one it holds; no change to its own roles', async () => {
    const own = /You cannot change your own roles or privileges/
    const me = `/api/auth/users/${id('um.kim')}`
    await refused('PUT', me, await userBody('um.kim', { privileges: ['financeManage:pay'] }), own)
    const mine = [role('userManager')]
    await refused('PUT', me, await userBody('um.kim', { roleIds: [...mine, role('finance')] }), own)
    await refused('PUT', me, await userBody('um.kim', { roleIds: [...mine, role('administrator')] }), own)
    await refused('PUT', me, await userBody('um.kim', { roleIds: [] }), own)
    // Its own role may not grow beyond what it holds either.
    await refused(
      'PUT',
      `/api/auth/roles/${role('userManager')}`,
      {
        nameZh: '用户管理员',
        nameEn: 'User manager',
        privileges: ['authManage:view', 'authManage:edit', 'financeManage:pay'],
      },
      /A role you create or change may hold only privileges you hold yourself; “User manager” holds ones you do not: Finance: Pay/,
    )
    const me2 = await call(manager, 'GET', '/api/auth/me')
    expect(me2.data.privileges).toEqual(['authManage:edit', 'authManage:view'])
  })

  it('creates no full-privilege role and takes none', async () => {
    await refused(
      'POST',
      '/api/auth/roles',
      { nameZh: '全能', nameEn: 'Everything', allPrivileges: true },
      /Only a holder of full privilege may create, change, enable, disable or assign a full-privilege role \(Everything\)/,
    )
    await refused(
      'POST',
      '/api/auth/roles',
      { nameZh: '付款', nameEn: 'Payer', privileges: ['authManage:view', 'financeManage:pay'] },
      /“Payer” holds ones you do not: Finance: Pay/,
    )
  })
})

describe('a user manager grants others only what it holds', () => {
  it('refuses privileges and roles beyond its own, to new users and existing ones', async () => {
    await refused(
      'PUT',
      `/api/auth/users/${id('viewer')}`,
      await userBody('viewer', { privileges: ['financeManage:pay'] }),
      /You cannot grant or take away privileges you do not hold yourself: Finance: Pay/,
    )
    await refused(
      'PUT',
      `/api/auth/users/${id('viewer')}`,
      await userBody('viewer', { roleIds: [role('viewer'), role('finance')] }),
      /You cannot assign or remove the role “Finance”: it holds privileges you do not hold yourself: .*Finance: Pay/,
    )
    // Nor takes away what it could not give back.
    await refused(
      'PUT',
      `/api/auth/users/${id('finance')}`,
      await userBody('finance', { roleIds: [] }),
      /You cannot assign or remove the role “Finance”/,
    )
    const newUser = { username: 'sneaky', displayName: 'Sneaky', password: TEST_PASSWORD }
    await refused(
      'POST',
      '/api/auth/users',
      { ...newUser, roleIds: [role('finance')] },
      /You cannot assign or remove the role “Finance”/,
    )
    await refused(
      'POST',
      '/api/auth/users',
      { ...newUser, privileges: ['financeManage:pay'] },
      /You cannot grant or take away privileges you do not hold yourself: Finance: Pay/,
    )
    await refused(
      'POST',
      '/api/auth/users',
      { ...newUser, roleIds: [role('administrator')] },
      /Only a holder of full privilege .* \(Administrator\)/,
    )
    await refused(
      'PUT',
      `/api/auth/users/${id('viewer')}`,
      await userBody('viewer', { roleIds: [role('viewer'), role('administrator')] }),
      /Only a holder of full privilege .* \(Administrator\)/,
    )
  })

  it('changes, enables or disables no role holding more than it does', async () => {
    await refused(
      'PUT',
      `/api/auth/roles/${role('administrator')}`,
      { nameZh: '系统管理员', nameEn: 'Admin (renamed)', allPrivileges: true },
      /Only a holder of full privilege .* \(Administrator\)/,
    )
    await refused(
      'POST',
      `/api/auth/roles/${role('administrator')}/disable`,
      undefined,
      /full-privilege role/,
    )
    await refused(
      'PUT',
      `/api/auth/roles/${role('finance')}`,
      { nameZh: '财务', nameEn: 'Finance', privileges: ['authManage:view'] },
      /“Finance” holds ones you do not: .*Finance: Pay/,
    )
    await refused('POST', `/api/auth/roles/${role('finance')}/disable`, undefined, /“Finance” holds ones/)
    const dormant = await createRole(admin, {
      nameZh: '停用的付款',
      nameEn: 'Dormant payer',
      enabled: false,
      privileges: ['financeManage:pay'],
    })
    await refused('POST', `/api/auth/roles/${dormant}/enable`, undefined, /“Dormant payer” holds ones/)
  })

  it('says why in Chinese too', async () => {
    await refused(
      'PUT',
      `/api/auth/users/${id('viewer')}`,
      await userBody('viewer', { privileges: ['financeManage:pay'] }),
      /不能授予或取消您自己没有的权限：财务管理·付款/,
      'zh-CN',
    )
    await refused(
      'POST',
      `/api/auth/users/${id('admin')}/reset-password`,
      undefined,
      /拥有全部权限：只有拥有全部权限的用户才能/,
      'zh-CN',
    )
  })
})

describe('a user manager never reaches a holder of full privilege', () => {
  it("neither resets, sets, edits, disables, enables, unlocks nor ends the administrator's sessions", async () => {
    const adminPath = `/api/auth/users/${id('admin')}`
    const reason = /\(admin\) holds full privilege: only a holder of full privilege may/
    await refused('POST', `${adminPath}/reset-password`, undefined, reason)
    await refused('PUT', adminPath, await userBody('admin', { password: 'Escalate2026xyz' }), reason)
    await refused('PUT', adminPath, await userBody('admin', { email: 'mine@example.com' }), reason)
    await refused('POST', `${adminPath}/disable`, undefined, reason)
    await refused('POST', `${adminPath}/enable`, undefined, reason)
    await refused('POST', `${adminPath}/unlock`, undefined, reason)
    const sessions = await call(manager, 'GET', `${adminPath}/sessions`)
    expect(sessions.data.length).toBeGreaterThan(0)
    await refused('DELETE', `${adminPath}/sessions/${sessions.data[0].id}`, undefined, reason)
    // The administrator still signs in with the old password and is still enabled.
    expect(await t.login('admin')).toBeTruthy()
  })

  it('keeps away from a holder of a disabled full-privilege role too (it may be enabled again)', async () => {
    const deputy = await createRole(admin, { nameZh: '副管理员', nameEn: 'Deputy', allPrivileges: true })
    await createUser('deputy.ho', { roleIds: [deputy] })
    expect((await call(admin, 'POST', `/api/auth/roles/${deputy}/disable`)).code).toBe(0)
    await refused(
      'POST',
      `/api/auth/users/${id('deputy.ho')}/reset-password`,
      undefined,
      /\(deputy\.ho\) holds full privilege/,
    )
  })
})

describe('a user manager takes over no account that can do more than it can', () => {
  it('refuses to set or reset the password of a user holding privileges it lacks', async () => {
    const reason =
      /You cannot set or reset the password of .*\(finance\): they hold privileges you do not \(.*Finance: Pay.*\)/
    await refused('POST', `/api/auth/users/${id('finance')}/reset-password`, undefined, reason)
    await refused(
      'PUT',
      `/api/auth/users/${id('finance')}`,
      await userBody('finance', { password: 'Takeover2026xyz' }),
      reason,
    )
    expect(await t.login('finance')).toBeTruthy()
  })
})

describe('what a user manager still does', () => {
  let helper: string
  it('creates a role within its own privileges and gives it to a new user and to an ordinary one', async () => {
    helper = await createRole(manager, {
      nameZh: '管理助理',
      nameEn: 'Admin helper',
      privileges: ['authManage:view'],
    })
    const created = await call(manager, 'POST', '/api/auth/users', {
      username: 'clerk.wu',
      displayName: '吴文员',
      password: TEST_PASSWORD,
      roleIds: [helper],
      privileges: ['authManage:view'],
    })
    expect(created.code, created.msg).toBe(0)
    userIds.set('clerk.wu', created.data.id)
    // Added to the viewer's own role (which the manager could not give, but keeps untouched).
    const viewer = await call(
      manager,
      'PUT',
      `/api/auth/users/${id('viewer')}`,
      await userBody('viewer', { roleIds: [role('viewer'), helper], email: 'viewer@example.com' }),
    )
    expect(viewer.code, viewer.msg).toBe(0)
    const me = await call(await t.login('viewer'), 'GET', '/api/auth/me')
    expect(me.data.privileges).toContain('authManage:view')
    expect(me.data.privileges).toContain('artworkArchive:view')
    // It changes the role within what it holds, and disables and enables it.
    const edited = await call(manager, 'PUT', `/api/auth/roles/${helper}`, {
      nameZh: '管理助理',
      nameEn: 'Admin helper',
      privileges: ['authManage:view', 'authManage:edit'],
    })
    expect(edited.code, edited.msg).toBe(0)
    expect((await call(manager, 'POST', `/api/auth/roles/${helper}/disable`)).code).toBe(0)
    expect((await call(manager, 'POST', `/api/auth/roles/${helper}/enable`)).code).toBe(0)
    // And takes back what it gave.
    const back = await call(
      manager,
      'PUT',
      `/api/auth/users/${id('viewer')}`,
      await userBody('viewer', { roleIds: [role('viewer')] }),
    )
    expect(back.code, back.msg).toBe(0)
  })

  it("resets the password of a user it can reach, and disables, enables, unlocks and ends an ordinary user's sessions", async () => {
    const reset = await call(manager, 'POST', `/api/auth/users/${id('clerk.wu')}/reset-password`)
    expect(reset.code, reset.msg).toBe(0)
    expect(await t.login('clerk.wu', reset.data.password)).toBeTruthy()
    const viewerPath = `/api/auth/users/${id('viewer')}`
    const viewerToken = await t.login('viewer')
    const sessions = await call(manager, 'GET', `${viewerPath}/sessions`)
    const ended = await call(manager, 'DELETE', `${viewerPath}/sessions/${sessions.data[0].id}`)
    expect(ended.code, ended.msg).toBe(0)
    expect((await call(manager, 'POST', `${viewerPath}/unlock`)).code).toBe(0)
    expect((await call(manager, 'POST', `${viewerPath}/disable`)).data.enabled).toBe(false)
    expect((await call(manager, 'POST', `${viewerPath}/enable`)).data.enabled).toBe(true)
    expect((await call(viewerToken, 'GET', '/api/auth/me')).code).toBe(403)
    // Its own details, with its roles as they are.
    const mine = await call(
      manager,
      'PUT',
      `/api/auth/users/${id('um.kim')}`,
      await userBody('um.kim', { displayNameEn: 'Kim, user manager' }),
    )
    expect(mine.code, mine.msg).toBe(0)
  })

  it('sees in the lists which rows it may act on; a holder of full privilege may act on all', async () => {
    const flags = async (token: string) => {
      const users = (await call(token, 'GET', '/api/auth/users?pageSize=200')).data.list
      const roles = (await call(token, 'GET', '/api/auth/roles?pageSize=200')).data.list
      const user = (name: string) => {
        const u = users.find((x: { username: string }) => x.username === name)
        return [u.mayManage, u.mayResetPassword]
      }
      const roleFlag = (roleId: string) => roles.find((r: { id: string }) => r.id === roleId).mayManage
      return {
        admin: user('admin'),
        viewer: user('viewer'),
        clerk: user('clerk.wu'),
        administrator: roleFlag(role('administrator')),
        finance: roleFlag(role('finance')),
        helper: roleFlag(helper),
      }
    }
    expect(await flags(manager)).toEqual({
      admin: [false, false],
      viewer: [true, false],
      clerk: [true, true],
      administrator: false,
      finance: false,
      helper: true,
    })
    expect(await flags(admin)).toEqual({
      admin: [true, true],
      viewer: [true, true],
      clerk: [true, true],
      administrator: true,
      finance: true,
      helper: true,
    })
    await assertWorldConsistent(t)
  })
})
