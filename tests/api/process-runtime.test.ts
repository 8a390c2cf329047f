// The workflow runtime on its own, with a test machine built from the shared blocks (not the production
// registry): rehydration without an actor, the version check, idempotency, refusals that write nothing,
// effects in the same transaction, and a running process staying on the version it started with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/server/http/app-error'
import type { AuthUser } from '../../src/server/http/context'
import { applyEvent, type RuntimeEnv, startProcess } from '../../src/server/modules/process/runtime'
import type { ProcessView } from '../../src/shared/contracts/process'
import { createTestContext, type TestContext } from './helpers'
import { artworkRows, countRows, makeArtworks, makeRoom, movementRows, userOf } from './process-helpers'
import { TEST_TYPE, testCatalog } from './process-test-catalog'

type User = Pick<AuthUser, 'id' | 'privileges' | 'allPrivileges'>

let t: TestContext
let env: RuntimeEnv
let registrar: User
let approver: User
let finance: User
let operations: User
let viewer: User
let room: string

beforeAll(async () => {
  t = await createTestContext()
  env = { db: t.deps.database.db, config: t.deps.config, catalog: testCatalog }
  ;[registrar, approver, finance, operations, viewer] = await Promise.all(
    ['registrar', 'approver', 'finance', 'operations', 'viewer'].map((u) => userOf(t, u)),
  )
  room = await makeRoom(t)
})
afterAll(() => t?.close())

