// Paths through a process machine's graph, with concrete events (actor + payload + comment), and the
// transition coverage they reach. The machine-level model tests use them, and the API-level tests replay
// the very same paths through POST /api/process/:id/events: actors are named after the demo users, so a
// replay maps each name to that user's session.
//
// "Transition" here means one transition defined in the machine: a (state node, event type, candidate)
// triple of `stateNode.transitions`; guarded alternatives of one event are distinct transitions. XState
// has no coverage measure of its own: `allTransitions` walks the machine, `transitionsTaken` asks the
// machine which ones an event takes (`getTransitionData`), and `measureCoverage` counts.
import { type AnyMachineSnapshot, type AnyStateNode, initialTransition, transition } from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'
import type {
  Actor,
  Effect,
  ProcessContext,
  ProcessDefinition,
  ProcessEvent,
  ProcessInput,
} from '../../machines/types'
import { describe, eventTypes, pathOfNode, payloadKey, statePath, validateEvent } from '../../machines/view'
import { approvePrivilege } from '../../src/shared/privileges'
import type { ProcessType } from '../../src/shared/process-types'
import {
  MODEL_REFS,
  SAMPLE_SECOND_APPROVAL_ABOVE,
  type SampleRefs,
  sampleDraft,
  sampleInput,
  sampleStepData,
} from './samples'

/** The demo users (src/server/seed/demo-users.ts), in the order an event is offered to them. */
export const ACTOR_NAMES = ['registrar', 'operations', 'finance', 'approver', 'admin'] as const
export type ActorName = (typeof ACTOR_NAMES)[number]

/** Privileges as the seeded roles hold them (only those the machines read). */
export function modelActors(type: ProcessType): Record<ActorName, Actor> {
  return {
    registrar: { id: 'user-registrar', privileges: ['devOpsManage:start'], allPrivileges: false },
    operations: { id: 'user-operations', privileges: ['devOpsManage:start'], allPrivileges: false },
    finance: { id: 'user-finance', privileges: ['financeManage:pay'], allPrivileges: false },
    approver: { id: 'user-approver', privileges: [approvePrivilege(type)], allPrivileges: false },
    admin: { id: 'user-admin', privileges: [], allPrivileges: true },
  }
}

export const MODEL_AT = '2026-03-01T08:00:00.000Z'

/** An event as a client sends it (the server adds `actor` from the session and `at`). */
export interface ConcreteEvent {
  type: string
  actor: ActorName
  payload?: Record<string, unknown>
  comment?: string
}

const COMMENTS: Record<string, string> = {
  REJECT: 'Please complete the provenance',
  TERMINATE: 'No longer needed',
  PAYMENT_FAILED: 'The bank returned the transfer',
}

export function modelInput(definition: ProcessDefinition, refs: SampleRefs = MODEL_REFS): ProcessInput {
  return {
    subject: sampleInput(definition.type, refs),
    secondApprovalAbove: SAMPLE_SECOND_APPROVAL_ABOVE,
    startedBy: modelActors(definition.type).registrar.id,
  }
}

export function toMachineEvent(definition: ProcessDefinition, e: ConcreteEvent): ProcessEvent {
  const actor = modelActors(definition.type)[e.actor]
  return {
    type: e.type,
    actor,
    at: MODEL_AT,
    ...(e.payload ? { payload: e.payload } : {}),
    ...(e.comment ? { comment: e.comment } : {}),
  }
}

/**
 * The concrete events worth trying in a snapshot: every event type the machine knows, with every payload
 * variant of the samples, each sent by the first demo user the machine lets send it.
 */
