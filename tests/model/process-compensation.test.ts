// What TERMINATE undoes, read from every machine's graph (not listed by hand): every leaf state of every
// step either lets TERMINATE through (and says what it undoes there) or refuses it with a message of its
// own; nothing a process did to the world outlives it: artworks in transit, on loan or held, a policy
// issued but never paid, pending reminders. The API suite replays the same leaves against a database
// (tests/api/process-terminate.test.ts) and checks the world over the whole database.
import { expect, describe as group, it } from 'vitest'
import { type AnyMachineSnapshot, type AnyStateNode, transition } from 'xstate'
import { allDefinitions, definitionOf } from '../../machines/registry'
import type { Effect, ProcessDefinition } from '../../machines/types'
import { checkEvent, describe, metaOf, pathOfNode, refusalOf, validateEvent } from '../../machines/view'
import { MODEL_AT, modelActors, shortestPaths } from './graph-paths'

/** Every leaf state that belongs to a step (where a process rests while it runs). */
function stepLeaves(definition: ProcessDefinition): AnyStateNode[] {
  const out: AnyStateNode[] = []
  const walk = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[]
    if (children.length === 0 && metaOf(node).step) out.push(node)
    for (const child of children) walk(child)
  }
  walk(definition.machine.root)
  return out
}

const byLeaf = new Map<ProcessDefinition, Map<string, AnyMachineSnapshot>>()

/** A snapshot resting in each leaf, from the graph's shortest paths (walked once per definition). */
function snapshotsByLeaf(definition: ProcessDefinition): Map<string, AnyMachineSnapshot> {
  const known = byLeaf.get(definition)
  if (known) return known
  const out = new Map<string, AnyMachineSnapshot>()
  byLeaf.set(definition, out)
  for (const { state } of shortestPaths(definition)) {
    const path = describe(definition, state).state
    if (!out.has(path)) out.set(path, state)
  }
  return out
}

function terminateEffects(definition: ProcessDefinition, snapshot: AnyMachineSnapshot, payload?: object) {
  const admin = modelActors(definition.type).admin
  const event = { type: 'TERMINATE', actor: admin, at: MODEL_AT, comment: 'Called off', payload }
  const [next, actions] = transition(definition.machine, snapshot, event as never)
  const effects = (actions as unknown as { type: string; params: Effect }[])
    .filter((a) => a.type === 'effect')
    .map((a) => a.params.name)
  return { next, effects }
}

for (const definition of allDefinitions()) {
  group(`${definition.type} v${definition.version}: terminate from every leaf`, () => {
    const leaves = stepLeaves(definition)
    const snapshots = snapshotsByLeaf(definition)

    it('every leaf of every step is reached, and TERMINATE there is either taken or refused with a message', () => {
      for (const leaf of leaves) {
        const path = pathOfNode(leaf)
        const snapshot = snapshots.get(path)
        expect(snapshot, `${path} reached`).toBeDefined()
        if (!snapshot) continue
        const refusal = refusalOf(definition, snapshot, 'TERMINATE')
        const admin = modelActors(definition.type).admin
        if (refusal) {
          expect(leaf.transitions.has('TERMINATE'), `${path} refuses TERMINATE`).toBe(false)
          expect(checkEvent(snapshot, 'TERMINATE', admin)).toBe('notEnabled')
          continue
        }
        expect(leaf.transitions.has('TERMINATE'), `${path} defines its own TERMINATE`).toBe(true)
        expect(checkEvent(snapshot, 'TERMINATE', admin)).toBe('allowed')
      }
    })

    it('terminating lets the artworks go and cancels reminders, wherever it happens', () => {
      for (const [path, snapshot] of snapshots) {
        if (snapshot.status !== 'active' || refusalOf(definition, snapshot, 'TERMINATE')) continue
        if (!metaOf(definition.machine.getStateNodeById(`${definition.type}.${path}`)).step) continue
        const asks = metaOf(definition.machine.getStateNodeById(`${definition.type}.${path}`)).eventPayloads
        const payload = asks?.TERMINATE ? { location: "Shipper's depot" } : undefined
        const { next, effects } = terminateEffects(definition, snapshot, payload)
        expect(describe(definition, next).state, path).toBe('terminated')
        expect(effects, path).toContain('remindersCancelled')
        if (path.endsWith('.toBeTransported')) expect(effects, path).toContain('transportCancelled')
        // Holding types release their artworks after the step's own compensation.
        const release = effects.indexOf('releaseArtworks')
        if (release >= 0) expect(release).toBeGreaterThan(effects.indexOf('notify'))
      }
    })
  })
}

