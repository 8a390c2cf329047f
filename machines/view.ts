// Pure helpers over a definition and a snapshot, for the runtime and the screens: where a process stands
// (state path, status, current step, each step's status), which events a user may send now, why an event
// would be refused, and which schema validates an event's payload. Nothing here re-implements a guard:
// "may send" is the machine's own answer to a probe event carrying the actor.
import type { AnyStateNode, StateValue } from 'xstate'
import type { z } from 'zod'
import type { MessageKey } from '../src/shared/errors'
import { draftOf } from '../src/shared/process-steps/draft'
import { COMMENT_REQUIRED } from './labels'
import type {
  Actor,
  ProcessContext,
  ProcessDefinition,
  ProcessSnapshot,
  ProcessStatus,
  StepStatus,
} from './types'

/** The instant probe events carry; guards never read it. */
export const PROBE_AT = '1970-01-01T00:00:00.000Z'

/** A state value as a dotted path: `{ payment: 'submitted' }` → `payment.submitted`. */
export function pathOfValue(value: StateValue): string {
  if (typeof value === 'string') return value
  const [key, child] = Object.entries(value)[0] ?? []
  if (key === undefined) return ''
  return child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
    ? key
    : `${key}.${pathOfValue(child as StateValue)}`
}

/** A state node's dotted path (the same as `pathOfValue` of a snapshot in it); '' for the root. */
export function pathOfNode(node: AnyStateNode): string {
  return node.path.join('.')
}

export function statePath(snapshot: ProcessSnapshot): string {
  return pathOfValue(snapshot.value)
}

/** The state node a snapshot is in (its deepest active node). */
export function leafOf(definition: ProcessDefinition, snapshot: ProcessSnapshot): AnyStateNode {
  return definition.machine.getStateNodeById(`${definition.machine.id}.${statePath(snapshot)}`)
}

export interface StateMeta {
  labelZh: string
  labelEn: string
  step?: string
  status?: ProcessStatus
  /** Events that take a payload of their own in this state only (TERMINATE in transit: `whereNow`). */
  eventPayloads?: Record<string, string>
  /** Events refused in this state with a message of their own (TERMINATE while on loan). */
  refusals?: Record<string, MessageKey>
}

export function metaOf(node: AnyStateNode): StateMeta {
  return (node.meta ?? {}) as StateMeta
}

export interface ProcessDescription {
  /** Dotted state path, e.g. `payment.awaitingPayment`. */
  state: string
  status: ProcessStatus
  /** The step in progress; for a terminated process, the step it was terminated in; null once finished. */
  currentStep: string | null
  steps: { key: string; status: StepStatus }[]
  /** In a final state (completed, or a type's own ending). */
  done: boolean
}

function stepDone(context: ProcessContext, key: string): boolean {
  const r = context.steps[key]
  return !!r && (r.approvals.length > 0 || (r.events?.length ?? 0) > 0)
}

/** Where a process stands, from its snapshot alone. */
export function describe(definition: ProcessDefinition, snapshot: ProcessSnapshot): ProcessDescription {
  const context = snapshot.context
  const meta = metaOf(leafOf(definition, snapshot))
  const status = meta.status ?? 'draft'
  const terminatedIn = status === 'terminated' ? (context.terminated?.fromState ?? null) : null
  const currentStep = meta.step ?? terminatedIn
  const steps = definition.steps.map(({ key }) => {
    let s: StepStatus
    if (key === currentStep) s = status === 'completed' || status === 'uncompleted' ? 'approved' : status
    else s = stepDone(context, key) ? 'approved' : 'pending'
    return { key, status: s }
  })
  return { state: statePath(snapshot), status, currentStep, steps, done: snapshot.status === 'done' }
}

/** Event types per machine, walked once: a machine never changes after it is built. */
const eventTypesByMachine = new WeakMap<ProcessDefinition['machine'], readonly string[]>()

function knownEventTypes(definition: ProcessDefinition): readonly string[] {
  let types = eventTypesByMachine.get(definition.machine)
  if (!types) {
    const out = new Set<string>()
    const walk = (node: AnyStateNode) => {
      for (const type of node.transitions.keys()) out.add(type)
      for (const child of Object.values(node.states)) walk(child as AnyStateNode)
    }
    walk(definition.machine.root)
    types = [...out]
    eventTypesByMachine.set(definition.machine, types)
  }
  return types
}

/** Every event type the machine knows (the shared ones it uses and the type's own). */
export function eventTypes(definition: ProcessDefinition): string[] {
  return [...knownEventTypes(definition)]
}

function probe(type: string, actor: Actor) {
  return { type, actor, at: PROBE_AT }
}

