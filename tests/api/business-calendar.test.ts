// The business calendar through the API: the seeded region (mainland China, 2025 and 2026) and the demo
// office's closure; the region and weekend changed, the region's days replaced and the office's kept; days
// added and removed; every bad input a 400 at its field, storing nothing; reading needs authManage:view,
// changing authManage:calendar. A change is counted at once by the next due date (the calendar held in
// memory is forgotten), and the inbox says the due date in the office's days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { officeCalendar } from '../../src/server/modules/calendar/store'
import { DEMO_CLOSURE } from '../../src/server/seed/calendar'
import { formatMessage } from '../../src/shared/errors'
import { addDays, dayIn } from '../../src/shared/office-time'
import { addWorkingDays, isWorkingDay, workingDaysBetween } from '../../src/shared/working-days'
import { TEST_PASSWORD } from './helpers'
import { type Flow, openFlow } from './process-flow'

let f: Flow
let admin: string
let authReader: string

const stored = async () =>
  JSON.stringify([
    await f.t.deps.database.raw(
      'select day::text, kind, origin, name_zh, name_en from calendar_days order by day',
    ),
    await f.t.deps.database.raw(`select value from app_settings where key = 'businessCalendar'`),
  ])

beforeAll(async () => {
  f = await openFlow()
  admin = f.tokens.admin
  const role = await f.t.call('POST', '/api/auth/roles', {
    token: admin,
    body: { nameZh: '日历查看', nameEn: 'Calendar reader', privileges: ['authManage:view'] },
  })
  await f.t.call('POST', '/api/auth/users', {
    token: admin,
    body: {
      username: 'calreader',
      displayName: 'Cal Reader',
      password: TEST_PASSWORD,
      roleIds: [role.data.id],
    },
  })
  authReader = await f.t.login('calreader')
})
afterAll(async () => {
  // Leave the calendar held in memory as the seed made it for the next file of this worker.
  await f?.t.call('PUT', '/api/calendar/settings', { token: admin, body: { region: 'CN', weekend: [0, 6] } })
  await f?.close()
})

describe('GET /api/calendar', () => {
  it('holds the seeded calendar: mainland China, Saturday and Sunday off, the demo closure', async () => {
    const res = await f.t.call('GET', '/api/calendar', { token: admin })
    expect(res.code, res.msg).toBe(0)
    expect(res.data).toMatchObject({ region: 'CN', weekend: [0, 6], timeZone: 'Asia/Shanghai' })
    const byDay = new Map(res.data.days.map((d: any) => [d.day, d]))
    expect(byDay.get('2026-02-15')).toMatchObject({
      kind: 'holiday',
      origin: 'region',
      name: 'Spring Festival',
    })
    expect(byDay.get('2026-02-14')).toMatchObject({ kind: 'workday', origin: 'region' })
    expect(byDay.get(DEMO_CLOSURE.day)).toMatchObject({
      kind: 'closure',
      origin: 'office',
      name: DEMO_CLOSURE.nameEn,
    })
    expect(res.data.regions.find((r: any) => r.value === 'CN')).toMatchObject({ years: [2025, 2026] })
    const zh = await f.t.call('GET', '/api/calendar', { token: admin, lang: 'zh-CN' })
    expect(zh.data.days.find((d: any) => d.day === '2026-02-15').name).toBe('春节')
  })

  it('needs authManage:view to read and authManage:calendar to change', async () => {
    expect((await f.t.call('GET', '/api/calendar')).code).toBe(403)
    expect((await f.t.call('GET', '/api/calendar', { token: f.tokens.viewer })).code).toBe(4031)
    expect((await f.t.call('GET', '/api/calendar', { token: authReader })).code).toBe(0)
    const before = await stored()
    const body = { days: [{ day: '2026-12-30', kind: 'closure' }] }
    expect((await f.t.call('POST', '/api/calendar/days', { token: authReader, body })).code).toBe(4031)
    expect(
      (
        await f.t.call('PUT', '/api/calendar/settings', {
          token: authReader,
          body: { region: 'HK', weekend: [0] },
        })
      ).code,
    ).toBe(4031)
    expect(
      (await f.t.call('DELETE', `/api/calendar/days/${DEMO_CLOSURE.day}`, { token: authReader })).code,
    ).toBe(4031)
    expect(await stored()).toBe(before)
  })
})

describe('bad input: a 400 at the field, nothing stored', () => {
  it('refuses a date the calendar lacks, a malformed one, an unknown kind, a date twice, a bad region', async () => {
    const before = await stored()
    const post = (days: unknown) => f.t.call('POST', '/api/calendar/days', { token: admin, body: { days } })
    const impossible = await post([
      { day: '2026-03-02', kind: 'closure' },
      { day: '2026-02-30', kind: 'holiday' },
    ])
    expect(impossible.status).toBe(400)
    expect(impossible.data.fieldErrors).toEqual({ 'days.1.day': formatMessage('noSuchDate', 'en') })
    const malformed = await post([{ day: '2026/03/02', kind: 'closure' }])
    expect(Object.keys(malformed.data.fieldErrors)).toEqual(['days.0.day'])
    const kind = await post([{ day: '2026-03-02', kind: 'vacation' }])
    expect(Object.keys(kind.data.fieldErrors)).toEqual(['days.0.kind'])
    const twice = await post([
      { day: '2026-03-02', kind: 'closure' },
      { day: '2026-03-02', kind: 'holiday' },
    ])
    expect(twice.data.fieldErrors).toEqual({ 'days.1.day': 'A date may be listed only once' })
    const long = await post([{ day: '2026-03-02', kind: 'closure', nameEn: 'x'.repeat(61) }])
    expect(Object.keys(long.data.fieldErrors)).toEqual(['days.0.nameEn'])
    expect((await post([])).status).toBe(400)
    const region = await f.t.call('PUT', '/api/calendar/settings', {
      token: admin,
      body: { region: 'Atlantis', weekend: [0, 7] },
    })
    expect(Object.keys(region.data.fieldErrors).sort()).toEqual(['region', 'weekend.1'])
    const removeBad = await f.t.call('DELETE', '/api/calendar/days/2026-02-30', { token: admin })
    expect(removeBad.status).toBe(400)
    expect(removeBad.data.fieldErrors).toEqual({ day: formatMessage('noSuchDate', 'en') })
    const removeNone = await f.t.call('DELETE', '/api/calendar/days/2026-03-03', { token: admin })
    expect(removeNone.status).toBe(404)
    expect(await stored()).toBe(before)
  })
})

