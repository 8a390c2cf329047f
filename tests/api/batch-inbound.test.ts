// Batch inbound (BUY_ART_TRANS v2) on a real database: a shipping of three artworks reaches warehousing and is
// listed among the batches awaiting it (GET /api/stocktakes/inbound); its one warehousing form puts each
// artwork into its own room with its own condition (two rooms, two conditions), approved once: one movement
// per artwork into its room carrying its condition note, the batch on /api/operations/batches. Refused, with
// nothing stored: a disabled or unknown room, an artwork not in the batch, one left out, one twice, a
// condition not as expected without a note. A v1 process still takes the one-room form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { definitionOf, latest } from '../../machines/registry'
import type { ProcessCatalog } from '../../src/server/modules/process/catalog'
import { machineCatalog } from '../../src/server/modules/process/machine-catalog'
import { startProcess } from '../../src/server/modules/process/runtime'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { InboundPage } from '../../src/shared/contracts/stocktakes'
import { type Flow, openFlow } from './process-flow'
import { artworkRows, makeRoom, userOf } from './process-helpers'

let f: Flow
let roomB: string
let disabledRoom: string
beforeAll(async () => {
  f = await openFlow()
  roomB = await makeRoom(f.t)
  disabledRoom = await makeRoom(f.t)
  await f.t.deps.database.raw('update rooms set enabled = false where id = $1', [disabledRoom])
}, 120_000)
afterAll(async () => {
  await f?.close()
})

const DEV = { 'x-system-name': 'devOpsManage' }

/** The catalog of a server without v2: BUY_ART_TRANS stops at v1. */
const v1Only: ProcessCatalog = {
  ...machineCatalog,
  latest: (type) =>
    type === 'BUY_ART_TRANS'
      ? (definitionOf(type, 1) ?? machineCatalog.latest(type))
      : machineCatalog.latest(type),
  versionsOf: (type) => (type === 'BUY_ART_TRANS' ? [1] : machineCatalog.versionsOf(type)),
}

async function toWarehousing(ids: string[], onV1 = false): Promise<ProcessView> {
  const s = f.samples('BUY_ART_TRANS', ids)
  let p = onV1
    ? await startProcess(
        { db: f.t.deps.database.db, config: f.t.deps.config, catalog: v1Only },
        await userOf(f.t, 'operations'),
        'BUY_ART_TRANS',
        { artworkIds: ids },
        'en',
      )
    : await f.start('operations', 'BUY_ART_TRANS', { artworkIds: ids })
  p = await f.pass(p, s.transport[0], 'operations')
  p = await f.send('operations', p, 'DEPART', { payload: { departedOn: '2026-03-02' } })
  p = await f.send('operations', p, 'ARRIVE', { payload: { arrivedOn: '2026-03-04' } })
  expect(p.currentStep).toBe('warehousing')
  return p
}

const movements = async (processId: string) =>
  (await f.t.deps.database.raw(
    `select artwork_id, kind, to_room_id, note from artwork_movements
      where process_id = $1 and kind = 'warehousing' order by artwork_id`,
    [processId],
  )) as { artwork_id: string; kind: string; to_room_id: string; note: string }[]

