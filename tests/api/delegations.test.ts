// Delegations: anyone signed in hands their own tasks to someone else for a range of dates;
// administrators (authManage) see everyone's, may set one up for another user and cancel any. Refused with
// 400 naming the field and storing nothing: to oneself, overlapping, unknown or disabled users, an end
// before the start, one closing a loop of delegations in force together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { delegationCovers } from '../../src/server/modules/tasks/settings'
import { dayIn } from '../../src/shared/office-time'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'

let t: TestContext
let admin: string
let registrar: string
let operations: string
let viewer: string
let ids: Record<string, string>
let today: string

const plus = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

async function stored() {
  return JSON.stringify(await t.deps.database.raw('select * from delegations order by created_at, id'))
}

beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
  registrar = await t.login('registrar')
  operations = await t.login('operations')
  viewer = await t.login('viewer')
  const users = await t.call('GET', '/api/auth/users?pageSize=100', { token: admin })
  ids = Object.fromEntries(users.data.list.map((u: any) => [u.username, u.id]))
  today = dayIn(new Date(), t.deps.config.timeZone)
})
afterAll(() => t?.close())

describe('delegations', () => {
  let first: any

  it('lets anyone signed in delegate their own tasks, shown with names and whether it is in force', async () => {
    const res = await t.call('POST', '/api/tasks/delegations', {
      token: registrar,
      body: { toUserId: ids.operations, startsOn: today, endsOn: plus(today, 5), note: 'Holiday' },
    })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    first = res.data
    expect(first).toMatchObject({
      fromUserId: ids.registrar,
      fromName: '林书仪 Lin Shuyi',
      toUserId: ids.operations,
      toName: '周启航 Zhou Qihang',
      processType: null,
      startsOn: today,
      endsOn: plus(today, 5),
      note: 'Holiday',
      active: true,
      cancelledAt: null,
    })
    expect(await delegationCovers(t.deps.database.db, ids.registrar, ids.operations, 'BUY_ART', today)).toBe(
      true,
    )
    // Later, and for one type: in the list, not in force today.
    const later = await t.call('POST', '/api/tasks/delegations', {
      token: registrar,
      body: {
        toUserId: ids.approver,
        processType: 'BUY_ART',
        startsOn: plus(today, 10),
        endsOn: plus(today, 12),
      },
    })
    expect(later.code, JSON.stringify(later.data)).toBe(0)
    expect(later.data.active).toBe(false)
  })

  it('lists mine (given by or to me) for everyone, everyone’s only for authManage:view', async () => {
    const mine = await t.call('GET', '/api/tasks/delegations', { token: registrar })
    expect(mine.code).toBe(0)
    expect(mine.data.total).toBe(2)
    const to = await t.call('GET', '/api/tasks/delegations?scope=mine', { token: operations })
    expect(to.data.list.map((d: any) => d.id)).toEqual([first.id])
    const none = await t.call('GET', '/api/tasks/delegations', { token: viewer })
    expect(none.data).toMatchObject({ list: [], total: 0 })
    expect((await t.call('GET', '/api/tasks/delegations?scope=all', { token: viewer })).code).toBe(4031)
    expect((await t.call('GET', '/api/tasks/delegations')).code).toBe(403)
    const all = await t.call('GET', '/api/tasks/delegations?scope=all', { token: admin })
    expect(all.data.total).toBe(2)
  })

  it('offers the enabled users by name', async () => {
    const res = await t.call('GET', '/api/tasks/delegations/people', { token: viewer })
    expect(res.code).toBe(0)
    expect(res.data).toEqual(expect.arrayContaining([{ id: ids.operations, name: '周启航 Zhou Qihang' }]))
  })

  it('refuses a delegation to oneself, in both languages, storing nothing', async () => {
    const before = await stored()
    const body = { toUserId: ids.registrar, startsOn: plus(today, 30), endsOn: plus(today, 31) }
    const en = await t.call('POST', '/api/tasks/delegations', { token: registrar, body })
    expect(en.code).toBe(400)
    expect(en.data.fieldErrors).toEqual({ toUserId: 'You cannot delegate to yourself' })
    const zh = await t.call('POST', '/api/tasks/delegations', { token: registrar, body, lang: 'zh-CN' })
    expect(zh.data.fieldErrors).toEqual({ toUserId: '不能委托给自己' })
    expect(await stored()).toBe(before)
  })

  it('refuses overlapping delegations of the same delegator (a type overlaps "all"), storing nothing', async () => {
    const before = await stored()
    const overlapping = [
      // all types, dates inside the first
      { toUserId: ids.approver, startsOn: plus(today, 1), endsOn: plus(today, 2) },
      // one type, overlapping the first (all types) at its last day
      {
        toUserId: ids.finance,
        processType: 'INSURANCE_ANNUAL',
        startsOn: plus(today, 5),
        endsOn: plus(today, 8),
      },
      // all types, overlapping the later BUY_ART one
      { toUserId: ids.finance, startsOn: plus(today, 12), endsOn: plus(today, 20) },
      // the same type as the later one
      { toUserId: ids.finance, processType: 'BUY_ART', startsOn: plus(today, 9), endsOn: plus(today, 10) },
    ]
    for (const body of overlapping) {
      const res = await t.call('POST', '/api/tasks/delegations', { token: registrar, body })
      expect(res.code, JSON.stringify(body)).toBe(400)
      expect(res.data.fieldErrors).toEqual({ startsOn: 'This overlaps a delegation already in place' })
    }
    expect(await stored()).toBe(before)
    // Another type over the same dates as the BUY_ART one does not overlap it; nor does another delegator.
    const other = await t.call('POST', '/api/tasks/delegations', {
      token: registrar,
      body: {
        toUserId: ids.finance,
        processType: 'INSURANCE_ANNUAL',
        startsOn: plus(today, 10),
        endsOn: plus(today, 12),
      },
    })
    expect(other.code, JSON.stringify(other.data)).toBe(0)
    const someoneElse = await t.call('POST', '/api/tasks/delegations', {
      token: operations,
      body: { toUserId: ids.finance, startsOn: today, endsOn: plus(today, 3) },
    })
    expect(someoneElse.code).toBe(0)
  })

  it('refuses unknown or disabled users and an end before the start, naming the field, storing nothing', async () => {
    const created = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: { username: 'gone1', displayName: 'Gone', password: TEST_PASSWORD },
    })
    await t.call('POST', `/api/auth/users/${created.data.id}/disable`, { token: admin })
    const before = await stored()
    const span = { startsOn: plus(today, 40), endsOn: plus(today, 41) }
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ toUserId: '00000000-0000-4000-8000-000000000000', ...span }, { toUserId: 'Invalid value' }],
      [{ toUserId: created.data.id, ...span }, { toUserId: 'Invalid value' }],
      [{ toUserId: 'someone', ...span }, { toUserId: 'Required' }],
      [
        { toUserId: ids.approver, startsOn: plus(today, 41), endsOn: plus(today, 40) },
        { endsOn: 'The end date cannot be earlier than the start date' },
      ],
      [
        { toUserId: ids.approver, startsOn: '2026-02-30', endsOn: plus(today, 40) },
        { startsOn: 'There is no such day: check the month (1–12) and the days of that month' },
      ],
      [{ toUserId: ids.approver, processType: 'NOPE', ...span }, { processType: 'Invalid value' }],
    ]
    for (const [body, fieldErrors] of cases) {
      const res = await t.call('POST', '/api/tasks/delegations', { token: registrar, body })
      expect(res.code, JSON.stringify(body)).toBe(400)
      expect(Object.keys(res.data.fieldErrors), JSON.stringify(body)).toEqual(Object.keys(fieldErrors))
      if (Object.values(fieldErrors)[0] !== 'Required')
        expect(res.data.fieldErrors, JSON.stringify(body)).toEqual(fieldErrors)
    }
    const zh = await t.call('POST', '/api/tasks/delegations', {
      token: registrar,
      lang: 'zh-CN',
      body: { toUserId: ids.approver, startsOn: plus(today, 41), endsOn: plus(today, 40) },
    })
    expect(zh.data.fieldErrors).toEqual({ endsOn: '结束日期不能早于开始日期' })
    expect(await stored()).toBe(before)
  })

  it('lets only authManage:edit set up a delegation for someone else', async () => {
    const before = await stored()
    const body = {
      fromUserId: ids.viewer,
      toUserId: ids.approver,
      startsOn: plus(today, 50),
      endsOn: plus(today, 51),
    }
    expect((await t.call('POST', '/api/tasks/delegations', { token: registrar, body })).code).toBe(4031)
    expect((await t.call('POST', '/api/tasks/delegations', { body })).code).toBe(403)
    expect(await stored()).toBe(before)
    const res = await t.call('POST', '/api/tasks/delegations', { token: admin, body })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    expect(res.data).toMatchObject({ fromName: '赵安然 Zhao Anran', toUserId: ids.approver })
    const self = await t.call('POST', '/api/tasks/delegations', {
      token: admin,
      body: { ...body, toUserId: ids.viewer, startsOn: plus(today, 60), endsOn: plus(today, 60) },
    })
    expect(self.data.fieldErrors).toEqual({ toUserId: 'You cannot delegate to yourself' })
  })

  it('cancels: the delegator or authManage:edit; then a new one may take its dates', async () => {
    const before = await stored()
    const url = `/api/tasks/delegations/${first.id}/cancel`
    expect((await t.call('POST', url, { token: operations })).code).toBe(4031)
    expect((await t.call('POST', url, { token: viewer })).code).toBe(4031)
    expect(await stored()).toBe(before)
    const res = await t.call('POST', url, { token: registrar })
    expect(res.code).toBe(0)
    expect(res.data).toMatchObject({ id: first.id, active: false, cancelledAt: expect.any(String) })
    expect(await delegationCovers(t.deps.database.db, ids.registrar, ids.operations, 'BUY_ART', today)).toBe(
      false,
    )
    const again = await t.call('POST', '/api/tasks/delegations', {
      token: registrar,
      body: { toUserId: ids.approver, startsOn: today, endsOn: plus(today, 2) },
    })
    expect(again.code, JSON.stringify(again.data)).toBe(0)
    const byAdmin = await t.call('POST', `/api/tasks/delegations/${again.data.id}/cancel`, { token: admin })
    expect(byAdmin.data.active).toBe(false)
    expect(
      (
        await t.call('POST', '/api/tasks/delegations/00000000-0000-4000-8000-000000000000/cancel', {
          token: admin,
        })
      ).code,
    ).toBe(404)
    await t.deps.logWriter.flush()
    const ops = (await t.deps.database.raw(
      `select operation_type from system_logs where request_uri like '/api/tasks/delegations%' and success and http_method = 'POST'`,
    )) as { operation_type: string }[]
    expect(new Set(ops.map((o) => o.operation_type))).toEqual(
      new Set(['DELEGATION_CREATE', 'DELEGATION_CANCEL']),
    )
  })
})