describe('changes', () => {
  it("counts a new closure in the next due date at once, and says the due date in the office's days", async () => {
    const zone = f.t.deps.config.timeZone
    const today = dayIn(new Date(), zone)
    const calendar = await officeCalendar(f.t.deps.database.db)
    let next = addDays(today, 1)
    while (!isWorkingDay(next, calendar)) next = addDays(next, 1)
    const added = await f.t.call('POST', '/api/calendar/days', {
      token: admin,
      body: { days: [{ day: next, kind: 'closure', nameZh: '盘点', nameEn: 'Stocktake' }] },
    })
    expect(added.code, added.msg).toBe(0)
    expect(added.data.days.find((d: any) => d.day === next)).toMatchObject({
      kind: 'closure',
      origin: 'office',
    })
    const now = await officeCalendar(f.t.deps.database.db)
    expect(isWorkingDay(next, now)).toBe(false)

    const p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '日历', titleEn: 'Calendar' }] })
    const [task] = (await f.t.deps.database.raw(
      'select created_at, due_at from process_tasks where process_id = $1 and closed_at is null',
      [p.id],
    )) as { created_at: Date; due_at: Date }[]
    const due = addWorkingDays(new Date(task.created_at), 5, now)
    expect(new Date(task.due_at).toISOString()).toBe(due.toISOString())
    expect(due.getTime()).toBeGreaterThan(addWorkingDays(new Date(task.created_at), 5, calendar).getTime())

    const tasks = await f.t.call('GET', `/api/process/${p.id}/tasks`, { token: f.tokens.registrar })
    expect(tasks.code, tasks.msg).toBe(0)
    const dueDay = dayIn(due, zone)
    expect(tasks.data[0]).toMatchObject({ dueDay, workingDaysLeft: workingDaysBetween(today, dueDay, now) })

    const removed = await f.t.call('DELETE', `/api/calendar/days/${next}`, { token: admin })
    expect(removed.code, removed.msg).toBe(0)
    expect(isWorkingDay(next, await officeCalendar(f.t.deps.database.db))).toBe(true)
  })

  it("replaces the region's days when the region changes and keeps the office's own", async () => {
    const hk = await f.t.call('PUT', '/api/calendar/settings', {
      token: admin,
      body: { region: 'HK', weekend: [0] },
    })
    expect(hk.code, hk.msg).toBe(0)
    expect(hk.data).toMatchObject({ region: 'HK', weekend: [0] })
    const days = new Map(hk.data.days.map((d: any) => [d.day, d]))
    expect(days.get('2026-02-17')).toMatchObject({ kind: 'holiday', origin: 'region' })
    expect(days.has('2026-02-14')).toBe(false)
    expect(days.get(DEMO_CLOSURE.day)).toMatchObject({ kind: 'closure', origin: 'office' })
    const cal = await officeCalendar(f.t.deps.database.db)
    // Saturdays are worked in this office now; the Lunar New Year is not.
    expect(isWorkingDay('2026-03-07', cal)).toBe(true)
    expect(isWorkingDay('2026-02-17', cal)).toBe(false)

    const none = await f.t.call('PUT', '/api/calendar/settings', {
      token: admin,
      body: { region: 'none', weekend: [0, 6] },
    })
    expect(none.data.days.map((d: any) => d.origin)).toEqual(['office'])
    const back = await f.t.call('PUT', '/api/calendar/settings', {
      token: admin,
      body: { region: 'CN', weekend: [0, 6] },
    })
    expect(back.data.days.filter((d: any) => d.origin === 'region')).toHaveLength(72)
  })

  it("sets an office's day over a region's, and removing a region's day makes it a plain weekday", async () => {
    const over = await f.t.call('POST', '/api/calendar/days', {
      token: admin,
      body: { days: [{ day: '2026-10-08', kind: 'workday', nameEn: 'Back early' }] },
    })
    expect(over.data.days.find((d: any) => d.day === '2026-10-08')).toMatchObject({
      kind: 'workday',
      origin: 'office',
      name: 'Back early',
    })
    expect(isWorkingDay('2026-10-08', await officeCalendar(f.t.deps.database.db))).toBe(true)
    const gone = await f.t.call('DELETE', '/api/calendar/days/2026-10-07', { token: admin })
    expect(gone.code, gone.msg).toBe(0)
    expect(isWorkingDay('2026-10-07', await officeCalendar(f.t.deps.database.db))).toBe(true)
  })
})
