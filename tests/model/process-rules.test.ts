// The rules the machines hold, tested directly with XState's pure transition: who may fill, approve, pay,
// terminate and restart; the second approval above the limit; rejection back to the form with the comment
// kept; restart with earlier data as the new draft; the effects each type declares on its way to the end;
// the payload rules the runtime applies before a transition; and that every machine stays pure and labelled.
import { expect, describe as group, it } from 'vitest'
import { type AnyMachineSnapshot, type AnyStateNode, initialTransition, transition } from 'xstate'
import { EFFECT_LABELS, EVENT_LABELS, GUARD_LABELS } from '../../machines/labels'
import { allDefinitions, definitionOf, latest, REGISTRY, versionsOf } from '../../machines/registry'
import type { Actor, Effect, ProcessContext, ProcessDefinition, ProcessStatus } from '../../machines/types'
import {
  checkEvent,
  describe,
  eventTypes,
  forbiddenBecause,
  nextEvents,
  payloadSchema,
  validateEvent,
} from '../../machines/view'
import { PROCESS_TYPES, type ProcessType } from '../../src/shared/process-types'
import { issuesToFieldErrors } from '../../src/shared/validation'
import {
  type ConcreteEvent,
  MODEL_AT,
  modelActors,
  modelInput,
  replay,
  simplePaths,
  toMachineEvent,
} from './graph-paths'
import { MODEL_REFS, sampleStepData } from './samples'

const buyArt = latest('BUY_ART')
const actors = modelActors('BUY_ART')
const samples = sampleStepData('BUY_ART')

function start(definition: ProcessDefinition = buyArt): AnyMachineSnapshot {
  return initialTransition(definition.machine, modelInput(definition))[0]
}

function send(
  definition: ProcessDefinition,
  snapshot: AnyMachineSnapshot,
  type: string,
  actor: Actor,
  extra: { payload?: Record<string, unknown>; comment?: string } = {},
): [AnyMachineSnapshot, Effect[]] {
  const [next, actions] = transition(definition.machine, snapshot, { type, actor, at: MODEL_AT, ...extra })
  return [
    next,
    (actions as unknown as { type: string; params: Effect }[])
      .filter((a) => a.type === 'effect')
      .map((a) => a.params),
  ]
}

const ctx = (s: AnyMachineSnapshot) => s.context as ProcessContext

/** BUY_ART up to its payment step's form. */
/** At the payment step, the contract signed with the sample `variant` (its payment is `samples.payment[variant]`). */
function atPayment(variant = 0): AnyMachineSnapshot {
  let s = start()
  for (const step of ['dueDiligence', 'contract']) {
    const payload = step === 'contract' ? samples.contract[variant] : samples[step][0]
    ;[s] = send(buyArt, s, 'SUBMIT', actors.registrar, { payload })
    ;[s] = send(buyArt, s, 'APPROVE', actors.approver)
  }
  expect(describe(buyArt, s).state).toBe('payment.draft')
  return s
}

