// The administration of task settings: every type's tasks with their timing, custom or default;
// setting and resetting one; the approval rules of the money steps, each save a new version; authManage
// privileges; and every bad input refused with 400 naming the field, storing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latest, registeredTypes } from '../../machines/registry'
import { taskCatalog } from '../../machines/tasks'
import { approvalRulesOf, taskTimingsOf } from '../../src/server/modules/tasks/settings'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let admin: string
let viewer: string
let authViewer: string
let roleIds: Record<string, string>
let userIds: Record<string, string>

/** Everything the settings screen writes, to compare before and after a refusal. */
async function stored() {
  const settings = await t.deps.database.raw('select * from task_settings order by type, step, kind')
  const rules = await t.deps.database.raw('select * from approval_rules order by type, step, version')
  return JSON.stringify({ settings, rules })
}

async function loggedOperations(): Promise<string[]> {
  await t.deps.logWriter.flush()
  const rows = (await t.deps.database.raw(
    `select operation_type from system_logs where request_uri like '/api/tasks/%' and http_method <> 'GET' and success order by access_time`,
  )) as { operation_type: string }[]
  return rows.map((r) => r.operation_type)
}

beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
  viewer = await t.login('viewer')
  const roles = await t.call('GET', '/api/auth/roles?pageSize=100', { token: admin })
  roleIds = Object.fromEntries(roles.data.list.map((r: any) => [r.key, r.id]))
  const users = await t.call('GET', '/api/auth/users?pageSize=100', { token: admin })
  userIds = Object.fromEntries(users.data.list.map((u: any) => [u.username, u.id]))
  // Someone who may look at the authManage screens but not change them.
  const role = await t.call('POST', '/api/auth/roles', {
    token: admin,
    body: { nameZh: '权限查看', nameEn: 'Privilege reader', privileges: ['authManage:view'] },
  })
  await t.call('POST', '/api/auth/users', {
    token: admin,
    body: {
      username: 'authreader',
      displayName: 'Auth Reader',
      password: TEST_PASSWORD,
      roleIds: [role.data.id],
    },
  })
  authViewer = await t.login('authreader')
})
afterAll(() => t?.close())

const good = { dueDays: 7, remindBeforeHours: 12, escalateAfterDays: 2 }

describe('GET /api/tasks/settings', () => {
  it('lists every registered type with every (step, kind) task and, per money step, its rule', async () => {
    const res = await t.call('GET', '/api/tasks/settings', { token: admin })
    expect(res.code, res.msg).toBe(0)
    expect(res.data.map((s: any) => s.type)).toEqual(registeredTypes())
    for (const type of registeredTypes()) {
      const entry = res.data.find((s: any) => s.type === type)
      expect(entry.tasks.map((x: any) => `${x.step}:${x.kind}`)).toEqual(
        taskCatalog(latest(type)).map((x) => `${x.step}:${x.kind}`),
      )
      expect(entry.definitionVersion).toBe(latest(type).version)
    }
    const buy = res.data.find((s: any) => s.type === 'BUY_ART')
    expect(buy.typeLabel).toBe('Purchase')
    const approve = buy.tasks.find((x: any) => x.step === 'payment' && x.kind === 'approve')
    expect(approve).toMatchObject({ custom: false, kindLabel: 'Approve', candidateUserNames: [] })
    expect(approve.dueDays).toBe(approve.defaults.dueDays)
    expect(buy.approvalRules).toHaveLength(1)
    expect(buy.approvalRules[0]).toMatchObject({ step: 'payment', version: 0, createdAt: null })
    expect(buy.approvalRules[0].bands.length).toBeGreaterThan(0)
    const transport = res.data.find((s: any) => s.type === 'OPERATION_TRANS_ART')
    expect(transport.approvalRules).toEqual([])
  })

  it('words labels in the request language', async () => {
    const res = await t.call('GET', '/api/tasks/settings', { token: admin, lang: 'zh-CN' })
    const buy = res.data.find((s: any) => s.type === 'BUY_ART')
    expect(buy.typeLabel).toBe('尽调购买')
    expect(buy.tasks.find((x: any) => x.kind === 'approve').kindLabel).toBe('审批')
  })

  it('needs authManage:view', async () => {
    expect((await t.call('GET', '/api/tasks/settings')).code).toBe(403)
    expect((await t.call('GET', '/api/tasks/settings', { token: viewer })).code).toBe(4031)
    expect((await t.call('GET', '/api/tasks/settings', { token: authViewer })).code).toBe(0)
  })
})

