// The machines drawn as Mermaid text (src/web/areas/flows/mermaid-text.ts) from the very graph the API
// serves: one box per step, the current state highlighted, live counts written on states, one language.
import { describe, expect, it } from 'vitest'
import { buyArtV1 } from '../../../machines/buy-art'
import { buyArtTransV1 } from '../../../machines/buy-art-trans'
import { toGraph } from '../../../machines/diagram'
import { graphToMermaid, mermaidId } from '../../../src/web/areas/flows/mermaid-text'

const graph = toGraph(buyArtV1)

describe('graphToMermaid', () => {
  it('draws each step as a box of its states, in the language asked for', () => {
    const zh = graphToMermaid(graph, { lang: 'zh-CN' })
    const en = graphToMermaid(graph, { lang: 'en' })
    expect(zh.split('\n')[0]).toBe('stateDiagram-v2')
    expect(zh).toContain(`state "付款流程" as ${mermaidId('payment')} {`)
    expect(zh).toContain(`state "付款失败" as ${mermaidId('payment.paymentFailed')}`)
    expect(en).toContain(`state "Payment process" as ${mermaidId('payment')} {`)
    expect(en).not.toMatch(/付款/)
    // inside a step: between its states; leaving a step: from the step
    expect(en).toContain(
      `${mermaidId('payment.paymentFailed')} --> ${mermaidId('payment.awaitingPayment')} : Retry payment`,
    )
    expect(en).toContain(`${mermaidId('payment')} --> ${mermaidId('completed')} : Confirm payment`)
    expect(en).toContain(`${mermaidId('terminated')} --> ${mermaidId('dueDiligence')} : Restart`)
    const edges = en.split('\n').filter((l) => / --> s_/.test(l))
    expect(new Set(edges).size).toBe(edges.length)
  })

  it('highlights the state a process is in, and nothing when it names no state', () => {
    const text = graphToMermaid(graph, { lang: 'en', current: 'contract.submitted' })
    expect(text).toContain(`class ${mermaidId('contract.submitted')} current`)
    expect(graphToMermaid(graph, { lang: 'en', current: 'nowhere' })).not.toContain('current')
  })

  it('writes live counts on the states that have some', () => {
    const text = graphToMermaid(toGraph(buyArtTransV1), {
      lang: 'en',
      counts: { 'transport.transporting': 3, 'warehousing.draft': 1 },
    })
    expect(text).toContain(`state "Transporting (3)" as ${mermaidId('transport.transporting')}`)
    expect(text).toContain(`state "Draft (1)" as ${mermaidId('warehousing.draft')}`)
    expect(text).toContain(`state "Draft" as ${mermaidId('transport.draft')}`)
    expect(text).toContain(`class ${mermaidId('transport.transporting')} live`)
  })
})
