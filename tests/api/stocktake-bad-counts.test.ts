// A stocktake's count names only what its room holds, on a real database: an artwork on loan, sold, in
// transit, in another room or missing since an earlier count is refused at SUBMIT, and one a live process
// holds cannot be counted missing; each refusal is a 400 at its place in the list naming the artwork
// (inventory number) and why, in both languages, with nothing written. The same check runs again at
// APPROVE on the world as it is then, rolling the event back. A stocktake of a room that does not exist
// or is disabled is refused at the start; an id no artwork has at SUBMIT. The world invariants name what
// an unchecked count used to leave behind.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latest } from '../../machines/registry'
import { describe as describeState } from '../../machines/view'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { ProcessType } from '../../src/shared/process-types'
import { shortestPaths } from '../model/graph-paths'
import { SAMPLE_SECOND_APPROVAL_ABOVE, sampleInput } from '../model/samples'
import { assertWorldConsistent, worldProblems } from './invariants'
import { type Flow, openFlow } from './process-flow'
import { artworkRows, countRows, makeArtworks, makeRoom } from './process-helpers'

let f: Flow
let room: string
let otherRoom: string
/** Inventory numbers by artwork id. */
const numbers = new Map<string, string>()
const w = {} as Record<
  'inRoom' | 'onLoan' | 'sold' | 'inTransit' | 'held' | 'elsewhere' | 'missing',
  string[]
>

/** An event in a language: the raw answer. */
const event = (user: string, p: ProcessView, body: Record<string, unknown>, lang = 'en') =>
  f.t.call<any>('POST', `/api/process/${p.id}/events`, {
    token: f.tokens[user],
    lang,
    body: { expectedVersion: p.version, ...body },
  })

/** A stocktake started in a language: the raw answer. */
const start = (input: Record<string, unknown>, lang = 'en') =>
  f.t.call<any>('POST', '/api/process', {
    token: f.tokens.operations,
    lang,
    body: { type: 'INVENTORY_CHECK', input },
  })

const counting = (found: string[], missing: string[]) => ({
  countedOn: '2026-03-02',
  counters: 'Wang Fang',
  foundArtworkIds: found,
  missingArtworkIds: missing,
})

/** Two fresh artworks of `room` taken by a process of `type` to the state `target` along the graph. */
async function reach(type: ProcessType, target: string): Promise<string[]> {
  const definition = latest(type)
  const ids = (await makeArtworks(f.t, 2, room)) as [string, string]
  const refs = { artworkIds: ids, roomId: room, fileId: f.pdfId }
  const path = shortestPaths(definition, refs).find(
    (s) => describeState(definition, s.state).state === target,
  )
  if (!path) throw new Error(`${type}: no path to ${target}`)
  let p = await f.start('registrar', type, sampleInput(type, refs))
  for (const e of path.events) {
    const res = await f.post(e.actor, p, { type: e.type, payload: e.payload, comment: e.comment })
    expect(res.status, `${type} ${e.type} from ${p.state}: ${JSON.stringify(res.data)}`).toBe(200)
    p = res.data
  }
  expect(p.state).toBe(target)
  return ids
}

/** What a refused event must leave as it was: the artworks, their movements, the process's version. */
async function worldOf(ids: string[], processId?: string) {
  return {
    artworks: await artworkRows(f.t, ids),
    movements: await countRows(f.t, 'artwork_movements', 'artwork_id = any($1::uuid[])', [ids]),
    version: processId
      ? (
          (await f.t.deps.database.raw('select version from processes where id = $1', [processId])) as any[]
        )[0].version
      : null,
  }
}

const all = () => Object.values(w).flat()

beforeAll(async () => {
  f = await openFlow()
  f.t.deps.config.secondApprovalAbove = SAMPLE_SECOND_APPROVAL_ABOVE
  room = await makeRoom(f.t)
  otherRoom = await makeRoom(f.t)
  w.inRoom = await makeArtworks(f.t, 3, room)
  w.onLoan = await reach('OPERATION_LOAN_EXHIBITION_ART', 'return.onLoan')
  w.sold = await reach('OPERATION_SELL_ART', 'completed')
  w.inTransit = await reach('OPERATION_TRANS_ART', 'transport.transporting')
  // A photography process just started holds its artworks; they stay in the room.
  w.held = await makeArtworks(f.t, 1, room)
  await f.start('registrar', 'OPERATION_SHOT_ART', { artworkIds: w.held })
  w.elsewhere = await makeArtworks(f.t, 1, otherRoom)
  // Missing since an earlier count of this room (that stocktake now waits in its discrepancies step).
  w.missing = await makeArtworks(f.t, 1, room)
  const earlier = await f.start('operations', 'INVENTORY_CHECK', { roomId: room })
  expect((await f.pass(earlier, counting([], w.missing), 'operations')).state).toBe('discrepancies.draft')
  const rows = (await f.t.deps.database.raw(
    'select id, inventory_no from artworks where id = any($1::uuid[])',
    [all()],
  )) as { id: string; inventory_no: string }[]
  for (const r of rows) numbers.set(r.id, r.inventory_no)
}, 300_000)
afterAll(async () => {
  await f?.close()
})

