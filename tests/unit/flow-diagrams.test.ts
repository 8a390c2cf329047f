// @vitest-environment happy-dom
// The flow pages are made from the machines and stay in step with them: every Mermaid diagram parses
// (with the mermaid package the web app draws them with), names every state of the chart, and
// docs/flows holds exactly the generated pages (the same check `npm run diagrams -- --check` makes).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import mermaid from 'mermaid'
import { describe, expect, it } from 'vitest'
import type { AnyStateNode } from 'xstate'
import { flowDoc, toGraph, toMermaid } from '../../machines/diagram'
import { allDefinitions, latest, registeredTypes } from '../../machines/registry'

mermaid.initialize({ startOnLoad: false })

describe('flow diagrams', () => {
  it('the parser used here refuses a broken diagram (so the checks below mean something)', async () => {
    await expect(mermaid.parse('stateDiagram-v2\n  state "x" as a {\n  a --> b')).rejects.toThrow()
  })

  for (const definition of allDefinitions()) {
    it(`${definition.type}: the Mermaid diagram parses and shows every state`, async () => {
      const text = toMermaid(definition)
      await expect(mermaid.parse(text)).resolves.toBeTruthy()
      const walk = (node: AnyStateNode): string[] => [
        node.path.join('__'),
        ...Object.values(node.states).flatMap((c) => walk(c as AnyStateNode)),
      ]
      for (const id of walk(definition.machine.root).filter(Boolean)) expect(text).toContain(` as ${id}`)
    })
  }

  it('the graph has a node per state and an edge per transition, edges between known nodes', () => {
    for (const definition of allDefinitions()) {
      const { nodes, edges } = toGraph(definition)
      const ids = new Set(nodes.map((n) => n.id))
      expect(ids.size).toBe(nodes.length)
      for (const e of edges) {
        expect(ids).toContain(e.source)
        expect(ids).toContain(e.target)
      }
      expect(nodes.filter((n) => n.type === 'atomic' || n.type === 'final').every((n) => n.status)).toBe(true)
    }
  })

  it('docs/flows holds the generated page of every type, up to date', () => {
    for (const type of registeredTypes()) {
      const file = join(import.meta.dirname, '..', '..', 'docs', 'flows', `${type}.md`)
      expect(readFileSync(file, 'utf8'), `${type}: run npm run diagrams`).toBe(flowDoc(latest(type)))
    }
  })

  it('docs/flows keeps a page for every older version running processes may still use', () => {
    for (const definition of allDefinitions().filter((d) => d !== latest(d.type))) {
      const name = `${definition.type}.v${definition.version}.md`
      const file = join(import.meta.dirname, '..', '..', 'docs', 'flows', name)
      expect(readFileSync(file, 'utf8'), `${name}: run npm run diagrams`).toBe(flowDoc(definition))
    }
  })
})
