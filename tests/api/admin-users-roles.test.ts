// Users, roles and privileges as an administrator runs them: a role with a subset of privileges
// reaches exactly its users, the effect of a change is shown before it is saved, bad roles are refused at
// their fields in both languages with nothing stored, the last full-privilege role keeps its privilege, a
// reset password is answered once and ends the user's sessions, and one session can be ended alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let admin: string
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
})
afterAll(() => t?.close())

async function roleCount(): Promise<number> {
  return (await t.call('GET', '/api/auth/roles?pageSize=200', { token: admin })).data.total
}

async function adminRole() {
  const res = await t.call('GET', '/api/auth/roles?pageSize=200', { token: admin })
  return res.data.list.find((r: any) => r.key === 'administrator')
}

describe('a role with a subset of privileges', () => {
  let roleId: string
  it('gives a new user exactly those privileges and that menu', async () => {
    const privileges = ['systemLog:view', 'versionLog:view', 'artworkArchive:view']
    const role = await t.call('POST', '/api/auth/roles', {
      token: admin,
      body: {
        nameZh: '审计员',
        nameEn: 'Auditor',
        descriptionZh: '查看日志',
        descriptionEn: 'Reads logs',
        privileges,
      },
    })
    expect(role.code, role.msg).toBe(0)
    roleId = role.data.id
    const user = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: {
        username: 'audit.lee',
        displayName: '李审',
        displayNameEn: 'Lee Audit',
        password: TEST_PASSWORD,
        roleIds: [roleId],
      },
    })
    expect(user.code, user.msg).toBe(0)
    expect(user.data).toMatchObject({ displayName: '李审', displayNameEn: 'Lee Audit', name: 'Lee Audit' })
    const leeToken = await t.login('audit.lee')
    const me = await t.call('GET', '/api/auth/me', { token: leeToken })
    expect(me.data.privileges).toEqual([...privileges].sort())
    // The name in the language asked for.
    expect(me.data.user.displayName).toBe('Lee Audit')
    expect(
      (await t.call('GET', '/api/auth/me', { token: leeToken, lang: 'zh-CN' })).data.user.displayName,
    ).toBe('李审')
    expect(me.data.allPrivileges).toBe(false)
    expect(me.data.menu.map((m: any) => m.key).sort()).toEqual(['artworkArchive', 'systemLog', 'versionLog'])
    const zh = await t.call('GET', '/api/auth/users?keyword=audit.lee', { token: admin, lang: 'zh-CN' })
    expect(zh.data.list[0].name).toBe('李审')
  })

  it('previews the effect of a change without writing it', async () => {
    const body = {
      nameZh: '审计员',
      nameEn: 'Auditor',
      privileges: ['systemLog:view', 'financeManage:view'],
    }
    const preview = await t.call('POST', `/api/auth/roles/${roleId}/preview`, { token: admin, body })
    expect(preview.code, preview.msg).toBe(0)
    expect(preview.data.lastFullPrivilege).toBe(false)
    expect(preview.data.users).toEqual([
      expect.objectContaining({
        username: 'audit.lee',
        gained: ['financeManage:view'],
        lost: ['artworkArchive:view', 'versionLog:view'],
        gainsAll: false,
        losesAll: false,
      }),
    ])
    // Nothing was written.
    const role = (await t.call('GET', '/api/auth/roles?pageSize=200', { token: admin })).data.list.find(
      (r: any) => r.id === roleId,
    )
    expect(role.privileges).toEqual(['artworkArchive:view', 'systemLog:view', 'versionLog:view'])
    const me = await t.call('GET', '/api/auth/me', { token: await t.login('audit.lee') })
    expect(me.data.privileges).not.toContain('financeManage:view')
  })

  it('shows that stripping the administrator role would leave no full privilege', async () => {
    const role = await adminRole()
    const preview = await t.call('POST', `/api/auth/roles/${role.id}/preview`, {
      token: admin,
      body: {
        nameZh: role.nameZh,
        nameEn: role.nameEn,
        allPrivileges: false,
        privileges: ['systemLog:view'],
      },
    })
    expect(preview.data.lastFullPrivilege).toBe(true)
    expect(preview.data.users).toEqual([expect.objectContaining({ username: 'admin', losesAll: true })])
  })
})