group('what a step undoes or asks for when terminated', () => {
  it('v1 transport: refused in transit until ARRIVE, with its message', () => {
    const v1 = definitionOf('OPERATION_TRANS_ART', 1)!
    const snapshot = snapshotsByLeaf(v1).get('transport.transporting')!
    expect(refusalOf(v1, snapshot, 'TERMINATE')).toBe('terminateInTransit')
    expect(checkEvent(snapshot, 'TERMINATE', modelActors(v1.type).admin)).toBe('notEnabled')
    expect(checkEvent(snapshot, 'ARRIVE', modelActors(v1.type).operations)).toBe('allowed')
  })

  it('v2 transport: TERMINATE in transit must say where the artworks are, and records it', () => {
    const v2 = definitionOf('OPERATION_TRANS_ART', 2)!
    const snapshot = snapshotsByLeaf(v2).get('transport.transporting')!
    const missing = validateEvent(v2, snapshot, { type: 'TERMINATE', comment: 'Truck broke down' })
    expect(missing.ok).toBe(false)
    if (!missing.ok) expect(missing.issues.map((i) => i.message)).toContain('whereNowRequired')
    const wrong = validateEvent(v2, snapshot, {
      type: 'TERMINATE',
      comment: 'Truck broke down',
      payload: { roomId: 'not-a-room' },
    })
    expect(wrong.ok).toBe(false)
    const ok = validateEvent(v2, snapshot, {
      type: 'TERMINATE',
      comment: 'Truck broke down',
      payload: { location: "Shipper's depot" },
    })
    expect(ok.ok).toBe(true)
    const { effects } = terminateEffects(v2, snapshot, { location: "Shipper's depot" })
    expect(effects).toEqual(['transportAborted', 'notify', 'releaseArtworks', 'remindersCancelled'])
    // Elsewhere TERMINATE takes no payload.
    const before = snapshotsByLeaf(v2).get('transport.toBeTransported')!
    expect(
      validateEvent(v2, before, { type: 'TERMINATE', comment: 'x', payload: { location: 'y' } }).ok,
    ).toBe(false)
  })

  it('repair v2, mounting v2, purchase shipment v3: once the works left, TERMINATE says where they are', () => {
    const cases = [
      { type: 'OPERATION_REPAIR_ART', version: 2, away: ['artworkTransport.transporting', 'delivery.'] },
      { type: 'OPERATION_MOUNT_ART', version: 2, away: ['artworkTransport.transporting', 'delivery.'] },
      { type: 'BUY_ART_TRANS', version: 3, away: ['transport.transporting', 'warehousing.'] },
    ] as const
    for (const { type, version, away } of cases) {
      const definition = definitionOf(type, version)!
      let asked = 0
      for (const [path, snapshot] of snapshotsByLeaf(definition)) {
        if (snapshot.status !== 'active' || !path.includes('.')) continue
        const asks = away.some((a) => path.startsWith(a))
        const missing = validateEvent(definition, snapshot, { type: 'TERMINATE', comment: 'Called off' })
        expect(missing.ok, `${type} v${version} ${path}`).toBe(!asks)
        if (!asks) continue
        asked += 1
        const where = { location: 'Restorer studio' }
        expect(
          validateEvent(definition, snapshot, { type: 'TERMINATE', comment: 'x', payload: where }).ok,
        ).toBe(true)
        expect(terminateEffects(definition, snapshot, where).effects, path).toEqual([
          'transportAborted',
          'notify',
          'releaseArtworks',
          'remindersCancelled',
        ])
      }
      // In transit, and each leaf of the step after arrival (draft, rejected, submitted).
      expect(asked, `${type} v${version}`).toBe(4)
    }
  })

  it('a loan cannot be terminated while the artworks are with the borrower', () => {
    const loan = allDefinitions().find((d) => d.type === 'OPERATION_LOAN_EXHIBITION_ART')!
    const snapshot = snapshotsByLeaf(loan).get('return.onLoan')!
    expect(refusalOf(loan, snapshot, 'TERMINATE')).toBe('terminateOnLoan')
    expect(checkEvent(snapshot, 'RETURN', modelActors(loan.type).operations)).toBe('allowed')
  })

  it('a policy issued but not paid is voided when its process is terminated', () => {
    for (const type of ['INSURANCE_ANNUAL', 'INSURANCE_OPERATION', 'INSURANCE_RENEWAL'] as const) {
      const definition = allDefinitions().find((d) => d.type === type)!
      for (const [path, snapshot] of snapshotsByLeaf(definition)) {
        if (!path.startsWith('premiumPayment.')) continue
        expect(terminateEffects(definition, snapshot).effects, `${type} ${path}`).toContain('policyVoided')
      }
      for (const [path, snapshot] of snapshotsByLeaf(definition)) {
        if (!path.startsWith('quotation.') && !path.startsWith('policy.')) continue
        expect(terminateEffects(definition, snapshot).effects, `${type} ${path}`).not.toContain(
          'policyVoided',
        )
      }
    }
  })

  it('restart checks the artworks again and holds them again', () => {
    for (const definition of allDefinitions()) {
      const restart = definition.machine
        .getStateNodeById(`${definition.type}.terminated`)
        .transitions.get('RESTART')
      const effects = (restart?.[0].actions ?? []) as { type?: string; params?: Effect }[]
      const names = effects.filter((a) => a.type === 'effect').map((a) => a.params?.name)
      expect(names, definition.type).toContain('checkArtworks')
    }
  })
})
