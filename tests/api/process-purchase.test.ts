// The purchase through the HTTP API, as a registrar and two approvers do it: BUY_ART from the
// due-diligence report to the confirmed payment creates the artworks and opens BUY_ART_TRANS; shipping and
// warehousing then put them in their room with movement rows. Plus the API's refusals on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { createTestContext, type TestContext } from './helpers'
import {
  artworkRows,
  CONTRACT_NO,
  contract,
  countRows,
  dueDiligence,
  makePdf,
  makeRoom,
  movementRows,
  payment,
} from './process-helpers'

let t: TestContext
let tokens: Record<string, string>
let room: string

beforeAll(async () => {
  t = await createTestContext()
  await makePdf(t)
  tokens = {}
  for (const u of ['admin', 'registrar', 'approver', 'finance', 'operations', 'viewer'])
    tokens[u] = await t.login(u)
  room = await makeRoom(t)
})
afterAll(() => t?.close())

async function send(user: string, p: ProcessView, type: string, extra: Record<string, unknown> = {}) {
  const res = await t.call<ProcessView>('POST', `/api/process/${p.id}/events`, {
    token: tokens[user],
    body: { type, expectedVersion: p.version, ...extra },
  })
  if (res.code !== 0) throw new Error(`${user} ${type} → ${res.code} ${res.msg} ${JSON.stringify(res.data)}`)
  return res.data
}

