// Explicit migrations between versions of a process type. A running process finishes on the version it
// started with; an administrator may move one to a newer version (POST /api/process/:id/migrate), and only
// along a migration declared here: a map from every state path of the old version a live process can be
// in to a state path of the new one. The context is kept as it is, so a new version that reads more from
// the context must say so in a mapping's note and cope with its absence. Pure data: the server applies it
// (src/server/modules/process/versions.ts); tests/unit/machine-fingerprints.test.ts checks every mapping
// against both machines.
import type { AnyStateNode } from 'xstate'
import type { ProcessType } from '../src/shared/process-types'
import { definitionOf } from './registry'
import type { ProcessDefinition } from './types'
import { pathOfNode } from './view'

export interface Migration {
  type: ProcessType
  from: number
  to: number
  /** Old state path → new state path, for every state a live process of the old version can be in. */
  states: Readonly<Record<string, string>>
  /** Why the new version exists (for people reading this file and the history comment's reader). */
  note: string
}

/** The state paths a live (unfinished) process can sit in: every leaf that is not final. */
export function liveStatePaths(definition: ProcessDefinition): string[] {
  const out: string[] = []
  const walk = (node: AnyStateNode) => {
    const kids = Object.values(node.states) as AnyStateNode[]
    if (kids.length === 0) {
      if (node.type !== 'final' && node.type !== 'history') out.push(pathOfNode(node))
      return
    }
    for (const child of kids) walk(child)
  }
  walk(definition.machine.root)
  return out
}

/** The identity on every live state of `type`'s version `from` (the states kept their names). */
export function sameStates(type: ProcessType, from: number): Record<string, string> {
  const definition = definitionOf(type, from)
  if (!definition) throw new Error(`migrations: ${type} has no version ${from}`)
  return Object.fromEntries(liveStatePaths(definition).map((path) => [path, path]))
}

/** To the version whose TERMINATE, once the artworks have left the warehouse, asks where they are now. */
function awayMigration(type: ProcessType, from: number): Migration {
  return {
    type,
    from,
    to: from + 1,
    states: sameStates(type, from),
    note: 'The new version lets TERMINATE end the process once the artworks have left the warehouse (in transit, or arrived and not yet back), asking where they are now; every state keeps its name.',
  }
}

export const MIGRATIONS: readonly Migration[] = [
  {
    type: 'OPERATION_TRANS_ART',
    from: 1,
    to: 2,
    states: sameStates('OPERATION_TRANS_ART', 1),
    note: 'v2 lets TERMINATE end a transport in transit, asking where the artworks are now; every state keeps its name.',
  },
  {
    type: 'BUY_ART_TRANS',
    from: 1,
    to: 2,
    states: sameStates('BUY_ART_TRANS', 1),
    note: 'v2 warehouses a batch artwork by artwork (each its own room and condition on arrival); every state keeps its name. A v1 warehousing already submitted (one room for all) is still applied as v1 would when approved on v2; a v1 draft is replaced by the per-artwork form.',
  },
  awayMigration('BUY_ART_TRANS', 2),
  awayMigration('OPERATION_REPAIR_ART', 1),
  awayMigration('OPERATION_MOUNT_ART', 1),
]

/** The declared migration of a type from one version to another, if any. */
export function migrationOf(
  type: ProcessType,
  from: number,
  to: number,
  migrations: readonly Migration[] = MIGRATIONS,
): Migration | undefined {
  return migrations.find((m) => m.type === type && m.from === from && m.to === to)
}
