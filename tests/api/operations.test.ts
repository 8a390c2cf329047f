// The operations API (/api/operations) on a real database: a transport's movements and its batches, the
// artworks in an operation with since when, exhibition loans with an overdue return flagged, sold works
// awaiting delivery, counts per type and status, and bad query parameters refused with 400 in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  BatchView,
  InOperationItem,
  LoanPage,
  MovementView,
  OperationCounts,
  SaleDeliveryPage,
} from '../../src/shared/contracts/operations'
import type { ProcessView } from '../../src/shared/contracts/process'
import { day, type Flow, openFlow } from './process-flow'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
}, 120_000)
afterAll(async () => {
  await f?.close()
})

async function get<T>(path: string, lang = 'en', user = 'operations') {
  return f.t.call<T>('GET', `/api/operations${path}`, {
    token: f.tokens[user],
    lang,
    headers: { 'x-system-name': 'devOpsManage' },
  })
}
async function data<T>(path: string): Promise<T> {
  const res = await get<T>(path)
  expect(res.code, `${path}: ${res.msg}`).toBe(0)
  return res.data
}
type Page<T> = { list: T[]; total: number; page: number; pageSize: number }

const roomName = async (id: string) =>
  ((await f.t.deps.database.raw('select name_en from rooms where id = $1', [id])) as { name_en: string }[])[0]
    .name_en

describe('a transport: its movements, batches and the artworks in operation', () => {
  let ids: string[]
  let p: ProcessView
  beforeAll(async () => {
    ids = await f.artworks(2)
    const s = f.samples('OPERATION_TRANS_ART', ids)
    p = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: ids })
    p = await f.pass(p, s.transportInfo[0], 'operations')
  })

  it('lists the artworks held by the live transport, where they are and since its start', async () => {
    const page = await data<Page<InOperationItem>>('/in-operation?type=OPERATION_TRANS_ART&pageSize=200')
    const mine = page.list.filter((i) => i.process.id === p.id)
    expect(mine.map((i) => i.artwork.id).sort()).toEqual([...ids].sort())
    const room = await roomName(f.room)
    for (const item of mine) {
      expect(item.process).toMatchObject({ type: 'OPERATION_TRANS_ART', status: 'toBeTransported' })
      expect(item.transportStatus).toBe('to_be_transported')
      expect(item.where).toMatchObject({ roomId: f.room, roomEn: room })
      expect(item.since).toBe(p.createdAt)
      expect(item.artwork.titleEn).toMatch(/^Test work/)
    }
    const own = await data<{ artwork: { id: string }; transportStatus: string }[]>(
      `/processes/${p.id}/artworks`,
    )
    expect(own.map((a) => a.artwork.id).sort()).toEqual([...ids].sort())
    expect(own.every((a) => a.transportStatus === 'to_be_transported')).toBe(true)
    expect((await get('/processes/00000000-0000-4000-8000-000000000000/artworks')).status).toBe(404)
    // Every listed row is held by a live process of the type asked for.
    expect(page.list.every((i) => i.process.type === 'OPERATION_TRANS_ART' && !i.process.done)).toBe(true)
  })

  it('records each event as a batch: departure then arrival, with rooms and places in words', async () => {
    const s = f.samples('OPERATION_TRANS_ART', ids)
    p = await f.send('operations', p, 'DEPART', { payload: s.DEPART[0] })
    const departSeq = p.version
    p = await f.send('operations', p, 'ARRIVE', { payload: s.ARRIVE[0] })
    expect(p.status).toBe('completed')

    const moves = await data<Page<MovementView>>(`/movements?processId=${p.id}`)
    expect(moves.total).toBe(4)
    // Newest first: the arrival, then the departure.
    expect(moves.list.map((m) => m.kind)).toEqual([
      'transport_arrive',
      'transport_arrive',
      'transport_start',
      'transport_start',
    ])
    const room = await roomName(f.room)
    const [arrived] = moves.list
    expect(arrived).toMatchObject({
      processType: 'OPERATION_TRANS_ART',
      seq: p.version,
      byName: expect.any(String),
    })
    expect(arrived.to).toMatchObject({ roomId: f.room, roomEn: room })
    expect(moves.list[3].from).toMatchObject({ roomId: f.room, roomEn: room })
    expect(moves.list[3].to.location).toContain('Fine Art Logistics')
    expect(moves.list[3].seq).toBe(departSeq)

    const batch = await data<BatchView>(`/batches/${p.id}/${departSeq}`)
    expect(batch).toMatchObject({
      seq: departSeq,
      eventType: 'DEPART',
      process: { id: p.id, type: 'OPERATION_TRANS_ART' },
    })
    expect(batch.movements.map((m) => m.artwork.id).sort()).toEqual([...ids].sort())
    expect(batch.movements.every((m) => m.kind === 'transport_start')).toBe(true)

    // An event that moved nothing is a batch without artworks; a history row that does not exist is 404.
    expect((await data<BatchView>(`/batches/${p.id}/1`)).movements).toEqual([])
    expect((await get(`/batches/${p.id}/${p.version + 1}`)).status).toBe(404)

    // Released once arrived: no longer in an operation.
    const page = await data<Page<InOperationItem>>('/in-operation?pageSize=200')
    expect(page.list.some((i) => ids.includes(i.artwork.id))).toBe(false)
  })

  it('filters the ledger by artwork and kind, and pages it', async () => {
    const one = await data<Page<MovementView>>(`/movements?artworkId=${ids[0]}&kind=transport_arrive`)
    expect(one.total).toBe(1)
    expect(one.list[0]).toMatchObject({ kind: 'transport_arrive', artwork: { id: ids[0] } })
    const paged = await data<Page<MovementView>>(`/movements?processId=${p.id}&pageSize=3&page=2`)
    expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 3 })
    expect(paged.list).toHaveLength(1)
    const tomorrow = day(1)
    expect((await data<Page<MovementView>>(`/movements?processId=${p.id}&from=${tomorrow}`)).total).toBe(0)
    expect((await data<Page<MovementView>>(`/movements?processId=${p.id}&to=${day(0)}`)).total).toBe(4)
  })
})

