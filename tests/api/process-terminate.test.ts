// Terminate from every state, through the API, for every process type: the graph gives the shortest path
// to each leaf state of each step; the path is replayed on fresh artworks, then TERMINATE is sent there —
// with the payload the state asks for, or refused with the state's own message — and the world is checked
// over the whole database (tests/api/invariants.ts): nothing transporting, on loan, held, insured by a void
// policy or reminded for a process that has ended. Then RESTART holds the artworks again, and a second
// TERMINATE lets them go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latest, registeredTypes } from '../../machines/registry'
import type { ProcessDefinition } from '../../machines/types'
import { describe as describeState, metaOf, refusalOf } from '../../machines/view'
import type { ProcessView } from '../../src/shared/contracts/process'
import { MESSAGES } from '../../src/shared/errors'
import { type ConcreteEvent, shortestPaths } from '../model/graph-paths'
import { SAMPLE_SECOND_APPROVAL_ABOVE, type SampleRefs, sampleInput } from '../model/samples'
import { assertWorldConsistent } from './invariants'
import { type Flow, openFlow } from './process-flow'
import { artworkRows, movementRows } from './process-helpers'

let f: Flow

beforeAll(async () => {
  f = await openFlow()
  // The samples are written against these limits (their larger payments need a second approval).
  f.t.deps.config.secondApprovalAbove = SAMPLE_SECOND_APPROVAL_ABOVE
})
afterAll(async () => {
  await f?.close()
})

/** The shortest path (events) to each leaf state of a step, keyed by state path. */
function pathsToLeaves(definition: ProcessDefinition, refs: SampleRefs) {
  const out = new Map<string, { events: ConcreteEvent[]; refusal: string | undefined; asks: boolean }>()
  for (const { events, state } of shortestPaths(definition, refs)) {
    if (state.status !== 'active') continue
    const path = describeState(definition, state).state
    const node = definition.machine.getStateNodeById(`${definition.type}.${path}`)
    if (!metaOf(node).step) continue
    const known = out.get(path)
    if (known && known.events.length <= events.length) continue
    out.set(path, {
      events,
      refusal: refusalOf(definition, state, 'TERMINATE'),
      asks: metaOf(node).eventPayloads?.TERMINATE !== undefined,
    })
  }
  return out
}

async function replay(type: string, input: unknown, events: ConcreteEvent[]): Promise<ProcessView> {
  let p = await f.start('registrar', type, input)
  for (const e of events) {
    const res = await f.post(e.actor, p, { type: e.type, payload: e.payload, comment: e.comment })
    expect(res.status, `${type} ${e.type} from ${p.state}: ${res.msg} ${JSON.stringify(res.data)}`).toBe(200)
    p = res.data
  }
  return p
}

/** TERMINATE where the state asks where the works are, without saying it: refused, nothing changed. */
async function terminateWithoutWhere(p: ProcessView, ids: string[]) {
  const before = await artworkRows(f.t, ids)
  const res = await f.post('admin', p, { type: 'TERMINATE', comment: 'Called off' })
  expect(res.status, `${p.type} ${p.state} without where`).toBe(400)
  expect(res.data.fieldErrors).toEqual({ 'payload.location': MESSAGES.whereNowRequired.en })
  const again = await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.admin })
  expect(again.data).toMatchObject({ state: p.state, version: p.version })
  expect(await artworkRows(f.t, ids)).toEqual(before)
}

/** After such a TERMINATE the works are where it said, held by nothing, with the movement row saying so. */
async function expectRecordedWhere(
  leaf: string,
  p: ProcessView,
  ids: string[],
  where: { roomId?: string; location?: string },
) {
  for (const row of await artworkRows(f.t, ids)) {
    expect(row, `${p.type} terminated from ${leaf}`).toMatchObject({
      in_warehouse: where.roomId !== undefined,
      room_id: where.roomId ?? null,
      location_text: where.location ?? '',
      transport_status: 'none',
      active_process_id: null,
    })
  }
  const moves = await movementRows(f.t, p.id)
  expect(
    moves
      .filter((m) => m.kind === 'transport_aborted')
      .map((m) => m.artwork_id)
      .sort(),
  ).toEqual([...ids].sort())
}

describe('terminate from every state leaves a consistent world', () => {
  for (const type of registeredTypes()) {
    it(`${type}: TERMINATE from each leaf, then RESTART and TERMINATE again`, async () => {
      const definition = latest(type)
      const template: SampleRefs = {
        artworkIds: (await f.artworks(2)) as [string, string],
        roomId: f.room,
        fileId: f.pdfId,
      }
      const leaves = pathsToLeaves(definition, template)
      expect(leaves.size).toBeGreaterThan(0)
      for (const [leaf, { events, refusal, asks }] of leaves) {
        const ids = (await f.artworks(2)) as [string, string]
        const swap = <T>(value: T): T =>
          JSON.parse(
            JSON.stringify(value)
              .replaceAll(template.artworkIds[0], ids[0])
              .replaceAll(template.artworkIds[1], ids[1]),
          )
        const input = sampleInput(type, { artworkIds: ids, roomId: f.room, fileId: f.pdfId })
        let p = await replay(type, input, swap(events))
        expect(p.state, `${type} reached`).toBe(leaf)
        // Where the works are now, when the state asks: back in a room from transit, else still away (a
        // restorer's studio, a purchase's destination), in words.
        const whereNow = leaf.endsWith('.transporting')
          ? { roomId: f.room }
          : { location: 'Atelier on Anfu Road', conditionNote: 'Untouched' }
        const terminate = { type: 'TERMINATE', comment: 'Called off', ...(asks ? { payload: whereNow } : {}) }
        if (asks) await terminateWithoutWhere(p, ids)
        const res = await f.post('admin', p, terminate)
        if (refusal) {
          // Refused with the state's own message, and nothing changed.
          expect(res.status, `${type} ${leaf}`).toBe(400)
          expect(res.msg).toBe(MESSAGES[refusal as keyof typeof MESSAGES].en)
          const again = await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.admin })
          expect(again.data.version).toBe(p.version)
          await assertWorldConsistent(f.t)
          continue
        }
        expect(res.status, `${type} TERMINATE from ${leaf}: ${JSON.stringify(res.data)}`).toBe(200)
        p = res.data
        expect(p.state).toBe('terminated')
        if (asks) await expectRecordedWhere(leaf, p, ids, whereNow)
        await assertWorldConsistent(f.t)
        // RESTART takes the artworks again (holding types) and works after any terminate.
        const restarted = await f.post('admin', p, { type: 'RESTART' })
        expect(restarted.status, `${type} RESTART after ${leaf}: ${JSON.stringify(restarted.data)}`).toBe(200)
        p = restarted.data
        await assertWorldConsistent(f.t)
        const ended = await f.post('admin', p, { type: 'TERMINATE', comment: 'Not needed after all' })
        expect(ended.status).toBe(200)
        await assertWorldConsistent(f.t)
      }
    }, 300_000)
  }
})