async function refused(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

const send = (user: User, p: ProcessView, type: string, extra: Record<string, unknown> = {}) =>
  applyEvent(env, user, p.id, { type, expectedVersion: p.version, ...extra }, 'en')

async function historyCount(id: string) {
  return countRows(t, 'process_history', 'process_id = $1', [id])
}

describe('workflow runtime', () => {
  it('creates a process on the latest version, holds its artworks, records seq 1', async () => {
    const [a] = await makeArtworks(t, 1, room)
    const p = await startProcess(env, registrar, TEST_TYPE, { artworkIds: [a] }, 'en')
    expect(p).toMatchObject({
      type: TEST_TYPE,
      definitionVersion: 2,
      version: 1,
      status: 'draft',
      currentStep: 'info',
    })
    expect(p.state).toBe('info.draft')
    expect(p.history).toHaveLength(1)
    expect(p.history[0]).toMatchObject({ seq: 1, type: 'CREATE', fromState: null, toState: 'info.draft' })
    expect(p.nextEvents.sort()).toEqual(['SAVE', 'SUBMIT', 'TERMINATE'])
    expect((await artworkRows(t, [a]))[0].active_process_id).toBe(p.id)
  })

  it('refuses a second process on an artwork another process holds, writing nothing', async () => {
    const [a] = await makeArtworks(t, 1, room)
    await startProcess(env, registrar, TEST_TYPE, { artworkIds: [a] }, 'en')
    const before = await countRows(t, 'processes')
    const err = await refused(startProcess(env, registrar, TEST_TYPE, { artworkIds: [a] }, 'en'))
    expect(err.code).toBe(409)
    expect(await countRows(t, 'processes')).toBe(before)
  })

  it('refuses an invalid start input with field errors', async () => {
    const err = await refused(startProcess(env, registrar, TEST_TYPE, { artworkIds: ['nope'] }, 'en'))
    expect(err.code).toBe(400)
    expect(Object.keys((err.data as any).fieldErrors)).toEqual(['input.artworkIds.0'])
    const missing = await refused(
      startProcess(env, registrar, TEST_TYPE, { artworkIds: ['00000000-0000-4000-8000-000000000000'] }, 'en'),
    )
    expect((missing.data as any).fieldErrors).toEqual({ 'input.artworkIds': 'invalidValue' })
  })

  it('drives a process to completion with its effects, separation of duties and version checks', async () => {
    const ids = await makeArtworks(t, 2, room)
    const target = await makeRoom(t)
    let p = await startProcess(env, registrar, TEST_TYPE, { artworkIds: ids }, 'en')

    // A bad payload: 400 with field errors under payload., nothing written.
    const bad = await refused(send(registrar, p, 'SUBMIT', { payload: { note: '' } }))
    expect(bad.code).toBe(400)
    expect((bad.data as any).fieldErrors).toHaveProperty('payload.note')
    expect(await historyCount(p.id)).toBe(1)

    p = await send(registrar, p, 'SUBMIT', { payload: { note: 'go' } })
    expect(p).toMatchObject({ version: 2, status: 'approvalOngoing', state: 'info.submitted' })

    // The submitter may not approve (4031); the viewer neither; nothing written.
    expect((await refused(send(registrar, p, 'APPROVE'))).code).toBe(4031)
    expect((await refused(send(viewer, p, 'APPROVE'))).code).toBe(4031)
    // An event the state does not offer at all: 400 eventNotEnabled.
    const notEnabled = await refused(send(approver, p, 'DEPART'))
    expect(notEnabled).toMatchObject({ code: 400, messageKey: 'eventNotEnabled' })
    // REJECT needs a comment.
    expect((await refused(send(approver, p, 'REJECT'))).data).toEqual({
      fieldErrors: { comment: 'A comment or reason is required' },
    })
    expect(await historyCount(p.id)).toBe(2)

    // A stale version: 409, nothing written.
    expect(
      (await refused(applyEvent(env, approver, p.id, { type: 'APPROVE', expectedVersion: 1 }, 'en'))).code,
    ).toBe(409)

    p = await send(approver, p, 'APPROVE')
    expect(p).toMatchObject({ currentStep: 'pay', status: 'draft' })
    p = await send(registrar, p, 'SUBMIT', {
      payload: { amount: '1200.5', currency: 'CNY', payerCompany: 'Family Office Ltd' },
    })
    expect(p.context).toMatchObject({ steps: { pay: { data: { amount: '1200.50' } } } })
    p = await send(approver, p, 'APPROVE')
    expect(p.state).toBe('pay.awaitingPayment')
    expect(p.nextEvents).toEqual(['TERMINATE']) // the approver may stop it, not pay
    // Separation of duties: whoever submitted the payment may not confirm that the money moved, even holding
    // every privilege; finance may.
    const own = await refused(send({ ...registrar, allPrivileges: true }, p, 'CONFIRM_PAYMENT'))
    expect(own).toMatchObject({ code: 4031, messageKey: 'separationOfDuties' })
    p = await send(finance, p, 'PAYMENT_FAILED', { comment: 'bank refused' })
    expect(p.status).toBe('paymentFailed')
    p = await send(finance, p, 'RETRY_PAYMENT')
    p = await send(finance, p, 'CONFIRM_PAYMENT')
    const pays = (await t.deps.database.raw(
      'select status, amount::text as amount, attempt, payer_company, failure_reason from payments where process_id = $1 order by attempt',
      [p.id],
    )) as any[]
    expect(pays).toEqual([
      {
        status: 'failed',
        amount: '1200.50',
        attempt: 1,
        payer_company: 'Family Office Ltd',
        failure_reason: 'bank refused',
      },
      {
        status: 'paid',
        amount: '1200.50',
        attempt: 2,
        payer_company: 'Family Office Ltd',
        failure_reason: '',
      },
    ])

    p = await send(operations, p, 'SUBMIT', { payload: { shipper: 'Art Movers', toRoomId: target } })
    p = await send(approver, p, 'APPROVE')
    expect(p.status).toBe('toBeTransported')
    expect((await artworkRows(t, ids)).map((a) => a.transport_status)).toEqual([
      'to_be_transported',
      'to_be_transported',
    ])
    p = await send(operations, p, 'DEPART')
    expect(
      (await artworkRows(t, ids)).every((a) => a.transport_status === 'transporting' && !a.in_warehouse),
    ).toBe(true)
    p = await send(operations, p, 'ARRIVE')
    expect(p).toMatchObject({ status: 'completed', done: true, nextEvents: [] })
    const after = await artworkRows(t, ids)
    expect(after.every((a) => a.room_id === target && a.in_warehouse && a.transport_status === 'none')).toBe(
      true,
    )
    expect(after.every((a) => a.active_process_id === null)).toBe(true)
    const moves = await movementRows(t, p.id)
    expect(moves.map((m) => m.kind).sort()).toEqual([
      'transport_arrive',
      'transport_arrive',
      'transport_start',
      'transport_start',
    ])
    expect(moves.filter((m) => m.kind === 'transport_start').every((m) => m.from_room_id === room)).toBe(true)
    expect(p.history.map((h) => h.seq)).toEqual(p.history.map((_, i) => i + 1))
    expect(p.version).toBe(p.history.length)
    // Done: nothing more may be sent.
    expect((await refused(send(operations, p, 'ARRIVE'))).messageKey).toBe('eventNotEnabled')
  })

  it('lets exactly one of two clients on the same version win', async () => {
    const [a] = await makeArtworks(t, 1, room)
    const p = await startProcess(env, registrar, TEST_TYPE, { artworkIds: [a] }, 'en')
    const results = await Promise.allSettled([
      send(registrar, p, 'SUBMIT', { payload: { note: 'one' } }),
      send(operations, p, 'SUBMIT', { payload: { note: 'two' } }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect((lost.reason as AppError).code).toBe(409)
    expect(await historyCount(p.id)).toBe(2)
  })

  it('answers a repeated idempotency key with the first result and one history row', async () => {
    const [a] = await makeArtworks(t, 1, room)
    const p = await startProcess(env, registrar, TEST_TYPE, { artworkIds: [a] }, 'en')
    const body = { payload: { note: 'once' }, idempotencyKey: `k-${p.id}` }
    const [first, second] = await Promise.all([
      send(registrar, p, 'SUBMIT', body),
      send(registrar, p, 'SUBMIT', body),
    ])
    expect(second).toEqual(first)
    const third = await send(registrar, p, 'SUBMIT', body)
    expect(third).toEqual(first)
    expect(await historyCount(p.id)).toBe(2)
    // The same key for another event is refused (409 of its own), writing nothing.
    const reused = await refused(send(registrar, first, 'SAVE', { idempotencyKey: body.idempotencyKey }))
    expect(reused).toMatchObject({ code: 409, messageKey: 'idempotencyKeyMismatch' })
    expect(await historyCount(p.id)).toBe(2)
  })

  it('keeps a running process on the version it started with', async () => {
    const [a] = await makeArtworks(t, 1, room)
    const p = await startProcess(env, registrar, TEST_TYPE, { artworkIds: [a] }, 'en')
    await t.deps.database.raw('update processes set definition_version = 1 where id = $1', [p.id])
    const next = await applyEvent(
      env,
      registrar,
      p.id,
      { type: 'SAVE', expectedVersion: 1, payload: { note: 'x' } },
      'en',
    )
    expect(next.definitionVersion).toBe(1)
    // Each history row records the version the event was applied on.
    const versions = (await t.deps.database.raw(
      'select definition_version from process_history where process_id = $1 order by seq',
      [p.id],
    )) as { definition_version: number }[]
    expect(versions.map((v) => v.definition_version)).toEqual([2, 1])
  })

  it('terminates (reason required, artworks released) and restarts from the first step', async () => {
    const [a] = await makeArtworks(t, 1, room)
    let p = await startProcess(env, registrar, TEST_TYPE, { artworkIds: [a] }, 'en')
    p = await send(registrar, p, 'SUBMIT', { payload: { note: 'n' } })
    expect((await refused(send(registrar, p, 'TERMINATE'))).data).toEqual({
      fieldErrors: { comment: 'A comment or reason is required' },
    })
    p = await send(registrar, p, 'TERMINATE', { comment: 'seller withdrew' })
    expect(p).toMatchObject({ status: 'terminated', state: 'terminated' })
    expect((await artworkRows(t, [a]))[0].active_process_id).toBeNull()
    p = await send(registrar, p, 'RESTART')
    expect(p).toMatchObject({ state: 'info.draft', status: 'draft' })
    expect((p.context as any).steps.info.draft).toEqual({ note: 'n' })
    expect((await artworkRows(t, [a]))[0].active_process_id).toBe(p.id)
  })
})
