// Versions are real: every registered machine version's graph is recorded in
// machines/fingerprints.json, and a version whose graph changed without a new version number fails here.
// Also: the fingerprint sees what changes behaviour and ignores labels,
// `npm run fingerprints` only adds (it refuses to re-record a changed, released version), and every declared
// migration maps every live state of its old version onto a live state of its new one.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { setup } from 'xstate'
import { z } from 'zod'
import {
  canonicalText,
  type FingerprintFile,
  fingerprint,
  fingerprintDifferences,
  fingerprintsOf,
} from '../../machines/fingerprint'
import { liveStatePaths, MIGRATIONS } from '../../machines/migrations'
import { allDefinitions, definitionOf, REGISTRY } from '../../machines/registry'
import type { ProcessContext, ProcessDefinition, ProcessEvent, ProcessInput } from '../../machines/types'

const root = path.resolve(import.meta.dirname, '../..')
const FILE = path.join(root, 'machines', 'fingerprints.json')
const recorded = (): FingerprintFile => JSON.parse(readFileSync(FILE, 'utf8'))

/** A small machine whose every part a test can vary. */
function toy(
  change: Partial<{
    label: string
    guardStep: string
    effectTo: string
    target: string
    swap: boolean
    extraState: boolean
    status: string
  }> = {},
): ProcessDefinition {
  const m = setup({
    types: {} as { context: ProcessContext; events: ProcessEvent; input: ProcessInput },
    guards: { mayApprove: (_a, _p: { step: string }) => true, mayFill: () => true },
    actions: { effect: (_a, _p: unknown) => {} },
  })
  const candidates = [
    {
      guard: { type: 'mayApprove' as const, params: { step: change.guardStep ?? 'a' } },
      target: change.target ?? 'done',
    },
    { guard: 'mayFill' as const, target: 'b' },
  ]
  // A record of states, as the blocks build them: the machine is then a ProcessMachine.
  const states: Record<string, Parameters<typeof m.createStateConfig>[0]> = {
    a: {
      meta: { labelZh: '甲', labelEn: change.label ?? 'A', step: 'a', status: change.status ?? 'draft' },
      on: {
        GO: change.swap ? [candidates[1], candidates[0]] : candidates,
        SAVE: {
          actions: [
            { type: 'effect', params: { name: 'notify', params: { to: change.effectTo ?? 'approvers' } } },
          ],
        },
      },
    },
    b: { meta: { labelZh: '乙', labelEn: 'B', step: 'b', status: 'draft' }, on: { GO: 'done' } },
    ...(change.extraState ? { c: { meta: { labelZh: '丙', labelEn: 'C', status: 'draft' } } } : {}),
    done: { type: 'final', meta: { labelZh: '完', labelEn: 'Done', status: 'completed' } },
  }
  const machine = m.createMachine({
    id: 'TOY',
    context: ({ input }) => ({ ...input, steps: {}, restarts: 0 }),
    initial: 'a',
    states,
  })
  return {
    type: 'OPERATION_TRANS_ART',
    version: 1,
    machine,
    steps: [],
    input: z.object({}),
    payloads: {},
  }
}

describe('machine fingerprints', () => {
  it('the same graph built twice gives the same fingerprint; labels do not count', () => {
    expect(fingerprint(toy())).toBe(fingerprint(toy()))
    expect(fingerprint(toy({ label: 'Another wording' }))).toBe(fingerprint(toy()))
  })

  it('every change of behaviour changes the fingerprint', () => {
    const base = fingerprint(toy())
    const variants = {
      'guard params': toy({ guardStep: 'b' }),
      'effect params': toy({ effectTo: 'submitter' }),
      target: toy({ target: 'b' }),
      'order of candidate transitions': toy({ swap: true }),
      'a state added': toy({ extraState: true }),
      'a state status': toy({ status: 'approvalOngoing' }),
    }
    for (const [what, definition] of Object.entries(variants))
      expect(fingerprint(definition), what).not.toBe(base)
  })

  it('the canonical text names states, events, guards, targets and effects', () => {
    const text = canonicalText(toy())
    for (const part of [
      '"path":"a"',
      '"event":"GO"',
      '"type":"mayApprove"',
      '"targets":["done"]',
      '"name":"notify"',
    ])
      expect(text).toContain(part)
  })

  it('every registered version is recorded in machines/fingerprints.json, unchanged', () => {
    const differences = fingerprintDifferences(fingerprintsOf(allDefinitions()), recorded())
    const explain = differences.map((d) =>
      d.kind === 'missing'
        ? `${d.type}@${d.version} is not recorded: run npm run fingerprints`
        : `${d.type}@${d.version} changed without a new version number (recorded ${d.recorded}, now ${d.computed})`,
    )
    expect(explain).toEqual([])
  })

  it('the comparison reports a changed and a missing version (so the check above can fail)', () => {
    const computed = fingerprintsOf(allDefinitions())
    const tampered: FingerprintFile = structuredClone(computed)
    tampered.OPERATION_TRANS_ART['1'] = '0'.repeat(64)
    delete tampered.BUY_ART
    const kinds = fingerprintDifferences(computed, tampered).map((d) => `${d.kind} ${d.type}@${d.version}`)
    expect(kinds.sort()).toEqual(['changed OPERATION_TRANS_ART@1', 'missing BUY_ART@1'])
  })
})

