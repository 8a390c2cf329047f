// DEACCESSION through the API on a real database: the case (reasons from the list and in words, the proof
// of title checked item by item, the decision) ends approved or rejected; bad forms are refused at the field in
// both languages with nothing stored; and a sale (OPERATION_SELL_ART) starts only on works whose deaccession
// was approved — without one, with one still running, rejected or terminated, the start is a 400 naming the
// work in the request's language, and nothing is created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { assertWorldConsistent } from './invariants'
import { type Flow, openFlow } from './process-flow'
import { countRows } from './process-helpers'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
}, 120_000)
afterAll(async () => {
  await f?.close()
})

const inventoryNo = async (id: string) =>
  (
    (await f.t.deps.database.raw('select inventory_no from artworks where id = $1', [id])) as {
      inventory_no: string
    }[]
  )[0].inventory_no

/** A sale's start, as the office sends it, in a language (no deaccession walked first). */
const startSale = (ids: string[], lang: 'en' | 'zh-CN' = 'en') =>
  f.t.call<any>('POST', '/api/process', {
    token: f.tokens.registrar,
    lang,
    body: { type: 'OPERATION_SELL_ART', input: { artworkIds: ids } },
  })

async function deaccessionTo(
  ids: string[],
  until: 'reasons' | 'titleCheck' | 'decision' | 'end',
  decision = 0,
) {
  const s = f.samples('DEACCESSION', ids)
  let p = await f.start('registrar', 'DEACCESSION', { artworkIds: ids })
  if (until === 'reasons') return p
  p = await f.pass(p, s.reasons[0])
  if (until === 'titleCheck') return p
  p = await f.pass(p, s.titleCheck[0])
  if (until === 'decision') return p
  return f.pass(p, s.decision[decision])
}

async function expectSaleRefused(ids: string[], refused: string) {
  const no = await inventoryNo(refused)
  const before = await countRows(f.t, 'processes')
  const en = await startSale(ids, 'en')
  expect(en.status).toBe(400)
  expect(en.msg).toBe(
    `Artwork ${no} has no approved deaccession: a work is sold only once its deaccession is approved`,
  )
  expect(en.data.fieldErrors).toEqual({ 'input.artworkIds': en.msg })
  const zh = await startSale(ids, 'zh-CN')
  expect(zh.status).toBe(400)
  expect(zh.msg).toContain(`作品 ${no} 没有已批准的注销`)
  expect(zh.data.fieldErrors['input.artworkIds']).toBe(zh.msg)
  expect(await countRows(f.t, 'processes')).toBe(before)
}

describe('deaccession', () => {
  it('ends approved: the case, its title checked, the decision approved; the sale may then start', async () => {
    const ids = await f.artworks(2)
    await expectSaleRefused(ids, ids[0])
    const p = await deaccessionTo(ids, 'end')
    expect(p).toMatchObject({ state: 'completed', status: 'completed', done: true })
    expect(p.context.steps.reasons.data).toMatchObject({ reasons: ['duplicate', 'outOfScope'] })
    const sale = await startSale(ids)
    expect(sale.status, sale.msg).toBe(200)
    expect(sale.data.state).toBe('marketSurvey.draft')
    await assertWorldConsistent(f.t)
  })

  it('ends rejected when the decision approved is a rejection: the works stay, no sale', async () => {
    const ids = await f.artworks(1)
    const p = await deaccessionTo(ids, 'end', 1)
    expect(p).toMatchObject({ state: 'notApproved', status: 'completed', done: true })
    await expectSaleRefused(ids, ids[0])
  })

  it('a sale names the first work without an approved deaccession (running, terminated, or none)', async () => {
    const [done, running, ended] = await f.artworks(3)
    await deaccessionTo([done], 'end')
    await deaccessionTo([running], 'decision')
    const t = await deaccessionTo([ended], 'titleCheck')
    await f.send('registrar', t, 'TERMINATE', { comment: 'Kept for the exhibition' })
    await expectSaleRefused([done, running], running)
    await expectSaleRefused([ended], ended)
    await assertWorldConsistent(f.t)
  })

  it('refuses bad forms at the field, in both languages, and stores nothing', async () => {
    const ids = await f.artworks(1)
    const s = f.samples('DEACCESSION', ids)
    let p = await deaccessionTo(ids, 'reasons')
    const refused = async (payload: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') => {
      const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.registrar,
        lang,
        body: { type: 'SUBMIT', expectedVersion: p.version, payload },
      })
      expect(res.status).toBe(400)
      return res.data.fieldErrors as Record<string, string>
    }
    expect(await refused({ ...s.reasons[0], reasons: [] })).toMatchObject({ 'payload.reasons': 'Required' })
    expect(await refused({ ...s.reasons[0], reasons: [] }, 'zh-CN')).toMatchObject({
      'payload.reasons': '必填',
    })
    expect(Object.keys(await refused({ ...s.reasons[0], reasons: ['bored'] }))).toEqual(['payload.reasons.0'])
    expect(await refused({ ...s.reasons[0], explanation: '' })).toHaveProperty('payload.explanation')
    p = await f.pass(p, s.reasons[0])
    const partial = { ...s.titleCheck[0], checked: ['ownershipRecord', 'acquisitionDocuments'] }
    expect(await refused(partial)).toEqual({
      'payload.checked': 'Every item of the proof of title must be checked',
    })
    expect(await refused(partial, 'zh-CN')).toEqual({ 'payload.checked': '所有权核查的每一项都须勾选' })
    expect(await refused({ ...s.titleCheck[0], evidenceFileIds: [] })).toHaveProperty(
      'payload.evidenceFileIds',
    )
    p = await f.pass(p, s.titleCheck[0])
    const { disposalMethod: _, ...noMethod } = s.decision[0]
    expect(await refused(noMethod)).toHaveProperty('payload.disposalMethod')
    expect(await refused({ ...s.decision[0], decision: 'maybe' })).toHaveProperty('payload.decision')
    const again = await f.t.call<ProcessView>('GET', `/api/process/${p.id}`, { token: f.tokens.registrar })
    expect(again.data).toMatchObject({ state: 'decision.draft', version: p.version })
  })
})