describe('purchase through the API', () => {
  it('buys two artworks, creates their records, opens the shipping, and warehouses them', async () => {
    const start = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens.registrar,
      body: {
        type: 'BUY_ART',
        input: { artworks: [{ titleZh: '山水', titleEn: 'Landscape' }, { titleZh: '花鸟' }] },
      },
    })
    expect(start.code).toBe(0)
    let p = start.data
    expect(p).toMatchObject({
      type: 'BUY_ART',
      definitionVersion: 1,
      version: 1,
      currentStep: 'dueDiligence',
    })
    expect(p.nextEvents).toEqual(expect.arrayContaining(['SAVE', 'SUBMIT', 'TERMINATE']))

    p = await send('registrar', p, 'SAVE', { payload: { seller: 'Galerie Nord' } })
    expect((p.context as any).steps.dueDiligence.draft).toEqual({ seller: 'Galerie Nord' })
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    // The approver sees it in the inbox; the registrar's view offers no APPROVE.
    expect(p.nextEvents).not.toContain('APPROVE')
    const inbox = await t.call('GET', '/api/process/inbox', { token: tokens.approver })
    expect(inbox.data.list.map((i: any) => [i.kind, i.process.id])).toContainEqual(['approve', p.id])
    const bell = await t.call('GET', '/api/message/unread-count', { token: tokens.approver })
    expect(bell.data.count).toBeGreaterThan(0)

    // Reject, fix, resubmit: the registrar's inbox shows it came back (a fill task claimed for them).
    p = await send('approver', p, 'REJECT', { comment: 'Attach the condition report' })
    expect(p.status).toBe('rejected')
    const back = await t.call('GET', '/api/process/inbox', { token: tokens.registrar })
    expect(back.data.list.map((i: any) => [i.kind, i.process.id, i.claimedBy !== null])).toContainEqual([
      'fill',
      p.id,
      true,
    ])
    p = await send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    p = await send('approver', p, 'APPROVE')
    expect(p.currentStep).toBe('contract')

    p = await send('registrar', p, 'SUBMIT', { payload: contract() })
    p = await send('approver', p, 'APPROVE')
    const contracts = (await t.deps.database.raw(
      `select direction, amount::text as amount, number, counterparty from contracts where process_id = $1`,
      [p.id],
    )) as any[]
    expect(contracts).toEqual([
      { direction: 'purchase', amount: '880000.00', number: CONTRACT_NO, counterparty: 'Galerie Nord' },
    ])

    // A payment other than what the contract leaves due is refused with field errors, nothing written.
    const over = await t.call('POST', `/api/process/${p.id}/events`, {
      token: tokens.finance,
      body: { type: 'SUBMIT', expectedVersion: p.version, payload: payment('950000.00') },
    })
    expect(over.status).toBe(400)
    expect(over.data.fieldErrors['payload.amount']).toBe(
      'This process takes a single payment: it must be the CNY 880,000.00 still due',
    )
    p = await send('registrar', p, 'SUBMIT', { payload: payment() })
    p = await send('approver', p, 'APPROVE')
    p = await send('finance', p, 'CONFIRM_PAYMENT', {
      payload: { paidOn: '2025-03-05', bankReference: 'TT-1' },
    })
    expect(p).toMatchObject({ status: 'completed', done: true, nextEvents: [] })

    // The artworks exist: purchased, not in the warehouse, at the seller's, linked to the purchase.
    expect(p.artworks).toHaveLength(2)
    const ids = p.artworks.map((a) => a.id)
    const rows = await artworkRows(t, ids)
    expect(
      rows.every((a) => a.status === 'purchased' && !a.in_warehouse && a.location_text === 'Galerie Nord'),
    ).toBe(true)
    // Searchable in the archive like any other record.
    expect(await countRows(t, 'artworks', 'id = any($1::uuid[]) and search_vector is not null', [ids])).toBe(
      2,
    )
    expect(p.artworks.map((a) => a.inventoryNo)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^VT-\d{4}-\d{4}$/)]),
    )
    // Each says it was made by this purchase (named by its contract), and invents no signature fact: whether
    // it is signed is not recorded yet, which the archive's form will ask.
    for (const id of ids) {
      const detail = await t.call('GET', `/api/artworks/${id}`, { token: tokens.registrar })
      expect(detail.data.origin).toEqual({
        kind: 'process',
        processId: p.id,
        processType: 'BUY_ART',
        contractNo: CONTRACT_NO,
      })
      expect(detail.data.signatureRecorded).toBe(false)
    }
    // Each begins its record history: version 1, created by whoever completed the purchase.
    for (const id of ids) {
      const history = await t.call('GET', `/api/artworks/${id}/history`, { token: tokens.registrar })
      expect(history.data.list).toHaveLength(1)
      expect(history.data.list[0]).toMatchObject({ version: 1, action: 'create', byName: expect.any(String) })
      expect(history.data.list[0].changes.map((c: { field: string }) => c.field)).toEqual(
        expect.arrayContaining(['titleZh', 'inventoryNo']),
      )
    }
    const pay = (await t.deps.database.raw(
      `select status, amount::text as amount, method, at::date::text as paid_on from payments where process_id = $1`,
      [p.id],
    )) as any[]
    expect(pay).toEqual([{ status: 'paid', amount: '880000.00', method: 'tt', paid_on: '2025-03-05' }])
    expect(
      await countRows(t, 'payment_details', 'payment_id in (select id from payments where process_id = $1)', [
        p.id,
      ]),
    ).toBe(1)

    // The shipping is open on those artworks and holds them.
    const list = await t.call('GET', `/api/process?type=BUY_ART_TRANS&artworkId=${ids[0]}`, {
      token: tokens.operations,
    })
    expect(list.data.total).toBe(1)
    let s: ProcessView = list.data.list[0]
    expect(s).toMatchObject({ type: 'BUY_ART_TRANS', currentStep: 'transport', createdBy: p.createdBy })
    expect((await artworkRows(t, ids)).every((a) => a.active_process_id === s.id)).toBe(true)

    s = await send('operations', s, 'SUBMIT', {
      payload: {
        fromLocation: 'Galerie Nord, Paris',
        toLocation: 'Shanghai warehouse',
        shipper: 'Art Movers',
        transportType: 'AIR',
        plannedDeparture: '2025-03-10',
        plannedArrival: '2025-03-14',
        packagingType: 'CRATE',
        cost: '12000.00',
        currency: 'CNY',
      },
    })
    s = await send('approver', s, 'APPROVE')
    expect(s.status).toBe('toBeTransported')
    s = await send('operations', s, 'DEPART')
    expect(s.status).toBe('transporting')
    expect((await artworkRows(t, ids)).every((a) => a.transport_status === 'transporting')).toBe(true)
    s = await send('operations', s, 'ARRIVE', { payload: { conditionOk: true } })
    expect(s.currentStep).toBe('warehousing')
    s = await send('operations', s, 'SUBMIT', {
      // BUY_ART_TRANS v2: one row per artwork of the batch, each with its room and condition.
      payload: {
        warehousedOn: '2025-03-15',
        receivedBy: 'Zhou Qihang',
        artworks: ids.map((artworkId) => ({ artworkId, roomId: room, conditionOk: true })),
      },
    })
    s = await send('approver', s, 'APPROVE')
    expect(s).toMatchObject({ status: 'completed', done: true })

    const after = await artworkRows(t, ids)
    expect(
      after.every(
        (a) =>
          a.status === 'in_collection' &&
          a.in_warehouse &&
          a.room_id === room &&
          a.transport_status === 'none' &&
          a.active_process_id === null,
      ),
    ).toBe(true)
    const moves = await movementRows(t, s.id)
    expect(moves.map((m) => m.kind).sort()).toEqual([
      'transport_arrive',
      'transport_arrive',
      'transport_start',
      'transport_start',
      'warehousing',
      'warehousing',
    ])
    expect(moves.filter((m) => m.kind === 'warehousing').every((m) => m.to_room_id === room)).toBe(true)
    expect((await movementRows(t, p.id)).map((m) => m.kind)).toEqual(['created', 'created'])
  })
})
