// Real versions, through the real app on a real database: the server stores the
// fingerprint of every registered machine version and refuses to start when one differs; a process started
// on OPERATION_TRANS_ART v1 (before v2 existed: started through a catalog that has only v1) keeps running
// and finishes on v1, where TERMINATE in transit is refused; an administrator migrates another v1 process
// to v2 along the declared mapping (one MIGRATE history row, "v1 → v2"), after which its TERMINATE in
// transit asks where the artworks are; every bad migration is a 400 naming the field and writes nothing;
// the per-state counts say which version each process runs on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprint } from '../../machines/fingerprint'
import type { Migration } from '../../machines/migrations'
import { definitionOf, REGISTRY } from '../../machines/registry'
import { boot } from '../../src/server/boot'
import type { ProcessCatalog } from '../../src/server/modules/process/catalog'
import { machineCatalog } from '../../src/server/modules/process/machine-catalog'
import { startProcess } from '../../src/server/modules/process/runtime'
import { checkDefinitionVersions, migrateProcess } from '../../src/server/modules/process/versions'
import { sampleStepData } from '../../src/server/seed/process-samples'
import type { ProcessView } from '../../src/shared/contracts/process'
import { createTestContext, type TestContext } from './helpers'
import { artworkRows, countRows, makeArtworks, makeRoom, movementRows, userOf } from './process-helpers'

const TYPE = 'OPERATION_TRANS_ART'

/** The catalog of a server that did not have v2 yet: OPERATION_TRANS_ART stops at v1. */
const v1Only: ProcessCatalog = {
  ...machineCatalog,
  latest: (type) =>
    type === TYPE ? (definitionOf(TYPE, 1) ?? machineCatalog.latest(type)) : machineCatalog.latest(type),
  versionsOf: (type) => (type === TYPE ? [1] : machineCatalog.versionsOf(type)),
  definitionOf: (type, version) =>
    type === TYPE && version !== 1 ? undefined : machineCatalog.definitionOf(type, version),
}

let t: TestContext
let tokens: Record<string, string>
let roomId: string

beforeAll(async () => {
  t = await createTestContext()
  roomId = await makeRoom(t)
  tokens = {}
  for (const u of ['admin', 'registrar', 'approver', 'operations', 'viewer']) tokens[u] = await t.login(u)
})
afterAll(() => t?.close())

const get = async (id: string) =>
  (await t.call<ProcessView>('GET', `/api/process/${id}`, { token: tokens.admin })).data

async function send(user: string, id: string, type: string, extra: Record<string, unknown> = {}) {
  const p = await get(id)
  const res = await t.call<ProcessView>('POST', `/api/process/${id}/events`, {
    token: tokens[user],
    body: { type, expectedVersion: p.version, ...extra },
  })
  if (res.code !== 0) throw new Error(`${user} ${type} → ${res.code} ${res.msg} ${JSON.stringify(res.data)}`)
  return res.data
}

const migrate = (id: string, body: Record<string, unknown>, user = 'admin') =>
  t.call<any>('POST', `/api/process/${id}/migrate`, { token: tokens[user], body })

/** A transport started on v1, as a server without v2 would have started it. */
async function startOnV1(): Promise<{ id: string; artworks: string[] }> {
  const artworks = await makeArtworks(t, 2)
  const registrar = await userOf(t, 'registrar')
  const env = { db: t.deps.database.db, config: t.deps.config, catalog: v1Only }
  const view = await startProcess(env, registrar, TYPE, { artworkIds: artworks }, 'en')
  expect(view.definitionVersion).toBe(1)
  return { id: view.id, artworks }
}

/** Through the transport information to "transporting". */
async function intoTransit(id: string, artworks: string[]) {
  const info = sampleStepData(TYPE, { artworkIds: [artworks[0], artworks[1]], roomId, fileId: '' })
    .transportInfo[0]
  await send('registrar', id, 'SUBMIT', { payload: info })
  await send('approver', id, 'APPROVE')
  return send('operations', id, 'DEPART')
}

const historyOf = async (id: string) =>
  (await t.deps.database.raw(
    'select seq, event_type, from_state, to_state, comment, definition_version from process_history where process_id = $1 order by seq',
    [id],
  )) as {
    seq: number
    event_type: string
    from_state: string
    to_state: string
    comment: string
    definition_version: number
  }[]

