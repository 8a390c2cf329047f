// Works the office holds without owning them, through the API on a real database. An object entry
// (OBJECT_ENTRY): approved, the described work becomes an archive record "in our care" (EN- number, in the
// room named), its receipt prints with every label in both languages, and the entry ends with the work given
// back (status returned, out of the warehouse, a returned_to_owner movement) or acquired (a purchase started
// from it takes the same record, which becomes owned where it is). A loan in (LOAN_IN): the borrowed work
// becomes a record on arrival (LI- number), a RETURN before it is refused naming the reason, TERMINATE while
// it is with us is refused, RETURN gives it back with its condition compared. Neither is ever counted among
// the held works; the world stays consistent throughout.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { MESSAGES } from '../../src/shared/errors'
import { SAMPLE_SECOND_APPROVAL_ABOVE } from '../model/samples'
import { assertWorldConsistent } from './invariants'
import { type Flow, openFlow } from './process-flow'
import { artworkRows, movementRows } from './process-helpers'

let f: Flow
const tmp = mkdtempSync(path.join(tmpdir(), 'vitrine-receipt-'))
beforeAll(async () => {
  f = await openFlow()
  f.t.deps.config.secondApprovalAbove = SAMPLE_SECOND_APPROVAL_ABOVE
}, 120_000)
afterAll(async () => {
  await f?.close()
})

const view = async (id: string) =>
  (await f.t.call<ProcessView>('GET', `/api/process/${id}`, { token: f.tokens.registrar })).data

/** The held works the data centre counts (owned statuses only). */
async function heldCount(): Promise<number> {
  const res = await f.t.call<any>('GET', '/api/datacentre/collection', {
    token: f.tokens.admin,
    headers: { 'x-system-name': 'art-data-center' },
  })
  expect(res.code, res.msg).toBe(0)
  return res.data.totals.artworks
}

async function receipt(id: string, lang: string) {
  const res = await f.t.app.request(`/api/process/${id}/entry-receipt.pdf`, {
    headers: { 'x-auth-token': f.tokens.registrar, 'accept-language': lang, 'x-system-name': 'devOpsManage' },
  })
  const bytes = Buffer.from(await res.arrayBuffer())
  return { res, bytes }
}

function pdfText(bytes: Buffer): string {
  const file = path.join(tmp, `r${Date.now()}${Math.random()}.pdf`)
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
}

/** An entry through its entry record (approved): the work is in the archive, in care. */
async function entered(): Promise<{ p: ProcessView; artworkId: string }> {
  const s = f.samples('OBJECT_ENTRY', [])
  let p = await f.start('registrar', 'OBJECT_ENTRY', {})
  expect(p.artworks).toEqual([])
  p = await f.pass(p, s.entry[0])
  expect(p.state).toBe('receipt.draft')
  p = await view(p.id)
  expect(p.artworks).toHaveLength(1)
  return { p, artworkId: p.artworks[0].id }
}