group('who may do what', () => {
  it('only holders of the start privilege fill a step; viewers and approvers may not', () => {
    const s = start()
    const viewer: Actor = { id: 'user-viewer', privileges: ['devOpsManage:view'], allPrivileges: false }
    expect(nextEvents(buyArt, s, actors.registrar)).toEqual(expect.arrayContaining(['SAVE', 'SUBMIT']))
    expect(nextEvents(buyArt, s, viewer)).toEqual([])
    expect(nextEvents(buyArt, s, actors.approver)).not.toContain('SUBMIT')
    expect(checkEvent(s, 'SUBMIT', viewer)).toBe('forbidden')
    expect(checkEvent(s, 'APPROVE', actors.approver)).toBe('notEnabled')
    // A refused event changes nothing.
    const [same] = send(buyArt, s, 'SUBMIT', viewer, { payload: samples.dueDiligence[0] })
    expect(same.value).toEqual(s.value)
    expect(same.context).toEqual(s.context)
  })

  it('the submitter of a step cannot approve it, even with every privilege', () => {
    let s = start()
    ;[s] = send(buyArt, s, 'SUBMIT', actors.admin, { payload: samples.dueDiligence[0] })
    expect(nextEvents(buyArt, s, actors.admin)).not.toContain('APPROVE')
    expect(nextEvents(buyArt, s, actors.admin)).not.toContain('REJECT')
    expect(checkEvent(s, 'APPROVE', actors.admin)).toBe('forbidden')
    expect(nextEvents(buyArt, s, actors.approver)).toEqual(expect.arrayContaining(['APPROVE', 'REJECT']))
  })

  it("approving needs the approval privilege of this process type, not another type's", () => {
    let s = start()
    ;[s] = send(buyArt, s, 'SUBMIT', actors.registrar, { payload: samples.dueDiligence[0] })
    const otherApprover: Actor = {
      id: 'user-x',
      privileges: ['devOpsManage:approve:BUY_ART_TRANS'],
      allPrivileges: false,
    }
    expect(checkEvent(s, 'APPROVE', otherApprover)).toBe('forbidden')
    const [after] = send(buyArt, s, 'APPROVE', otherApprover)
    expect(describe(buyArt, after).state).toBe('dueDiligence.submitted')
  })

  it('payments are confirmed, failed and retried by holders of the pay privilege only', () => {
    let s = atPayment()
    ;[s] = send(buyArt, s, 'SUBMIT', actors.registrar, { payload: samples.payment[0] })
    ;[s] = send(buyArt, s, 'APPROVE', actors.approver)
    expect(describe(buyArt, s).state).toBe('payment.awaitingPayment')
    expect(nextEvents(buyArt, s, actors.finance)).toEqual(
      expect.arrayContaining(['CONFIRM_PAYMENT', 'PAYMENT_FAILED']),
    )
    expect(checkEvent(s, 'CONFIRM_PAYMENT', actors.registrar)).toBe('forbidden')
  })

  it('separation of duties: whoever submitted a payment never confirms, fails or retries it', () => {
    let s = atPayment()
    ;[s] = send(buyArt, s, 'SUBMIT', actors.finance, { payload: samples.payment[0] })
    ;[s] = send(buyArt, s, 'APPROVE', actors.approver)
    const submitterWithAll = { ...actors.finance, allPrivileges: true }
    for (const type of ['CONFIRM_PAYMENT', 'PAYMENT_FAILED']) {
      expect(checkEvent(s, type, actors.finance)).toBe('forbidden')
      expect(forbiddenBecause(s, type, actors.finance)).toBe('identity')
      expect(checkEvent(s, type, submitterWithAll)).toBe('forbidden')
    }
    // Nor on someone else's behalf, nor someone acting for them.
    const delegateOf = { ...actors.admin, id: 'user-delegate', onBehalfOf: actors.finance.id }
    expect(checkEvent(s, 'CONFIRM_PAYMENT', delegateOf)).toBe('forbidden')
    expect(checkEvent(s, 'CONFIRM_PAYMENT', actors.admin)).toBe('allowed')
    ;[s] = send(buyArt, s, 'PAYMENT_FAILED', actors.admin, { comment: 'Account closed' })
    expect(checkEvent(s, 'RETRY_PAYMENT', actors.finance)).toBe('forbidden')
    expect(checkEvent(s, 'RETRY_PAYMENT', actors.admin)).toBe('allowed')
  })

  it('the starter or an approver of the type may terminate and restart; others may not', () => {
    const s = start()
    expect(nextEvents(buyArt, s, actors.registrar)).toContain('TERMINATE')
    expect(nextEvents(buyArt, s, actors.approver)).toContain('TERMINATE')
    expect(checkEvent(s, 'TERMINATE', actors.operations)).toBe('forbidden')
    expect(checkEvent(s, 'RESTART', actors.registrar)).toBe('notEnabled')
  })
})

