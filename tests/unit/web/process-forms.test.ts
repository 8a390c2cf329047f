// The step forms against the machines they fill: every field of a form is a field of its step's schema and
// every field of the schema has its place on the form (a form cannot drift from the rules), and a form's
// values checked in the browser meet exactly the refusals the runtime answers for the same payload.

import { describe, expect, it } from 'vitest'
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { buyArtV1 } from '../../../machines/buy-art'
import { buyArtTransV1, buyArtTransV2 } from '../../../machines/buy-art-trans'
import type { ProcessDefinition } from '../../../machines/types'
import { validateEvent } from '../../../machines/view'
import { draftOf } from '../../../src/shared/process-steps/draft'
import { issuesToFieldErrors } from '../../../src/shared/validation'
import { fieldsOf, initialValues, toDraft, toPayload } from '../../../src/web/areas/process/field-spec'
import { EVENT_FORMS, STEP_FORMS, stepFormOf } from '../../../src/web/areas/process/form-registry'
import { stepSchema } from '../../../src/web/areas/process/machine-words'
import { paymentForm } from '../../../src/web/areas/process/step-forms/payment'
import { modelActors, modelInput, toMachineEvent } from '../../model/graph-paths'
import { sampleStepData } from '../../model/samples'

function keysOf(schema: unknown): string[] {
  return Object.keys((draftOf(schema as never) as unknown as { shape: Record<string, unknown> }).shape)
}

function formKeys(
  definition: ProcessDefinition,
  key: string,
  spec = stepFormOf(definition.type, key, definition.version),
) {
  if (!spec) return []
  return fieldsOf(spec).flatMap((f) => (f.kind === 'vendor' && f.idPath ? [f.path, f.idPath] : [f.path]))
}

describe('forms and schemas', () => {
  for (const definition of [buyArtV1, buyArtTransV1, buyArtTransV2]) {
    it(`${definition.type} v${definition.version}: every step with a form has one that names exactly its schema's fields`, () => {
      for (const step of definition.steps) {
        const schema = definition.payloads[step.key]
        if (!schema) continue
        expect(formKeys(definition, step.key).sort(), step.key).toEqual(keysOf(schema).sort())
      }
    })

    it(`${definition.type} v${definition.version}: every own event with a payload has a form naming its fields`, () => {
      for (const [type, schema] of Object.entries(definition.payloads)) {
        if (!/^[A-Z_]+$/.test(type)) continue
        const spec = EVENT_FORMS[type]
        expect(spec, type).toBeDefined()
        expect(
          fieldsOf(spec)
            .map((f) => f.path)
            .sort(),
          type,
        ).toEqual(keysOf(schema).sort())
      }
    })
  }
})

/** A BUY_ART snapshot in `payment.draft`, replayed from the samples. */
function atPayment(): AnyMachineSnapshot {
  const samples = sampleStepData('BUY_ART')
  let [snapshot] = initialTransition(buyArtV1.machine, modelInput(buyArtV1)) as [AnyMachineSnapshot, unknown]
  const events = [
    { type: 'SUBMIT', actor: 'registrar' as const, payload: samples.dueDiligence[0] },
    { type: 'APPROVE', actor: 'approver' as const },
    { type: 'SUBMIT', actor: 'registrar' as const, payload: samples.contract[0] },
    { type: 'APPROVE', actor: 'approver' as const },
  ]
  for (const e of events) [snapshot] = transition(buyArtV1.machine, snapshot, toMachineEvent(buyArtV1, e))
  expect(snapshot.value).toEqual({ payment: 'draft' })
  void modelActors
  return snapshot
}