describe('object entry', () => {
  it('records the work in our care, prints its receipt, and gives it back', async () => {
    const held = await heldCount()
    const s = f.samples('OBJECT_ENTRY', [])
    const { p: first, artworkId } = await entered()
    const [row] = await artworkRows(f.t, [artworkId])
    expect(row).toMatchObject({ status: 'in_care', in_warehouse: true, room_id: s.entry[0].roomId })
    expect(first.artworks[0].inventoryNo).toMatch(/^EN-\d{4}-\d{4}$/)
    expect(await heldCount()).toBe(held)
    await assertWorldConsistent(f.t)

    for (const lang of ['en', 'zh-CN']) {
      const { res, bytes } = await receipt(first.id, lang)
      expect(res.status, bytes.toString('utf8').slice(0, 300)).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      const text = pdfText(bytes).replace(/\s+/g, ' ')
      for (const words of [
        '作品入馆收据',
        'Object entry receipt',
        'Mr Chen Weiming',
        '山水册页',
        'Left for valuation',
      ])
        expect(text).toContain(words)
    }

    let p = await f.pass(first, s.receipt[0])
    p = await f.pass(p, s.outcome[0])
    expect(p).toMatchObject({ state: 'completed', status: 'completed', done: true })
    const [back] = await artworkRows(f.t, [artworkId])
    expect(back).toMatchObject({
      status: 'returned',
      in_warehouse: false,
      room_id: null,
      location_text: 'Mr Chen Weiming',
    })
    expect((await movementRows(f.t, p.id)).map((m: { kind: string }) => m.kind)).toEqual([
      'created',
      'returned_to_owner',
    ])
    expect(await heldCount()).toBe(held)
    await assertWorldConsistent(f.t)
  })

  it('has no receipt before the entry is approved, and none for another type', async () => {
    const s = f.samples('OBJECT_ENTRY', [])
    const p = await f.send('registrar', await f.start('registrar', 'OBJECT_ENTRY', {}), 'SUBMIT', {
      payload: s.entry[0],
    })
    for (const lang of ['en', 'zh-CN'] as const) {
      const { res, bytes } = await receipt(p.id, lang)
      expect(res.status).toBe(400)
      expect(JSON.parse(bytes.toString('utf8')).msg).toBe(MESSAGES.entryReceiptNotReady[lang])
    }
    const other = await f.start('registrar', 'LOAN_IN', {})
    expect((await receipt(other.id, 'en')).res.status).toBe(404)
  })

  it('ended acquired: a purchase started from it takes the same record, which becomes owned where it is', async () => {
    const s = f.samples('OBJECT_ENTRY', [])
    const { p: first, artworkId } = await entered()
    let p = await f.pass(first, s.receipt[0])
    expect((await view(p.id)).links?.mayStart ?? []).toEqual([])
    p = await f.pass(p, s.outcome[1])
    expect(p.state).toBe('acquired')
    const offered = (await view(p.id)).links?.mayStart ?? []
    expect(offered).toEqual([{ type: 'BUY_ART', input: { artworkIds: [artworkId], sourceProcessId: p.id } }])
    expect((await artworkRows(f.t, [artworkId]))[0].status).toBe('in_care')
    await assertWorldConsistent(f.t)

    // A purchase on a work in care that no entry offers is refused (the status is not one it starts on).
    const stray = await f.t.call<any>('POST', '/api/process', {
      token: f.tokens.registrar,
      body: { type: 'BUY_ART', input: { artworkIds: [artworkId] } },
    })
    expect(stray.status).toBe(400)
    expect(stray.msg).toContain('in our care but not owned')

    const b = f.samples('BUY_ART', [artworkId])
    let buy = await f.start('registrar', 'BUY_ART', offered[0].input)
    expect(buy.links?.follows.map((l) => [l.type, l.id])).toEqual([['OBJECT_ENTRY', p.id]])
    buy = await f.pass(buy, b.dueDiligence[0])
    buy = await f.pass(buy, b.contract[0])
    buy = await f.pass(buy, b.payment[0])
    buy = await f.send('finance', buy, 'CONFIRM_PAYMENT', { payload: b.CONFIRM_PAYMENT[0] })
    expect(buy.state).toBe('completed')
    const [owned] = await artworkRows(f.t, [artworkId])
    expect(owned).toMatchObject({ status: 'in_collection', in_warehouse: true, room_id: s.entry[0].roomId })
    // Already with us: no shipping opened for it.
    expect((await view(buy.id)).links?.followedBy ?? []).toEqual([])
    await assertWorldConsistent(f.t)
  })

  it('terminated after the entry gives the work back; a restart enters it anew', async () => {
    const s = f.samples('OBJECT_ENTRY', [])
    const { p: first, artworkId } = await entered()
    let p = await f.send('registrar', first, 'SUBMIT', { payload: s.receipt[0] })
    p = await f.send('registrar', p, 'TERMINATE', { comment: 'The depositor took the work back' })
    expect(p.state).toBe('terminated')
    expect((await artworkRows(f.t, [artworkId]))[0]).toMatchObject({
      status: 'returned',
      in_warehouse: false,
    })
    await assertWorldConsistent(f.t)
    p = await f.send('registrar', p, 'RESTART')
    expect(p.state).toBe('entry.draft')
    await assertWorldConsistent(f.t)
  })

  it('refuses bad forms at the field, in both languages, and stores nothing', async () => {
    const s = f.samples('OBJECT_ENTRY', [])
    const p = await f.start('registrar', 'OBJECT_ENTRY', {})
    const refused = async (payload: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') => {
      const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.registrar,
        lang,
        body: { type: 'SUBMIT', expectedVersion: p.version, payload },
      })
      expect(res.status).toBe(400)
      return res.data.fieldErrors as Record<string, string>
    }
    expect(Object.keys(await refused({ ...s.entry[0], expectedReturnOn: '2026-03-01' }))).toEqual([
      'payload.expectedReturnOn',
    ])
    expect(await refused({ ...s.entry[0], depositor: '' }, 'zh-CN')).toEqual({ 'payload.depositor': '必填' })
    expect(Object.keys(await refused({ ...s.entry[0], reason: 'gift' }))).toEqual(['payload.reason'])
    expect(await view(p.id)).toMatchObject({ state: 'entry.draft', version: p.version })
  })
})

