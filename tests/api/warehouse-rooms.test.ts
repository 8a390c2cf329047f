// Rooms through the warehouse API (/api/warehouse/rooms) on a real database: listed with how many artworks
// each holds now, created, edited, disabled and enabled; every bad input refused with its own message in both
// languages and nothing stored; the reference-data path (/api/reference/rooms) keeps the same rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RoomSummary } from '../../src/shared/contracts/warehouse'
import { createTestContext, type TestContext } from './helpers'
import { makeArtworks } from './process-helpers'

let t: TestContext
let admin: string
let operations: string
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
  operations = await t.login('operations')
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const sys = { 'x-system-name': 'devOpsManage' }
const call = <T = any>(method: string, path: string, body?: unknown, lang = 'en', token = admin) =>
  t.call<T>(method, `/api/warehouse${path}`, { token, body, lang, headers: sys })

let seq = 0
const room = (extra: Record<string, unknown> = {}) => {
  seq += 1
  return {
    code: `WH-T${Date.now() % 100000}-${seq}`,
    nameZh: `测试库房${seq}`,
    nameEn: `Test room ${seq}`,
    liaison: 'Wang Li',
    email: 'wang.li@example.com',
    countryCode: 'CN',
    icon: 'vault',
    location: 'Shanghai Free Trade Zone, Building 3',
    capacity: 10,
    temperatureMin: 18,
    temperatureMax: 22,
    humidityMin: 45,
    humidityMax: 55,
    ...extra,
  }
}
const rows = async (code: string) =>
  (await t.deps.database.raw('select * from rooms where code = $1', [code])) as Record<string, unknown>[]