describe('bad roles are refused at their fields, nothing stored', () => {
  it('refuses a duplicate name in either language, in both languages', async () => {
    const before = await roleCount()
    const zh = await t.call('POST', '/api/auth/roles', {
      token: admin,
      lang: 'zh-CN',
      body: { nameZh: '财务', nameEn: 'Money people', privileges: ['financeManage:view'] },
    })
    expect(zh.code).toBe(400)
    expect(zh.data.fieldErrors).toEqual({ nameZh: '已有角色使用这个名称' })
    const en = await t.call('POST', '/api/auth/roles', {
      token: admin,
      body: { nameZh: '钱', nameEn: 'FINANCE', privileges: ['financeManage:view'] },
    })
    expect(en.data.fieldErrors).toEqual({ nameEn: 'Another role has this name' })
    expect(await roleCount()).toBe(before)
    // Renaming a role onto another's name is refused too; keeping its own name is not.
    const viewer = (await t.call('GET', '/api/auth/roles?pageSize=200', { token: admin })).data.list.find(
      (r: any) => r.key === 'viewer',
    )
    const rename = await t.call('PUT', `/api/auth/roles/${viewer.id}`, {
      token: admin,
      body: { nameZh: viewer.nameZh, nameEn: 'Registrar', privileges: viewer.privileges },
    })
    expect(rename.data.fieldErrors).toEqual({ nameEn: 'Another role has this name' })
    const same = await t.call('PUT', `/api/auth/roles/${viewer.id}`, {
      token: admin,
      body: { nameZh: viewer.nameZh, nameEn: viewer.nameEn, privileges: viewer.privileges },
    })
    expect(same.code, same.msg).toBe(0)
  })

  it('refuses an enabled role without privileges, but keeps a disabled one', async () => {
    const before = await roleCount()
    const empty = await t.call('POST', '/api/auth/roles', {
      token: admin,
      lang: 'zh-CN',
      body: { nameZh: '空角色', nameEn: 'Empty role', privileges: [] },
    })
    expect(empty.code).toBe(400)
    expect(empty.data.fieldErrors).toEqual({ privileges: '启用的角色至少要有一项权限（或全部权限）' })
    expect(await roleCount()).toBe(before)
    const draft = await t.call('POST', '/api/auth/roles', {
      token: admin,
      body: { nameZh: '草稿角色', nameEn: 'Draft role', enabled: false, privileges: [] },
    })
    expect(draft.code, draft.msg).toBe(0)
    const enable = await t.call('POST', `/api/auth/roles/${draft.data.id}/enable`, { token: admin })
    expect(enable.code).toBe(400)
    expect(enable.data.fieldErrors).toEqual({
      privileges: 'An enabled role needs at least one privilege (or full privilege)',
    })
  })

  it('protects the last full-privilege role from being disabled or stripped', async () => {
    const role = await adminRole()
    const off = await t.call('POST', `/api/auth/roles/${role.id}/disable`, { token: admin, lang: 'zh-CN' })
    expect(off.code).toBe(409)
    expect(off.msg).toContain('最后一个拥有全部权限')
    expect(off.data.fieldErrors.enabled).toContain('最后一个拥有全部权限')
    const strip = await t.call('PUT', `/api/auth/roles/${role.id}`, {
      token: admin,
      body: {
        nameZh: role.nameZh,
        nameEn: role.nameEn,
        allPrivileges: false,
        privileges: ['systemLog:view'],
      },
    })
    expect(strip.code).toBe(409)
    expect(strip.data.fieldErrors.allPrivileges).toBe(
      'This is the last enabled role or user with full privilege: it cannot be disabled or lose it',
    )
    const after = await adminRole()
    expect(after).toMatchObject({ enabled: true, allPrivileges: true, privileges: [] })
  })
})