describe('loan in', () => {
  it('refuses a return before the arrival, naming the reason, in both languages', async () => {
    const s = f.samples('LOAN_IN', [])
    let p = await f.start('registrar', 'LOAN_IN', {})
    p = await f.pass(p, s.agreement[0])
    for (const lang of ['en', 'zh-CN'] as const) {
      const res = await f.t.call<any>('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.registrar,
        lang,
        body: { type: 'RETURN', expectedVersion: p.version, payload: s.loanInReturn[0] },
      })
      expect(res.status).toBe(400)
      expect(res.msg).toBe(MESSAGES.loanInNotArrived[lang])
    }
    expect(await view(p.id)).toMatchObject({ state: 'insurance.draft', version: p.version, artworks: [] })
  })

  it('records the borrowed work on arrival, refuses to terminate while it is with us, and gives it back', async () => {
    const held = await heldCount()
    const s = f.samples('LOAN_IN', [])
    let p = await f.start('registrar', 'LOAN_IN', {})
    p = await f.pass(p, s.agreement[0])
    const cost = (await view(p.id)).links?.mayStart ?? []
    expect(cost.map((m) => m.type)).toEqual(['FINANCE_PAYMENT'])
    p = await f.pass(p, s.insurance[0])
    p = await f.pass(p, s.arrival[0])
    expect(p.state).toBe('return.withUs')
    p = await view(p.id)
    const artworkId = p.artworks[0].id
    expect(p.artworks[0].inventoryNo).toMatch(/^LI-\d{4}-\d{4}$/)
    expect((await artworkRows(f.t, [artworkId]))[0]).toMatchObject({ status: 'borrowed', in_warehouse: true })
    expect(await heldCount()).toBe(held)
    await assertWorldConsistent(f.t)

    const terminate = await f.post('registrar', p, { type: 'TERMINATE', comment: 'Called off' })
    expect(terminate.status).toBe(400)
    expect(terminate.msg).toBe(MESSAGES.terminateBorrowed.en)

    const noNote = await f.post('registrar', p, {
      type: 'RETURN',
      payload: { returnedOn: '2026-10-02', conditionAsOnArrival: false },
    })
    expect(noNote.status).toBe(400)
    expect(Object.keys(noNote.data.fieldErrors)).toEqual(['payload.conditionNote'])

    p = await f.send('registrar', p, 'RETURN', { payload: s.loanInReturn[0] })
    expect(p).toMatchObject({ state: 'completed', done: true })
    expect((await artworkRows(f.t, [artworkId]))[0]).toMatchObject({
      status: 'returned',
      in_warehouse: false,
      location_text: 'Long Museum, Shanghai',
    })
    expect(await heldCount()).toBe(held)
    await assertWorldConsistent(f.t)
  })

  it('refuses insurance that is not nail to nail, and a period that ends before it starts', async () => {
    const s = f.samples('LOAN_IN', [])
    let p = await f.start('registrar', 'LOAN_IN', {})
    const bad = await f.post('registrar', p, {
      type: 'SUBMIT',
      payload: { ...s.agreement[0], endOn: '2026-01-01' },
    })
    expect(Object.keys(bad.data.fieldErrors)).toEqual(['payload.endOn'])
    p = await f.pass(p, s.agreement[0])
    const partial = await f.post('registrar', p, {
      type: 'SUBMIT',
      payload: { ...s.insurance[0], nailToNail: false },
    })
    expect(partial.status).toBe(400)
    expect(Object.keys(partial.data.fieldErrors)).toEqual(['payload.nailToNail'])
  })
})
