// The fingerprint of one machine version: a SHA-256 of its graph in a canonical form (every state with its
// kind, initial child, step, status and entry/exit actions; every transition with its source, event,
// guard and params, targets and actions with their params), so that a registered version whose behaviour
// changed without a new version number is caught: by `npm test` (tests/unit/machine-fingerprints.test.ts
// against machines/fingerprints.json) and by the server at boot (against the fingerprints it stored).
// Labels are left out on purpose: rewording a state changes no running process. Pure (no I/O); it hashes
// with node:crypto, so only the server, scripts and tests import it — never the web app.
import { createHash } from 'node:crypto'
import type { AnyStateNode } from 'xstate'
import type { ProcessDefinition } from './types'
import { metaOf, pathOfNode } from './view'

/** JSON-like values with object keys in a fixed order, functions named, undefined dropped. */
type Canonical = null | boolean | number | string | Canonical[] | { [key: string]: Canonical }

export interface CanonicalState {
  /** Dotted path ('' for the machine itself). */
  path: string
  /** atomic | compound | parallel | final | history */
  kind: string
  initial: string[] | null
  step: string | null
  status: string | null
  entry: Canonical[]
  exit: Canonical[]
}

export interface CanonicalTransition {
  source: string
  event: string
  /** The candidate's position among the source's transitions for this event (order decides). */
  order: number
  guard: Canonical
  targets: string[]
  reenter: boolean
  actions: Canonical[]
}

export interface CanonicalGraph {
  machineId: string
  states: CanonicalState[]
  transitions: CanonicalTransition[]
}

function canonical(value: unknown): Canonical {
  if (value === null || value === undefined) return null
  if (typeof value === 'boolean' || typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value)
  if (typeof value === 'function') return { function: functionName(value) }
  if (Array.isArray(value)) return value.map(canonical)
  const out: { [key: string]: Canonical } = {}
  for (const key of Object.keys(value as object).sort()) {
    const v = (value as Record<string, unknown>)[key]
    if (v !== undefined) out[key] = canonical(v)
  }
  return out
}

/** XState's built-in actions carry a `type` (`xstate.assign`); anything else inline is just "inline". */
function functionName(fn: unknown): string {
  const type = (fn as { type?: unknown }).type
  return typeof type === 'string' ? type : 'inline'
}

/** A guard: a name (with params), or a combination (`and`, `or`, `not`) of guards, or an inline function. */
function canonicalGuard(guard: unknown): Canonical {
  if (guard === undefined || guard === null) return null
  if (typeof guard === 'string') return { type: guard }
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown }).guards
    if (Array.isArray(inner)) {
      const name = (guard as { name?: string }).name
      return {
        combine: name === 'and' || name === 'or' || name === 'not' ? name : 'inline',
        guards: inner.map(canonicalGuard),
      }
    }
    return { type: 'inline' }
  }
  const g = guard as { type?: unknown; params?: unknown }
  return canonical({ type: g.type, params: g.params })
}

/** An action: `{ type, params }` (an `effect` names its effect and params inside `params`). */
function canonicalAction(action: unknown): Canonical {
  if (typeof action === 'string') return { type: action }
  if (typeof action === 'function') return { type: functionName(action) }
  const a = action as { type?: unknown; params?: unknown }
  return canonical({ type: a.type, params: a.params })
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[]
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The graph of a definition's machine in canonical order: states by path, transitions by source, event, order. */
export function canonicalGraph(definition: ProcessDefinition): CanonicalGraph {
  const states: CanonicalState[] = []
  const transitions: CanonicalTransition[] = []
  const visit = (node: AnyStateNode) => {
    const meta = metaOf(node)
    const path = pathOfNode(node)
    states.push({
      path,
      kind: node.type,
      initial: node.initial?.target?.length
        ? node.initial.target.map((t) => pathOfNode(t as AnyStateNode))
        : null,
      step: meta.step ?? null,
      status: meta.status ?? null,
      entry: node.entry.map(canonicalAction),
      exit: node.exit.map(canonicalAction),
    })
    const events = [...node.transitions.keys()].sort(byString)
    for (const event of events)
      (node.transitions.get(event) ?? []).forEach((t, order) => {
        transitions.push({
          source: path,
          event,
          order,
          guard: canonicalGuard(t.guard),
          targets: (t.target ?? []).map((target) => pathOfNode(target as AnyStateNode)),
          reenter: t.reenter === true,
          actions: t.actions.map(canonicalAction),
        })
      })
    // Eventless transitions (none today) count as event '' so that adding one changes the fingerprint.
    node.always?.forEach((t, order) => {
      transitions.push({
        source: path,
        event: '',
        order,
        guard: canonicalGuard(t.guard),
        targets: (t.target ?? []).map((target) => pathOfNode(target as AnyStateNode)),
        reenter: t.reenter === true,
        actions: t.actions.map(canonicalAction),
      })
    })
    for (const child of children(node)) visit(child)
  }
  visit(definition.machine.root)
  states.sort((a, b) => byString(a.path, b.path))
  transitions.sort((a, b) => byString(a.source, b.source) || byString(a.event, b.event) || a.order - b.order)
  return { machineId: definition.machine.id, states, transitions }
}

/** The canonical graph as one string: JSON with sorted keys (the text the fingerprint hashes). */
export function canonicalText(definition: ProcessDefinition): string {
  return JSON.stringify(canonical(canonicalGraph(definition)))
}

/** The fingerprint of a definition version: SHA-256 (hex) of its canonical graph. */
export function fingerprint(definition: ProcessDefinition): string {
  return createHash('sha256').update(canonicalText(definition)).digest('hex')
}

/** machines/fingerprints.json: `{ "<TYPE>": { "<version>": "<sha>" } }`. */
export type FingerprintFile = Record<string, Record<string, string>>

/** The fingerprint of every given definition, in the file's shape (types and versions in the given order). */
export function fingerprintsOf(definitions: readonly ProcessDefinition[]): FingerprintFile {
  const out: FingerprintFile = {}
  for (const d of definitions) {
    out[d.type] ??= {}
    out[d.type][String(d.version)] = fingerprint(d)
  }
  return out
}

export interface FingerprintDifference {
  type: string
  version: number
  /** `changed`: the recorded fingerprint differs; `missing`: the version is not recorded yet. */
  kind: 'changed' | 'missing'
  recorded?: string
  computed: string
}

/** How the code's fingerprints differ from the recorded ones (recorded versions no longer registered are fine). */
export function fingerprintDifferences(
  computed: FingerprintFile,
  recorded: FingerprintFile,
): FingerprintDifference[] {
  const out: FingerprintDifference[] = []
  for (const [type, versions] of Object.entries(computed))
    for (const [version, sha] of Object.entries(versions)) {
      const was = recorded[type]?.[version]
      if (was === sha) continue
      out.push(
        was === undefined
          ? { type, version: Number(version), kind: 'missing', computed: sha }
          : { type, version: Number(version), kind: 'changed', recorded: was, computed: sha },
      )
    }
  return out
}