const rowOf = async (id: string) =>
  (
    (await t.deps.database.raw(
      'select definition_version, version, state, snapshot from processes where id = $1',
      [id],
    )) as {
      definition_version: number
      version: number
      state: string
      snapshot: unknown
    }[]
  )[0]

describe('fingerprints stored by the server', () => {
  it('stores the fingerprint of every registered version at boot', async () => {
    const rows = (await t.deps.database.raw(
      'select type::text as type, version, fingerprint from process_definition_versions',
    )) as { type: string; version: number; fingerprint: string }[]
    const stored = new Map(rows.map((r) => [`${r.type}@${r.version}`, r.fingerprint]))
    for (const definitions of Object.values(REGISTRY))
      for (const d of definitions) expect(stored.get(`${d.type}@${d.version}`)).toBe(fingerprint(d))
    expect(stored.has(`${TYPE}@2`)).toBe(true)
    // A second check of the same code adds nothing and passes.
    expect((await checkDefinitionVersions(t.deps.database.db, machineCatalog)).added).toEqual([])
  })

  it('refuses to start when a stored fingerprint differs from the running code, naming type and version', async () => {
    const other = await createTestContext({ demo: false })
    try {
      await other.deps.database.raw(
        `update process_definition_versions set fingerprint = $1 where type = $2 and version = 1`,
        ['0'.repeat(64), TYPE],
      )
      await expect(boot(other.deps.config, { database: other.deps.database })).rejects.toThrow(
        /OPERATION_TRANS_ART version 1 changed/,
      )
    } finally {
      await other.close()
    }
  })

  it('refuses to start when processes use a version the code does not register', async () => {
    const { id } = await startOnV1()
    const v2Only: ProcessCatalog = {
      ...machineCatalog,
      versionsOf: (type) => (type === TYPE ? [2] : machineCatalog.versionsOf(type)),
      definitionOf: (type, version) =>
        type === TYPE && version === 1 ? undefined : machineCatalog.definitionOf(type, version),
    }
    await expect(checkDefinitionVersions(t.deps.database.db, v2Only)).rejects.toThrow(
      /OPERATION_TRANS_ART version 1 is used by \d+ process/,
    )
    await send('registrar', id, 'TERMINATE', { comment: 'not needed' })
  })
})

describe('a v1 process finishes on v1', () => {
  it('keeps v1 while v2 is the latest: TERMINATE in transit is refused, ARRIVE ends it on v1', async () => {
    const { id, artworks } = await startOnV1()
    const defs = await t.call<any[]>('GET', '/api/process/definitions', { token: tokens.viewer })
    expect(defs.data.find((d) => d.type === TYPE)).toMatchObject({ version: 2, versions: [1, 2] })

    const moving = await intoTransit(id, artworks)
    expect(moving).toMatchObject({ definitionVersion: 1, state: 'transport.transporting' })
    expect(moving.nextEvents).not.toContain('TERMINATE')
    const before = await rowOf(id)
    const refused = await t.call<any>('POST', `/api/process/${id}/events`, {
      token: tokens.admin,
      body: { type: 'TERMINATE', expectedVersion: moving.version, comment: 'stop', payload: { roomId } },
    })
    expect(refused.status).toBe(400)
    expect(await rowOf(id)).toEqual(before)

    const arrived = await send('operations', id, 'ARRIVE')
    expect(arrived).toMatchObject({ definitionVersion: 1, done: true, state: 'completed' })
    expect((await historyOf(id)).every((h) => h.definition_version === 1)).toBe(true)
    expect((await artworkRows(t, artworks)).map((a) => a.transport_status)).not.toContain('transporting')
  })
})