export function eventsFor(definition: ProcessDefinition, refs: SampleRefs = MODEL_REFS) {
  const samples = sampleStepData(definition.type, refs)
  const types = eventTypes(definition)
  return (snapshot: AnyMachineSnapshot): ProcessEvent[] => {
    const out: ProcessEvent[] = []
    for (const type of types) {
      const key = payloadKey(definition, snapshot, type)
      let variants: Omit<ConcreteEvent, 'actor' | 'type'>[] = [{}]
      if (type === 'SAVE') variants = key && samples[key] ? [{ payload: sampleDraft(samples[key]) }] : []
      else if (type === 'SUBMIT')
        variants = key && samples[key] ? samples[key].map((payload) => ({ payload })) : []
      else if (key && samples[key]) variants = samples[key].map((payload) => ({ payload }))
      for (const v of variants) {
        const base = { type, ...v, ...(COMMENTS[type] ? { comment: COMMENTS[type] } : {}) }
        // Only what the runtime would accept: a valid payload (checked against the context) and comment.
        if (!validateEvent(definition, snapshot, base).ok) continue
        const actor = ACTOR_NAMES.find((name) =>
          snapshot.can(toMachineEvent(definition, { ...base, actor: name })),
        )
        if (actor) out.push(toMachineEvent(definition, { ...base, actor }))
      }
    }
    return out
  }
}

/**
 * The state as the traversal tells states apart: the state path plus what in the context changes what
 * may happen next (which step records have drafts, data (by content), approvals, rejections, failures,
 * events; terminated; restarted). Who did what and when is left out, so the graph stays finite.
 */
export function serializeForGraph(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as ProcessContext
  const steps = Object.entries(context.steps).map(([key, r]) => [
    key,
    r.draft ? 1 : 0,
    r.data ?? null,
    r.approvals.length,
    r.rejection ? 1 : 0,
    r.paymentFailures?.length ? 1 : 0,
    r.events?.length ? 1 : 0,
  ])
  return JSON.stringify([
    statePath(snapshot),
    steps,
    context.terminated?.fromState ?? null,
    context.restarts > 0 ? 1 : 0,
  ])
}

/**
 * The state as guards see it: the path, each step's submitted data and its number of approvals. (Who
 * submitted is not needed: `eventsFor` always offers SUBMIT to the same users first.)
 */
export function coarseKey(snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as ProcessContext
  const steps = Object.entries(context.steps).map(([key, r]) => [key, r.data ?? null, r.approvals.length])
  return JSON.stringify([statePath(snapshot), steps])
}

const actorNameOf = (definition: ProcessDefinition, actor: Actor): ActorName => {
  const actors = modelActors(definition.type)
  return ACTOR_NAMES.find((n) => actors[n].id === actor.id) ?? 'admin'
}

export interface TransitionRef {
  /** `<source path>:<event>:<candidate index>`, e.g. `payment.submitted:APPROVE:1`. */
  id: string
  source: string
  event: string
  index: number
  target: string | null
}

function walk(node: AnyStateNode, visit: (node: AnyStateNode) => void) {
  visit(node)
  for (const child of Object.values(node.states)) walk(child as AnyStateNode, visit)
}

/** Every transition the machine defines. */
export function allTransitions(definition: ProcessDefinition): TransitionRef[] {
  const out: TransitionRef[] = []
  walk(definition.machine.root, (node) => {
    for (const [event, candidates] of node.transitions)
      for (const [index, t] of candidates.entries())
        out.push({
          id: `${pathOfNode(node) || '(root)'}:${event}:${index}`,
          source: pathOfNode(node),
          event,
          index,
          target: t.target?.length ? t.target.map((n: AnyStateNode) => pathOfNode(n)).join(',') : null,
        })
  })
  return out
}

/** The leaf state a transition into `node` comes to rest in (a step's initial leaf, or the node itself). */
function restingLeaf(node: AnyStateNode): AnyStateNode {
  let n = node
  while (n.initial?.target?.length) n = n.initial.target[0] as AnyStateNode
  return n
}

/**
 * Every edge between resting states: `from --EVENT--> to` for each leaf state, each transition it or a
 * parent defines (guarded alternatives with different targets are different edges; a transition that
 * stays goes from the leaf to itself). The API suite checks these against the history rows the server
 * wrote (from_state, event_type, to_state).
 */
