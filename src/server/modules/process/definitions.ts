// The definitions served by GET /api/process/definitions: each type's latest version, its steps with
// labels in both languages, and its graph (nodes and edges from XState's graph utilities), with the
// labels the machines keep in `meta` and in machines/labels.ts.
import type { AnyStateMachine } from 'xstate'
import { toDirectedGraph } from 'xstate/graph'
import { EVENT_LABELS } from '../../../../machines/labels'
import type { ProcessDefinitionView } from '../../../shared/contracts/process'
import { PROCESS_TYPE_LABELS } from '../../../shared/process-types'
import type { ProcessCatalog } from './catalog'

type GraphNode = ReturnType<typeof toDirectedGraph>

/** A guard as the diagram shows it: its name, `a && b` for combined guards. */
export function guardName(guard: unknown): string | null {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') return guard.name || 'inline'
  if (typeof guard === 'object') {
    const g = guard as { type?: string; guards?: unknown[] }
    if (Array.isArray(g.guards)) return g.guards.map(guardName).filter(Boolean).join(' && ')
    if (g.type) return g.type
  }
  return null
}

/** The dotted state path of a node id (`BUY_ART.active.payment.draft` → `active.payment.draft`). */
function pathOf(machine: AnyStateMachine, id: string): string {
  return id.startsWith(`${machine.id}.`) ? id.slice(machine.id.length + 1) : id
}

export function graphOf(machine: AnyStateMachine): ProcessDefinitionView['graph'] {
  const nodes: ProcessDefinitionView['graph']['nodes'] = []
  const edges: ProcessDefinitionView['graph']['edges'] = []
  const walk = (node: GraphNode, parent: string | null) => {
    const meta = (node.stateNode.meta ?? {}) as { labelZh?: string; labelEn?: string }
    nodes.push({
      id: node.id,
      path: pathOf(machine, node.id),
      parent,
      type: node.stateNode.type,
      labelZh: meta.labelZh ?? node.stateNode.key,
      labelEn: meta.labelEn ?? node.stateNode.key,
    })
    node.edges.forEach((edge, i) => {
      const event = edge.label.text
      const words = EVENT_LABELS[event as keyof typeof EVENT_LABELS]
      edges.push({
        id: `${edge.source.id}:${event}:${i}`,
        source: edge.source.id,
        target: edge.target.id,
        event,
        guard: guardName(edge.transition.guard),
        labelZh: words?.labelZh ?? event,
        labelEn: words?.labelEn ?? event,
      })
    })
    for (const child of node.children) walk(child, node.id)
  }
  walk(toDirectedGraph(machine), null)
  return { nodes, edges }
}

const cache = new WeakMap<AnyStateMachine, ProcessDefinitionView>()

export function definitionViews(catalog: ProcessCatalog): ProcessDefinitionView[] {
  return catalog.types().map((type) => {
    const definition = catalog.latest(type)
    let view = cache.get(definition.machine)
    if (!view) {
      view = {
        type,
        labelZh: PROCESS_TYPE_LABELS[type]['zh-CN'],
        labelEn: PROCESS_TYPE_LABELS[type].en,
        version: definition.version,
        versions: catalog.versionsOf(type),
        machineId: definition.machine.id,
        steps: definition.steps.map((s) => ({
          key: s.key,
          labelZh: s.labelZh,
          labelEn: s.labelEn,
          money: s.money === true,
        })),
        graph: graphOf(definition.machine),
      }
      cache.set(definition.machine, view)
    }
    return view
  })
}