describe('exhibition loans', () => {
  it('flags a loan past its end date as overdue until it is returned', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_LOAN_EXHIBITION_ART', ids)
    const before = await data<LoanPage>('/loans')
    let p = await f.start('operations', 'OPERATION_LOAN_EXHIBITION_ART', { artworkIds: ids })
    p = await f.pass(p, { ...s.loan[0], startDate: day(-40), endDate: day(-2) }, 'operations')
    const upcoming = await data<LoanPage>('/loans?show=upcoming&pageSize=200')
    expect(upcoming.counts.upcoming).toBe(before.counts.upcoming + 1)
    expect(upcoming.list.find((l) => l.process.id === p.id)).toMatchObject({
      borrower: 'Power Station of Art',
      exhibitionName: 'Ink Now',
      endDate: day(-2),
      overdue: false,
      artworks: [{ id: ids[0] }],
    })
    // A loan called off is not upcoming (though it could be restarted).
    let off = await f.start('operations', 'OPERATION_LOAN_EXHIBITION_ART', {
      artworkIds: await f.artworks(1),
    })
    off = await f.send('operations', off, 'TERMINATE', { comment: 'Called off' })
    const afterOff = await data<LoanPage>('/loans?show=upcoming&pageSize=200')
    expect(afterOff.list.some((l) => l.process.id === off.id)).toBe(false)
    expect(afterOff.counts.upcoming).toBe(before.counts.upcoming + 1)
    p = await f.pass(p, s.artworkTransport[0], 'operations')
    p = await f.send('operations', p, 'DEPART', { payload: s.DEPART[0] })
    p = await f.send('operations', p, 'ARRIVE', { payload: s.ARRIVE[0] })
    expect(p.status).toBe('onLoan')

    const overdue = await data<LoanPage>('/loans?show=overdue&pageSize=200')
    expect(overdue.counts).toMatchObject({
      upcoming: before.counts.upcoming,
      onLoan: before.counts.onLoan + 1,
      overdue: before.counts.overdue + 1,
    })
    expect(overdue.list.every((l) => l.overdue && l.process.status === 'onLoan')).toBe(true)
    expect(overdue.list.find((l) => l.process.id === p.id)).toMatchObject({ overdue: true, endDate: day(-2) })

    p = await f.send('operations', p, 'RETURN', { payload: { ...s.RETURN[0], returnedOn: day(0) } })
    const returned = await data<LoanPage>('/loans?show=returned&pageSize=200')
    expect(returned.counts.overdue).toBe(before.counts.overdue)
    expect(returned.list.find((l) => l.process.id === p.id)).toMatchObject({
      overdue: false,
      returnedOn: day(0),
    })
  })
})