group('second approval of money steps', () => {
  it('above the limit: two different approvers, the first approval stays in approval', () => {
    let s = atPayment(1)
    ;[s] = send(buyArt, s, 'SUBMIT', actors.finance, { payload: samples.payment[1] }) // 250000.00 > 100000.00
    const [first, effects] = send(buyArt, s, 'APPROVE', actors.approver)
    s = first
    expect(describe(buyArt, s).state).toBe('payment.submitted')
    expect(describe(buyArt, s).status).toBe('approvalOngoing')
    expect(effects).toContainEqual({
      name: 'notify',
      step: 'payment',
      params: { kind: 'approvalRequested', to: 'approvers', secondApproval: true },
    })
    // The same approver cannot give the second approval.
    expect(checkEvent(s, 'APPROVE', actors.approver)).toBe('forbidden')
    ;[s] = send(buyArt, s, 'APPROVE', actors.admin)
    expect(describe(buyArt, s).state).toBe('payment.awaitingPayment')
    expect(ctx(s).steps.payment.approvals.map((a) => a.by)).toEqual([actors.approver.id, actors.admin.id])
  })

  it('at or below the limit one approval is enough', () => {
    let s = atPayment()
    ;[s] = send(buyArt, s, 'SUBMIT', actors.finance, {
      payload: {
        ...samples.payment[0],
        amount: '100000.00',
        details: [{ payingCompany: 'A', amount: '100000.00' }],
      },
    })
    ;[s] = send(buyArt, s, 'APPROVE', actors.approver)
    expect(describe(buyArt, s).state).toBe('payment.awaitingPayment')
  })

  it('a rejection after the first approval needs two fresh approvals on resubmission', () => {
    let s = atPayment(1)
    ;[s] = send(buyArt, s, 'SUBMIT', actors.finance, { payload: samples.payment[1] })
    ;[s] = send(buyArt, s, 'APPROVE', actors.approver)
    ;[s] = send(buyArt, s, 'REJECT', actors.admin, { comment: 'Wrong account' })
    expect(ctx(s).steps.payment.approvals).toEqual([])
    ;[s] = send(buyArt, s, 'SUBMIT', actors.finance, { payload: samples.payment[1] })
    ;[s] = send(buyArt, s, 'APPROVE', actors.approver)
    expect(describe(buyArt, s).state).toBe('payment.submitted')
  })
})

