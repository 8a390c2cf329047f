// Role and user-privilege management: roles grant what they list, a disabled role grants nothing,
// per-user privileges add to roles, and only authManage editors may change any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let admin: string
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
})
afterAll(() => t?.close())

async function createUser(username: string, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/auth/users', {
    token: admin,
    body: { username, displayName: username, password: TEST_PASSWORD, ...body },
  })
  expect(res.code, res.msg).toBe(0)
  return res.data
}

describe('roles', () => {
  it('lists the seeded roles in both languages', async () => {
    const res = await t.call('GET', '/api/auth/roles', { token: admin, lang: 'zh-CN' })
    expect(res.data.list.map((r: any) => r.key)).toEqual(
      expect.arrayContaining(['administrator', 'registrar', 'operations', 'finance', 'approver', 'viewer']),
    )
    const registrar = res.data.list.find((r: any) => r.key === 'registrar')
    expect(registrar).toMatchObject({
      name: '藏品登记员',
      nameEn: 'Registrar',
      enabled: true,
      allPrivileges: false,
    })
    expect(registrar.privileges).toContain('artworkArchive:edit')
  })

  it('creates a role whose privileges reach its users, and grants nothing once disabled', async () => {
    const role = await t.call('POST', '/api/auth/roles', {
      token: admin,
      body: { nameZh: '审计', nameEn: 'Auditor', privileges: ['systemLog:view'] },
    })
    expect(role.code).toBe(0)
    const user = await createUser('auditor1', { roleIds: [role.data.id] })
    expect(user.roleIds).toEqual([role.data.id])
    const token = await t.login('auditor1')
    expect((await t.call('GET', '/api/system_log', { token })).code).toBe(0)

    const off = await t.call('POST', `/api/auth/roles/${role.data.id}/disable`, { token: admin })
    expect(off.data.enabled).toBe(false)
    expect((await t.call('GET', '/api/system_log', { token })).code).toBe(4031)
    await t.call('POST', `/api/auth/roles/${role.data.id}/enable`, { token: admin })
    expect((await t.call('GET', '/api/system_log', { token })).code).toBe(0)
  })

  it('refuses unknown privileges and empty names, writing nothing', async () => {
    const before = await t.call('GET', '/api/auth/roles?pageSize=200', { token: admin })
    const res = await t.call('POST', '/api/auth/roles', {
      token: admin,
      body: { nameZh: '', nameEn: 'X', privileges: ['root:everything'] },
    })
    expect(res.code).toBe(400)
    expect(res.data.fieldErrors).toMatchObject({ nameZh: 'Required', 'privileges.0': 'Invalid value' })
    const after = await t.call('GET', '/api/auth/roles?pageSize=200', { token: admin })
    expect(after.data.total).toBe(before.data.total)
  })

  it('answers 404 for an unknown role', async () => {
    const res = await t.call('POST', '/api/auth/roles/00000000-0000-4000-8000-000000000000/disable', {
      token: admin,
    })
    expect(res.code).toBe(404)
  })
})

describe('users', () => {
  it('adds per-user privileges to those of the roles', async () => {
    await createUser('clerk1', { privileges: ['financeManage:view'] })
    const me = await t.call('GET', '/api/auth/me', { token: await t.login('clerk1') })
    expect(me.data.privileges).toEqual(['financeManage:view'])
    expect(me.data.menu.map((m: any) => m.key)).toEqual(['financeManage'])
  })

  it('refuses weak passwords and taken usernames', async () => {
    const weak = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: { username: 'weak1', displayName: 'W', password: 'short' },
    })
    expect(weak.data.fieldErrors.password).toBe(
      'Passwords need at least 12 characters (a run of spaces counts as one), with letters and digits',
    )
    const taken = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: { username: 'VIEWER', displayName: 'V', password: TEST_PASSWORD },
    })
    expect(taken.data.fieldErrors.username).toBe('This username is taken')
  })

  it('ends the sessions of a disabled user', async () => {
    const user = await createUser('temp1', { privileges: ['messageCenter:view'] })
    const token = await t.login('temp1')
    expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(0)
    await t.call('POST', `/api/auth/users/${user.id}/disable`, { token: admin })
    expect((await t.call('GET', '/api/auth/me', { token })).code).toBe(403)
    const again = await t.call('POST', '/api/auth/login', {
      body: { username: 'temp1', password: TEST_PASSWORD },
    })
    expect(again.code).toBe(4031)
  })

  it('lets only authManage editors change privileges', async () => {
    const registrar = await t.login('registrar')
    const res = await t.call('POST', '/api/auth/roles', {
      token: registrar,
      body: { nameZh: '越权', nameEn: 'Escalate', allPrivileges: true },
    })
    expect(res.code).toBe(4031)
    const list = await t.call('GET', '/api/auth/users', { token: registrar })
    expect(list.code).toBe(4031)
  })
})
