// The movement ledger on a real database: the periods the trigger of migration 0017 keeps (rows in order, a
// backdated row, two rows of one artwork at the same instant), then what the API reads from them — a room's
// contents at several moments around a real transport and stocktake, an artwork's place at a moment, a
// date read as the end of that day in the office's time zone — and every bad moment refused in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MovementView } from '../../src/shared/contracts/operations'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { ContentsPage, PlaceAt, StocktakeItem } from '../../src/shared/contracts/warehouse'
import { dayIn } from '../../src/shared/office-time'
import { type Flow, openFlow } from './process-flow'
import { makeArtworks, makeRoom } from './process-helpers'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
}, 120_000)
afterAll(async () => {
  await f?.close()
})

const get = <T = any>(path: string, lang = 'en') =>
  f.t.call<T>('GET', `/api/warehouse${path}`, {
    token: f.tokens.operations,
    lang,
    headers: { 'x-system-name': 'devOpsManage' },
  })
async function data<T>(path: string): Promise<T> {
  const res = await get<T>(path)
  expect(res.code, `${path}: ${res.msg}`).toBe(0)
  return res.data
}
const raw = (text: string, params: unknown[] = []) => f.t.deps.database.raw(text, params)

/** A movement row written straight into the ledger (the trigger sets its `until`). */
async function move(artworkId: string, at: string, toRoomId: string | null, toLocation = '') {
  await raw(
    `insert into artwork_movements (artwork_id, at, kind, to_room_id, to_location) values ($1, $2, 'manual', $3, $4)`,
    [artworkId, at, toRoomId, toLocation],
  )
}
async function periods(artworkId: string) {
  const iso = (column: string) =>
    `case when ${column} = 'infinity' then 'infinity' else to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`
  return (
    (await raw(
      `select coalesce(nullif(to_location, ''), to_room_id::text) as "where", ${iso('at')} as at, ${iso('until')} as until
         from artwork_movements where artwork_id = $1 order by at, until`,
      [artworkId],
    )) as { where: string; at: string; until: string }[]
  ).map((r) => ({ where: r.where, at: r.at, until: r.until }))
}
const inRoom = async (roomId: string, at?: string) =>
  (
    await data<ContentsPage>(
      `/rooms/${roomId}/contents?pageSize=200${at ? `&at=${encodeURIComponent(at)}` : ''}`,
    )
  ).list
    .map((i) => i.artwork.id)
    .sort()

describe('the periods the trigger keeps', () => {
  it('closes each row at the next movement: in order, backdated, and two at the same instant', async () => {
    const [a] = await makeArtworks(f.t, 1)
    const r = await makeRoom(f.t)
    await move(a, '2025-01-01T00:00:00Z', r, 'first')
    await move(a, '2025-03-01T00:00:00Z', null, 'third')
    expect(await periods(a)).toEqual([
      { where: 'first', at: '2025-01-01T00:00:00.000Z', until: '2025-03-01T00:00:00.000Z' },
      { where: 'third', at: '2025-03-01T00:00:00.000Z', until: 'infinity' },
    ])
    // A row written later about an earlier moment splits the period it falls in.
    await move(a, '2025-02-01T00:00:00Z', null, 'second')
    expect(await periods(a)).toEqual([
      { where: 'first', at: '2025-01-01T00:00:00.000Z', until: '2025-02-01T00:00:00.000Z' },
      { where: 'second', at: '2025-02-01T00:00:00.000Z', until: '2025-03-01T00:00:00.000Z' },
      { where: 'third', at: '2025-03-01T00:00:00.000Z', until: 'infinity' },
    ])
    // Two rows at one instant: the one written later holds; the earlier one's period is empty.
    await move(a, '2025-04-01T00:00:00Z', null, 'fourth-a')
    await move(a, '2025-04-01T00:00:00Z', r, 'fourth-b')
    const after = await periods(a)
    expect(after.slice(2)).toEqual([
      { where: 'third', at: '2025-03-01T00:00:00.000Z', until: '2025-04-01T00:00:00.000Z' },
      { where: 'fourth-a', at: '2025-04-01T00:00:00.000Z', until: '2025-04-01T00:00:00.000Z' },
      { where: 'fourth-b', at: '2025-04-01T00:00:00.000Z', until: 'infinity' },
    ])
    // What the API answers from those periods.
    const place = (at: string) => data<PlaceAt>(`/artworks/${a}/place?at=${encodeURIComponent(at)}`)
    expect((await place('2024-12-31T23:59:59Z')).place).toBeNull()
    expect((await place('2025-01-15T00:00:00Z')).place).toMatchObject({ roomId: r, location: 'first' })
    expect((await place('2025-02-01T00:00:00Z')).place).toMatchObject({ roomId: null, location: 'second' })
    expect((await place('2025-04-01T00:00:00Z')).place).toMatchObject({ roomId: r, location: 'fourth-b' })
    expect(await inRoom(r, '2025-01-31T12:00:00Z')).toEqual([a])
    expect(await inRoom(r, '2025-02-15T12:00:00Z')).toEqual([])
    expect(await inRoom(r)).toEqual([a])
  })

  it('reads a date as the end of that day in the office time zone', async () => {
    expect(f.t.deps.config.timeZone).toBe('Asia/Shanghai')
    const [a] = await makeArtworks(f.t, 1)
    const r = await makeRoom(f.t)
    // 17:30 UTC on 5 January is 01:30 on 6 January in Shanghai.
    await move(a, '2025-01-05T17:30:00Z', r)
    expect(await inRoom(r, '2025-01-05')).toEqual([])
    expect(await inRoom(r, '2025-01-06')).toEqual([a])
    const page = await data<ContentsPage>(`/rooms/${r}/contents?at=2025-01-05`)
    expect(page.at).toBe('2025-01-05T15:59:59.999Z')
    // Moved out at midnight Shanghai time: still there at the end of the 9th, gone at the end of the 10th.
    await move(a, '2025-01-09T16:00:00Z', null, 'studio')
    expect(await inRoom(r, '2025-01-09')).toEqual([a])
    expect(await inRoom(r, '2025-01-10')).toEqual([])
    expect((await data<PlaceAt>(`/artworks/${a}/place?at=2025-01-10`)).place?.location).toBe('studio')
  })
})

