// The tasks of every machine, checked against the machine along the paths of its graph: after
// every transition of the shortest paths (one to each distinct state, as process-graphs.test.ts walks them)
// and of the simple paths to every ending (reject and resubmit, fail and retry, N approvals), the task set
// `tasksOf` gives is what the machine itself says waits, worked out here independently: the events (not
// SAVE, TERMINATE, RESTART) that someone may send now — an all-privileges probe who is neither the submitter
// nor an approver — grouped by TASK_OF_EVENT, each task's candidates being exactly the privileges that alone
// let a user send one of its events. No task in a final state or in `terminated`; every task of
// `taskCatalog` (and every row of the flow page's Tasks table) is met along the way; every event of every
// machine is either a task's or named as no task.
import { expect, describe as group, it } from 'vitest'
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { taskRows } from '../../machines/diagram'
import { allDefinitions } from '../../machines/registry'
import {
  NOT_TASK_EVENTS,
  TASK_KINDS,
  TASK_OF_EVENT,
  type TaskKind,
  type TaskSpec,
  taskCatalog,
  tasksOf,
} from '../../machines/tasks'
import type { Actor, ProcessDefinition } from '../../machines/types'
import { describe, eventTypes, statePath } from '../../machines/view'
import { PRIVILEGES } from '../../src/shared/privileges'
import {
  type ConcreteEvent,
  MODEL_AT,
  modelActors,
  modelInput,
  shortestPaths,
  simplePaths,
  toMachineEvent,
} from './graph-paths'

/** Not one of the demo users the paths are made of: never a submitter, never an approver so far. */
const PROBE_ID = 'user-task-probe'
const anyone: Actor = { id: PROBE_ID, privileges: [], allPrivileges: true }
const holding = (privilege: string): Actor => ({
  id: PROBE_ID,
  privileges: [privilege],
  allPrivileges: false,
})

interface Expected {
  step: string
  kind: TaskKind
  events: string[]
  privileges: string[]
}

/** What waits in a snapshot, from the machine's own answers (`snapshot.can`), without machines/tasks.ts's derivation. */
function expectedTasks(definition: ProcessDefinition, snapshot: AnyMachineSnapshot): Expected[] {
  const d = describe(definition, snapshot)
  const stepDef = definition.steps.find((s) => s.key === d.currentStep)
  const may = (type: string, actor: Actor) => snapshot.can({ type, actor, at: MODEL_AT })
  const byKind = new Map<TaskKind, Expected>()
  for (const type of eventTypes(definition)) {
    if (NOT_TASK_EVENTS.has(type) || !may(type, anyone)) continue
    const base = TASK_OF_EVENT[type]
    expect(base, `${definition.type}: ${type} is the event of a task`).toBeDefined()
    // A step whose form is a count (a stocktake) is counted, not filled in.
    const kind: TaskKind = base === 'fill' && stepDef?.task === 'count' ? 'count' : base
    expect(d.currentStep, `${statePath(snapshot)}: a state that waits is in a step`).not.toBeNull()
    const task = byKind.get(kind) ?? { step: d.currentStep as string, kind, events: [], privileges: [] }
    task.events.push(type)
    byKind.set(kind, task)
  }
  for (const task of byKind.values())
    task.privileges = PRIVILEGES.map((p) => p.key).filter((p) => task.events.some((e) => may(e, holding(p))))
  return [...byKind.values()]
}

/** Tasks in a comparable form: by step and kind, candidates as a sorted set. */
function normal(tasks: readonly (TaskSpec | Expected)[]) {
  return tasks
    .map((t) => ({ step: t.step, kind: t.kind, events: [...t.events], privileges: [...t.privileges].sort() }))
    .sort((a, b) => `${a.step}:${a.kind}`.localeCompare(`${b.step}:${b.kind}`))
}

const taskKey = (t: { step: string; kind: string }) => `${t.step}:${t.kind}`

/** What the walk saw: each (step, kind) met, with the candidates it had. */
type Seen = Map<string, Set<string>>

/** The check made after every transition (and at the start). */
function checkTasks(definition: ProcessDefinition, snapshot: AnyMachineSnapshot, seen: Seen, where: string) {
  const tasks = tasksOf(definition, snapshot)
  expect(normal(tasks), `${definition.type} ${where} → ${statePath(snapshot)}`).toEqual(
    normal(expectedTasks(definition, snapshot)),
  )
  const d = describe(definition, snapshot)
  if (snapshot.status === 'done' || d.status === 'terminated') expect(tasks).toEqual([])
  for (const t of tasks) {
    const privileges = seen.get(taskKey(t)) ?? new Set<string>()
    for (const p of t.privileges) privileges.add(p)
    seen.set(taskKey(t), privileges)
  }
}

const start = (definition: ProcessDefinition) =>
  initialTransition(definition.machine, modelInput(definition))[0] as AnyMachineSnapshot

const pathKey = (events: ConcreteEvent[]) => events.map((e) => JSON.stringify(e)).join('\n')

