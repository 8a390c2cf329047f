// A new process type is its declaration and one registry line: this test builds a throwaway type in a copy
// of the tree (machines/, src/shared/, the generator, docs/flows), adds its machine file and its registry line,
// runs the generator (`npm run diagrams`) there and checks that the copy then lists it (the generated type
// union, labels and list screens; the side menu), diagrams it (docs/flows/<TYPE>.md) and walks it to its end
// (a graph walk of its machine), and that no other file of the copy changed. Its start through the runtime and
// the database is tests/api/process-new-type.test.ts.
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const COPIED = [
  'machines',
  'src/shared',
  'scripts/diagrams.ts',
  'docs/flows',
  'package.json',
  'tsconfig.json',
]
const TYPE = 'THROWAWAY_CHECK'

/** The throwaway machine file: two form steps, its own step schemas, its declaration with a list screen. */
const MACHINE = `import { z } from 'zod'
import { declareType, defineProcess, formStep, IN_HAND } from './blocks'

export const throwawayCheckV1 = defineProcess({
  type: '${TYPE}',
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
})

export const throwawayCheck = declareType({
  type: '${TYPE}',
  label: { 'zh-CN': '试用流程', en: 'Throwaway check' },
  versions: [throwawayCheckV1],
  list: { path: '/devOpsManage/throwawayCheck' },
})
`

/** Run in the copy after the generator: the menu, the generated tables and a walk of the machine to its end. */
const PROBE = `import { getShortestPaths } from 'xstate/graph'
import { latest, registeredTypes } from './machines/registry'
import { MENU } from './src/shared/menu'
import { PROCESS_TYPE_LABELS, PROCESS_TYPE_LISTS, PROCESS_TYPES } from './src/shared/process-types'

const type = '${TYPE}'
const definition = latest(type)
const actor = (id, privileges) => ({ id, privileges, allPrivileges: false })
const filler = actor('filler', ['devOpsManage:start'])
const approver = actor('approver', ['devOpsManage:approve:' + type])
const at = '2026-03-01T08:00:00.000Z'
const events = [
  { type: 'SUBMIT', actor: filler, at, payload: { note: 'done' } },
  { type: 'APPROVE', actor: approver, at },
]
const input = { subject: { artworkIds: ['00000000-0000-4000-8000-000000000001'] }, secondApprovalAbove: {}, startedBy: 'filler' }
const paths = getShortestPaths(definition.machine, { events, input })
const done = paths.find((p) => p.state.status === 'done')
console.log(JSON.stringify({
  registered: registeredTypes().includes(type),
  inUnion: PROCESS_TYPES.includes(type),
  label: PROCESS_TYPE_LABELS[type],
  list: PROCESS_TYPE_LISTS.find((l) => l.type === type),
  menu: MENU.flatMap((m) => m.children ?? []).find((m) => m.path === '/devOpsManage/throwawayCheck'),
  walk: done ? done.steps.map((s) => s.event.type) : null,
  end: done ? done.state.value : null,
}))
`

function files(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (name === 'node_modules') return []
    return statSync(full).isDirectory() ? files(full, base) : [path.relative(base, full)]
  })
}

let copy: string
let before: Map<string, string>
let probe: Record<string, unknown>

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'vitrine-new-type-'))
  for (const p of COPIED) cpSync(path.join(root, p), path.join(copy, p), { recursive: true })
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'))
  before = new Map(files(copy).map((f) => [f, readFileSync(path.join(copy, f), 'utf8')]))
  // The new type: its machine file and its line in the registry (with the line importing it).
  writeFileSync(path.join(copy, 'machines/throwaway-check.ts'), MACHINE)
  const registry = path.join(copy, 'machines/registry.ts')
  writeFileSync(
    registry,
    readFileSync(registry, 'utf8')
      .replace(
        'import type { ProcessDefinition',
        "import { throwawayCheck } from './throwaway-check'\nimport type { ProcessDefinition",
      )
      .replace('  financePayment,\n] as const', '  financePayment,\n  throwawayCheck,\n] as const'),
  )
  const tsx = path.join(root, 'node_modules/.bin/tsx')
  execFileSync(tsx, ['scripts/diagrams.ts'], { cwd: copy, stdio: 'pipe' })
  writeFileSync(path.join(copy, 'probe.ts'), PROBE)
  probe = JSON.parse(execFileSync(tsx, ['probe.ts'], { cwd: copy, encoding: 'utf8' }))
  rmSync(path.join(copy, 'probe.ts'))
}, 120_000)
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true })
})

describe('a new process type', () => {
  it('is its machine file and its registry line; the generator writes the rest', () => {
    const after = new Map(files(copy).map((f) => [f, readFileSync(path.join(copy, f), 'utf8')]))
    const changed = [...after.keys()].filter((f) => before.get(f) !== after.get(f)).sort()
    const removed = [...before.keys()].filter((f) => !after.has(f))
    expect(removed).toEqual([])
    expect(changed).toEqual([
      `docs/flows/${TYPE}.md`,
      'machines/registry.ts',
      'machines/throwaway-check.ts',
      'src/shared/process-types.ts',
    ])
  })

  it('is in the generated union and labels, with its list screen in the side menu', () => {
    expect(probe).toMatchObject({
      registered: true,
      inUnion: true,
      label: { 'zh-CN': '试用流程', en: 'Throwaway check' },
      list: { type: TYPE, path: '/devOpsManage/throwawayCheck' },
      menu: { key: 'devOpsManage/throwawayCheck', labelZh: '试用流程', labelEn: 'Throwaway check' },
    })
  })

  it('is diagrammed: its flow page has its steps and its state diagram', () => {
    const page = readFileSync(path.join(copy, `docs/flows/${TYPE}.md`), 'utf8')
    expect(page).toContain('stateDiagram-v2')
    expect(page).toContain('Throwaway check')
    expect(page).toMatch(/plan[\s\S]*report/)
  })

  it('is walked to its end by a graph walk of its machine', () => {
    expect(probe.walk).toEqual(['xstate.init', 'SUBMIT', 'APPROVE', 'SUBMIT', 'APPROVE'])
    expect(probe.end).toBe('completed')
  })
})