describe('contents and places around real processes', () => {
  let ids: string[]
  let from: string
  let p: ProcessView
  const marks: Record<string, string> = {}
  const tick = () => new Promise((r) => setTimeout(r, 5))

  beforeAll(async () => {
    from = await makeRoom(f.t)
    ids = await makeArtworks(f.t, 2, from)
    // Their arrival in the first room, as a registrar's record would write it, ten days ago.
    for (const id of ids) await move(id, new Date(Date.now() - 10 * 86_400_000).toISOString(), from)
    marks.before = new Date().toISOString()
    await tick()
    const s = f.samples('OPERATION_TRANS_ART', ids)
    p = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: ids })
    p = await f.pass(p, s.transportInfo[0], 'operations')
    p = await f.send('operations', p, 'DEPART', { payload: s.DEPART[0] })
    await tick()
    marks.inTransit = new Date().toISOString()
    await tick()
    p = await f.send('operations', p, 'ARRIVE', { payload: s.ARRIVE[0] })
    await tick()
    marks.after = new Date().toISOString()
  }, 60_000)

  it('lists what a room held before, during and after a transport', async () => {
    const sorted = [...ids].sort()
    expect(await inRoom(from, marks.before)).toEqual(sorted)
    expect(await inRoom(from, marks.inTransit)).toEqual([])
    expect(await inRoom(from)).toEqual([])
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    expect(await inRoom(from, yesterday)).toEqual(sorted)
    const destination = (await inRoom(f.room, marks.after)).filter((id) => ids.includes(id))
    expect(destination).toEqual(sorted)
    expect((await inRoom(f.room, marks.inTransit)).filter((id) => ids.includes(id))).toEqual([])
    const now = await data<ContentsPage>(`/rooms/${f.room}/contents?pageSize=200`)
    const item = now.list.find((i) => i.artwork.id === ids[0])
    expect(item).toMatchObject({
      kind: 'transport_arrive',
      processId: p.id,
      processType: 'OPERATION_TRANS_ART',
      artwork: { titleEn: expect.stringMatching(/^Test work/) },
    })
    // Searched by inventory number, and paged.
    const inv = item?.artwork.inventoryNo ?? ''
    const one = await data<ContentsPage>(`/rooms/${f.room}/contents?q=${encodeURIComponent(inv)}`)
    expect(one.list.map((i) => i.artwork.id)).toEqual([ids[0]])
    const paged = await data<ContentsPage>(`/rooms/${f.room}/contents?pageSize=1&page=2`)
    expect(paged.list).toHaveLength(1)
    expect(paged.total).toBe(now.total)
    const past = await data<ContentsPage>(`/rooms/${f.room}/contents?pageSize=1&page=9999`)
    expect(past).toMatchObject({ list: [], total: now.total })
  })

  it('says where an artwork was at a moment, since when and by which movement', async () => {
    const at = (m: string) => data<PlaceAt>(`/artworks/${ids[0]}/place?at=${encodeURIComponent(m)}`)
    expect((await at(marks.before)).place).toMatchObject({ roomId: from })
    const transit = await at(marks.inTransit)
    expect(transit.place?.roomId).toBeNull()
    expect(transit.movement).toMatchObject({ kind: 'transport_start', processId: p.id })
    const after = await at(marks.after)
    expect(after.place?.roomId).toBe(f.room)
    expect(after.movement).toMatchObject({ kind: 'transport_arrive', processType: 'OPERATION_TRANS_ART' })
    expect(after.since).toBe(after.movement?.at)
    const now = await data<PlaceAt>(`/artworks/${ids[0]}/place`)
    expect(now.place?.roomId).toBe(f.room)
    expect(now.artwork.id).toBe(ids[0])
  })

  it("lists a room's movements in and out, newest first", async () => {
    type Page = { list: MovementView[]; total: number }
    const out = await data<Page>(`/rooms/${from}/movements?direction=out`)
    expect(out.list.map((m) => m.kind)).toEqual(['transport_start', 'transport_start'])
    const into = await data<Page>(`/rooms/${from}/movements?direction=in`)
    expect(into.list.map((m) => m.kind)).toEqual(['manual', 'manual'])
    const all = await data<Page>(`/rooms/${from}/movements`)
    expect(all.total).toBe(4)
    expect(all.list[0].kind).toBe('transport_start')
    const second = await data<Page>(`/rooms/${from}/movements?pageSize=3&page=2`)
    expect(second).toMatchObject({ total: 4, page: 2 })
    expect(second.list.map((m) => m.kind)).toEqual(['manual'])
    expect((await data<Page>(`/rooms/${from}/movements?direction=out&page=2`)).list).toEqual([])
  })

  it("lists the room's stocktakes with what each found", async () => {
    const s = f.samples('INVENTORY_CHECK', ids)
    let stocktake = await f.start('operations', 'INVENTORY_CHECK', {
      roomId: f.room,
      plannedOn: '2026-03-01',
    })
    stocktake = await f.pass(stocktake, s.counting[0], 'operations')
    expect(stocktake.status).toBe('completed')
    const page = await data<{ list: StocktakeItem[]; total: number }>(`/rooms/${f.room}/stocktakes`)
    expect(page.total).toBe(1)
    expect(page.list[0]).toMatchObject({
      process: { id: stocktake.id, type: 'INVENTORY_CHECK', status: 'completed' },
      plannedOn: '2026-03-01',
      countedOn: '2026-03-01',
      found: 2,
      missing: 0,
    })
    expect((await data<{ total: number }>(`/rooms/${from}/stocktakes`)).total).toBe(0)
  })
})