describe('PUT and DELETE /api/tasks/settings/:type/:step/:kind', () => {
  const path = '/api/tasks/settings/BUY_ART/payment/approve'

  it('sets the timing and candidates (names in the view), which the engine then reads; DELETE returns to the defaults', async () => {
    const res = await t.call('PUT', path, {
      token: admin,
      body: {
        ...good,
        managerRoleId: roleIds.administrator,
        candidateRoleId: roleIds.approver,
        candidateUserIds: [userIds.approver],
      },
    })
    expect(res.code, res.msg).toBe(0)
    expect(res.data).toMatchObject({
      ...good,
      custom: true,
      managerRoleName: 'Administrator',
      candidateRoleName: 'Approver',
      candidateUserNames: ['王致远 Wang Zhiyuan'],
      updatedByName: expect.any(String),
    })
    const timings = await taskTimingsOf(t.deps.database.db, latest('BUY_ART'))
    expect(timings.get('payment:approve')).toMatchObject({ ...good, custom: true })

    const list = await t.call('GET', '/api/tasks/settings', { token: admin })
    const row = list.data
      .find((s: any) => s.type === 'BUY_ART')
      .tasks.find((x: any) => x.step === 'payment' && x.kind === 'approve')
    expect(row).toMatchObject({ ...good, custom: true })

    const back = await t.call('DELETE', path, { token: admin })
    expect(back.code, back.msg).toBe(0)
    expect(back.data).toMatchObject({ custom: false, managerRoleName: null, candidateUserNames: [] })
    expect(back.data.dueDays).toBe(back.data.defaults.dueDays)
    expect((await taskTimingsOf(t.deps.database.db, latest('BUY_ART'))).get('payment:approve')?.custom).toBe(
      false,
    )
    expect(await loggedOperations()).toEqual(
      expect.arrayContaining([
        'TASK_SETTING BUY_ART payment approve',
        'TASK_SETTING_RESET BUY_ART payment approve',
      ]),
    )
  })

  it('refuses a due time of zero or negative, naming the field, in both languages, storing nothing', async () => {
    const before = await stored()
    const zero = await t.call('PUT', path, { token: admin, body: { ...good, dueDays: 0 } })
    expect(zero.code).toBe(400)
    expect(zero.data.fieldErrors).toEqual({ dueDays: 'Must be greater than zero' })
    const zh = await t.call('PUT', path, { token: admin, body: { ...good, dueDays: -3 }, lang: 'zh-CN' })
    expect(zh.code).toBe(400)
    expect(zh.data.fieldErrors).toEqual({ dueDays: '必须大于零' })
    const escalate = await t.call('PUT', path, { token: admin, body: { ...good, escalateAfterDays: 0 } })
    expect(escalate.data.fieldErrors).toEqual({ escalateAfterDays: 'Must be greater than zero' })
    const remind = await t.call('PUT', path, { token: admin, body: { ...good, remindBeforeHours: -1 } })
    expect(remind.code).toBe(400)
    expect(Object.keys(remind.data.fieldErrors)).toEqual(['remindBeforeHours'])
    const missing = await t.call('PUT', path, { token: admin, body: { dueDays: 3 } })
    expect(Object.keys(missing.data.fieldErrors).sort()).toEqual(['escalateAfterDays', 'remindBeforeHours'])
    expect(await stored()).toBe(before)
  })

  it('refuses unknown types, steps and kinds naming the parameter, storing nothing', async () => {
    const before = await stored()
    const cases: [string, string][] = [
      ['/api/tasks/settings/NOT_A_TYPE/payment/approve', 'type'],
      ['/api/tasks/settings/BUY_ART/nowhere/approve', 'step'],
      ['/api/tasks/settings/BUY_ART/payment/dance', 'kind'],
      // a real kind the step does not have
      ['/api/tasks/settings/BUY_ART/dueDiligence/count', 'kind'],
    ]
    for (const [url, field] of cases) {
      for (const method of ['PUT', 'DELETE']) {
        const res = await t.call(method, url, { token: admin, body: method === 'PUT' ? good : undefined })
        expect(res.code, `${method} ${url}`).toBe(400)
        expect(Object.keys(res.data.fieldErrors), `${method} ${url}`).toEqual([field])
      }
    }
    expect(await stored()).toBe(before)
  })

  it('refuses roles and users that do not exist (or a disabled user), naming the field', async () => {
    const before = await stored()
    const nobody = '00000000-0000-4000-8000-000000000000'
    const role = await t.call('PUT', path, { token: admin, body: { ...good, managerRoleId: nobody } })
    expect(role.code).toBe(400)
    expect(role.data.fieldErrors).toEqual({ managerRoleId: 'Invalid value' })
    const cand = await t.call('PUT', path, { token: admin, body: { ...good, candidateRoleId: nobody } })
    expect(cand.data.fieldErrors).toEqual({ candidateRoleId: 'Invalid value' })
    const user = await t.call('PUT', path, {
      token: admin,
      body: { ...good, candidateUserIds: [userIds.approver, nobody] },
    })
    expect(user.data.fieldErrors).toEqual({ candidateUserIds: 'Invalid value' })
    const notUuid = await t.call('PUT', path, { token: admin, body: { ...good, managerRoleId: 'boss' } })
    expect(Object.keys(notUuid.data.fieldErrors)).toEqual(['managerRoleId'])
    expect(await stored()).toBe(before)
  })

  it('needs authManage:edit', async () => {
    const before = await stored()
    expect((await t.call('PUT', path, { body: good })).code).toBe(403)
    expect((await t.call('PUT', path, { token: viewer, body: good })).code).toBe(4031)
    expect((await t.call('PUT', path, { token: authViewer, body: good })).code).toBe(4031)
    expect((await t.call('DELETE', path, { token: authViewer })).code).toBe(4031)
    expect(await stored()).toBe(before)
  })
})