group('rejection, payment failure, termination and restart', () => {
  it('a rejection goes back to the form with the data as draft and the comment kept', () => {
    let s = start()
    ;[s] = send(buyArt, s, 'SUBMIT', actors.registrar, { payload: samples.dueDiligence[0] })
    const [rejected, effects] = send(buyArt, s, 'REJECT', actors.approver, { comment: 'Add the provenance' })
    s = rejected
    const d = describe(buyArt, s)
    expect(d).toMatchObject({
      state: 'dueDiligence.rejected',
      status: 'rejected',
      currentStep: 'dueDiligence',
    })
    expect(ctx(s).steps.dueDiligence.rejection).toEqual({
      by: actors.approver.id,
      at: MODEL_AT,
      comment: 'Add the provenance',
    })
    expect(ctx(s).steps.dueDiligence.draft).toEqual(samples.dueDiligence[0])
    expect(effects).toEqual([
      { name: 'notify', step: 'dueDiligence', params: { kind: 'rejected', to: 'submitter' } },
    ])
    // Saving the revised draft keeps it "rejected" until it is submitted again; the comment stays.
    ;[s] = send(buyArt, s, 'SAVE', actors.registrar, { payload: { seller: 'Another' } })
    expect(describe(buyArt, s).status).toBe('rejected')
    ;[s] = send(buyArt, s, 'SUBMIT', actors.registrar, { payload: samples.dueDiligence[0] })
    expect(describe(buyArt, s).status).toBe('approvalOngoing')
    expect(ctx(s).steps.dueDiligence.rejection?.comment).toBe('Add the provenance')
  })

  it('a failed payment is recorded, can be retried, or corrected and approved again', () => {
    let s = atPayment()
    ;[s] = send(buyArt, s, 'SUBMIT', actors.registrar, { payload: samples.payment[0] })
    ;[s] = send(buyArt, s, 'APPROVE', actors.approver)
    const [failed, effects] = send(buyArt, s, 'PAYMENT_FAILED', actors.finance, { comment: 'Account closed' })
    s = failed
    expect(describe(buyArt, s)).toMatchObject({ status: 'paymentFailed', state: 'payment.paymentFailed' })
    expect(effects.map((e) => e.name)).toEqual(['recordPayment', 'notify'])
    expect(effects[0]).toEqual({
      name: 'recordPayment',
      step: 'payment',
      params: { direction: 'outgoing', status: 'failed' },
    })
    expect(ctx(s).steps.payment.paymentFailures).toEqual([
      { by: actors.finance.id, at: MODEL_AT, comment: 'Account closed' },
    ])
    const [retried] = send(buyArt, s, 'RETRY_PAYMENT', actors.finance)
    expect(describe(buyArt, retried).state).toBe('payment.awaitingPayment')
    const [corrected] = send(buyArt, s, 'SUBMIT', actors.finance, { payload: samples.payment[0] })
    expect(describe(buyArt, corrected).state).toBe('payment.submitted')
  })

  it('terminate keeps the reason and the step; restart begins again with the earlier data as drafts', () => {
    let s = atPayment()
    ;[s] = send(buyArt, s, 'SAVE', actors.finance, { payload: { amount: '1.00' } })
    ;[s] = send(buyArt, s, 'TERMINATE', actors.registrar, { comment: 'Seller withdrew' })
    expect(describe(buyArt, s)).toMatchObject({
      state: 'terminated',
      status: 'terminated',
      currentStep: 'payment',
      done: false,
    })
    expect(describe(buyArt, s).steps.map((x) => x.status)).toEqual(['approved', 'approved', 'terminated'])
    expect(ctx(s).terminated).toEqual({
      by: actors.registrar.id,
      at: MODEL_AT,
      reason: 'Seller withdrew',
      fromState: 'payment',
      leaf: 'payment.draft',
    })
    expect(nextEvents(buyArt, s, actors.registrar)).toEqual(['RESTART'])
    ;[s] = send(buyArt, s, 'RESTART', actors.registrar)
    expect(describe(buyArt, s)).toMatchObject({ state: 'dueDiligence.draft', status: 'draft' })
    expect(describe(buyArt, s).steps.map((x) => x.status)).toEqual(['draft', 'pending', 'pending'])
    expect(ctx(s).restarts).toBe(1)
    expect(ctx(s).terminated).toBeUndefined()
    expect(ctx(s).steps.dueDiligence).toEqual({ draft: samples.dueDiligence[0], approvals: [] })
    expect(ctx(s).steps.contract.draft).toEqual(samples.contract[0])
    expect(ctx(s).steps.payment.draft).toEqual({ amount: '1.00' })
  })

  it('operations hold their artworks from the start and on restart, and release them when they end', () => {
    const trans = latest('OPERATION_TRANS_ART')
    const [s0, startActions] = initialTransition(trans.machine, modelInput(trans))
    expect((startActions as unknown as { params: Effect }[]).map((a) => a.params.name)).toEqual([
      'checkArtworks',
      'holdArtworks',
    ])
    const a = modelActors('OPERATION_TRANS_ART')
    let [s, effects] = send(trans, s0, 'TERMINATE', a.registrar, { comment: 'Cancelled' })
    expect(effects.map((e) => e.name)).toEqual(['notify', 'releaseArtworks', 'remindersCancelled'])
    ;[s, effects] = send(trans, s, 'RESTART', a.registrar)
    expect(effects.map((e) => e.name)).toEqual(['notify', 'checkArtworks', 'holdArtworks'])
  })

  it('a finished process accepts nothing more', () => {
    const trans = latest('OPERATION_TRANS_ART')
    const path = simplePaths(trans, (x) => x.status === 'done')[0]
    const r = replay(trans, path.events)
    expect(r.state).toBe('completed')
    expect(nextEvents(trans, path.state, modelActors(trans.type).admin)).toEqual([])
    expect(checkEvent(path.state, 'TERMINATE', modelActors(trans.type).admin)).toBe('notEnabled')
  })
})

/** The effects of each type on the way to each of its endings (notify left out), in order. */
/** The types whose start input may be empty. */
const STARTS_WITH_NOTHING: ReadonlySet<ProcessType> = new Set<ProcessType>([
  'FINANCE_PAYMENT',
  'OBJECT_ENTRY',
  'LOAN_IN',
])

