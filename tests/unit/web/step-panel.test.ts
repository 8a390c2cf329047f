// The step panel's reading of the machines: what a state waits for (the step's own events), which earlier
// step a step without a form acts on, and that every step a person fills or corrects has its form — every
// REJECT lands on a step with a form, and the operations have a form for each such step and each own event.

import { describe, expect, it } from 'vitest'
import type { AnyStateNode } from 'xstate'
import { allDefinitions, latest } from '../../../machines/registry'
import type { ProcessDefinition } from '../../../machines/types'
import type { ProcessType } from '../../../src/shared/process-types'
import { EVENT_FORMS, STEP_FORMS } from '../../../src/web/areas/process/form-registry'
import { sourceStepOf, waitingEvents } from '../../../src/web/areas/process/StepPanel'

const OPERATIONS: ProcessType[] = [
  'OPERATION_TRANS_ART',
  'OPERATION_SHOT_ART',
  'OPERATION_REPLICA_ART',
  'OPERATION_MOUNT_ART',
  'OPERATION_REPAIR_ART',
  'OPERATION_LOAN_EXHIBITION_ART',
  'OPERATION_SELL_ART',
]

function nodes(definition: ProcessDefinition): AnyStateNode[] {
  const out: AnyStateNode[] = []
  const walk = (n: AnyStateNode) => {
    out.push(n)
    for (const child of Object.values(n.states)) walk(child as AnyStateNode)
  }
  walk(definition.machine.root)
  return out
}

/** The leaf states of a step, as dotted paths. */
function leavesOf(definition: ProcessDefinition, step: string): string[] {
  return nodes(definition)
    .filter((n) => n.path[0] === step && n.path.length > 1 && Object.keys(n.states).length === 0)
    .map((n) => n.path.join('.'))
}

/** The step a state node belongs to (its first path segment, when that is a step). */
function stepOf(definition: ProcessDefinition, node: AnyStateNode): string | undefined {
  const key = node.path[0]
  return definition.steps.some((s) => s.key === key) ? key : undefined
}

describe('what a state waits for', () => {
  it('a transport waits to depart, then to arrive; a loan on loan waits for its return', () => {
    const trans = latest('OPERATION_TRANS_ART')
    expect(waitingEvents(trans, 'transport.toBeTransported')).toEqual(['DEPART'])
    expect(waitingEvents(trans, 'transport.transporting')).toEqual(['ARRIVE'])
    const loan = latest('OPERATION_LOAN_EXHIBITION_ART')
    expect(waitingEvents(loan, 'artworkTransport.toBeTransported')).toEqual(['DEPART'])
    expect(waitingEvents(loan, 'return.onLoan')).toEqual(['RETURN'])
    expect(waitingEvents(latest('OPERATION_SELL_ART'), 'collection.awaitingPayment').sort()).toEqual([
      'CONFIRM_PAYMENT',
      'PAYMENT_FAILED',
    ])
  })

  it('a step being filled or approved waits for nothing of its own', () => {
    const shot = latest('OPERATION_SHOT_ART')
    for (const leaf of ['draft', 'submitted', 'rejected'])
      expect(waitingEvents(shot, `shootingInfo.${leaf}`), leaf).toEqual([])
    expect(waitingEvents(shot, 'no.such.state')).toEqual([])
  })
})

describe('a step without a form of its own', () => {
  it('the movement of a transport acts on the transport information, which has its form', () => {
    const trans = latest('OPERATION_TRANS_ART')
    expect(sourceStepOf(trans, 'transport')).toBe('transportInfo')
    expect(STEP_FORMS.OPERATION_TRANS_ART?.transportInfo).toBeDefined()
  })

  it('a loan waiting for its return acts on no earlier step; its RETURN has a form', () => {
    expect(sourceStepOf(latest('OPERATION_LOAN_EXHIBITION_ART'), 'return')).toBeUndefined()
    expect(EVENT_FORMS.RETURN).toBeDefined()
  })
})

describe('every step a person fills has its form', () => {
  it('no REJECT of any machine lands on a step without a form', () => {
    const wrong: string[] = []
    for (const definition of allDefinitions())
      for (const node of nodes(definition))
        for (const t of node.transitions.get('REJECT') ?? [])
          for (const target of (t.target ?? []) as AnyStateNode[]) {
            const step = stepOf(definition, target)
            if (!step || !definition.payloads[step])
              wrong.push(`${definition.type} v${definition.version}: ${node.path.join('.')} → ${target.id}`)
          }
    expect(wrong).toEqual([])
  })

  for (const type of OPERATIONS)
    it(`${type}: a form for every step with a payload and for every own event`, () => {
      for (const definition of allDefinitions().filter((d) => d.type === type)) {
        for (const step of definition.steps)
          if (definition.payloads[step.key])
            expect(STEP_FORMS[type]?.[step.key], `${type} · ${step.key}`).toBeDefined()
          else {
            // Formless: it acts on an earlier step's data, or waits for events that have their forms.
            const events = leavesOf(definition, step.key).flatMap((leaf) => waitingEvents(definition, leaf))
            expect(sourceStepOf(definition, step.key) ?? events[0], `${type} · ${step.key}`).toBeDefined()
            for (const e of events)
              if (definition.payloads[e]) expect(EVENT_FORMS[e], `${type} · ${e}`).toBeDefined()
          }
        for (const key of Object.keys(definition.payloads))
          if (/^[A-Z_]+$/.test(key) || key === 'whereNow')
            expect(EVENT_FORMS[key], `${type} · ${key}`).toBeDefined()
      }
    })
})
