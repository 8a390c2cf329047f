// The tasks of a process: every leaf state that waits for a person is one or more tasks — fill a
// form, approve it, confirm that money moved, depart, arrive, take a loan back, count a room. Nothing here
// is listed per type: a state's tasks are the events someone may send there (the machine's own answer to a
// probe), grouped by what they wait for, and a task's candidates are the privileges that suffice alone for
// one of its events (each privilege probed on its own, as allowed-by.ts does). Due times default here and
// per step (`StepDef.due`); an administrator's settings override them on the server.
import type { AnyStateNode } from 'xstate'
import { approvePrivilege, PRIVILEGES, type PrivilegeKey } from '../src/shared/privileges'
import type { ProcessType } from '../src/shared/process-types'
import { TASK_KINDS, type TaskKind } from './task-kinds'
import type { Actor, ProcessDefinition, ProcessSnapshot, StepDef } from './types'
import { eventTypes, leafOf, metaOf, statePath } from './view'

export { TASK_KINDS, type TaskKind }

/**
 * What each event a person sends does for a task. Events left out are not work someone waits for: SAVE
 * (part of filling), TERMINATE and RESTART (a decision anyone concerned may take at any time).
 */
export const TASK_OF_EVENT: Record<string, TaskKind> = {
  SUBMIT: 'fill',
  APPROVE: 'approve',
  REJECT: 'approve',
  CONFIRM_PAYMENT: 'confirmPayment',
  PAYMENT_FAILED: 'confirmPayment',
  RETRY_PAYMENT: 'confirmPayment',
  DEPART: 'depart',
  ARRIVE: 'arrive',
  RETURN: 'return',
}

/** The events that do a task of this kind (a count is its step's SUBMIT). */
export function eventsOfKind(kind: TaskKind): string[] {
  return Object.keys(TASK_OF_EVENT).filter(
    (e) => TASK_OF_EVENT[e] === kind || (kind === 'count' && TASK_OF_EVENT[e] === 'fill'),
  )
}

/** Events that never make a task. */
export const NOT_TASK_EVENTS: ReadonlySet<string> = new Set(['SAVE', 'TERMINATE', 'RESTART'])

/** One task a state waits for. */
export interface TaskSpec {
  step: string
  kind: TaskKind
  /** The events that complete (or answer) it, in the machine's order. */
  events: string[]
  /** Privileges any one of which makes a user a candidate (never empty: an administrator always is). */
  privileges: PrivilegeKey[]
}

/**
 * The privilege a task is also routed to when nobody but its excluded people holds one of its own: a
 * confirmation of payment whose submitter is the only payer goes to the type's approvers, so that it shows in
 * someone's inbox (they see it waiting and may give the privilege to a colleague; they cannot confirm it).
 */
export function routedPrivilege(kind: TaskKind, type: ProcessType): string | null {
  return kind === 'confirmPayment' ? approvePrivilege(type) : null
}

/** The privileges that let someone do a task: its row's, without the one it was routed to for want of anyone. */
export function actingPrivileges(task: { kind: TaskKind; type: ProcessType; privileges: readonly string[] }) {
  const routed = routedPrivilege(task.kind, task.type)
  return task.privileges.filter((p) => p !== routed)
}

/** Default due times in working days, per kind (a step's `due` overrides one kind). */
export const DEFAULT_DUE_DAYS: Record<TaskKind, number> = {
  fill: 5,
  approve: 2,
  confirmPayment: 3,
  depart: 10,
  arrive: 10,
  return: 60,
  count: 5,
}

/** Reminders go this many hours before a task is due; escalation to the managers after this many working days late. */
export const DEFAULT_REMIND_BEFORE_HOURS = 24
export const DEFAULT_ESCALATE_AFTER_DAYS = 1

/** The default timing of one step's task of one kind. */
export function defaultDue(step: StepDef | undefined, kind: TaskKind) {
  return {
    dueDays: step?.due?.[kind] ?? DEFAULT_DUE_DAYS[kind],
    remindBeforeHours: DEFAULT_REMIND_BEFORE_HOURS,
    escalateAfterDays: DEFAULT_ESCALATE_AFTER_DAYS,
  }
}

const PROBE_ID = '\u0000probe:task-candidate'
const probeWith = (privileges: string[], allPrivileges = false): Actor => ({
  id: PROBE_ID,
  privileges,
  allPrivileges,
})
const PROBE_AT = '1970-01-01T00:00:00.000Z'

const cache = new WeakMap<ProcessDefinition['machine'], Map<string, TaskSpec[]>>()

/**
 * The tasks a snapshot waits for: none once the process is done or terminated. The answer depends on the
 * state only (a submitted step always has a submitter, who is never the probe), so it is worked out once
 * per state of a machine.
 */
export function tasksOf(definition: ProcessDefinition, snapshot: ProcessSnapshot): TaskSpec[] {
  if (snapshot.status !== 'active') return []
  const path = statePath(snapshot)
  let byState = cache.get(definition.machine)
  if (!byState) {
    byState = new Map()
    cache.set(definition.machine, byState)
  }
  const known = byState.get(path)
  if (known) return known
  const found = deriveTasks(definition, snapshot)
  byState.set(path, found)
  return found
}

function deriveTasks(definition: ProcessDefinition, snapshot: ProcessSnapshot): TaskSpec[] {
  const meta = metaOf(leafOf(definition, snapshot))
  if (!meta.step || meta.status === 'terminated') return []
  const stepDef = definition.steps.find((s) => s.key === meta.step)
  const may = (type: string, actor: Actor) => snapshot.can({ type, actor, at: PROBE_AT })
  const byKind = new Map<TaskKind, TaskSpec>()
  for (const type of eventTypes(definition)) {
    if (NOT_TASK_EVENTS.has(type) || !may(type, probeWith([], true))) continue
    const base = TASK_OF_EVENT[type]
    if (!base) throw new Error(`${definition.type}: event ${type} is not a task kind (machines/tasks.ts)`)
    const kind: TaskKind = base === 'fill' && stepDef?.task === 'count' ? 'count' : base
    const task = byKind.get(kind) ?? { step: meta.step, kind, events: [], privileges: [] }
    task.events.push(type)
    for (const { key } of PRIVILEGES)
      if (!task.privileges.includes(key) && may(type, probeWith([key]))) task.privileges.push(key)
    byKind.set(kind, task)
  }
  return [...byKind.values()]
}

/**
 * Every (step, kind) task a machine can wait for, in step order, from its structure alone (each leaf
 * state's events): what the settings screen lists and the flow pages describe.
 */
export function taskCatalog(definition: ProcessDefinition): { step: string; kind: TaskKind }[] {
  const found = new Map<string, { step: string; kind: TaskKind }>()
  const walk = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[]
    if (children.length === 0) {
      const meta = metaOf(node)
      if (!meta.step || meta.status === 'terminated' || node.type === 'final') return
      const stepDef = definition.steps.find((s) => s.key === meta.step)
      for (const type of node.transitions.keys()) {
        const base = TASK_OF_EVENT[type]
        if (!base) continue
        const kind: TaskKind = base === 'fill' && stepDef?.task === 'count' ? 'count' : base
        found.set(`${meta.step}:${kind}`, { step: meta.step, kind })
      }
      return
    }
    for (const child of children) walk(child)
  }
  walk(definition.machine.root)
  const order = (s: string) => definition.steps.findIndex((d) => d.key === s)
  return [...found.values()].sort(
    (a, b) => order(a.step) - order(b.step) || TASK_KINDS.indexOf(a.kind) - TASK_KINDS.indexOf(b.kind),
  )
}
