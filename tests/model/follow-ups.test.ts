// The machines' follow-up declarations (`followUps`) hold together: the follower's start input has the field
// that names the process followed, every state a follow-up may be started from exists in the declaring
// machine, a step field named is a field of that step's form, and `mayStartFollowUp` answers from the state
// and the step's submitted data only.
import { describe, expect, it } from 'vitest'
import type { AnyStateNode } from 'xstate'
import { declaredFollowUps, mayStartFollowUp, predecessorsOf } from '../../machines/follow-ups'
import { latest, registeredTypes } from '../../machines/registry'
import type { ProcessContext } from '../../machines/types'
import { pathOfNode } from '../../machines/view'

const all = declaredFollowUps(registeredTypes().map((t) => latest(t)))

function statePaths(root: AnyStateNode): string[] {
  const out: string[] = []
  const walk = (node: AnyStateNode) => {
    out.push(pathOfNode(node))
    for (const child of Object.values(node.states)) walk(child as AnyStateNode)
  }
  walk(root)
  return out
}

const shapeOf = (schema: unknown) => Object.keys((schema as { shape?: object }).shape ?? {})

describe('follow-up declarations', () => {
  it('declare the follow-ups the office expects', () => {
    expect(all.map((f) => `${f.from} → ${f.type} (${f.via})`).sort()).toEqual([
      'BUY_ART → BUY_ART_TRANS (sourceProcessId)',
      'INSURANCE_ANNUAL → INSURANCE_RENEWAL (previousProcessId)',
      'INSURANCE_OPERATION → INSURANCE_RENEWAL (previousProcessId)',
      'INSURANCE_RENEWAL → INSURANCE_RENEWAL (previousProcessId)',
      'OPERATION_LOAN_EXHIBITION_ART → INSURANCE_OPERATION (operationProcessId)',
      'OPERATION_SELL_ART → OPERATION_TRANS_ART (sourceProcessId)',
      'OPERATION_TRANS_ART → INSURANCE_OPERATION (operationProcessId)',
    ])
  })

  it.each(all.map((f) => [`${f.from} → ${f.type}`, f] as const))('%s: fields and states exist', (_, f) => {
    expect(shapeOf(latest(f.type).input)).toContain(f.via)
    const from = latest(f.from)
    const paths = statePaths(from.machine.root)
    for (const state of f.startWhen?.states ?? []) expect(paths).toContain(state)
    const field = f.startWhen?.stepField
    if (field) expect(shapeOf(from.payloads[field.step])).toContain(field.field)
  })

  it('offers a follow-up from its states only, and only when the step says yes', () => {
    const loan = all.find((f) => f.from === 'OPERATION_LOAN_EXHIBITION_ART')
    if (!loan) throw new Error('no loan follow-up')
    const context = (yes: boolean) =>
      ({ steps: { loan: { approvals: [], data: { insuranceRequired: yes } } } }) as unknown as ProcessContext
    expect(mayStartFollowUp(loan, 'artworkTransport.toBeTransported', context(true))).toBe(true)
    expect(mayStartFollowUp(loan, 'artworkTransport.toBeTransported', context(false))).toBe(false)
    expect(mayStartFollowUp(loan, 'loan.draft', context(true))).toBe(false)
    expect(mayStartFollowUp(loan, 'completed', context(true))).toBe(false)
    const purchase = all.find((f) => f.from === 'BUY_ART')
    if (!purchase) throw new Error('no purchase follow-up')
    expect(mayStartFollowUp(purchase, 'completed', undefined)).toBe(false)
  })

  it('reads the process followed from the start input', () => {
    expect(predecessorsOf(all, 'INSURANCE_OPERATION', { artworkIds: [], operationProcessId: 'p-1' })).toEqual(
      [
        {
          id: 'p-1',
          via: 'operationProcessId',
          allowed: all.filter((f) => f.type === 'INSURANCE_OPERATION'),
        },
      ],
    )
    expect(predecessorsOf(all, 'INSURANCE_OPERATION', { artworkIds: [] })).toEqual([])
  })
})