const ENDING_EFFECTS: Record<ProcessType, Record<string, string[]>> = {
  FINANCE_PAYMENT: { completed: ['checkArtworks', 'recordPayment'] },
  BUY_ART: { completed: ['checkArtworks', 'recordContract', 'recordPayment', 'purchaseCompleted'] },
  BUY_ART_TRANS: {
    completed: [
      'checkArtworks',
      'holdArtworks',
      'transportScheduled',
      'transportDeparted',
      'transportArrived',
      'warehoused',
      'releaseArtworks',
    ],
  },
  OPERATION_TRANS_ART: {
    completed: [
      'checkArtworks',
      'holdArtworks',
      'transportScheduled',
      'transportDeparted',
      'transportArrived',
      'releaseArtworks',
    ],
  },
  OPERATION_SHOT_ART: { completed: ['checkArtworks', 'holdArtworks', 'releaseArtworks'] },
  OPERATION_MOUNT_ART: {
    completed: [
      'checkArtworks',
      'holdArtworks',
      'transportScheduled',
      'transportDeparted',
      'transportArrived',
      'warehoused',
      'releaseArtworks',
    ],
  },
  OPERATION_REPAIR_ART: {
    completed: [
      'checkArtworks',
      'holdArtworks',
      'transportScheduled',
      'transportDeparted',
      'transportArrived',
      'warehoused',
      'releaseArtworks',
    ],
  },
  OPERATION_LOAN_EXHIBITION_ART: {
    completed: [
      'checkArtworks',
      'holdArtworks',
      'transportScheduled',
      'transportDeparted',
      'transportArrived',
      'loanOut',
      'loanReturned',
      'releaseArtworks',
    ],
  },
  OPERATION_SELL_ART: {
    completed: [
      'checkArtworks',
      'holdArtworks',
      'recordContract',
      'recordPayment',
      'sold',
      'releaseArtworks',
    ],
  },
  OPERATION_REPLICA_ART: { completed: ['checkArtworks', 'holdArtworks', 'releaseArtworks'] },
  INSURANCE_ANNUAL: { completed: ['checkArtworks', 'insuranceCovered', 'recordPayment'] },
  INSURANCE_OPERATION: { completed: ['checkArtworks', 'insuranceCovered', 'recordPayment'] },
  INSURANCE_RENEWAL: {
    completed: ['checkArtworks', 'insuranceCovered', 'recordPayment'],
    notRenewed: ['checkArtworks', 'insuranceLapsed'],
  },
  INSURANCE_PAYOUT: { completed: ['checkArtworks', 'recordPayment', 'claimPaid'] },
  INVENTORY_CHECK: {
    completed: ['checkArtworks', 'stocktakeRecorded'],
    uncompleted: ['checkArtworks', 'stocktakeRecorded', 'stocktakeRecorded'],
  },
  DEACCESSION: { completed: ['checkArtworks'], notApproved: ['checkArtworks'] },
  DAMAGE_LOSS: { completed: ['checkArtworks'] },
  CONDITION_CHECK: { completed: ['checkArtworks'] },
  OBJECT_ENTRY: {
    completed: ['checkArtworks', 'worksEntered', 'worksGivenBack'],
    acquired: ['checkArtworks', 'worksEntered'],
  },
  LOAN_IN: { completed: ['checkArtworks', 'borrowedArrived', 'borrowedReturned'] },
}

group('effects on the way to each ending', () => {
  for (const definition of allDefinitions()) {
    it(`${definition.type}: the shortest path to each ending declares its effects in order`, () => {
      const byEnding = new Map<string, ConcreteEvent[]>()
      for (const p of simplePaths(definition, (s) => s.status === 'done')) {
        const r = replay(definition, p.events)
        const known = byEnding.get(r.state)
        if (!known || p.events.length < known.length) byEnding.set(r.state, p.events)
      }
      const seen: Record<string, string[]> = {}
      for (const [ending, events] of byEnding) {
        const r = replay(definition, events)
        seen[ending] = [...r.startEffects, ...r.steps.flatMap((s) => s.effects)].filter((n) => n !== 'notify')
      }
      expect(seen).toEqual(ENDING_EFFECTS[definition.type])
    })
  }

  it('effects name the step whose data they read, and that step exists', () => {
    for (const definition of allDefinitions()) {
      const keys = new Set(definition.steps.map((s) => s.key))
      const walk = (node: AnyStateNode) => {
        const actions = [
          ...node.entry,
          ...node.exit,
          ...[...node.transitions.values()].flat().flatMap((t) => t.actions),
        ] as { type?: string; params?: Effect }[]
        for (const a of actions)
          if (a.type === 'effect' && a.params?.step)
            expect(keys, `${definition.type} ${a.params.name}`).toContain(a.params.step)
        for (const child of Object.values(node.states)) walk(child as AnyStateNode)
      }
      walk(definition.machine.root)
    }
  })
})