describe('delegation loops', () => {
  const give = (token: string, toUserId: string, from: number, to: number, processType?: string) =>
    t.call('POST', '/api/tasks/delegations', {
      token,
      body: { toUserId, startsOn: plus(today, from), endsOn: plus(today, to), processType },
    })
  const names = {
    registrar: '林书仪 Lin Shuyi',
    operations: '周启航 Zhou Qihang',
    finance: '陈慧敏 Chen Huimin',
    approver: '王致远 Wang Zhiyuan',
    viewer: '赵安然 Zhao Anran',
  }

  it('refuses B → A while A → B is in force on a common day, naming the loop in both languages', async () => {
    expect((await give(operations, ids.finance, 100, 105)).code).toBe(0)
    const finance = await t.login('finance')
    const before = await stored()
    const body = { toUserId: ids.operations, startsOn: plus(today, 103), endsOn: plus(today, 108) }
    const en = await t.call('POST', '/api/tasks/delegations', { token: finance, body })
    expect(en.status).toBe(400)
    expect(en.code).toBe(400)
    const loop = `${names.finance} → ${names.operations} → ${names.finance}`
    expect(en.data.fieldErrors).toEqual({ toUserId: `This delegation would make a loop: ${loop}` })
    const zh = await t.call('POST', '/api/tasks/delegations', { token: finance, body, lang: 'zh-CN' })
    expect(zh.data.fieldErrors).toEqual({ toUserId: `该委托会形成循环：${loop}` })
    expect(await stored()).toBe(before)
    // Starting after the first one ends, it closes no loop.
    const after = await give(finance, ids.operations, 106, 108)
    expect(after.code, JSON.stringify(after.data)).toBe(0)
  })

  it('refuses a longer loop, and none through different types or a cancelled delegation', async () => {
    const approverToken = await t.login('approver')
    expect((await give(viewer, ids.approver, 130, 131)).code).toBe(0)
    expect((await give(approverToken, ids.registrar, 130, 131, 'BUY_ART')).code).toBe(0)
    const before = await stored()
    const closing = await give(registrar, ids.viewer, 131, 140)
    expect(closing.code).toBe(400)
    expect(closing.data.fieldErrors).toEqual({
      toUserId: `This delegation would make a loop: ${names.registrar} → ${names.viewer} → ${names.approver} → ${names.registrar}`,
    })
    // For the one type the middle link covers, still a loop; for another type, none.
    expect((await give(registrar, ids.viewer, 130, 131, 'BUY_ART')).code).toBe(400)
    expect(await stored()).toBe(before)
    const other = await give(registrar, ids.viewer, 130, 131, 'OPERATION_SELL_ART')
    expect(other.code, JSON.stringify(other.data)).toBe(0)
    // Once a link is cancelled, the loop is gone.
    const cancelled = await t.call('POST', `/api/tasks/delegations/${other.data.id}/cancel`, { token: admin })
    expect(cancelled.code).toBe(0)
    const [middle] = (
      await t.call('GET', '/api/tasks/delegations?scope=all&pageSize=200', { token: admin })
    ).data.list.filter((d: any) => d.fromUserId === ids.approver && d.startsOn === plus(today, 130))
    await t.call('POST', `/api/tasks/delegations/${middle.id}/cancel`, { token: admin })
    expect((await give(registrar, ids.viewer, 131, 140)).code).toBe(0)
  })
})