describe('users', () => {
  it('filters by enabled, role and locked', async () => {
    const roles = (await t.call('GET', '/api/auth/roles?pageSize=200', { token: admin })).data.list
    const finance = roles.find((r: any) => r.key === 'finance')
    const byRole = await t.call('GET', `/api/auth/users?roleId=${finance.id}`, { token: admin })
    expect(byRole.data.list.map((u: any) => u.username)).toEqual(['finance', 'finance2'])
    const made = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: { username: 'gone.soon', displayName: '离职', password: TEST_PASSWORD, enabled: false },
    })
    expect(made.code, made.msg).toBe(0)
    const disabled = await t.call('GET', '/api/auth/users?enabled=false', { token: admin })
    expect(disabled.data.list.map((u: any) => u.username)).toEqual(['gone.soon'])
    const enabled = await t.call('GET', '/api/auth/users?enabled=true&pageSize=200', { token: admin })
    expect(enabled.data.list.every((u: any) => u.enabled)).toBe(true)
    expect((await t.call('GET', '/api/auth/users?locked=true', { token: admin })).data.total).toBe(0)
    for (let i = 0; i < 6; i++)
      await t.call('POST', '/api/auth/login', { body: { username: 'viewer', password: `wrong-${i}-x` } })
    const locked = await t.call('GET', '/api/auth/users?locked=true', { token: admin })
    expect(locked.data.list.map((u: any) => u.username)).toEqual(['viewer'])
    expect(locked.data.list[0].signInLockedUntil).not.toBeNull()
    await t.call('POST', `/api/auth/users/${locked.data.list[0].id}/unlock`, { token: admin })
    expect((await t.call('GET', '/api/auth/users?locked=true', { token: admin })).data.total).toBe(0)
  })

  it('resets a password: shown once, the old one and the old sessions end', async () => {
    const token = await t.login('operations')
    const list = await t.call('GET', '/api/auth/users?keyword=operations', { token: admin })
    const id = list.data.list[0].id
    const reset = await t.call('POST', `/api/auth/users/${id}/reset-password`, { token: admin })
    expect(reset.code, reset.msg).toBe(0)
    expect(reset.data.password).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(reset.data.endedSessions).toBeGreaterThanOrEqual(1)
    expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(403)
    const old = await t.call('POST', '/api/auth/login', {
      body: { username: 'operations', password: TEST_PASSWORD },
    })
    expect(old.code).toBe(400)
    await t.login('operations', reset.data.password)
    // The password is nowhere but in that answer: not in the log, not in the user's view.
    await t.deps.logWriter.flush()
    const dump = JSON.stringify(await t.deps.database.raw('select * from system_logs'))
    expect(dump).not.toContain(reset.data.password)
    const again = await t.call('GET', '/api/auth/users?keyword=operations', { token: admin })
    expect(JSON.stringify(again.data)).not.toContain(reset.data.password)
  })

  it("lists a user's sessions and ends one of them alone", async () => {
    const first = await t.login('registrar')
    const second = await t.login('registrar')
    const list = await t.call('GET', '/api/auth/users?keyword=registrar', { token: admin })
    const id = list.data.list[0].id
    const sessions = await t.call('GET', `/api/auth/users/${id}/sessions`, { token: admin })
    expect(sessions.code, sessions.msg).toBe(0)
    expect(sessions.data.length).toBeGreaterThanOrEqual(2)
    expect(JSON.stringify(sessions.data)).not.toMatch(/[0-9a-f]{64}/)
    const newest = sessions.data[0]
    // Which session is which: end the one that is not the first token's by trying each.
    const end = await t.call('DELETE', `/api/auth/users/${id}/sessions/${newest.id}`, { token: admin })
    expect(end.code, end.msg).toBe(0)
    const codes = [
      (await t.call('GET', '/api/auth/me', { token: first })).code,
      (await t.call('GET', '/api/auth/me', { token: second })).code,
    ].sort()
    expect(codes).toEqual([0, 403])
    const left = await t.call('GET', `/api/auth/users/${id}/sessions`, { token: admin })
    expect(left.data.map((s: any) => s.id)).not.toContain(newest.id)
    const again = await t.call('DELETE', `/api/auth/users/${id}/sessions/${newest.id}`, { token: admin })
    expect(again.code).toBe(404)
    const bad = await t.call('DELETE', `/api/auth/users/${id}/sessions/not-a-session`, { token: admin })
    expect(bad.code).toBe(400)
  })

  it('refuses disabling yourself in words, and lets only editors reset or end sessions', async () => {
    const me = await t.call('GET', '/api/auth/me', { token: admin })
    const self = await t.call('POST', `/api/auth/users/${me.data.user.id}/disable`, {
      token: admin,
      lang: 'zh-CN',
    })
    expect(self.code).toBe(400)
    expect(self.msg).toBe('不能停用自己的账号')
    const viewer = await t.login('viewer')
    const res = await t.call('POST', `/api/auth/users/${me.data.user.id}/reset-password`, { token: viewer })
    expect(res.code).toBe(4031)
  })
})
