// The machines' follow-up declarations (`followUps`) hold together: the follower's start input has the field
// that names the process followed, every state a follow-up may be started from exists in the declaring
// machine, a step field named is a field of that step's form, and `mayStartFollowUp` answers from the state
// and the step's submitted data only.

import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { AnyStateNode } from 'xstate'
import { declaredFollowUps, followUpInput, mayStartFollowUp, predecessorsOf } from '../../machines/follow-ups'
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
    expect(
      all.map((f) => `${f.from} → ${f.type} (${f.via}${f.cost ? `, ${f.cost.step}` : ''})`).sort(),
    ).toEqual([
      'BUY_ART → BUY_ART_TRANS (sourceProcessId)',
      'BUY_ART_TRANS → FINANCE_PAYMENT (forProcessId, transport)',
      'CONDITION_CHECK → OPERATION_REPAIR_ART (sourceProcessId)',
      'DAMAGE_LOSS → CONDITION_CHECK (sourceProcessId)',
      'DAMAGE_LOSS → INSURANCE_PAYOUT (sourceProcessId)',
      'INSURANCE_ANNUAL → INSURANCE_RENEWAL (previousProcessId)',
      'INSURANCE_OPERATION → INSURANCE_RENEWAL (previousProcessId)',
      'INSURANCE_RENEWAL → INSURANCE_RENEWAL (previousProcessId)',
      'LOAN_IN → FINANCE_PAYMENT (forProcessId, agreement)',
      'OBJECT_ENTRY → BUY_ART (sourceProcessId)',
      'OPERATION_LOAN_EXHIBITION_ART → FINANCE_PAYMENT (forProcessId, artworkTransport)',
      'OPERATION_LOAN_EXHIBITION_ART → INSURANCE_OPERATION (operationProcessId)',
      'OPERATION_MOUNT_ART → FINANCE_PAYMENT (forProcessId, artworkTransport)',
      'OPERATION_MOUNT_ART → FINANCE_PAYMENT (forProcessId, mountingInfo)',
      'OPERATION_REPAIR_ART → FINANCE_PAYMENT (forProcessId, artworkTransport)',
      'OPERATION_REPAIR_ART → FINANCE_PAYMENT (forProcessId, repairInfo)',
      'OPERATION_REPLICA_ART → FINANCE_PAYMENT (forProcessId, replicaInfo)',
      'OPERATION_SELL_ART → OPERATION_TRANS_ART (sourceProcessId)',
      'OPERATION_SHOT_ART → FINANCE_PAYMENT (forProcessId, shootingInfo)',
      'OPERATION_TRANS_ART → CONDITION_CHECK (sourceProcessId)',
      'OPERATION_TRANS_ART → FINANCE_PAYMENT (forProcessId, transportInfo)',
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
    // A cost names fields of its step's form, and its request's input takes the step and the prefill.
    if (f.cost) {
      const fields = shapeOf(from.payloads[f.cost.step])
      for (const name of [f.cost.amount, f.cost.currency, f.cost.payee].filter(Boolean))
        expect(fields).toContain(name)
      expect(shapeOf(latest(f.type).input)).toEqual(expect.arrayContaining(['forStep', 'prefill']))
    }
  })

  it('offers a cost to pay once its step is approved with an amount above zero, prefilled from it', () => {
    const transport = all.find((f) => f.from === 'OPERATION_TRANS_ART' && f.cost)
    if (!transport?.cost) throw new Error('no transport cost')
    const context = (cost: string, approved: boolean) =>
      ({
        subject: { artworkIds: ['a-1'] },
        steps: {
          transportInfo: {
            approvals: approved ? [{ by: 'u-2', at: '2026-03-01T00:00:00Z' }] : [],
            data: { cost, currency: 'HKD', shipper: 'Fine Art Logistics Ltd' },
          },
        },
      }) as unknown as ProcessContext
    expect(mayStartFollowUp(transport, 'transport.toBeTransported', context('8800.00', true))).toBe(true)
    expect(mayStartFollowUp(transport, 'completed', context('8800.00', true))).toBe(true)
    expect(mayStartFollowUp(transport, 'transportInfo.submitted', context('8800.00', false))).toBe(false)
    expect(mayStartFollowUp(transport, 'transport.toBeTransported', context('0.00', true))).toBe(false)
    expect(mayStartFollowUp(transport, 'terminated', context('8800.00', true))).toBe(false)
    expect(followUpInput(transport, 'p-1', ['a-1'], context('8800.00', true))).toEqual({
      forProcessId: 'p-1',
      forStep: 'transportInfo',
      prefill: {
        amount: '8800.00',
        currency: 'HKD',
        payeeAccountName: 'Fine Art Logistics Ltd',
        costAttribution: 'TRANSPORT',
      },
    })
    expect(
      latest('FINANCE_PAYMENT').input.safeParse(
        followUpInput(transport, randomUUID(), [], context('8800.00', true)),
      ).success,
    ).toBe(true)
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

  it('offers a claim from a damage or loss once its incident is approved, also after it closed', () => {
    const damage = all.find((f) => f.from === 'DAMAGE_LOSS')
    if (!damage) throw new Error('no damage follow-up')
    expect(damage.type).toBe('INSURANCE_PAYOUT')
    expect(mayStartFollowUp(damage, 'incident.draft', undefined)).toBe(false)
    expect(mayStartFollowUp(damage, 'incident.submitted', undefined)).toBe(false)
    expect(mayStartFollowUp(damage, 'assessment.draft', undefined)).toBe(true)
    expect(mayStartFollowUp(damage, 'actions.submitted', undefined)).toBe(true)
    expect(mayStartFollowUp(damage, 'completed', undefined)).toBe(true)
    expect(mayStartFollowUp(damage, 'terminated', undefined)).toBe(false)
  })

  it('offers a repair from a condition check once its findings are approved, and a check after a damage or a transport', () => {
    const repair = all.find((f) => f.from === 'CONDITION_CHECK')
    if (!repair) throw new Error('no condition check follow-up')
    expect(repair.type).toBe('OPERATION_REPAIR_ART')
    expect(mayStartFollowUp(repair, 'findings.draft', undefined)).toBe(false)
    expect(mayStartFollowUp(repair, 'findings.submitted', undefined)).toBe(false)
    expect(mayStartFollowUp(repair, 'completed', undefined)).toBe(true)
    expect(mayStartFollowUp(repair, 'terminated', undefined)).toBe(false)
    const checks = all.filter((f) => f.type === 'CONDITION_CHECK')
    expect(checks.map((f) => f.from).sort()).toEqual(['DAMAGE_LOSS', 'OPERATION_TRANS_ART'])
    const transport = checks.find((f) => f.from === 'OPERATION_TRANS_ART')
    if (!transport) throw new Error('no transport follow-up')
    expect(mayStartFollowUp(transport, 'transport.transporting', undefined)).toBe(false)
    expect(mayStartFollowUp(transport, 'completed', undefined)).toBe(true)
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