/** The event types this actor may send now: a screen shows a button exactly for each of these. */
export function nextEvents(definition: ProcessDefinition, snapshot: ProcessSnapshot, actor: Actor): string[] {
  if (snapshot.status !== 'active') return []
  return knownEventTypes(definition).filter((type) => snapshot.can(probe(type, actor)))
}

const SOMEONE_ELSE: Actor = {
  id: '\u0000probe:someone-with-every-privilege',
  privileges: [],
  allPrivileges: true,
}

/** The message a state gives for refusing an event outright (TERMINATE in transit: "record the arrival first"). */
export function refusalOf(
  definition: ProcessDefinition,
  snapshot: ProcessSnapshot,
  type: string,
): MessageKey | undefined {
  if (snapshot.status !== 'active') return undefined
  return metaOf(leafOf(definition, snapshot)).refusals?.[type]
}

/**
 * Why an event would be refused: `allowed`; `forbidden` (it is possible now, but not for this user: 4031);
 * `notEnabled` (nobody may send it in this state: eventNotEnabled, or the state's own refusal message).
 */
export function checkEvent(
  snapshot: ProcessSnapshot,
  type: string,
  actor: Actor,
): 'allowed' | 'forbidden' | 'notEnabled' {
  if (snapshot.status !== 'active') return 'notEnabled'
  if (snapshot.can(probe(type, actor))) return 'allowed'
  return snapshot.can(probe(type, SOMEONE_ELSE)) ? 'forbidden' : 'notEnabled'
}

/**
 * Why an event is `forbidden` to this actor: `privilege` (someone holding more could send it) or `identity`
 * (the same person holding every privilege still could not: their own submission, separation of duties).
 */
export function forbiddenBecause(
  snapshot: ProcessSnapshot,
  type: string,
  actor: Actor,
): 'privilege' | 'identity' {
  return snapshot.can(probe(type, { ...actor, allPrivileges: true })) ? 'privilege' : 'identity'
}

/**
 * The key in the definition's `payloads` of an event's payload in the current state: the state's own
 * (`eventPayloads`: TERMINATE in transit → `whereNow`), the current step's form for SAVE / SUBMIT, else
 * the event type.
 */
export function payloadKey(
  definition: ProcessDefinition,
  snapshot: ProcessSnapshot,
  type: string,
): string | undefined {
  return payloadKeyAt(definition, statePath(snapshot), type)
}

/** `payloadKey` for a state path (a process view's `state`), where the screens have no snapshot. */
export function payloadKeyAt(definition: ProcessDefinition, state: string, type: string): string | undefined {
  const meta = metaOf(definition.machine.getStateNodeById(`${definition.machine.id}.${state}`))
  return meta.eventPayloads?.[type] ?? (type === 'SAVE' || type === 'SUBMIT' ? meta.step : type)
}

/**
 * The schema an event's payload must satisfy in the current state, or undefined when the event takes
 * none: SAVE a draft of the current step's form, SUBMIT the full form (checked against the context where
 * the definition says so), a type's own event its schema by event type.
 */
export function payloadSchema(
  definition: ProcessDefinition,
  snapshot: ProcessSnapshot,
  type: string,
): z.ZodType | undefined {
  const context = snapshot.context
  const key = payloadKey(definition, snapshot, type)
  if (!key) return undefined
  const base = definition.payloads[key]
  if (type === 'SAVE') return base ? draftOf(base) : undefined
  return definition.contextPayloads?.[key]?.(context) ?? base
}

/**
 * Validate an event's payload and comment before the transition (guards never read the payload). On
 * failure `issues` are zod issues with paths from the request body (`payload.amount`, `comment`), ready for
 * `issuesToFieldErrors` (400); on success `payload` is the parsed, normalised payload to send.
 */
export function validateEvent(
  definition: ProcessDefinition,
  snapshot: ProcessSnapshot,
  event: { type: string; payload?: Record<string, unknown>; comment?: string },
): { ok: true; payload?: Record<string, unknown> } | { ok: false; issues: z.core.$ZodIssue[] } {
  const issues: z.core.$ZodIssue[] = []
  if (COMMENT_REQUIRED.has(event.type) && !event.comment?.trim())
    issues.push({ code: 'custom', path: ['comment'], message: 'commentRequired', input: event.comment })
  const schema = payloadSchema(definition, snapshot, event.type)
  let payload: Record<string, unknown> | undefined
  if (schema) {
    const parsed = schema.safeParse(event.payload)
    if (parsed.success) payload = parsed.data as Record<string, unknown> | undefined
    else for (const issue of parsed.error.issues) issues.push({ ...issue, path: ['payload', ...issue.path] })
  } else if (event.payload && Object.keys(event.payload).length > 0) {
    issues.push({
      code: 'unrecognized_keys',
      keys: Object.keys(event.payload),
      path: ['payload'],
      message: 'unknownField',
      input: event.payload,
    })
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, payload }
}