describe('migration v1 → v2', () => {
  it('moves a running v1 process to v2 in one step: state mapped, context kept, MIGRATE in the history', async () => {
    const { id, artworks } = await startOnV1()
    const moving = await intoTransit(id, artworks)
    const before = await rowOf(id)

    const res = await migrate(id, { toVersion: 2, expectedVersion: moving.version })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    const migrated = res.data as ProcessView
    expect(migrated).toMatchObject({
      definitionVersion: 2,
      version: moving.version + 1,
      state: 'transport.transporting',
      status: 'transporting',
    })
    expect(migrated.context).toEqual((before.snapshot as { context: unknown }).context)
    expect(migrated.history.at(-1)).toMatchObject({
      seq: moving.version + 1,
      type: 'MIGRATE',
      fromState: 'transport.transporting',
      toState: 'transport.transporting',
      comment: 'v1 → v2',
    })
    const history = await historyOf(id)
    expect(history.filter((h) => h.event_type === 'MIGRATE')).toHaveLength(1)
    expect(history.at(-1)).toMatchObject({ event_type: 'MIGRATE', definition_version: 2 })
    // The history page shows it too.
    const page = await t.call<any>('GET', `/api/process/${id}/history?page=1&pageSize=5`, {
      token: tokens.viewer,
    })
    expect(page.data.list[0]).toMatchObject({ type: 'MIGRATE', comment: 'v1 → v2' })

    // On v2, TERMINATE in transit is possible and asks where the artworks are now.
    const now = await get(id)
    expect(now.nextEvents).toContain('TERMINATE')
    const noWhere = await t.call<any>('POST', `/api/process/${id}/events`, {
      token: tokens.registrar,
      body: { type: 'TERMINATE', expectedVersion: now.version, comment: 'shipper stopped' },
    })
    expect(noWhere.status).toBe(400)
    expect(Object.keys(noWhere.data.fieldErrors).some((f) => f.startsWith('payload'))).toBe(true)
    expect((await rowOf(id)).version).toBe(now.version)

    const ended = await send('registrar', id, 'TERMINATE', {
      comment: 'shipper stopped',
      payload: { roomId },
    })
    expect(ended).toMatchObject({ definitionVersion: 2, status: 'terminated' })
    const rows = await artworkRows(t, artworks)
    expect(rows.map((a) => a.transport_status)).not.toContain('transporting')
    expect(rows.every((a) => a.room_id === roomId && a.active_process_id === null)).toBe(true)
    const aborted = (await movementRows(t, id)).filter((m) => m.kind === 'transport_aborted')
    expect(aborted.map((m) => [m.artwork_id, m.to_room_id]).sort()).toEqual(
      artworks.map((a) => [a, roomId]).sort(),
    )
  })

  it('refuses bad migrations with a 400 naming the field, and writes nothing', async () => {
    const { id } = await startOnV1()
    const p = await get(id)
    const unchanged = async () => {
      expect(await rowOf(id)).toMatchObject({ definition_version: 1, version: p.version })
      expect(await countRows(t, 'process_history', 'process_id = $1', [id])).toBe(p.version)
    }

    const unknown = await migrate(id, { toVersion: 99, expectedVersion: p.version })
    expect(unknown).toMatchObject({
      status: 400,
      data: { fieldErrors: { toVersion: 'This process type has no such version' } },
    })
    const same = await migrate(id, { toVersion: 1, expectedVersion: p.version })
    expect(same).toMatchObject({
      status: 400,
      data: { fieldErrors: { toVersion: 'The process already runs on this version' } },
    })
    const missing = await migrate(id, { expectedVersion: p.version })
    expect(missing.status).toBe(400)
    expect(missing.data.fieldErrors).toHaveProperty('toVersion')
    const extra = await migrate(id, { toVersion: 2, expectedVersion: p.version, state: 'x' })
    expect(extra.status).toBe(400)
    const stale = await migrate(id, { toVersion: 2, expectedVersion: p.version + 5 })
    expect(stale.status).toBe(409)
    const notAdmin = await migrate(id, { toVersion: 2, expectedVersion: p.version }, 'approver')
    expect(notAdmin.code).toBe(4031)
    const noProcess = await migrate('00000000-0000-4000-8000-000000000000', {
      toVersion: 2,
      expectedVersion: 1,
    })
    expect(noProcess.status).toBe(404)
    await unchanged()

    // No declared mapping (v2 → v1 is not declared), and a mapping that leaves the current state out.
    const admin = await userOf(t, 'admin')
    const actor = { id: admin.id, privileges: [...admin.privileges], allPrivileges: admin.allPrivileges }
    const env = { db: t.deps.database.db, catalog: machineCatalog }
    const partial: Migration[] = [
      {
        type: TYPE,
        from: 1,
        to: 2,
        states: { 'transport.transporting': 'transport.transporting' },
        note: 'test',
      },
    ]
    await expect(
      migrateProcess(env, actor, id, { toVersion: 2, expectedVersion: p.version }, partial),
    ).rejects.toMatchObject({
      code: 400,
      data: { fieldErrors: { toVersion: 'stateNotMapped' }, state: p.state },
    })
    const toNowhere: Migration[] = [
      { type: TYPE, from: 1, to: 2, states: { [p.state]: 'transport.nowhere' }, note: 'test' },
    ]
    await expect(
      migrateProcess(env, actor, id, { toVersion: 2, expectedVersion: p.version }, toNowhere),
    ).rejects.toMatchObject({
      code: 400,
      data: { fieldErrors: { toVersion: 'stateNotMapped' } },
    })
    await expect(
      migrateProcess(env, actor, id, { toVersion: 2, expectedVersion: p.version }, []),
    ).rejects.toMatchObject({
      code: 400,
      data: { fieldErrors: { toVersion: 'migrationNotDeclared' } },
    })
    await unchanged()

    // Migrated once, the way back is not declared.
    const ok = await migrate(id, { toVersion: 2, expectedVersion: p.version })
    expect(ok.code).toBe(0)
    const back = await migrate(id, { toVersion: 1, expectedVersion: ok.data.version })
    expect(back).toMatchObject({
      status: 400,
      data: { fieldErrors: { toVersion: 'No migration is declared from the current version to this one' } },
    })
  })

  it('a failure while writing leaves the process as it was (one transaction)', async () => {
    const { id } = await startOnV1()
    const p = await get(id)
    const admin = await userOf(t, 'admin')
    // A history row already at the next seq makes the migration's own history insert fail after its update.
    await t.deps.database.raw(
      `insert into process_history (process_id, seq, event_type, from_state, to_state, by_user_id, comment,
         definition_version, allowed_by) values ($1, $2, 'SAVE', $3, $3, $4, 'in the way', 1, 'test')`,
      [id, p.version + 1, p.state, admin.id],
    )
    const res = await migrate(id, { toVersion: 2, expectedVersion: p.version })
    // The history insert's unique (process, seq) refuses it: answered as a race lost (409), nothing written.
    expect(res.status).toBe(409)
    expect(await rowOf(id)).toMatchObject({ definition_version: 1, version: p.version, state: p.state })
    expect(await countRows(t, 'process_history', "process_id = $1 and event_type = 'MIGRATE'", [id])).toBe(0)
  })

  it('refuses to migrate a finished process', async () => {
    const { id, artworks } = await startOnV1()
    await intoTransit(id, artworks)
    const done = await send('operations', id, 'ARRIVE')
    const res = await migrate(id, { toVersion: 2, expectedVersion: done.version })
    expect(res).toMatchObject({
      status: 400,
      data: { fieldErrors: { id: 'The process has finished and cannot change' } },
    })
    expect(await rowOf(id)).toMatchObject({ definition_version: 1, version: done.version })
  })
})