export function leafEdges(definition: ProcessDefinition): string[] {
  const out = new Set<string>()
  walk(definition.machine.root, (leaf) => {
    if (Object.keys(leaf.states).length > 0 || leaf.type === 'final' || leaf === definition.machine.root)
      return
    for (let n: AnyStateNode | undefined = leaf; n; n = n.parent)
      for (const [event, candidates] of n.transitions)
        for (const t of candidates) {
          const to = t.target?.length ? restingLeaf(t.target[0] as AnyStateNode) : leaf
          out.add(edgeId(pathOfNode(leaf), event, pathOfNode(to)))
        }
  })
  return [...out].sort()
}

export const edgeId = (from: string, event: string, to: string) => `${from} --${event}--> ${to}`

/** Which defined transitions an event takes from a snapshot (ids as in `allTransitions`). */
export function transitionsTaken(
  definition: ProcessDefinition,
  snapshot: AnyMachineSnapshot,
  event: ProcessEvent,
): string[] {
  const taken = definition.machine.getTransitionData(snapshot as any, event as any)
  return taken.map((t) => {
    const list = t.source.transitions.get(t.eventType) ?? []
    return `${pathOfNode(t.source) || '(root)'}:${t.eventType}:${list.indexOf(t)}`
  })
}

/** One step of a path, with what a replay asserts after sending it. */
export interface ReplayStep {
  event: ConcreteEvent
  /** The transitions it takes. */
  transitions: string[]
  /** After the event: */
  state: string
  status: string
  currentStep: string | null
  steps: { key: string; status: string }[]
  /** Effect names the transition declares, in order. */
  effects: string[]
  effectDetails: Effect[]
}

export interface ReplayPath {
  type: ProcessType
  /** The input of POST /api/process. */
  input: Record<string, unknown>
  /** Effects of starting the process (holdArtworks for operations). */
  startEffects: string[]
  steps: ReplayStep[]
  /** The final state path. */
  state: string
}

function effectsOf(actions: { type: string; params?: unknown }[]): Effect[] {
  return actions.filter((a) => a.type === 'effect').map((a) => a.params as Effect)
}

/** Replay concrete events from the start, recording what each one did. */
export function replay(
  definition: ProcessDefinition,
  events: ConcreteEvent[],
  refs: SampleRefs = MODEL_REFS,
): ReplayPath {
  const input = modelInput(definition, refs)
  const [start, startActions] = initialTransition(definition.machine, input)
  let snapshot: AnyMachineSnapshot = start
  const steps: ReplayStep[] = []
  for (const event of events) {
    const machineEvent = toMachineEvent(definition, event)
    const transitions = transitionsTaken(definition, snapshot, machineEvent)
    const [next, actions] = transition(definition.machine, snapshot, machineEvent)
    snapshot = next
    const d = describe(definition, snapshot)
    const effects = effectsOf(actions as { type: string; params?: unknown }[])
    steps.push({
      event,
      transitions,
      state: d.state,
      status: d.status,
      currentStep: d.currentStep,
      steps: d.steps,
      effects: effects.map((e) => e.name),
      effectDetails: effects,
    })
  }
  return {
    type: definition.type,
    input: input.subject,
    startEffects: effectsOf(startActions as { type: string; params?: unknown }[]).map((e) => e.name),
    steps,
    state: statePath(snapshot),
  }
}

function concrete(definition: ProcessDefinition, event: ProcessEvent): ConcreteEvent {
  return {
    type: event.type,
    actor: actorNameOf(definition, event.actor),
    ...(event.payload ? { payload: event.payload } : {}),
    ...(event.comment ? { comment: event.comment } : {}),
  }
}

function traversal(definition: ProcessDefinition, refs: SampleRefs) {
  return {
    input: modelInput(definition, refs),
    events: eventsFor(definition, refs),
    serializeState: (s: AnyMachineSnapshot) => serializeForGraph(s),
  }
}

/** A path: the events from the start, and the snapshot they lead to. */
export interface GraphPath {
  events: ConcreteEvent[]
  state: AnyMachineSnapshot
}

function toGraphPaths(
  definition: ProcessDefinition,
  paths: { state: unknown; steps: { event: unknown }[] }[],
): GraphPath[] {
  return paths.map((p) => ({
    events: p.steps
      .map((s) => s.event as ProcessEvent)
      .filter((e) => !e.type.startsWith('xstate.'))
      .map((e) => concrete(definition, e)),
    state: p.state as AnyMachineSnapshot,
  }))
}