group('payload rules the runtime applies before a transition', () => {
  it('REJECT, TERMINATE and PAYMENT_FAILED need a comment', () => {
    const s = start()
    for (const type of ['REJECT', 'TERMINATE', 'PAYMENT_FAILED']) {
      const r = validateEvent(buyArt, s, { type })
      expect(r.ok).toBe(false)
      if (!r.ok)
        expect(r.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['comment', 'commentRequired']])
      expect(validateEvent(buyArt, s, { type, comment: '  ' }).ok).toBe(false)
      expect(validateEvent(buyArt, s, { type, comment: 'reason' }).ok).toBe(true)
    }
  })

  it('SAVE takes a partial draft of the current form but no unknown field; SUBMIT the full form', () => {
    const s = start()
    expect(validateEvent(buyArt, s, { type: 'SAVE', payload: { seller: 'x', price: 'not yet' } }).ok).toBe(
      true,
    )
    const unknown = validateEvent(buyArt, s, { type: 'SAVE', payload: { sellerr: 'x' } })
    expect(unknown.ok).toBe(false)
    const partial = validateEvent(buyArt, s, { type: 'SUBMIT', payload: { seller: 'x' } })
    expect(partial.ok).toBe(false)
    if (!partial.ok) expect(partial.issues.map((i) => i.path.join('.'))).toContain('payload.price')
    const missing = validateEvent(buyArt, s, { type: 'SUBMIT' })
    expect(missing.ok).toBe(false)
    const full = validateEvent(buyArt, s, { type: 'SUBMIT', payload: samples.dueDiligence[0] })
    expect(full).toEqual({ ok: true, payload: samples.dueDiligence[0] })
  })

  it('an event without a payload schema refuses a payload', () => {
    const r = validateEvent(buyArt, start(), { type: 'APPROVE', payload: { x: 1 } })
    expect(r.ok).toBe(false)
    expect(validateEvent(buyArt, start(), { type: 'APPROVE', payload: {} }).ok).toBe(true)
  })

  it('the full payment is exactly what the signed contract leaves due (checked against the context)', () => {
    const s = atPayment() // contract: HKD 50,000.00
    const paying = (amount: string, paymentType = 'FULL') => ({
      ...samples.payment[0],
      paymentType,
      amount,
      details: [{ payingCompany: 'A', amount }],
    })
    for (const [amount, paymentType, message] of [
      ['50000.01', 'FULL', 'fullPaymentDue'],
      ['49999.99', 'FULL', 'fullPaymentDue'],
      ['20000.00', 'DEPOSIT', 'singlePaymentDue'],
    ]) {
      const r = validateEvent(buyArt, s, { type: 'SUBMIT', payload: paying(amount, paymentType) })
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['payload.amount', message]])
        expect(issuesToFieldErrors(r.issues, 'en')['payload.amount']).toContain('HKD 50,000.00')
      }
    }
    expect(validateEvent(buyArt, s, { type: 'SUBMIT', payload: paying('50000.00') }).ok).toBe(true)
  })

  it("a stocktake's discrepancies must account for exactly the artworks missing at the count", () => {
    const inv = latest('INVENTORY_CHECK')
    const a = modelActors('INVENTORY_CHECK')
    const inv_samples = sampleStepData('INVENTORY_CHECK')
    let [s] = send(inv, start(inv), 'SUBMIT', a.registrar, { payload: inv_samples.counting[1] })
    ;[s] = send(inv, s, 'APPROVE', a.approver)
    expect(describe(inv, s).state).toBe('discrepancies.draft')
    const [, b] = MODEL_REFS.artworkIds
    const none = validateEvent(inv, s, {
      type: 'SUBMIT',
      payload: { foundArtworkIds: [], missingArtworkIds: [], explanation: 'x' },
    })
    expect(none.ok).toBe(false)
    if (!none.ok) expect(none.issues[0].message).toBe('discrepancyUnaccounted')
    const stranger = validateEvent(inv, s, {
      type: 'SUBMIT',
      payload: { foundArtworkIds: [b, MODEL_REFS.roomId], missingArtworkIds: [], explanation: 'x' },
    })
    expect(stranger.ok).toBe(false)
    if (!stranger.ok) expect(stranger.issues.map((i) => i.message)).toEqual(['notInCount'])
    expect(payloadSchema(inv, s, 'SUBMIT')?.safeParse(inv_samples.discrepancies[0]).success).toBe(true)
  })
})

