// Bulk actions on processes through the real app: a dry run says per process what would happen (allowed, or
// refused with the reason in the request's language) and writes nothing; the real run needs a key, does each
// process in its own transaction (one that cannot be acted on fails alone, the others are done), and a
// repeat under the key returns the first answer; the privileges are the single actions' (nobody terminates
// in bulk what they could not terminate one by one, only administrators migrate); a migration of mixed
// types, or to an unknown state, is a 400 naming it; "all matching the filter" selects by the list's filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { definitionOf } from '../../machines/registry'
import type { ProcessCatalog } from '../../src/server/modules/process/catalog'
import { machineCatalog } from '../../src/server/modules/process/machine-catalog'
import { startProcess } from '../../src/server/modules/process/runtime'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { ProcessBulkResult } from '../../src/shared/contracts/process-bulk'
import { createTestContext, type TestContext } from './helpers'
import { dueDiligence, makeArtworks, makePdf, userOf } from './process-helpers'

const TRANSPORT = 'OPERATION_TRANS_ART'
const v1Only: ProcessCatalog = {
  ...machineCatalog,
  latest: (type) =>
    type === TRANSPORT
      ? (definitionOf(TRANSPORT, 1) ?? machineCatalog.latest(type))
      : machineCatalog.latest(type),
  versionsOf: (type) => (type === TRANSPORT ? [1] : machineCatalog.versionsOf(type)),
  definitionOf: (type, version) =>
    type === TRANSPORT && version !== 1 ? undefined : machineCatalog.definitionOf(type, version),
}

let t: TestContext
const tokens: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestContext()
  for (const u of ['admin', 'registrar', 'approver', 'operations', 'viewer']) tokens[u] = await t.login(u)
  await makePdf(t)
}, 120_000)
afterAll(() => t?.close())

async function purchase(): Promise<ProcessView> {
  const res = await t.call<ProcessView>('POST', '/api/process', {
    token: tokens.registrar,
    body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '山水', titleEn: 'Landscape' }] } },
  })
  expect(res.code, res.msg).toBe(0)
  return res.data
}

async function transportOnV1(): Promise<string> {
  const artworks = await makeArtworks(t, 1)
  const registrar = await userOf(t, 'registrar')
  const env = { db: t.deps.database.db, config: t.deps.config, catalog: v1Only }
  return (await startProcess(env, registrar, TRANSPORT, { artworkIds: artworks }, 'en')).id
}

const bulk = (user: string, body: Record<string, unknown>, lang = 'en') =>
  t.call<ProcessBulkResult & { fieldErrors: Record<string, string> }>('POST', '/api/process/bulk', {
    token: tokens[user],
    body,
    lang,
  })

const statusOf = async (id: string) =>
  (
    (await t.deps.database.raw('select status, definition_version from processes where id = $1', [id])) as {
      status: string
      definition_version: number
    }[]
  )[0]

const historyCount = async (id: string) =>
  Number(
    (
      (await t.deps.database.raw('select count(*) as n from process_history where process_id = $1', [
        id,
      ])) as {
        n: string
      }[]
    )[0].n,
  )

describe('terminate in bulk', () => {
  it('a dry run answers per process and writes nothing; a stranger is refused in their language', async () => {
    const a = await purchase()
    const b = await purchase()
    const preview = await bulk('registrar', {
      action: 'terminate',
      ids: [a.id, b.id],
      comment: 'Called off',
      dryRun: true,
    })
    expect(preview.code, preview.msg).toBe(0)
    expect(preview.data.items.map((i) => i.outcome)).toEqual(['allowed', 'allowed'])
    expect(preview.data.succeeded).toBe(2)
    expect((await statusOf(a.id)).status).not.toBe('terminated')
    expect(await historyCount(a.id)).toBe(1)

    // The operations user neither started them nor approves purchases: one by one they could not terminate.
    const single = await t.call('POST', `/api/process/${a.id}/events`, {
      token: tokens.operations,
      body: { type: 'TERMINATE', expectedVersion: a.version, comment: 'x' },
    })
    expect(single.code).not.toBe(0)
    const refused = await bulk('operations', { action: 'terminate', ids: [a.id], comment: 'x', dryRun: true })
    expect(refused.data.items[0].outcome).toBe('refused')
    expect(refused.data.items[0].reason).toBe(single.msg)
    const zh = await bulk(
      'operations',
      { action: 'terminate', ids: [a.id], comment: 'x', dryRun: true },
      'zh-CN',
    )
    expect(zh.data.items[0].reason).toMatch(/[\u4e00-\u9fff]/)
    const real = await bulk('operations', {
      action: 'terminate',
      ids: [a.id],
      comment: 'x',
      idempotencyKey: 'ops-terminate-1',
    })
    expect(real.data.items[0].outcome).toBe('failed')
    expect((await statusOf(a.id)).status).not.toBe('terminated')
  })

  it('a real run needs a key, does each process alone, and a repeat returns the first answer', async () => {
    const a = await purchase()
    const b = await purchase()
    const noKey = await bulk('registrar', { action: 'terminate', ids: [a.id], comment: 'Called off' })
    expect(noKey.status).toBe(400)
    expect(noKey.data.fieldErrors.idempotencyKey).toBeTruthy()
    const noComment = await bulk('registrar', { action: 'terminate', ids: [a.id], dryRun: true })
    expect(noComment.status).toBe(400)
    expect(noComment.data.fieldErrors.comment).toBeTruthy()
    const both = await bulk('registrar', { action: 'terminate', ids: [a.id], filter: {}, dryRun: true })
    expect(both.status).toBe(400)
    expect(both.data.fieldErrors.ids).toBe('Choose processes, or all matching the filter (one of the two)')

    // a is terminated first, alone; then a and b together: a fails (already ended), b is done.
    const first = await bulk('registrar', {
      action: 'terminate',
      ids: [a.id],
      comment: 'Called off',
      idempotencyKey: 'k-a',
    })
    expect(first.data.items[0].outcome).toBe('done')
    const body = { action: 'terminate', ids: [a.id, b.id], comment: 'Called off', idempotencyKey: 'k-ab' }
    const run = await bulk('registrar', body)
    expect(run.code, run.msg).toBe(0)
    expect(run.data.items.map((i) => i.outcome)).toEqual(['failed', 'done'])
    expect(run.data.items[0].reason).toBeTruthy()
    expect((await statusOf(b.id)).status).toBe('terminated')
    const rows = await historyCount(b.id)

    const repeat = await bulk('registrar', body)
    expect(repeat.data).toEqual(run.data)
    expect(await historyCount(b.id)).toBe(rows)
    const mismatch = await bulk('registrar', { ...body, ids: [b.id] })
    expect(mismatch.status).toBe(409)
  })
})