describe('npm run fingerprints', () => {
  const run = (args: string[]) => {
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/fingerprints.ts', ...args], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      return { code: 0, out }
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string }
      return { code: e.status, out: `${e.stdout}${e.stderr}` }
    }
  }

  it('adds a new version, refuses a changed released one (and writes nothing), even when asked to accept it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-fp-'))
    try {
      const file = path.join(dir, 'fingerprints.json')
      const computed = fingerprintsOf(allDefinitions())

      // A version not recorded yet is added; nothing else moves.
      const withoutOne: FingerprintFile = structuredClone(computed)
      delete withoutOne.INVENTORY_CHECK
      writeFileSync(file, JSON.stringify(withoutOne))
      const added = run(['--file', file])
      expect(added.code, added.out).toBe(0)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(computed)

      // A recorded version whose graph changed is refused, the file untouched.
      const changed: FingerprintFile = structuredClone(computed)
      changed.OPERATION_TRANS_ART['1'] = 'f'.repeat(64)
      const before = JSON.stringify(changed)
      writeFileSync(file, before)
      const refused = run(['--file', file])
      expect(refused.code).toBe(1)
      expect(refused.out).toContain('OPERATION_TRANS_ART@1')
      expect(readFileSync(file, 'utf8')).toBe(before)
      expect(run(['--file', file, '--check']).code).toBe(1)

      // OPERATION_TRANS_ART v1 is committed (released): --accept-unreleased may not re-record it.
      const released = run(['--file', file, '--accept-unreleased', 'OPERATION_TRANS_ART@1'])
      expect(released.code).toBe(1)
      expect(released.out).toContain('released')
      expect(readFileSync(file, 'utf8')).toBe(before)

      // --baseline rewrites the whole file from the registry.
      expect(run(['--file', file, '--baseline']).code).toBe(0)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(computed)
      expect(run(['--file', file, '--check']).code).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('migrations', () => {
  it('OPERATION_TRANS_ART has a v1 and a v2, and a declared migration between them', () => {
    expect(REGISTRY.OPERATION_TRANS_ART.map((d) => d.version)).toEqual([1, 2])
    expect(MIGRATIONS.some((m) => m.type === 'OPERATION_TRANS_ART' && m.from === 1 && m.to === 2)).toBe(true)
  })

  it('BUY_ART_TRANS has a v1 (one room), a v2 (batch inbound, per artwork) and a v3 (asks where) with different fingerprints', () => {
    expect(REGISTRY.BUY_ART_TRANS.map((d) => d.version)).toEqual([1, 2, 3])
    const [v1, v2, v3] = REGISTRY.BUY_ART_TRANS
    expect(fingerprint(v2)).not.toBe(fingerprint(v1))
    expect(fingerprint(v3)).not.toBe(fingerprint(v2))
    expect(canonicalText(v2)).toContain('perArtwork')
    expect(canonicalText(v2)).not.toContain('transportAborted')
    expect(canonicalText(v3)).toContain('transportAborted')
    expect(MIGRATIONS.some((m) => m.type === 'BUY_ART_TRANS' && m.from === 1 && m.to === 2)).toBe(true)
    expect(MIGRATIONS.some((m) => m.type === 'BUY_ART_TRANS' && m.from === 2 && m.to === 3)).toBe(true)
  })

  for (const m of MIGRATIONS)
    it(`${m.type} v${m.from} → v${m.to} maps every live state onto a live state of v${m.to}`, () => {
      const from = definitionOf(m.type, m.from)
      const to = definitionOf(m.type, m.to)
      expect(from, `v${m.from} registered`).toBeDefined()
      expect(to, `v${m.to} registered`).toBeDefined()
      if (!from || !to) return
      expect(m.to).toBeGreaterThan(m.from)
      expect(Object.keys(m.states).sort()).toEqual(liveStatePaths(from).sort())
      const targets = new Set(liveStatePaths(to))
      for (const [old, next] of Object.entries(m.states))
        expect(targets.has(next), `${old} → ${next}`).toBe(true)
    })
})