describe('rooms', () => {
  let created: RoomSummary
  it('creates a room with its climate targets and lists it with what it holds', async () => {
    const input = room()
    const res = await call<RoomSummary>('POST', '/rooms', input)
    expect(res.code, res.msg).toBe(0)
    created = res.data
    expect(created).toMatchObject({
      code: input.code,
      nameEn: input.nameEn,
      name: input.nameEn,
      capacity: 10,
      temperatureMin: 18,
      temperatureMax: 22,
      humidityMin: 45,
      humidityMax: 55,
      enabled: true,
      artworkCount: 0,
    })
    expect(created.countryName).not.toBe('CN')
    await makeArtworks(t, 2, created.id)
    const one = await call<RoomSummary>('GET', `/rooms/${created.id}`, undefined, 'zh-CN')
    expect(one.data).toMatchObject({ artworkCount: 2, name: input.nameZh })
    const list = await call<{ list: RoomSummary[]; total: number }>('GET', `/rooms?q=${input.code}`)
    expect(list.data.total).toBe(1)
    expect(list.data.list[0]).toMatchObject({ id: created.id, artworkCount: 2 })
    // Reading needs devOpsManage:view only; changing needs authManage:referenceData.
    expect((await call('GET', '/rooms', undefined, 'en', operations)).code).toBe(0)
    expect((await call('POST', '/rooms', room(), 'en', operations)).code).toBe(4031)
  })

  it('refuses a code that already exists, in both languages, storing nothing', async () => {
    const again = room({ code: created.code, nameEn: 'Another room' })
    const en = await call('POST', '/rooms', again)
    expect(en.status).toBe(400)
    expect(en.msg).toBe(`A room with the code ${created.code} already exists`)
    expect(en.data.fieldErrors.code).toBe(en.msg)
    const zh = await call('POST', '/rooms', again, 'zh-CN')
    expect(zh.msg).toBe(`已有库房使用编码 ${created.code}`)
    expect(await rows(created.code)).toHaveLength(1)
    // The reference-data path says the same.
    const ref = await t.call('POST', '/api/reference/rooms', { token: admin, body: again })
    expect(ref.msg).toBe(`A room with the code ${created.code} already exists`)
  })

  it('refuses an email that is not one, and a minimum above its maximum', async () => {
    const bad = room({ email: 'not-an-email' })
    const en = await call('POST', '/rooms', bad)
    expect(en.status).toBe(400)
    expect(en.data.fieldErrors.email).toBe('This is not an email address')
    const zh = await call('POST', '/rooms', bad, 'zh-CN')
    expect(zh.data.fieldErrors.email).toBe('邮箱地址格式不正确')
    const climate = room({ temperatureMin: 25, temperatureMax: 20, humidityMin: 60, humidityMax: 40 })
    const c = await call('POST', '/rooms', climate)
    expect(c.status).toBe(400)
    expect(c.data.fieldErrors).toMatchObject({
      temperatureMin: 'The minimum cannot be above the maximum',
      humidityMin: 'The minimum cannot be above the maximum',
    })
    expect((await call('POST', '/rooms', climate, 'zh-CN')).data.fieldErrors.temperatureMin).toBe(
      '最低值不能高于最高值',
    )
    expect(await rows(bad.code)).toHaveLength(0)
    expect(await rows(climate.code)).toHaveLength(0)
  })

  it('edits a room, but not its capacity below the artworks in it now', async () => {
    const { code: _code, ...edit } = room({ nameEn: 'Renamed room', capacity: 5, temperatureMax: 21.5 })
    const ok = await call<RoomSummary>('PUT', `/rooms/${created.id}`, edit)
    expect(ok.code, ok.msg).toBe(0)
    expect(ok.data).toMatchObject({ nameEn: 'Renamed room', capacity: 5, temperatureMax: 21.5 })
    const low = await call('PUT', `/rooms/${created.id}`, { ...edit, capacity: 1, nameEn: 'Never stored' })
    expect(low.status).toBe(400)
    expect(low.msg).toBe('The capacity cannot be below the 2 artworks in the room now')
    expect(low.data.fieldErrors.capacity).toBe(low.msg)
    const zh = await call('PUT', `/rooms/${created.id}`, { ...edit, capacity: 1 }, 'zh-CN')
    expect(zh.msg).toBe('容量不能少于库房内现有的 2 件作品')
    const [stored] = await rows(created.code)
    expect(stored).toMatchObject({ name_en: 'Renamed room', capacity: 5 })
    // The reference-data path keeps the same rule.
    const ref = await t.call('PUT', `/api/reference/rooms/${created.id}`, {
      token: admin,
      body: { ...edit, capacity: 1 },
    })
    expect(ref.msg).toBe('The capacity cannot be below the 2 artworks in the room now')
    expect((await call('PUT', '/rooms/00000000-0000-4000-8000-000000000000', edit)).status).toBe(404)
  })

  it('refuses to disable a room that still holds artworks, saying how many; an empty one goes', async () => {
    const en = await call('POST', `/rooms/${created.id}/disable`)
    expect(en.status).toBe(400)
    expect(en.msg).toBe('The room still holds 2 artworks: move them out before disabling it')
    expect((await call('POST', `/rooms/${created.id}/disable`, undefined, 'zh-CN')).msg).toBe(
      '库房内还有 2 件作品，请先移出再停用',
    )
    // Neither by the reference-data path nor by an edit that sets enabled to false.
    const ref = await t.call('POST', `/api/reference/rooms/${created.id}/disable`, { token: admin })
    expect(ref.msg).toBe(en.msg)
    const { code: _code, ...edit } = room({ enabled: false })
    expect((await call('PUT', `/rooms/${created.id}`, edit)).msg).toBe(en.msg)
    expect((await rows(created.code))[0].enabled).toBe(true)

    const empty = (await call<RoomSummary>('POST', '/rooms', room({ capacity: null }))).data
    const off = await call<RoomSummary>('POST', `/rooms/${empty.id}/disable`)
    expect(off.data).toMatchObject({ enabled: false, capacity: null })
    const enabledOnly = await call<{ list: RoomSummary[] }>('GET', '/rooms?enabled=true&pageSize=200')
    expect(enabledOnly.data.list.some((r) => r.id === empty.id)).toBe(false)
    const on = await call<RoomSummary>('POST', `/rooms/${empty.id}/enable`)
    expect(on.data.enabled).toBe(true)
  })

  it('refuses bad list parameters and unknown rooms', async () => {
    expect((await call('GET', '/rooms?pageSize=500')).status).toBe(400)
    expect((await call('GET', '/rooms?enabled=maybe')).status).toBe(400)
    expect((await call('GET', '/rooms/not-a-uuid')).status).toBe(400)
    expect((await call('GET', '/rooms/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })
})
