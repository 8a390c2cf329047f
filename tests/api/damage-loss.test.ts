// DAMAGE_LOSS through the API on a real database: an incident recorded, assessed (severity, estimated cost as
// decimal money with its currency) and its actions ticked ends closed; a claim to the insurer (INSURANCE_PAYOUT)
// is offered from it once the incident is approved, names the case, and the two show each other as linked;
// bad forms are refused at the field in both languages with nothing stored; terminating leaves the world
// consistent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { assertWorldConsistent } from './invariants'
import { type Flow, openFlow } from './process-flow'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
}, 120_000)
afterAll(async () => {
  await f?.close()
})

const view = async (id: string) =>
  (await f.t.call<ProcessView>('GET', `/api/process/${id}`, { token: f.tokens.registrar })).data
const links = (v: ProcessView['links']) => ({
  follows: v?.follows.map((l) => [l.type, l.id]) ?? [],
  followedBy: v?.followedBy.map((l) => [l.type, l.id]) ?? [],
  mayStart: v?.mayStart.map((m) => m.type) ?? [],
})

describe('damage and loss', () => {
  it('ends closed; a claim started from it names it and both show the link', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('DAMAGE_LOSS', ids)
    let p = await f.start('operations', 'DAMAGE_LOSS', { artworkIds: ids })
    expect(links(p.links).mayStart).toEqual([])
    p = await f.pass(p, s.incident[0])
    expect(p.state).toBe('assessment.draft')
    p = await view(p.id)
    expect(p.links?.mayStart).toEqual([
      { type: 'INSURANCE_PAYOUT', input: { artworkIds: ids, sourceProcessId: p.id } },
      { type: 'CONDITION_CHECK', input: { artworkIds: ids, sourceProcessId: p.id } },
    ])
    p = await f.pass(p, s.assessment[0])
    expect(p.context.steps.assessment.data).toMatchObject({ estimatedCost: '80000.00', currency: 'CNY' })
    p = await f.pass(p, s.actions[0])
    expect(p).toMatchObject({ state: 'completed', status: 'completed', done: true })

    const claim = await f.start('operations', 'INSURANCE_PAYOUT', {
      ...(await view(p.id)).links?.mayStart.find((m) => m.type === 'INSURANCE_PAYOUT')?.input,
      policyNo: 'POL-2026-0001',
    })
    expect(links(claim.links).follows).toEqual([['DAMAGE_LOSS', p.id]])
    expect(links((await view(p.id)).links).followedBy).toEqual([['INSURANCE_PAYOUT', claim.id]])
    await assertWorldConsistent(f.t)
  })

  it('a claim may not name a process of another type as its case', async () => {
    const ids = await f.artworks(1)
    const other = await f.start('registrar', 'OPERATION_SHOT_ART', { artworkIds: ids })
    const res = await f.t.call<any>('POST', '/api/process', {
      token: f.tokens.operations,
      body: { type: 'INSURANCE_PAYOUT', input: { artworkIds: ids, sourceProcessId: other.id } },
    })
    expect(res.status).toBe(400)
    expect(res.data.fieldErrors).toHaveProperty(['input.sourceProcessId'])
  })

  it('refuses bad forms at the field, in both languages, and stores nothing', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('DAMAGE_LOSS', ids)
    let p = await f.start('operations', 'DAMAGE_LOSS', { artworkIds: ids })
    const refused = async (payload: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') => {
      const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.operations,
        lang,
        body: { type: 'SUBMIT', expectedVersion: p.version, payload },
      })
      expect(res.status).toBe(400)
      return res.data.fieldErrors as Record<string, string>
    }
    expect(await refused({ ...s.incident[0], kind: 'flood' })).toHaveProperty(['payload.kind'])
    expect(await refused({ ...s.incident[0], place: '' }, 'zh-CN')).toEqual({ 'payload.place': '必填' })
    p = await f.pass(p, s.incident[0], 'operations')
    const assessment = s.assessment[0]
    expect(Object.keys(await refused({ ...assessment, estimatedCost: '12.345' }))).toEqual([
      'payload.estimatedCost',
    ])
    expect(Object.keys(await refused({ ...assessment, estimatedCost: '0.00' }))).toEqual([
      'payload.estimatedCost',
    ])
    expect(Object.keys(await refused({ ...assessment, currency: 'yuan' }))).toEqual(['payload.currency'])
    expect(await refused({ ...assessment, severity: undefined })).toEqual({ 'payload.severity': 'Required' })
    p = await f.pass(p, assessment, 'operations')
    expect(await refused({ ...s.actions[0], done: [] })).toEqual({ 'payload.done': 'Required' })
    expect(await refused({ ...s.actions[0], done: [] }, 'zh-CN')).toEqual({ 'payload.done': '必填' })
    const again = await view(p.id)
    expect(again).toMatchObject({ state: 'actions.draft', version: p.version })
  })

  it('terminated from any step, the world stays consistent; a restart starts over', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('DAMAGE_LOSS', ids)
    let p = await f.start('operations', 'DAMAGE_LOSS', { artworkIds: ids })
    p = await f.pass(p, s.incident[0], 'operations')
    p = await f.send('operations', p, 'SUBMIT', { payload: s.assessment[0] })
    p = await f.send('operations', p, 'TERMINATE', { comment: 'Recorded twice' })
    expect(p.state).toBe('terminated')
    await assertWorldConsistent(f.t)
    p = await f.send('operations', p, 'RESTART')
    expect(p.state).toBe('incident.draft')
    await assertWorldConsistent(f.t)
  })
})