describe('a count naming artworks the room does not hold', () => {
  it('is refused at SUBMIT as the tester sent it (on loan and sold found, in transit missing)', async () => {
    const p = (await start({ roomId: room })).data as ProcessView
    const before = await worldOf(all(), p.id)
    const res = await event('operations', p, {
      type: 'SUBMIT',
      payload: counting([w.onLoan[0], w.sold[0]], [w.inTransit[0]]),
    })
    expect(res.status, JSON.stringify(res.data)).toBe(400)
    expect(res.data.fieldErrors).toEqual({
      'payload.foundArtworkIds.0': `Artwork ${numbers.get(w.onLoan[0])} is out on loan: it is not in this room and cannot be counted here`,
      'payload.foundArtworkIds.1': `Artwork ${numbers.get(w.sold[0])} has been sold: it is not in this room and cannot be counted here`,
      'payload.missingArtworkIds.0': `Artwork ${numbers.get(w.inTransit[0])} is in transit: it is not in this room and cannot be counted here`,
    })
    for (const id of [w.onLoan[0], w.sold[0], w.inTransit[0]]) expect(res.msg).toContain(numbers.get(id))
    expect(await worldOf(all(), p.id)).toEqual(before)
  })

  it('names each artwork and why at its place in the list, in both languages; nothing written', async () => {
    const p = (await start({ roomId: room })).data as ProcessView
    // Refused: the four found after the first, the first missing; a work a live process holds may be
    // counted found (the last found), not missing (below).
    const found = [w.inRoom[0], w.onLoan[0], w.sold[0], w.elsewhere[0], w.missing[0], w.held[0]]
    const payload = counting(found, [w.inTransit[0], w.inRoom[1]])
    const heldMissing = counting([w.inRoom[0]], [w.held[0]])
    const before = await worldOf(all(), p.id)
    const no = (k: keyof typeof w) => numbers.get(w[k][0])
    const expected = {
      en: {
        'payload.foundArtworkIds.1': `Artwork ${no('onLoan')} is out on loan`,
        'payload.foundArtworkIds.2': `Artwork ${no('sold')} has been sold`,
        'payload.foundArtworkIds.3': `Artwork ${no('elsewhere')} is in room R`,
        'payload.foundArtworkIds.4': `Artwork ${no('missing')} has been missing since an earlier stocktake`,
        'payload.missingArtworkIds.0': `Artwork ${no('inTransit')} is in transit`,
        held: `Artwork ${no('held')} is in a process that has not ended (Photography): it cannot be counted missing until that process ends`,
        msg: 'cannot be counted in this room',
      },
      'zh-CN': {
        'payload.foundArtworkIds.1': `作品 ${no('onLoan')} 正在借展中`,
        'payload.foundArtworkIds.2': `作品 ${no('sold')} 已售出`,
        'payload.foundArtworkIds.3': `作品 ${no('elsewhere')} 在库房 R`,
        'payload.foundArtworkIds.4': `作品 ${no('missing')} 在此前的盘点中已确认缺失`,
        'payload.missingArtworkIds.0': `作品 ${no('inTransit')} 正在运输途中`,
        held: `作品 ${no('held')} 正在未结束的流程（拍摄）中，该流程结束前不能记为盘亏`,
        msg: '不能计入本库房的盘点',
      },
    }
    for (const [lang, words] of Object.entries(expected)) {
      const res = await event('operations', p, { type: 'SUBMIT', payload }, lang)
      expect(res.status, JSON.stringify(res.data)).toBe(400)
      const { held, msg, ...fields } = words
      expect(Object.keys(res.data.fieldErrors).sort()).toEqual(Object.keys(fields).sort())
      for (const [field, text] of Object.entries(fields)) expect(res.data.fieldErrors[field]).toContain(text)
      expect(res.msg).toContain(msg)
      for (const k of ['onLoan', 'sold', 'elsewhere', 'missing', 'inTransit'] as const)
        expect(res.msg).toContain(no(k))
      // Held by a live process: not missing.
      const heldRes = await event('operations', p, { type: 'SUBMIT', payload: heldMissing }, lang)
      expect(heldRes.status).toBe(400)
      expect(heldRes.data.fieldErrors).toEqual({ 'payload.missingArtworkIds.0': held })
    }
    expect(await worldOf(all(), p.id)).toEqual(before)
  })

  it('is checked again at APPROVE: a change since the SUBMIT rolls the event back', async () => {
    const [stays, goes] = await makeArtworks(f.t, 2, room)
    const p = (await start({ roomId: room })).data as ProcessView
    // A work a live process holds may be counted found.
    const submitted = await f.send('operations', p, 'SUBMIT', {
      payload: counting([stays, w.held[0]], [goes]),
    })
    // Since the SUBMIT, a photography process has taken the work counted missing.
    const shoot = await f.start('registrar', 'OPERATION_SHOT_ART', { artworkIds: [goes] })
    const [inventoryNo] = (
      (await f.t.deps.database.raw('select inventory_no from artworks where id = $1', [goes])) as any[]
    ).map((r) => r.inventory_no as string)
    const before = await worldOf([stays, goes, w.held[0]], p.id)
    for (const [lang, words] of [
      ['en', `Artwork ${inventoryNo} is in a process that has not ended (Photography)`],
      ['zh-CN', `作品 ${inventoryNo} 正在未结束的流程（拍摄）中`],
    ]) {
      const res = await event('approver', submitted, { type: 'APPROVE' }, lang)
      expect(res.status, JSON.stringify(res.data)).toBe(400)
      expect(res.data.fieldErrors['payload.missingArtworkIds.0']).toContain(words)
      expect(res.msg).toContain(inventoryNo)
    }
    expect(await worldOf([stays, goes, w.held[0]], p.id)).toEqual(before)
    // The photography called off, the count goes through.
    await f.send('registrar', shoot, 'TERMINATE', { comment: 'Not needed' })
    const approved = await f.send('approver', submitted, 'APPROVE')
    expect(approved.state).toBe('discrepancies.draft')
    const after = await artworkRows(f.t, [stays, goes, w.held[0]])
    expect(after.find((a) => a.id === goes)).toMatchObject({ status: 'missing', room_id: null })
    expect(after.find((a) => a.id === w.held[0])).toMatchObject({ room_id: room, status: 'in_collection' })
    await assertWorldConsistent(f.t)
  })

  it('refuses an id no artwork has at SUBMIT, at its field, in both languages', async () => {
    const p = (await start({ roomId: room })).data as ProcessView
    const before = await worldOf(w.inRoom, p.id)
    for (const [lang, words] of [
      ['en', 'No such artwork'],
      ['zh-CN', '没有这件作品'],
    ]) {
      const res = await event(
        'operations',
        p,
        { type: 'SUBMIT', payload: counting([w.inRoom[0], randomUUID()], []) },
        lang,
      )
      expect(res.status).toBe(400)
      expect(res.data.fieldErrors).toEqual({ 'payload.foundArtworkIds.1': words })
    }
    expect(await worldOf(w.inRoom, p.id)).toEqual(before)
  })
})