describe('per-version counts', () => {
  it('GET /definitions/:type/stats counts live and all processes per version, states with their version', async () => {
    const v1 = await startOnV1()
    const v2 = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens.registrar,
      body: { type: TYPE, input: { artworkIds: await makeArtworks(t, 1) } },
    })
    expect(v2.data.definitionVersion).toBe(2)
    const stats = await t.call<any>('GET', `/api/process/definitions/${TYPE}/stats`, { token: tokens.viewer })
    expect(stats.code).toBe(0)
    const live = (await t.deps.database.raw(
      'select definition_version as v, count(*)::int as n from processes where type = $1 and not done group by 1',
      [TYPE],
    )) as { v: number; n: number }[]
    const all = (await t.deps.database.raw(
      'select definition_version as v, count(*)::int as n from processes where type = $1 group by 1',
      [TYPE],
    )) as { v: number; n: number }[]
    const n = (rows: { v: number; n: number }[], v: number) => rows.find((r) => r.v === v)?.n ?? 0
    expect(stats.data.byVersion).toEqual([
      { definitionVersion: 1, live: n(live, 1), total: n(all, 1) },
      { definitionVersion: 2, live: n(live, 2), total: n(all, 2) },
    ])
    expect(n(live, 1)).toBeGreaterThanOrEqual(1)
    expect(n(live, 2)).toBeGreaterThanOrEqual(1)
    const draftV1 = stats.data.states.find(
      (s: any) => s.state === 'transportInfo.draft' && s.definitionVersion === 1,
    )
    expect(draftV1.count).toBeGreaterThanOrEqual(1)
    // The total in progress leaves out terminated processes (not done: they may be restarted, so a version
    // still counts them as live).
    const inProgress = (await t.deps.database.raw(
      "select count(*)::int as n from processes where type = $1 and not done and status <> 'terminated'",
      [TYPE],
    )) as { n: number }[]
    expect(stats.data.total).toBe(inProgress[0].n)
    await send('registrar', v1.id, 'TERMINATE', { comment: 'done with it' })
  })
})