/** `xstate/graph` shortest paths: one per distinct state (as `serializeForGraph` tells them apart). */
export function shortestPaths(definition: ProcessDefinition, refs: SampleRefs = MODEL_REFS): GraphPath[] {
  return toGraphPaths(definition, getShortestPaths(definition.machine, traversal(definition, refs) as any))
}

/**
 * `xstate/graph` simple paths from the start to the states `toState` picks. Bounded two ways: states are
 * told apart only by what guards read (`coarseKey`), so a simple path does not go round a loop (reject and
 * resubmit, fail and retry, terminate and restart) twice; and the traversal stops at `toState` and after
 * `limit` expansions.
 */
export function simplePaths(
  definition: ProcessDefinition,
  toState: (snapshot: AnyMachineSnapshot) => boolean,
  refs: SampleRefs = MODEL_REFS,
  limit = 20_000,
): GraphPath[] {
  const options = { ...traversal(definition, refs), serializeState: coarseKey, toState, limit }
  return toGraphPaths(definition, getSimplePaths(definition.machine, options as any))
}

/**
 * A small set of paths that together take every transition of the machine: for each transition, the
 * shortest path to a state where some concrete event takes it, plus that event; paths that are prefixes
 * of others are dropped. This is what the API-level replay sends.
 */
export function coveringPaths(
  definition: ProcessDefinition,
  refs: SampleRefs = MODEL_REFS,
): ConcreteEvent[][] {
  const toStates = shortestPaths(definition, refs)
  const events = eventsFor(definition, refs)
  const best = new Map<string, ConcreteEvent[]>()
  for (const { events: path } of toStates) {
    // Replayed rather than taken from the graph: the graph keeps one snapshot per serialized state.
    const end = endOf(definition, path, refs)
    for (const e of events(end)) {
      const candidate = [...path, concrete(definition, e)]
      for (const id of transitionsTaken(definition, end, e)) {
        const known = best.get(id)
        if (!known || candidate.length < known.length) best.set(id, candidate)
      }
    }
  }
  const key = (p: ConcreteEvent[]) => p.map((e) => JSON.stringify(e)).join('\n')
  const chosen = [...new Map([...best.values()].map((p) => [key(p), p])).values()].sort(
    (a, b) => b.length - a.length,
  )
  const kept: ConcreteEvent[][] = []
  for (const p of chosen) {
    const k = key(p)
    if (!kept.some((q) => key(q).startsWith(k))) kept.push(p)
  }
  return kept.reverse()
}

function endOf(definition: ProcessDefinition, events: ConcreteEvent[], refs: SampleRefs): AnyMachineSnapshot {
  let [snapshot] = initialTransition(definition.machine, modelInput(definition, refs)) as [
    AnyMachineSnapshot,
    unknown,
  ]
  for (const e of events) [snapshot] = transition(definition.machine, snapshot, toMachineEvent(definition, e))
  return snapshot
}

export interface Coverage {
  type: ProcessType
  total: number
  covered: number
  missing: string[]
}

/** Transition coverage of replayed paths against every transition the machine defines. */
export function measureCoverage(definition: ProcessDefinition, paths: ReplayPath[]): Coverage {
  const all = allTransitions(definition).map((t) => t.id)
  const taken = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.transitions)))
  const missing = all.filter((id) => !taken.has(id))
  return { type: definition.type, total: all.length, covered: all.length - missing.length, missing }
}

/** The coverage table the suites print. */
export function coverageTable(rows: (Coverage & { paths?: number; events?: number })[]): string {
  const head = ['process type', 'transitions', 'taken', 'coverage', 'paths', 'events']
  const body = rows.map((r) => [
    r.type,
    String(r.total),
    String(r.covered),
    `${r.total === 0 ? 100 : ((r.covered / r.total) * 100).toFixed(1)}%`,
    String(r.paths ?? ''),
    String(r.events ?? ''),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ')
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n')
}