const placeOf = async (id: string) =>
  (
    (await f.t.deps.database.raw(
      'select status::text as status, room_id, location_text from artworks where id = $1',
      [id],
    )) as { status: string; room_id: string | null; location_text: string }[]
  )[0]

describe('sold works awaiting delivery', () => {
  it('lists a work once its sale is paid, with the buyer and the date it was sold', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('OPERATION_SELL_ART', ids)
    const before = await data<SaleDeliveryPage>('/sale-deliveries')
    let sale = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: ids })
    sale = await f.pass(sale, s.marketSurvey[0])
    sale = await f.pass(sale, s.contract[0])
    sale = await f.pass(sale, s.collection[0], 'registrar')
    expect((await data<SaleDeliveryPage>('/sale-deliveries')).counts).toEqual(before.counts)
    sale = await f.send('finance', sale, 'CONFIRM_PAYMENT', {
      payload: { paidOn: day(0), bankReference: 'S-1' },
    })
    const after = await data<SaleDeliveryPage>('/sale-deliveries?show=awaiting&pageSize=200')
    expect(after.counts.awaiting).toBe(before.counts.awaiting + 1)
    expect(after.list.find((i) => i.artwork.id === ids[0])).toMatchObject({
      sale: { id: sale.id, status: 'completed' },
      buyer: 'Mr Chen',
      soldAt: sale.finishedAt,
      delivery: null,
    })
    const none = await data<SaleDeliveryPage>('/sale-deliveries?show=started&pageSize=200')
    expect(none.list.some((i) => i.artwork.id === ids[0])).toBe(false)

    // The delivery transport, named after the sale (the sale's follow-up may move its sold work).
    const delivery = await f.start('operations', 'OPERATION_TRANS_ART', {
      artworkIds: ids,
      sourceProcessId: sale.id,
    })
    const started = await data<SaleDeliveryPage>('/sale-deliveries?show=started&pageSize=200')
    expect(started.counts).toEqual({ awaiting: before.counts.awaiting, started: before.counts.started + 1 })
    expect(started.list.find((i) => i.artwork.id === ids[0])).toMatchObject({
      delivery: { id: delivery.id, type: 'OPERATION_TRANS_ART', status: 'draft' },
    })
    // Sold, it stays in its room until the delivery moves it: the buyer is no place.
    expect(await placeOf(ids[0])).toEqual({ status: 'sold', room_id: f.room, location_text: '' })

    const { toRoomId: _, ...info } = f.samples('OPERATION_TRANS_ART', ids).transportInfo[0]
    let moved = await f.pass(delivery, { ...info, toLocation: 'Mr Chen, 8 Fuxing Road' }, 'operations')
    moved = await f.send('operations', moved, 'DEPART', { payload: { departedOn: day(0) } })
    expect(await placeOf(ids[0])).toMatchObject({ status: 'sold', room_id: null })
    moved = await f.send('operations', moved, 'ARRIVE', { payload: { arrivedOn: day(0) } })
    expect(moved.status).toBe('completed')
    expect(await placeOf(ids[0])).toEqual({
      status: 'sold',
      room_id: null,
      location_text: 'Mr Chen, 8 Fuxing Road',
    })
  })
})

