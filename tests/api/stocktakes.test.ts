// Stocktakes and the warehouse summary (/api/stocktakes) on a real database: stocktakes of a room counted
// with nothing missing (completed), with a missing artwork found later and another still missing
// (uncompleted), and one not counted yet (in progress); the list's tabs and counts, the room by name, the
// count's date, counters and figures; one stocktake's result per artwork; the summary of the room (artworks
// now, latest valuations per currency never added across currencies, the last stocktake, artworks missing,
// movements in and out per month); bad input refused in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastMonths } from '../../src/server/modules/stocktakes/queries'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { StocktakeDetail, StocktakePage, WarehouseSummary } from '../../src/shared/contracts/stocktakes'
import { type Flow, openFlow } from './process-flow'
import { makeArtworks, makeRoom } from './process-helpers'

let f: Flow
let room: string
let otherRoom: string
let works: string[]
const DEV = { 'x-system-name': 'devOpsManage' }

const get = <T>(path: string, lang = 'en', user = 'viewer') =>
  f.t.call<T & { fieldErrors?: Record<string, string> }>('GET', path, {
    token: f.tokens[user],
    lang,
    headers: DEV,
  })

async function count(found: string[], missing: string[]): Promise<ProcessView> {
  const p = await f.start('operations', 'INVENTORY_CHECK', { roomId: room, plannedOn: '2026-03-01' })
  return f.pass(
    p,
    {
      countedOn: '2026-03-02',
      counters: 'Wang Fang, Li Wei',
      foundArtworkIds: found,
      missingArtworkIds: missing,
    },
    'operations',
  )
}

let completed: ProcessView
let uncompleted: ProcessView
let inProgress: ProcessView
beforeAll(async () => {
  f = await openFlow()
  room = await makeRoom(f.t)
  otherRoom = await makeRoom(f.t)
  works = await makeArtworks(f.t, 4, room)
  // Latest valuations: two in CNY, one in HKD, one without.
  const value = (id: string, amount: string, currency: string) =>
    f.t.deps.database.raw(
      'update artworks set latest_valuation = $2, latest_valuation_currency = $3 where id = $1',
      [id, amount, currency],
    )
  await value(works[0], '100.10', 'CNY')
  await value(works[1], '200.25', 'CNY')
  await value(works[2], '50.00', 'HKD')

  completed = await count(works, [])
  // works[2] and works[3] missing; works[2] found later, works[3] still missing.
  uncompleted = await count([works[0], works[1]], [works[2], works[3]])
  uncompleted = await f.pass(
    uncompleted,
    {
      foundArtworkIds: [works[2]],
      missingArtworkIds: [works[3]],
      explanation: 'One was in the framing room; the other is not found.',
    },
    'operations',
  )
  inProgress = await f.start('operations', 'INVENTORY_CHECK', { roomId: otherRoom })
}, 180_000)
afterAll(async () => {
  await f?.close()
})

describe('the stocktake list', () => {
  it('has its outcomes as tabs with counts, each stocktake with room name, date, counters and figures', async () => {
    const all = await get<StocktakePage>(`/api/stocktakes?pageSize=200`)
    expect(all.code, all.msg).toBe(0)
    expect(all.data.counts.completed).toBeGreaterThanOrEqual(1)
    expect(all.data.counts.uncompleted).toBeGreaterThanOrEqual(1)
    expect(all.data.counts.inProgress).toBeGreaterThanOrEqual(1)

    const done = await get<StocktakePage>(`/api/stocktakes?show=completed&roomId=${room}`)
    expect(done.data.list.map((s) => s.process.id)).toEqual([completed.id])
    expect(done.data.total).toBe(1)
    expect(done.data.list[0]).toMatchObject({
      show: 'completed',
      countedOn: '2026-03-02',
      counters: 'Wang Fang, Li Wei',
      found: 4,
      missing: 0,
    })
    expect(done.data.list[0].room?.nameEn).toMatch(/^Room /)
    expect(done.data.counts).toMatchObject({ completed: 1, uncompleted: 1, inProgress: 0 })

    const open = await get<StocktakePage>(`/api/stocktakes?show=uncompleted&roomId=${room}`)
    expect(open.data.list[0]).toMatchObject({
      show: 'uncompleted',
      found: 2,
      missing: 2,
      foundLater: 1,
      stillMissing: 1,
    })

    const going = await get<StocktakePage>(`/api/stocktakes?show=inProgress&roomId=${otherRoom}`)
    expect(going.data.list.map((s) => s.process.id)).toEqual([inProgress.id])
    expect(going.data.list[0]).toMatchObject({ countedOn: null, found: 0, missing: 0 })
  })

  it('refuses a filter value it does not know and an unknown room, in both languages', async () => {
    const bad = await get<any>('/api/stocktakes?show=finished')
    expect(bad.status).toBe(400)
    expect(bad.data.fieldErrors.show).toBe('Invalid value')
    const size = await get<any>('/api/stocktakes?pageSize=500')
    expect(size.status).toBe(400)
    const notId = await get<any>('/api/stocktakes?roomId=hall-3')
    expect(notId.status).toBe(400)
    expect(Object.keys(notId.data.fieldErrors)).toEqual(['roomId'])
    for (const [lang, words] of [
      ['en', 'There is no such room'],
      ['zh-CN', '没有这个库房'],
    ]) {
      const unknown = await get<any>('/api/stocktakes?roomId=0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e9999', lang)
      expect(unknown.status).toBe(400)
      expect(unknown.data.fieldErrors.roomId).toBe(words)
    }
  })

  it('is read with devOpsManage:view only', async () => {
    const noToken = await f.t.call('GET', '/api/stocktakes', { headers: DEV })
    expect(noToken.status).toBe(403)
  })
})

