// Model-based tests generated from every machine's graph (xstate/graph): shortest paths reach every state
// of every chart, simple paths reach the endings, and the covering paths take every transition the machine
// defines (100%, measured here, printed as a table). Every step of every path is replayed with XState's
// pure `transition` and checked against the pure view (status, steps) and the payload rules.
import { afterAll, expect, describe as group, it } from 'vitest'
import { type AnyMachineSnapshot, type AnyStateNode, initialTransition, transition } from 'xstate'
import { allDefinitions } from '../../machines/registry'
import type { ProcessDefinition } from '../../machines/types'
import { describe, nextEvents, pathOfNode, validateEvent } from '../../machines/view'
import {
  type ConcreteEvent,
  type Coverage,
  coverageTable,
  coveringPaths,
  edgeId,
  leafEdges,
  measureCoverage,
  modelActors,
  modelInput,
  replay,
  shortestPaths,
  simplePaths,
  toMachineEvent,
} from './graph-paths'

const rows: (Coverage & { paths: number; events: number })[] = []

afterAll(() => {
  if (rows.length > 0) console.log(`\nTransition coverage, machine level\n${coverageTable(rows)}\n`)
})

/** Every state a process can rest in: the leaves of the chart (steps' leaves, terminated, the endings). */
function restingStates(definition: ProcessDefinition): string[] {
  const out: string[] = []
  const walk = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[]
    if (children.length === 0) out.push(pathOfNode(node))
    for (const child of children) walk(child)
  }
  walk(definition.machine.root)
  return out
}

/** Replay a path, checking at each step what the runtime checks (may send, valid payload) and the view. */
function runAndCheck(definition: ProcessDefinition, events: ConcreteEvent[]) {
  let [snapshot] = initialTransition(definition.machine, modelInput(definition)) as [
    AnyMachineSnapshot,
    unknown,
  ]
  for (const e of events) {
    const event = toMachineEvent(definition, e)
    // The event is one the user may send (the screen shows its button) and its payload passes the schema.
    expect(nextEvents(definition, snapshot, event.actor), `${e.type} by ${e.actor}`).toContain(e.type)
    expect(validateEvent(definition, snapshot, e).ok, `${e.type} payload`).toBe(true)
    ;[snapshot] = transition(definition.machine, snapshot, event)
    const d = describe(definition, snapshot)
    expect(d.steps.map((s) => s.key)).toEqual(definition.steps.map((s) => s.key))
    if (d.currentStep) expect(d.steps.find((s) => s.key === d.currentStep)?.status).not.toBe('pending')
  }
  return snapshot
}

for (const definition of allDefinitions()) {
  group(`${definition.type} v${definition.version}`, () => {
    let covering: ConcreteEvent[][] | undefined
    /** Computed once, by whichever test needs them first (each test runs on its own). */
    const coveringOf = () => {
      covering ??= coveringPaths(definition)
      return covering
    }

    it('shortest paths reach every state of the chart', () => {
      const paths = shortestPaths(definition)
      const reached = new Set(paths.map((p) => describe(definition, p.state).state))
      expect([...reached].sort()).toEqual(restingStates(definition).sort())
      // The graph's snapshots are what replaying the events gives (spot-check the longest paths).
      for (const path of [...paths].sort((a, b) => b.events.length - a.events.length).slice(0, 5))
        expect(describe(definition, runAndCheck(definition, path.events))).toEqual(
          describe(definition, path.state),
        )
    })

    it('simple paths lead to every ending, each with the ending effects', () => {
      const paths = simplePaths(definition, (s) => s.status === 'done')
      expect(paths.length).toBeGreaterThan(0)
      const endings = new Set<string>()
      for (const { events: path } of paths) {
        const end = runAndCheck(definition, path)
        expect(end.status).toBe('done')
        const r = replay(definition, path)
        endings.add(r.state)
        const last = r.steps[r.steps.length - 1]
        expect(last.effects).toContain('notify')
        expect(last.steps.every((s) => s.status === 'approved' || s.status === 'pending')).toBe(true)
      }
      const finals = (Object.values(definition.machine.root.states) as AnyStateNode[])
        .filter((n) => n.type === 'final')
        .map((n) => n.key)
      expect([...endings].sort()).toEqual(finals.sort())
    })

    it('covering paths take every transition the machine defines', () => {
      const paths = coveringOf()
      for (const path of paths) runAndCheck(definition, path)
      const replays = paths.map((p) => replay(definition, p))
      const coverage = measureCoverage(definition, replays)
      rows.push({ ...coverage, paths: paths.length, events: paths.reduce((n, p) => n + p.length, 0) })
      expect(coverage.missing).toEqual([])
      expect(coverage.covered).toBe(coverage.total)
      // Every edge between resting states (TERMINATE from every leaf included) is taken too.
      const initial = describe(
        definition,
        initialTransition(definition.machine, modelInput(definition))[0],
      ).state
      const taken = new Set(
        replays.flatMap((r) =>
          r.steps.map((step, i) =>
            edgeId(i === 0 ? initial : r.steps[i - 1].state, step.event.type, step.state),
          ),
        ),
      )
      expect(leafEdges(definition).filter((e) => !taken.has(e))).toEqual([])
    })

    it('a persisted snapshot restores to the same view and the same next events', () => {
      const actors = Object.values(modelActors(definition.type))
      expect(coveringOf().length).toBeGreaterThan(0)
      for (const path of coveringOf()) {
        const snapshot = runAndCheck(definition, path)
        const json = JSON.parse(JSON.stringify(definition.machine.getPersistedSnapshot(snapshot)))
        const restored = definition.machine.resolveState(json)
        expect(describe(definition, restored)).toEqual(describe(definition, snapshot))
        for (const actor of actors)
          expect(nextEvents(definition, restored, actor)).toEqual(nextEvents(definition, snapshot, actor))
      }
    })
  })
}