describe('a sold or missing artwork refuses new operations', () => {
  /** A stocktake of the room that counts `missing` as not there: it becomes missing. */
  async function missingAfterStocktake(found: string, missing: string) {
    const s = f.samples('INVENTORY_CHECK', [found, missing])
    const p = await f.pass(await f.start('registrar', 'INVENTORY_CHECK', { roomId: f.room }), s.counting[1])
    expect(p.state).toBe('discrepancies.draft')
  }

  async function startRefused(type: string, artworkIds: string[]) {
    return f.t.call('POST', '/api/process', {
      token: f.tokens.registrar,
      body: { type, input: { artworkIds } },
    })
  }

  it('missing after a stocktake: no transport or insurance, a claim still may; the archive says missing', async () => {
    const [found, gone] = await f.artworks(2)
    await missingAfterStocktake(found, gone)
    const [row] = (await f.t.deps.database.raw('select status, inventory_no from artworks where id = $1', [
      gone,
    ])) as { status: string; inventory_no: string }[]
    expect(row.status).toBe('missing')
    const refused = await startRefused('OPERATION_TRANS_ART', [gone])
    expect(refused.status).toBe(400)
    expect(refused.msg).toContain(row.inventory_no)
    expect(refused.msg).toContain('missing')
    expect(refused.data.fieldErrors).toEqual({ 'input.artworkIds': refused.msg })
    expect((await startRefused('INSURANCE_ANNUAL', [gone])).status).toBe(400)
    expect((await startRefused('INSURANCE_PAYOUT', [gone])).status).toBe(200)
    // Nothing was half-created by the refusals.
    expect(
      await f.t.deps.database.raw(
        `select count(*)::int as n from process_artworks pa join processes p on p.id = pa.process_id
          where pa.artwork_id = $1 and p.type <> 'INSURANCE_PAYOUT'`,
        [gone],
      ),
    ).toEqual([{ n: 0 }])
    const archive = await f.t.call('GET', `/api/artworks/${gone}`, { token: f.tokens.registrar })
    expect(archive.data).toMatchObject({ status: 'missing' })
    await assertWorldConsistent(f.t)
  })

  it('RESTART is refused once the artwork went missing meanwhile; the process stays terminated', async () => {
    const [other, work] = await f.artworks(2)
    let p = await f.start('registrar', 'OPERATION_TRANS_ART', { artworkIds: [work] })
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'Postponed' })
    await missingAfterStocktake(other, work)
    const res = await f.post('registrar', p, { type: 'RESTART' })
    expect(res.status).toBe(400)
    expect(res.msg).toContain('missing')
    expect(res.data.fieldErrors).toEqual({ 'input.artworkIds': res.msg })
    const again = await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.registrar })
    expect(again.data).toMatchObject({ state: 'terminated', version: p.version })
    await assertWorldConsistent(f.t)
  })

  it('sold: no further sale, transport or cover; held by nothing', async () => {
    const [work] = await f.artworks(1)
    const s = f.samples('OPERATION_SELL_ART', [work])
    let p = await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: [work] })
    p = await f.pass(p, s.marketSurvey[0])
    p = await f.pass(p, s.contract[0])
    p = await f.pass(p, s.collection[0])
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', { payload: s.CONFIRM_PAYMENT[0] })
    expect(p.state).toBe('completed')
    for (const type of ['OPERATION_SELL_ART', 'OPERATION_TRANS_ART', 'INSURANCE_ANNUAL']) {
      const refused = await startRefused(type, [work])
      expect(refused.status, type).toBe(400)
      expect(refused.msg, type).toContain('sold')
      expect(refused.data.fieldErrors).toEqual({ 'input.artworkIds': refused.msg })
    }
    await assertWorldConsistent(f.t)
  })

  it('an artwork held by a live process: the second process is refused with a message naming it', async () => {
    const [work] = await f.artworks(1)
    const first = await f.start('registrar', 'OPERATION_TRANS_ART', { artworkIds: [work] })
    const second = await startRefused('OPERATION_SHOT_ART', [work])
    expect(second.status).toBe(409)
    expect(second.data).toMatchObject({ artworkIds: [work], processId: first.id })
    await f.send('registrar', first, 'TERMINATE', { comment: 'Postponed' })
    expect((await startRefused('OPERATION_SHOT_ART', [work])).status).toBe(200)
  })
})
