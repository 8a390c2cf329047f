// The fingerprint of one machine version: a SHA-256 of its graph in a canonical form (every state with its
// kind, initial child, step, status and entry/exit actions; every transition with its source, event,
// guard and params, targets and actions with their params), so that a registered version whose behaviour
// changed without a new version number is caught: by `npm test` (tests/unit/machine-fingerprints.test.ts
// against machines/fingerprints.json) and by the server at boot (against the fingerprints it stored).
// Labels are left out on purpose: rewording a state changes no running process. Pure and isomorphic (its
// own SHA-256, no node:crypto), like everything in machines/.
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
  return sha256Hex(canonicalText(definition))
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

// ---------------------------------------------------------------------------------------------------
// SHA-256 (FIPS 180-4) over the UTF-8 bytes of a string, synchronous and dependency-free.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

export function sha256Hex(text: string): string {
  const data = new TextEncoder().encode(text)
  const bitLength = data.length * 8
  const padded = new Uint8Array((((data.length + 8) >> 6) + 1) << 6)
  padded.set(data)
  padded[data.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000))
  view.setUint32(padded.length - 4, bitLength >>> 0)
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ])
  const w = new Uint32Array(64)
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n))
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4)
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3)
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10)
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0
    }
    let [a, b, c, d, e, f, g, hh] = h
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
      const ch = (e & f) ^ (~e & g)
      const t1 = (hh + S1 + ch + K[i] + w[i]) >>> 0
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
      const maj = (a & b) ^ (a & c) ^ (b & c)
      const t2 = (S0 + maj) >>> 0
      hh = g
      g = f
      f = e
      e = (d + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    h[0] += a
    h[1] += b
    h[2] += c
    h[3] += d
    h[4] += e
    h[5] += f
    h[6] += g
    h[7] += hh
  }
  return [...h].map((x) => x.toString(16).padStart(8, '0')).join('')
}