describe("a stocktake's result", () => {
  it('lists every artwork: found, found later, still missing, with thumbnail, number and title', async () => {
    const res = await get<StocktakeDetail>(`/api/stocktakes/${uncompleted.id}`)
    expect(res.code, res.msg).toBe(0)
    expect(res.data.explanation).toContain('framing room')
    const result = new Map(res.data.artworks.map((a) => [a.artwork.id, a]))
    expect(result.get(works[0])?.result).toBe('found')
    expect(result.get(works[1])?.result).toBe('found')
    expect(result.get(works[2])?.result).toBe('foundLater')
    expect(result.get(works[3])?.result).toBe('stillMissing')
    expect(res.data.artworks[0].result).toBe('stillMissing')
    const missing = result.get(works[3])
    expect(missing?.artwork.titleEn).toMatch(/^Test work/)
    expect(missing?.artwork.inventoryNo).toMatch(/^T-/)
    expect(missing?.artwork).toHaveProperty('previewFileId')
    expect(result.get(works[2])?.whereNow.roomId).toBe(room)
    expect(missing?.whereNow.roomId).toBeNull()
  })

  it('404 for a process that is not a stocktake, 400 for an id that is not one', async () => {
    const buy = await f.start('operations', 'OPERATION_SHOT_ART', { artworkIds: [works[0]] })
    expect((await get<any>(`/api/stocktakes/${buy.id}`)).status).toBe(404)
    await f.send('operations', buy, 'TERMINATE', { comment: 'Not needed' })
    expect((await get<any>('/api/stocktakes/not-an-id')).status).toBe(400)
  })
})

describe('the warehouse summary', () => {
  it("gives the room's artworks, value per currency, last stocktake, missing and movements per month", async () => {
    // Two older movements into and out of the room, months apart.
    const months = lastMonths(12)
    const at = (m: string) => `${m}-15T10:00:00Z`
    await f.t.deps.database.raw(
      `insert into artwork_movements (artwork_id, at, kind, from_room_id, to_room_id, from_location, to_location, note)
       values ($1, $3, 'warehousing', null, $2, '', '', ''), ($1, $4, 'transport_start', $2, null, '', 'in transit', '')`,
      [works[1], room, at(months[2]), at(months[5])],
    )
    const res = await get<WarehouseSummary>(`/api/stocktakes/summary?roomId=${room}`)
    expect(res.code, res.msg).toBe(0)
    expect(res.data.rooms).toHaveLength(1)
    const r = res.data.rooms[0]
    expect(r.room.id).toBe(room)
    // works[3] is missing: three are in the room now.
    expect(r.artworks).toBe(3)
    expect(r.values).toEqual([
      { currency: 'CNY', amount: '300.35', artworks: 2 },
      { currency: 'HKD', amount: '50.00', artworks: 1 },
    ])
    expect(r.unvalued).toBe(0)
    expect(r.missing).toBe(1)
    expect(r.lastStocktake).toMatchObject({
      processId: uncompleted.id,
      show: 'uncompleted',
      countedOn: '2026-03-02',
      found: 2,
      missing: 2,
    })
    expect(r.movements.map((m) => m.month)).toEqual(months)
    const byMonth = new Map(r.movements.map((m) => [m.month, m]))
    expect(byMonth.get(months[2])?.in).toBe(1)
    expect(byMonth.get(months[5])?.out).toBe(1)
    // This month: works[2] and works[3] out at the count (missing), works[2] back in (found later); the
    // completed count's "found" rows stay in the room (not a movement in or out).
    expect(byMonth.get(months[11])).toMatchObject({ in: 1, out: 2 })
    expect(res.data.totals.values).toEqual(r.values)
    expect(res.data.totals.missing).toBe(1)

    const all = await get<WarehouseSummary>('/api/stocktakes/summary')
    expect(all.data.rooms.length).toBeGreaterThanOrEqual(2)
    expect(all.data.rooms.find((x) => x.room.id === otherRoom)).toMatchObject({
      artworks: 0,
      values: [],
      lastStocktake: null,
    })
    // Totals per currency, never across currencies.
    const currencies = all.data.totals.values.map((v) => v.currency)
    expect(new Set(currencies).size).toBe(currencies.length)
  })

  it('refuses an unknown room and needs the view privilege', async () => {
    const unknown = await get<any>(
      '/api/stocktakes/summary?roomId=0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e9999',
      'zh-CN',
    )
    expect(unknown.status).toBe(400)
    expect(unknown.data.fieldErrors.roomId).toBe('没有这个库房')
    const bad = await get<any>('/api/stocktakes/summary?roomId=x')
    expect(bad.status).toBe(400)
  })
})