describe('approval rules', () => {
  const path = '/api/tasks/approval-rules/BUY_ART/payment'
  const bands = (top = 2, roleKey: string | null = null) => [
    { currency: 'CNY', from: '0.00', to: '100000.00', approvals: 1 },
    { currency: 'CNY', from: '100000.00', to: null, approvals: top, roleKey },
    { currency: 'USD', from: '0', to: null, approvals: 1 },
  ]

  it('saves a new version each time, newest first in the list, the latest in force', async () => {
    const first = await t.call('PUT', path, { token: admin, body: { bands: bands(2) } })
    expect(first.code, JSON.stringify(first.data)).toBe(0)
    expect(first.data).toMatchObject({ version: 1, step: 'payment', createdByName: expect.any(String) })
    const second = await t.call('PUT', path, { token: admin, body: { bands: bands(2, 'approver') } })
    expect(second.data.version).toBe(2)
    expect(second.data.roleNames).toEqual([null, 'Approver', null])
    const versions = await t.call('GET', `${path}/versions`, { token: authViewer })
    expect(versions.code).toBe(0)
    expect(versions.data.map((v: any) => v.version)).toEqual([2, 1])
    expect(versions.data[1].bands[2]).toMatchObject({ currency: 'USD', from: '0.00', to: null })
    const rules = await approvalRulesOf(t.deps.database.db, t.deps.config, latest('BUY_ART'))
    expect(rules.payment.version).toBe(2)
    const list = await t.call('GET', '/api/tasks/settings', { token: admin })
    expect(list.data.find((s: any) => s.type === 'BUY_ART').approvalRules[0].version).toBe(2)
    expect(await loggedOperations()).toEqual(
      expect.arrayContaining(['APPROVAL_RULE BUY_ART payment v1', 'APPROVAL_RULE BUY_ART payment v2']),
    )
  })

  it('refuses bands that overlap or skip amounts, naming the band field, in both languages, storing nothing', async () => {
    const before = await stored()
    const overlap = await t.call('PUT', path, {
      token: admin,
      body: {
        bands: [
          { currency: 'CNY', from: '0.00', to: '100000.00', approvals: 1 },
          { currency: 'CNY', from: '50000.00', to: null, approvals: 2 },
        ],
      },
    })
    expect(overlap.code).toBe(400)
    expect(overlap.data.fieldErrors['bands.1.from']).toMatch(/overlap/)
    const skip = await t.call('PUT', path, {
      lang: 'zh-CN',
      token: admin,
      body: {
        bands: [
          { currency: 'CNY', from: '0.00', to: '100000.00', approvals: 1 },
          { currency: 'CNY', from: '200000.00', to: null, approvals: 2 },
        ],
      },
    })
    expect(skip.code).toBe(400)
    expect(skip.data.fieldErrors['bands.1.from']).toBe(
      '金额区间有缺口：须从 0.00 起连续，最后一个区间不设上限',
    )
    const open = await t.call('PUT', path, {
      token: admin,
      body: { bands: [{ currency: 'CNY', from: '0.00', to: '100.00', approvals: 1 }] },
    })
    expect(Object.keys(open.data.fieldErrors)).toEqual(['bands.0.to'])
    const zero = await t.call('PUT', path, {
      token: admin,
      body: { bands: [{ currency: 'CNY', from: '0.00', to: null, approvals: 0 }] },
    })
    expect(zero.data.fieldErrors).toEqual({ 'bands.0.approvals': 'Must be greater than zero' })
    expect(await stored()).toBe(before)
  })

  it('refuses more approvals than there are approvers, and a role nobody who may approve holds, storing nothing', async () => {
    const before = await stored()
    // Those holding devOpsManage:approve:BUY_ART: the administrator (full privilege) and the approver.
    const tooMany = await t.call('PUT', path, { token: admin, body: { bands: bands(3) } })
    expect(tooMany.code).toBe(400)
    expect(tooMany.data.fieldErrors).toEqual({
      'bands.1.approvals': 'More approvals than there are people who may approve (2)',
    })
    const zh = await t.call('PUT', path, { token: admin, body: { bands: bands(3) }, lang: 'zh-CN' })
    expect(zh.data.fieldErrors).toEqual({ 'bands.1.approvals': '所需审批人数超过了可审批的人数（2 人）' })
    const unknownRole = await t.call('PUT', path, { token: admin, body: { bands: bands(2, 'wizard') } })
    expect(unknownRole.data.fieldErrors).toEqual({ 'bands.1.roleKey': 'Invalid value' })
    const nobodyApproves = await t.call('PUT', path, { token: admin, body: { bands: bands(2, 'viewer') } })
    expect(nobodyApproves.data.fieldErrors).toEqual({
      'bands.1.roleKey': 'More approvals than there are people who may approve (0)',
    })
    expect(await stored()).toBe(before)
  })

  it('refuses steps that move no money, and unknown ones, naming the step', async () => {
    const before = await stored()
    for (const url of [
      '/api/tasks/approval-rules/BUY_ART/dueDiligence',
      '/api/tasks/approval-rules/BUY_ART/nowhere',
    ]) {
      const res = await t.call('PUT', url, { token: admin, body: { bands: bands(1) } })
      expect(res.code).toBe(400)
      expect(Object.keys(res.data.fieldErrors)).toEqual(['step'])
      const versions = await t.call('GET', `${url}/versions`, { token: admin })
      expect(Object.keys(versions.data.fieldErrors)).toEqual(['step'])
    }
    const type = await t.call('PUT', '/api/tasks/approval-rules/NOPE/payment', {
      token: admin,
      body: { bands: bands(1) },
    })
    expect(Object.keys(type.data.fieldErrors)).toEqual(['type'])
    expect(await stored()).toBe(before)
  })

  it('needs authManage:edit to save and authManage:view to list versions', async () => {
    const before = await stored()
    expect((await t.call('PUT', path, { token: authViewer, body: { bands: bands(1) } })).code).toBe(4031)
    expect((await t.call('PUT', path, { token: viewer, body: { bands: bands(1) } })).code).toBe(4031)
    expect((await t.call('GET', `${path}/versions`, { token: viewer })).code).toBe(4031)
    expect((await t.call('GET', `${path}/versions`)).code).toBe(403)
    expect(await stored()).toBe(before)
  })
})