describe('the process list by phase', () => {
  it('puts a terminated process with the ended ones, not under way, though it may be restarted', async () => {
    const list = async (q: string) =>
      (
        await f.t.call<{ list: ProcessView[] }>(
          'GET',
          `/api/process?type=OPERATION_MOUNT_ART&pageSize=200&${q}`,
          {
            token: f.tokens.operations,
          },
        )
      ).data.list.map((p) => p.id)
    const running = await f.start('operations', 'OPERATION_MOUNT_ART', { artworkIds: await f.artworks(1) })
    let stopped = await f.start('operations', 'OPERATION_MOUNT_ART', { artworkIds: await f.artworks(1) })
    stopped = await f.send('operations', stopped, 'TERMINATE', { comment: 'Not needed' })
    expect(stopped).toMatchObject({ status: 'terminated', done: false })
    const active = await list('phase=active')
    const ended = await list('phase=ended')
    expect(active).toContain(running.id)
    expect(active).not.toContain(stopped.id)
    expect(ended).toContain(stopped.id)
    expect(ended).not.toContain(running.id)
    // `live=1` still means "not in a final state": the terminated one is there.
    expect(await list('live=1')).toContain(stopped.id)
    const bad = await f.t.call('GET', '/api/process?phase=paused', { token: f.tokens.operations })
    expect(bad.status).toBe(400)
  })
})

describe('counts', () => {
  it('counts processes per type and status, a new one included', async () => {
    const key = (c: OperationCounts) =>
      c.find((r) => r.type === 'OPERATION_SHOT_ART' && r.status === 'draft')?.count ?? 0
    const before = await data<OperationCounts>('/counts')
    await f.start('operations', 'OPERATION_SHOT_ART', { artworkIds: await f.artworks(1) })
    const after = await data<OperationCounts>('/counts')
    expect(key(after)).toBe(key(before) + 1)
    const total = (await f.t.deps.database.raw('select count(*)::int as n from processes')) as { n: number }[]
    expect(after.reduce((sum, r) => sum + r.count, 0)).toBe(total[0].n)
  })
})

describe('bad query parameters', () => {
  const cases: [string, string][] = [
    ['/movements?kind=teleported', 'kind'],
    ['/movements?processId=42', 'processId'],
    ['/movements?from=2026-02-30', 'from'],
    ['/movements?from=2026-03-02&to=2026-03-01', 'to'],
    ['/movements?page=0', 'page'],
    ['/movements?pageSize=500', 'pageSize'],
    ['/in-operation?type=OPERATION_TELEPORT', 'type'],
    ['/loans?show=lost', 'show'],
    ['/sale-deliveries?show=never', 'show'],
    [`/batches/${'0'.repeat(8)}/1`, 'processId'],
    ['/batches/00000000-0000-4000-8000-000000000000/first', 'seq'],
    ['/processes/not-a-process/artworks', 'id'],
  ]
  for (const [path, field] of cases)
    it(`refuses ${path} with 400 naming ${field}, in both languages`, async () => {
      const en = await get<{ fieldErrors?: Record<string, string> }>(path, 'en')
      expect(en.status).toBe(400)
      expect(Object.keys(en.data?.fieldErrors ?? {})).toContain(field)
      const zh = await get(path, 'zh-CN')
      expect(zh.status).toBe(400)
      expect(zh.msg).not.toBe(en.msg)
      expect(zh.msg).toMatch(/[\u4e00-\u9fff]/)
    })

  it('refuses a user without devOpsManage:view', async () => {
    const res = await f.t.call('GET', '/api/operations/counts', {
      headers: { 'x-system-name': 'devOpsManage' },
    })
    expect(res.status).toBe(403)
  })
})
