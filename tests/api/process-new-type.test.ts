// A process type the code declares (in memory here: tests/model/new-type.test.ts makes one in a copy of the
// tree, with the generator) is startable, listed and walked to its end through the runtime and the database,
// with no migration: the server registers its versions at boot (process_definition_versions), the type
// columns are text, and a process row names a registered (type, version), so the database refuses a process
// of a type the code never registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { declareType, defineProcess, formStep, IN_HAND } from '../../machines/blocks'
import { actorOf } from '../../src/server/modules/process/actor'
import type { ProcessCatalog } from '../../src/server/modules/process/catalog'
import { machineCatalog } from '../../src/server/modules/process/machine-catalog'
import { listProcesses } from '../../src/server/modules/process/queries'
import { applyEvent, type RuntimeEnv, startProcess } from '../../src/server/modules/process/runtime'
import { checkDefinitionVersions } from '../../src/server/modules/process/versions'
import type { ProcessView } from '../../src/shared/contracts/process'
import type { ProcessType } from '../../src/shared/process-types'
import { createTestContext, type TestContext } from './helpers'
import { makeArtworks, makeRoom, userOf } from './process-helpers'

// Not in the generated union: the name of a type declared after this build (the one cast of the test).
const TYPE = 'THROWAWAY_CHECK' as ProcessType

const throwaway = declareType({
  type: TYPE,
  label: { 'zh-CN': '试用流程', en: 'Throwaway check' },
  versions: [
    defineProcess({
      type: TYPE,
      version: 1,
      holdsArtworks: true,
      artworkStatuses: IN_HAND,
      steps: [
        formStep({ key: 'plan', labelZh: '计划', labelEn: 'Plan' }, { next: { to: 'report' } }),
        formStep({ key: 'report', labelZh: '报告', labelEn: 'Report' }, { next: { to: 'completed' } }),
      ],
      input: z.strictObject({ artworkIds: z.array(z.uuid()).min(1) }),
      payloads: {
        plan: z.strictObject({ note: z.string().min(1) }),
        report: z.strictObject({ note: z.string().min(1) }),
      },
    }),
  ],
})

/** The server's catalog with the throwaway type beside the registered ones. */
const catalog: ProcessCatalog = {
  types: () => [...machineCatalog.types(), TYPE],
  latest: (type) => (type === TYPE ? throwaway.versions[0] : machineCatalog.latest(type)),
  definitionOf: (type, version) =>
    type === TYPE
      ? throwaway.versions.find((d) => d.version === version)
      : machineCatalog.definitionOf(type, version),
  versionsOf: (type) => (type === TYPE ? [1] : machineCatalog.versionsOf(type)),
}

let t: TestContext
let env: RuntimeEnv
let room: string

beforeAll(async () => {
  t = await createTestContext()
  env = { db: t.deps.database.db, config: t.deps.config, catalog }
  room = await makeRoom(t)
})
afterAll(() => t?.close())

describe('a process type declared after the database was made', () => {
  it('is refused by the database until the server registered it, then started, listed and walked to its end', async () => {
    // The administrator approves: the approvers' role names the approval privilege of each registered type only.
    const [registrar, approver] = await Promise.all([userOf(t, 'registrar'), userOf(t, 'admin')])
    const [artwork] = await makeArtworks(t, 1, room)
    // Not registered yet (this server booted without it): the row would name no registered version.
    await expect(startProcess(env, registrar, TYPE, { artworkIds: [artwork] }, 'en')).rejects.toThrow()

    // What a boot with this catalog does: the new version is stored, nothing else changes.
    const check = await checkDefinitionVersions(t.deps.database.db, catalog)
    expect(check.added).toEqual([{ type: TYPE, version: 1 }])

    let p: ProcessView = await startProcess(env, registrar, TYPE, { artworkIds: [artwork] }, 'en')
    expect(p).toMatchObject({ type: TYPE, definitionVersion: 1, state: 'plan.draft', status: 'draft' })

    const listed = await listProcesses(
      env.db,
      catalog,
      { type: TYPE, page: 1, pageSize: 20 },
      actorOf(registrar),
    )
    expect(listed.list.map((v) => v.id)).toEqual([p.id])

    const send = async (user: typeof registrar, type: string, payload?: Record<string, unknown>) => {
      p = await applyEvent(env, user, p.id, { type, expectedVersion: p.version, payload }, 'en')
    }
    for (const step of ['plan', 'report']) {
      expect(p.currentStep).toBe(step)
      await send(registrar, 'SUBMIT', { note: `${step} done` })
      await send(approver, 'APPROVE')
    }
    expect(p).toMatchObject({ state: 'completed', status: 'completed', done: true })
  })
})