describe('the room of a stocktake', () => {
  it('must exist and be in use: 400 at the room field, in both languages, nothing started', async () => {
    const disabled = await makeRoom(f.t)
    await f.t.deps.database.raw('update rooms set enabled = false where id = $1', [disabled])
    const stocktakes = () => countRows(f.t, 'processes', "type = 'INVENTORY_CHECK'")
    const n = await stocktakes()
    for (const [roomId, en, zh] of [
      [randomUUID(), 'There is no such room', '没有这个库房'],
      [disabled, 'This room is disabled', '该库房已停用'],
    ]) {
      for (const [lang, words] of [
        ['en', en],
        ['zh-CN', zh],
      ]) {
        const res = await start({ roomId }, lang)
        expect(res.status).toBe(400)
        expect(res.data.fieldErrors).toEqual({ 'input.roomId': words })
      }
    }
    expect(await stocktakes()).toBe(n)
  })
})

describe('the world invariants', () => {
  it('name what an unchecked count left behind', async () => {
    const raw = f.t.deps.database.raw
    const [loaned, transit, sold, plain] = [w.onLoan[1], w.inTransit[1], w.sold[1], w.inRoom[2]]
    const rows = await artworkRows(f.t, [loaned, transit, sold, plain])
    // On loan and sold counted found (in the room), in transit counted missing, a work in a room id that is no room.
    // A sold work may stay in its room until its delivery moves it: only the loaned one is a breach.
    await raw('update artworks set in_warehouse = true, room_id = $2 where id = any($1::uuid[])', [
      [loaned, sold],
      room,
    ])
    await raw("update artworks set status = 'missing' where id = $1", [transit])
    await raw('update artworks set room_id = $2 where id = $1', [plain, randomUUID()])
    try {
      const problems = (await worldProblems(f.t)).map((p) => [p.rule, p.who])
      expect(problems).toEqual(
        expect.arrayContaining([
          ['missing while transporting, on loan or sold', numbers.get(transit)],
          ['on loan, yet in the warehouse or in a room', numbers.get(loaned)],
          ['in a room that does not exist', numbers.get(plain)],
        ]),
      )
    } finally {
      for (const r of rows)
        await raw('update artworks set status = $2, in_warehouse = $3, room_id = $4 where id = $1', [
          r.id,
          r.status,
          r.in_warehouse,
          r.room_id,
        ])
    }
    await assertWorldConsistent(f.t)
  })
})
