// A machine's graph (the nodes and edges of GET /api/process/definitions, or machines/diagram.ts toGraph)
// as a Mermaid state diagram in one language: one box per step holding its states, the transitions inside
// a step drawn between its states, the ones that leave a step drawn from the step. The state a process is
// in can be highlighted, and analysts' live counts written on each state. Pure: the screens and the unit
// tests call it.
import type { Lang } from '../../../shared/errors'

export interface DiagramNode {
  id: string
  path: string
  parent: string | null
  type: string
  labelZh: string
  labelEn: string
}

export interface DiagramEdge {
  source: string
  target: string
  event: string
  guard: string | null
  labelZh: string
  labelEn: string
}

export interface DiagramOptions {
  lang: Lang
  /** The state path to highlight (a process view's `state`). */
  current?: string | null
  /** Live processes per state path. */
  counts?: Record<string, number>
  /** A step to mark as the bottleneck (its path). */
  bottleneck?: string | null
  /** Words added to a step's own label, by step path (the data centre's median time). */
  notes?: Record<string, string>
}

export const mermaidId = (path: string) => `s_${path.replaceAll('.', '__')}`
const text = (s: string) =>
  s.replaceAll('"', "'").replaceAll(':', ' ').replaceAll(';', ',').replaceAll('#', '')

export function graphToMermaid(
  graph: { nodes: DiagramNode[]; edges: DiagramEdge[] },
  options: DiagramOptions,
) {
  const { lang, current, counts = {}, bottleneck, notes = {} } = options
  const byId = new Map(graph.nodes.map((n) => [n.id, n]))
  const root = graph.nodes.find((n) => n.parent === null)
  if (!root) return 'stateDiagram-v2'
  const childrenOf = (id: string) => graph.nodes.filter((n) => n.parent === id)
  const label = (n: DiagramNode) => {
    const words = lang === 'en' ? n.labelEn : n.labelZh
    const count = counts[n.path]
    const note = notes[n.path]
    const base = count ? `${words} (${count})` : words
    return text(note ? `${base} · ${note}` : base)
  }
  /** The top-level node (a step, a final state, terminated) a node belongs to. */
  const topOf = (n: DiagramNode): DiagramNode => {
    let at = n
    while (at.parent && at.parent !== root.id) at = byId.get(at.parent) ?? at
    return at
  }
  const edgeLabel = (e: DiagramEdge) => {
    const words = lang === 'en' ? e.labelEn : e.labelZh
    const condition = (e.guard ?? '')
      .split(' && ')
      .filter((g) => g && !g.startsWith('may') && !g.startsWith('awaits'))
      .join(', ')
    return text(condition ? `${words} [${condition}]` : words)
  }

  const lines = ['stateDiagram-v2', '  direction TB']
  const outer: string[] = []
  const seen = new Set<string>()
  const push = (list: string[], line: string) => {
    if (seen.has(line)) return
    seen.add(line)
    list.push(line)
  }
  const top = childrenOf(root.id)
  if (top[0]) lines.push(`  [*] --> ${mermaidId(top[0].path)}`)
  for (const node of top) {
    const kids = childrenOf(node.id)
    if (kids.length === 0) {
      lines.push(`  state "${label(node)}" as ${mermaidId(node.path)}`)
      if (node.type === 'final') outer.push(`  ${mermaidId(node.path)} --> [*]`)
      continue
    }
    lines.push(`  state "${label(node)}" as ${mermaidId(node.path)} {`)
    lines.push(`    [*] --> ${mermaidId(kids[0].path)}`)
    for (const kid of kids) lines.push(`    state "${label(kid)}" as ${mermaidId(kid.path)}`)
    for (const kid of kids)
      for (const e of graph.edges.filter((x) => x.source === kid.id)) {
        const target = byId.get(e.target) ?? kid
        if (target.parent === node.id)
          push(lines, `    ${mermaidId(kid.path)} --> ${mermaidId(target.path)} : ${edgeLabel(e)}`)
        else push(outer, `  ${mermaidId(node.path)} --> ${mermaidId(topOf(target).path)} : ${edgeLabel(e)}`)
      }
    lines.push('  }')
  }
  for (const node of top)
    for (const e of graph.edges.filter((x) => x.source === node.id)) {
      const target = byId.get(e.target) ?? node
      push(outer, `  ${mermaidId(node.path)} --> ${mermaidId(topOf(target).path)} : ${edgeLabel(e)}`)
    }
  const styles = ['  classDef live fill:#eef3fb,stroke:#3a5fa6,stroke-width:2px']
  const live = graph.nodes.filter(
    (n) => (counts[n.path] ?? 0) > 0 && n.path !== current && childrenOf(n.id).length === 0,
  )
  for (const n of live) styles.push(`  class ${mermaidId(n.path)} live`)
  // Mermaid styles no composite state: the bottleneck step's own states are marked instead.
  const neck = bottleneck ? graph.nodes.find((n) => n.path === bottleneck) : undefined
  if (neck) {
    styles.push('  classDef bottleneck fill:#fdecea,stroke:#c0392b,stroke-width:3px')
    for (const n of graph.nodes)
      if (n.parent === neck.id && n.path !== current && childrenOf(n.id).length === 0)
        styles.push(`  class ${mermaidId(n.path)} bottleneck`)
  }
  if (current && graph.nodes.some((n) => n.path === current)) {
    styles.push(
      '  classDef current fill:#c4862b,color:#ffffff,stroke:#86570f,stroke-width:3px,font-weight:bold',
    )
    styles.push(`  class ${mermaidId(current)} current`)
  }
  return [...lines, ...outer, ...styles].join('\n')
}