group('every machine', () => {
  it('exists for every process type, with every version reachable in the registry', () => {
    for (const type of PROCESS_TYPES) {
      expect(REGISTRY[type].length).toBeGreaterThan(0)
      for (const v of versionsOf(type)) expect(definitionOf(type, v)?.version).toBe(v)
      expect(latest(type).type).toBe(type)
      expect(latest(type).machine.id).toBe(type)
    }
    expect(definitionOf('BUY_ART', 999)).toBeUndefined()
  })

  it('is pure: no invoked actors, no delayed or eventless transitions', () => {
    for (const definition of allDefinitions()) {
      const walk = (node: AnyStateNode) => {
        expect(node.invoke, `${node.id} invoke`).toEqual([])
        expect(node.after, `${node.id} after`).toEqual([])
        expect(node.always ?? [], `${node.id} always`).toEqual([])
        for (const child of Object.values(node.states)) walk(child as AnyStateNode)
      }
      walk(definition.machine.root)
    }
  })

  it('labels every state in both languages, and every leaf with its step and status', () => {
    const statuses = new Set<ProcessStatus>()
    for (const definition of allDefinitions()) {
      const keys = new Set(definition.steps.map((s) => s.key))
      const walk = (node: AnyStateNode, depth: number) => {
        const meta = (node.meta ?? {}) as {
          labelZh?: string
          labelEn?: string
          step?: string
          status?: ProcessStatus
        }
        if (depth > 0) {
          expect(meta.labelZh, node.id).toMatch(/\p{Script=Han}/u)
          expect(meta.labelEn, node.id).toMatch(/^[A-Z][\x20-\x7E]*$/)
        }
        const children = Object.values(node.states) as AnyStateNode[]
        if (children.length === 0) {
          expect(meta.status, node.id).toBeTruthy()
          statuses.add(meta.status as ProcessStatus)
          if (depth === 2) expect(keys).toContain(meta.step)
        }
        for (const child of children) walk(child, depth + 1)
      }
      walk(definition.machine.root, 0)
      for (const step of definition.steps) {
        expect(step.labelZh).toMatch(/\p{Script=Han}/u)
        expect(step.labelEn).toMatch(/^[A-Z]/)
      }
    }
    expect([...statuses].sort()).toEqual(
      [
        'approvalOngoing',
        'approved',
        'completed',
        'draft',
        'onLoan',
        'paymentFailed',
        'rejected',
        'terminated',
        'toBeTransported',
        'transporting',
        'uncompleted',
      ].sort(),
    )
  })

  it('has a label for every event, guard and effect it uses', () => {
    for (const definition of allDefinitions()) {
      for (const type of eventTypes(definition)) expect(EVENT_LABELS, type).toHaveProperty(type)
      const walk = (node: AnyStateNode) => {
        for (const t of [...node.transitions.values()].flat()) {
          const guards = (g: unknown): string[] =>
            !g
              ? []
              : typeof g === 'string'
                ? [g]
                : (g as { guards?: unknown[] }).guards
                  ? (g as { guards: unknown[] }).guards.flatMap(guards)
                  : [(g as { type: string }).type]
          for (const g of guards(t.guard)) expect(GUARD_LABELS, g).toHaveProperty(g)
          for (const a of t.actions as { type?: string; params?: Effect }[])
            if (a.type === 'effect') expect(EFFECT_LABELS).toHaveProperty(a.params!.name)
        }
        for (const child of Object.values(node.states)) walk(child as AnyStateNode)
      }
      walk(definition.machine.root)
    }
  })

  it('has a payload schema for every form step and every own event that carries data', () => {
    for (const definition of allDefinitions()) {
      const data = sampleStepData(definition.type)
      for (const key of Object.keys(data))
        expect(definition.payloads, `${definition.type} ${key}`).toHaveProperty(key)
      expect(definition.input.safeParse(modelInput(definition).subject).success).toBe(true)
      // A non-contract payment request starts with nothing (its input is `{}` or `{ note }`); so do an
      // object entry and a loan in, whose work is described in their first step.
      expect(definition.input.safeParse({}).success).toBe(STARTS_WITH_NOTHING.has(definition.type))
    }
  })

  it('guards read the actor and the context only: the same probe gives the same answer with any payload', () => {
    let s = atPayment(1)
    ;[s] = send(buyArt, s, 'SUBMIT', actors.finance, { payload: samples.payment[1] })
    for (const payload of [undefined, {}, { amount: '1.00' }, samples.payment[0]])
      expect(
        s.can(
          toMachineEvent(buyArt, { type: 'APPROVE', actor: 'approver', ...(payload ? { payload } : {}) }),
        ),
      ).toBe(true)
  })
})