describe('the payment form checks what the runtime checks', () => {
  const snapshot = atPayment()
  const good = sampleStepData('BUY_ART').payment[0]
  const cases: [string, Record<string, unknown>][] = [
    [
      'above what the contract leaves due',
      { amount: '50000.01', details: [{ payingCompany: 'A', amount: '50000.01', note: '' }] },
    ],
    [
      'below what the contract leaves due',
      { amount: '49999.99', details: [{ payingCompany: 'A', amount: '49999.99', note: '' }] },
    ],
    ['a Chinese payee name abroad', { payeeAccountName: '港湾画廊' }],
    ['T/T without SWIFT', { swiftBic: '' }],
    ['details not adding up', { details: [{ payingCompany: 'A', amount: '1.00', note: '' }] }],
    ['a detail without company', { details: [{ payingCompany: '', amount: '50000.00', note: '' }] }],
    ['letters in the amount', { amount: '5OOOO' }],
    ['nothing at all', Object.fromEntries(Object.keys(good).map((k) => [k, '']))],
  ]
  for (const [name, change] of cases) {
    it(name, () => {
      const values = { ...initialValues(paymentForm, good), ...change }
      const payload = toPayload(paymentForm, values)
      const browser = stepSchema(buyArtV1, 'payment', snapshot.context)!.safeParse(payload)
      const server = validateEvent(buyArtV1, snapshot, { type: 'SUBMIT', payload })
      expect(browser.success).toBe(false)
      expect(server.ok).toBe(false)
      const browserErrors = issuesToFieldErrors(browser.error!.issues, 'en')
      const serverErrors = issuesToFieldErrors(server.ok ? [] : server.issues, 'en')
      expect(
        Object.fromEntries(Object.entries(serverErrors).map(([k, v]) => [k.replace(/^payload\./, ''), v])),
      ).toEqual(browserErrors)
    })
  }

  it('the sample payment passes both', () => {
    const payload = toPayload(paymentForm, initialValues(paymentForm, good))
    expect(stepSchema(buyArtV1, 'payment', snapshot.context)!.safeParse(payload).success).toBe(true)
    expect(validateEvent(buyArtV1, snapshot, { type: 'SUBMIT', payload }).ok).toBe(true)
  })
})

describe('values to payloads', () => {
  it('leaves out empty fields and the fields of another payment method, and empty detail rows', () => {
    const values = initialValues(paymentForm, {
      method: 'online_banking',
      payeeAccount: ' 6222 ',
      depositBankName: 'Bank of China',
      swiftBic: 'HSBCHKHHHKH',
      chequePayableTo: 'Someone',
      details: [
        { payingCompany: 'A', amount: '10.00', note: ' first ' },
        { payingCompany: '', amount: '', note: '' },
      ],
    })
    const payload = toPayload(paymentForm, values)
    expect(payload).toMatchObject({
      method: 'online_banking',
      payeeAccount: '6222',
      depositBankName: 'Bank of China',
    })
    expect(payload).not.toHaveProperty('swiftBic')
    expect(payload).not.toHaveProperty('chequePayableTo')
    expect(payload).not.toHaveProperty('remark')
    expect(payload.details).toEqual([{ payingCompany: 'A', amount: '10.00', note: 'first' }])
  })

  it('turns whole numbers typed as text into numbers, in a payload and in a draft the draft schema takes', () => {
    const contract = STEP_FORMS.BUY_ART!.contract
    const values = initialValues(contract, { copies: 2, subject: 'S' })
    expect(values.copies).toBe('2')
    expect(toPayload(contract, values)).toMatchObject({ copies: 2, subject: 'S' })
    expect(toPayload(contract, { ...values, copies: 'two' }).copies).toBe('two')
    const draft = toDraft(contract, { ...values, copies: '3', number: '' })
    expect(draft).toEqual({ copies: 3, subject: 'S' })
    expect(draftOf(buyArtV1.payloads.contract).safeParse(draft).success).toBe(true)
    // A count that is not one is kept as typed, and the draft schema says so at the field.
    const wrong = draftOf(buyArtV1.payloads.contract).safeParse(
      toDraft(contract, { ...values, copies: 'two' }),
    )
    expect(wrong.success).toBe(false)
    if (!wrong.success) expect(wrong.error.issues[0].path).toEqual(['copies'])
  })
})