group('task kinds', () => {
  it('every event of every machine is a task kind or named as no task, never both', () => {
    for (const [type, kind] of Object.entries(TASK_OF_EVENT)) {
      expect(TASK_KINDS).toContain(kind)
      expect(NOT_TASK_EVENTS.has(type), type).toBe(false)
    }
    for (const definition of allDefinitions())
      for (const type of eventTypes(definition))
        expect(
          type in TASK_OF_EVENT || NOT_TASK_EVENTS.has(type),
          `${definition.type}: ${type} is neither a task's event nor named as no task`,
        ).toBe(true)
  })

  it('the check catches a wrong task set (a candidate missing or added, a task missing, a wrong kind)', () => {
    const definition = allDefinitions()[0]
    const snapshot = start(definition)
    const expected = normal(expectedTasks(definition, snapshot))
    // The probes mean something: the first form is filled by those who may start processes, not by all.
    expect(expected.length).toBeGreaterThan(0)
    expect(expected[0].kind).toMatch(/^(fill|count)$/)
    expect(expected[0].privileges).toContain('devOpsManage:start')
    expect(expected[0].privileges.length).toBeLessThan(PRIVILEGES.length)
    const actual = tasksOf(definition, snapshot)
    expect(normal(actual)).toEqual(expected)
    const changed = (change: (tasks: TaskSpec[]) => TaskSpec[]) =>
      normal(change(actual.map((t) => ({ ...t, events: [...t.events], privileges: [...t.privileges] }))))
    const variants = [
      changed((ts) => ts.map((t, i) => (i === 0 ? { ...t, privileges: t.privileges.slice(1) } : t))),
      changed((ts) =>
        ts.map((t, i) => (i === 0 ? { ...t, privileges: [...t.privileges, 'systemLog:view'] } : t)),
      ),
      changed((ts) => ts.slice(1)),
      changed((ts) => ts.map((t, i) => (i === 0 ? { ...t, kind: 'approve' as const } : t))),
    ]
    for (const v of variants) expect(v).not.toEqual(expected)
    // A candidate privilege is one that suffices alone: the approver of another type is none here.
    const approver = modelActors(definition.type).approver
    expect(snapshot.can({ type: 'SUBMIT', actor: approver, at: MODEL_AT })).toBe(false)
    expect(expected[0].privileges).not.toContain(approver.privileges[0])
  })
})

for (const definition of allDefinitions()) {
  group(`${definition.type} v${definition.version}`, () => {
    it('after every transition of the graph paths, the tasks are what the machine says waits', () => {
      const seen: Seen = new Map()
      const initial = start(definition)
      checkTasks(definition, initial, seen, 'start')

      // Shortest paths: each extends the shortest path to the state before it by one event (xstate/graph's
      // shortest-path tree), so replaying them in order of length takes one transition per path.
      const reached = new Map<string, AnyMachineSnapshot>([['', initial]])
      const paths = shortestPaths(definition).sort((a, b) => a.events.length - b.events.length)
      for (const path of paths) {
        if (path.events.length === 0) continue
        const last = path.events[path.events.length - 1]
        let before = reached.get(pathKey(path.events.slice(0, -1)))
        if (!before) {
          before = initial
          for (const e of path.events.slice(0, -1))
            [before] = transition(definition.machine, before, toMachineEvent(definition, e))
        }
        const [after] = transition(definition.machine, before, toMachineEvent(definition, last))
        expect(statePath(after)).toBe(statePath(path.state))
        reached.set(pathKey(path.events), after)
        checkTasks(definition, after, seen, `${last.type} by ${last.actor}`)
      }
      expect(reached.size).toBe(paths.length)

      // Simple paths to every ending, replayed whole: loops the shortest paths leave out (reject and
      // resubmit, fail and retry, several approvals of one step).
      const endings = simplePaths(definition, (s) => s.status === 'done')
      expect(endings.length).toBeGreaterThan(0)
      for (const path of endings) {
        let snapshot = initial
        for (const [i, e] of path.events.entries()) {
          ;[snapshot] = transition(definition.machine, snapshot, toMachineEvent(definition, e))
          checkTasks(definition, snapshot, seen, `#${i + 1} ${e.type} by ${e.actor}`)
        }
        expect(snapshot.status).toBe('done')
        expect(tasksOf(definition, snapshot)).toEqual([])
      }

      // Every task the machine can wait for was met, and nothing else.
      const catalog = taskCatalog(definition).map(taskKey)
      expect([...seen.keys()].sort()).toEqual([...catalog].sort())
      // The flow page's Tasks table lists the same tasks, with the candidates met along the paths.
      const rows = taskRows(definition)
      expect(rows.map(taskKey).sort()).toEqual([...catalog].sort())
      for (const row of rows)
        expect([...row.privileges].sort(), `docs/flows ${definition.type}: ${taskKey(row)}`).toEqual(
          [...(seen.get(taskKey(row)) ?? [])].sort(),
        )
    })
  })
}