describe('a batch of three arriving artworks into two rooms', () => {
  let ids: string[]
  let p: ProcessView
  beforeAll(async () => {
    ids = await f.artworks(3)
    // Arriving artworks are not in a room yet.
    await f.t.deps.database.raw(
      `update artworks set room_id = null, in_warehouse = false, status = 'purchased' where id = any($1::uuid[])`,
      [ids],
    )
    p = await toWarehousing(ids)
  }, 60_000)

  it('runs on the latest version (batch inbound since v2) and is listed among the batches awaiting warehousing, with its artworks and origin', async () => {
    expect(p.definitionVersion).toBe(latest('BUY_ART_TRANS').version)
    expect(p.definitionVersion).toBeGreaterThanOrEqual(2)
    const res = await f.t.call<InboundPage>('GET', '/api/stocktakes/inbound?pageSize=200', {
      token: f.tokens.viewer,
      headers: DEV,
    })
    expect(res.code, res.msg).toBe(0)
    const item = res.data.list.find((i) => i.process.id === p.id)
    expect(item).toBeDefined()
    expect(item?.artworks.map((a) => a.id).sort()).toEqual([...ids].sort())
    expect(item?.origin).toContain('Hong Kong')
    expect(item?.arrivedOn).toBe('2026-03-04')
  })

  const form = (rows: Record<string, unknown>[]) => ({
    warehousedOn: '2026-03-05',
    receivedBy: 'Wang Fang',
    artworks: rows,
  })
  const good = () => [
    { artworkId: ids[0], roomId: f.room, conditionOk: true },
    { artworkId: ids[1], roomId: roomB, conditionOk: false, conditionNote: 'Frame corner chipped' },
    { artworkId: ids[2], roomId: roomB, conditionOk: true, conditionNote: 'Crate opened for customs' },
  ]

  it('refuses bad rows at their fields, in both languages, and stores nothing', async () => {
    const stranger = (await f.artworks(1))[0]
    const cases: [string, Record<string, unknown>[], string, string, string][] = [
      [
        'an artwork not in the batch',
        [...good().slice(0, 2), { artworkId: stranger, roomId: f.room, conditionOk: true }],
        'payload.artworks.2.artworkId',
        'This artwork is not in this batch',
        '该作品不在本批次中',
      ],
      [
        'an artwork left out',
        good().slice(0, 2),
        'payload.artworks',
        'Every artwork of the batch needs its room and condition on arrival',
        '本批次的每件作品都须填写库房和到货品相',
      ],
      [
        'an artwork twice',
        [...good(), { ...good()[0] }],
        'payload.artworks.3.artworkId',
        'An artwork may appear only once',
        '同一作品不能重复出现',
      ],
      [
        'a condition not as expected without a note',
        [good()[0], { artworkId: ids[1], roomId: roomB, conditionOk: false }, good()[2]],
        'payload.artworks.1.conditionNote',
        'Describe the condition when it is not as expected',
        '品相与预期不符时须填写说明',
      ],
      [
        'a room that is not an id',
        [{ ...good()[0], roomId: 'hall 3' }, ...good().slice(1)],
        'payload.artworks.0.roomId',
        'Invalid value',
        '',
      ],
    ]
    for (const [label, rows, field, en, zh] of cases) {
      for (const lang of ['en', 'zh-CN']) {
        const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
          token: f.tokens.operations,
          lang,
          body: { type: 'SUBMIT', expectedVersion: p.version, payload: form(rows) },
        })
        expect(res.status, label).toBe(400)
        expect(Object.keys(res.data.fieldErrors), label).toContain(field)
        const words = res.data.fieldErrors[field]
        if (lang === 'en' && en !== 'Invalid value') expect(words, label).toBe(en)
        if (lang === 'zh-CN' && zh) expect(words, label).toBe(zh)
      }
    }
    const after = (await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.operations }))
      .data
    expect(after.version).toBe(p.version)
    expect(await movements(p.id)).toEqual([])
  })

  it('refuses a disabled or unknown room at approval, leaving every artwork where it was', async () => {
    for (const [room, en, zh] of [
      [disabledRoom, 'This room is disabled', '该库房已停用'],
      ['0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e9999', 'There is no such room', '没有这个库房'],
    ]) {
      const rows = [good()[0], { ...good()[1], roomId: room }, good()[2]]
      const submitted = await f.send('operations', p, 'SUBMIT', { payload: form(rows) })
      for (const lang of ['en', 'zh-CN']) {
        const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
          token: f.tokens.approver,
          lang,
          body: { type: 'APPROVE', expectedVersion: submitted.version },
        })
        expect(res.status).toBe(400)
        expect(res.data.fieldErrors['artworks.1.roomId']).toBe(lang === 'en' ? en : zh)
      }
      // Nothing half-stored: no artwork moved, no movement row, the process still awaits approval.
      const rowsNow = await artworkRows(f.t, ids)
      expect(rowsNow.every((a) => a.room_id === null && !a.in_warehouse)).toBe(true)
      expect(await movements(p.id)).toEqual([])
      p = await f.send('approver', submitted, 'REJECT', { comment: 'Choose another room' })
    }
  })

  it('puts each artwork into its own room with its condition, approved once, as one batch', async () => {
    p = await f.pass(p, form(good()), 'operations')
    expect(p).toMatchObject({ status: 'completed', done: true })
    const rows = await artworkRows(f.t, ids)
    const roomOf = new Map(rows.map((a) => [a.id, a]))
    expect(roomOf.get(ids[0])).toMatchObject({ room_id: f.room, in_warehouse: true, status: 'in_collection' })
    expect(roomOf.get(ids[1])).toMatchObject({ room_id: roomB, in_warehouse: true, status: 'in_collection' })
    expect(roomOf.get(ids[2])).toMatchObject({ room_id: roomB, in_warehouse: true })
    expect(rows.every((a) => a.transport_status === 'none' && a.active_process_id === null)).toBe(true)
    const moves = await movements(p.id)
    expect(moves).toHaveLength(3)
    const byArtwork = new Map(moves.map((m) => [m.artwork_id, m]))
    expect(byArtwork.get(ids[0])?.to_room_id).toBe(f.room)
    expect(byArtwork.get(ids[1])).toMatchObject({ to_room_id: roomB, note: 'Frame corner chipped' })
    expect(byArtwork.get(ids[2])?.note).toBe('Crate opened for customs')

    // The batch: the movement rows of the approval, on /api/operations/batches/{process}/{seq}.
    const approval = p.history.find((h) => h.type === 'APPROVE' && h.toState === 'completed')
    expect(approval).toBeDefined()
    const batch = await f.t.call<any>('GET', `/api/operations/batches/${p.id}/${approval?.seq}`, {
      token: f.tokens.viewer,
      headers: DEV,
    })
    expect(batch.code, batch.msg).toBe(0)
    expect(batch.data.movements).toHaveLength(3)
    expect(batch.data.movements.every((m: any) => m.kind === 'warehousing')).toBe(true)

    // No longer awaiting warehousing.
    const inbound = await f.t.call<InboundPage>('GET', '/api/stocktakes/inbound?pageSize=200', {
      token: f.tokens.viewer,
      headers: DEV,
    })
    expect(inbound.data.list.some((i) => i.process.id === p.id)).toBe(false)
  })

  it('the condition reports name each artwork its own condition', async () => {
    const res = await f.t.call<any>('GET', `/api/artworks/${ids[1]}/condition-reports`, {
      token: f.tokens.viewer,
      headers: { 'x-system-name': 'artworkArchive' },
    })
    expect(res.code, res.msg).toBe(0)
    const w = res.data.items.find((i: any) => i.kind === 'warehousing')
    expect(w).toMatchObject({ conditionOk: false, note: 'Frame corner chipped' })
  })
})

describe('a process started on version 1', () => {
  it('still takes the one-room form and warehouses everything there', async () => {
    const ids = await f.artworks(2)
    // Started by a server that had only v1: it finishes on v1.
    let p = await toWarehousing(ids, true)
    expect(p.definitionVersion).toBe(1)
    const refused = await f.post('operations', p, {
      type: 'SUBMIT',
      payload: { warehousedOn: '2026-03-05', receivedBy: 'Wang Fang', artworks: [] },
    })
    expect(refused.status).toBe(400)
    p = await f.pass(
      p,
      { roomId: roomB, warehousedOn: '2026-03-05', receivedBy: 'Wang Fang', conditionOk: true },
      'operations',
    )
    expect(p.status).toBe('completed')
    const rows = await artworkRows(f.t, ids)
    expect(rows.every((a) => a.room_id === roomB)).toBe(true)
    expect(await movements(p.id)).toHaveLength(2)
  })
})