describe('bad moments and unknown records', () => {
  it('refuses a date or instant in the future, in both languages', async () => {
    const room = f.room
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const en = await get(`/rooms/${room}/contents?at=${tomorrow}`)
    expect(en.status).toBe(400)
    expect(en.msg).toBe('The date cannot be in the future')
    expect(en.data.fieldErrors.at).toBe(en.msg)
    expect((await get(`/rooms/${room}/contents?at=${tomorrow}`, 'zh-CN')).msg).toBe('不能查询未来的日期')
    const soon = new Date(Date.now() + 3_600_000).toISOString()
    expect((await get(`/rooms/${room}/contents?at=${encodeURIComponent(soon)}`)).msg).toBe(
      'The date cannot be in the future',
    )
    const [a] = await makeArtworks(f.t, 1)
    expect((await get(`/artworks/${a}/place?at=${tomorrow}`)).msg).toBe('The date cannot be in the future')
    // Today (in the office's zone) is answered as of now.
    const today = await get<ContentsPage>(`/rooms/${room}/contents?at=${dayIn(new Date(), 'Asia/Shanghai')}`)
    expect(today.code, today.msg).toBe(0)
    expect(Math.abs(new Date(today.data.at).getTime() - Date.now())).toBeLessThan(60_000)
  })

  it('refuses what is not a date, and unknown rooms and artworks', async () => {
    for (const bad of ['yesterday', '2025-13-45', '2025-02-30', '2025-01-30T25:00:00Z', '20250101']) {
      const res = await get(`/rooms/${f.room}/contents?at=${bad}`)
      expect(res.status, bad).toBe(400)
      expect(res.data.fieldErrors.at).toBe('Write a date as yyyy-MM-dd or an ISO 8601 date-time')
    }
    expect((await get(`/rooms/${f.room}/contents?at=yesterday`, 'zh-CN')).data.fieldErrors.at).toBe(
      '日期应写作 yyyy-MM-dd 或 ISO 8601 时间',
    )
    const nobody = '00000000-0000-4000-8000-000000000000'
    expect((await get(`/rooms/${nobody}/contents`)).status).toBe(404)
    expect((await get(`/rooms/${nobody}/movements`)).status).toBe(404)
    expect((await get(`/rooms/${nobody}/stocktakes`)).status).toBe(404)
    expect((await get(`/artworks/${nobody}/place`)).status).toBe(404)
    expect((await get(`/rooms/${f.room}/movements?direction=sideways`)).status).toBe(400)
    expect((await get(`/rooms/${f.room}/contents?pageSize=201`)).status).toBe(400)
  })
})