describe('migrate in bulk', () => {
  it('administrators only; mixed types and unknown states are 400 naming them; a run moves each', async () => {
    const x = await transportOnV1()
    const y = await transportOnV1()
    const p = await purchase()
    const notAdmin = await bulk('registrar', { action: 'migrate', ids: [x], toVersion: 2, dryRun: true })
    expect(notAdmin.code).toBe(4031)

    const mixed = await bulk('admin', { action: 'migrate', ids: [x, p.id], toVersion: 2, dryRun: true })
    expect(mixed.status).toBe(400)
    expect(mixed.msg).toContain('Transport')
    expect(mixed.msg).toMatch(/Purchase|purchase/)

    const unknown = await bulk('admin', {
      action: 'migrate',
      ids: [x],
      toVersion: 2,
      states: { 'transportInfo.draft': 'nowhere.atAll' },
      dryRun: true,
    })
    expect(unknown.status).toBe(400)
    expect(unknown.data.fieldErrors['states.transportInfo.draft']).toContain('nowhere.atAll')

    const preview = await bulk('admin', {
      action: 'migrate',
      filter: { type: TRANSPORT, live: '1' },
      toVersion: 2,
      dryRun: true,
    })
    expect(preview.code, preview.msg).toBe(0)
    const mine = preview.data.items.filter((i) => i.id === x || i.id === y)
    expect(mine.map((i) => i.outcome)).toEqual(['allowed', 'allowed'])
    expect((await statusOf(x)).definition_version).toBe(1)

    const run = await bulk('admin', { action: 'migrate', ids: [x, y], toVersion: 2, idempotencyKey: 'mig-1' })
    expect(run.data.items.map((i) => i.outcome)).toEqual(['done', 'done'])
    expect((await statusOf(x)).definition_version).toBe(2)
    expect((await statusOf(y)).definition_version).toBe(2)
  })
})

describe('reassign in bulk', () => {
  it('gives the open approval to a candidate; refuses one who may not do it, and a user who may not reassign', async () => {
    const p = await purchase()
    const submitted = await t.call<ProcessView>('POST', `/api/process/${p.id}/events`, {
      token: tokens.registrar,
      body: { type: 'SUBMIT', expectedVersion: p.version, payload: dueDiligence() },
    })
    expect(submitted.code, submitted.msg).toBe(0)
    const approver = await userOf(t, 'approver')
    const viewer = await userOf(t, 'viewer')

    const byRegistrar = await bulk('registrar', {
      action: 'reassign',
      ids: [p.id],
      toUserId: approver.id,
      dryRun: true,
    })
    expect(byRegistrar.data.items[0].outcome).toBe('refused')
    expect(byRegistrar.data.items[0].reason).toContain('Only an administrator')

    const toViewer = await bulk('admin', {
      action: 'reassign',
      ids: [p.id],
      toUserId: viewer.id,
      dryRun: true,
    })
    expect(toViewer.data.items[0].outcome).toBe('refused')
    expect(toViewer.data.items[0].reason).toContain('may not do this task')

    const run = await bulk('admin', {
      action: 'reassign',
      ids: [p.id],
      toUserId: approver.id,
      idempotencyKey: 're-1',
    })
    expect(run.data.items[0].outcome).toBe('done')
    const claimed = (await t.deps.database.raw(
      'select claimed_by from process_tasks where process_id = $1 and closed_at is null',
      [p.id],
    )) as { claimed_by: string }[]
    expect(claimed.map((c) => c.claimed_by)).toContain(approver.id)

    const stranger = await bulk('admin', {
      action: 'reassign',
      ids: [p.id],
      toUserId: '00000000-0000-4000-8000-000000000000',
      dryRun: true,
    })
    expect(stranger.status).toBe(400)
    expect(stranger.data.fieldErrors.toUserId).toBeTruthy()
  })
})
