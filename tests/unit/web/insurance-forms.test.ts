// The insurance and stocktake step forms against their machines: each form names exactly its step's schema
// fields, and the sample payloads of the demo seed, put into a form and taken out again, are what the
// schema accepts (a single policy file stays one id; an empty remittance list is still sent; the
// stocktake's two lists come back as lists).
import { describe, expect, it } from 'vitest'
import { insuranceAnnualV1 } from '../../../machines/insurance-annual'
import { insuranceOperationV1 } from '../../../machines/insurance-operation'
import { insurancePayoutV1 } from '../../../machines/insurance-payout'
import { insuranceRenewalV1 } from '../../../machines/insurance-renewal'
import { inventoryCheckV1 } from '../../../machines/inventory-check'
import type { ProcessDefinition } from '../../../machines/types'
import { draftOf } from '../../../src/shared/process-steps/draft'
import { fieldsOf, initialValues, toDraft, toPayload } from '../../../src/web/areas/process/field-spec'
import { STEP_FORMS } from '../../../src/web/areas/process/form-registry'
import { mark, rowsOf } from '../../../src/web/areas/process/step-forms/insurance/ArtworkChecklist'
import { MODEL_REFS, sampleStepData } from '../../model/samples'
import { processContext } from './process-context'

const DEFINITIONS: ProcessDefinition[] = [
  insuranceAnnualV1,
  insuranceOperationV1,
  insuranceRenewalV1,
  insurancePayoutV1,
  inventoryCheckV1,
]

type Shaped = { shape?: Record<string, unknown>; options?: Shaped[]; _zod: { def: { options?: Shaped[] } } }

/** The fields of a schema (every option's, for the renewal's renew-or-lapse union). */
function keysOf(schema: unknown): string[] {
  const draft = draftOf(schema as never) as unknown as Shaped
  if (draft.shape) return Object.keys(draft.shape)
  const options = draft.options ?? draft._zod.def.options ?? []
  return [...new Set(options.flatMap((o) => keysOf(o)))]
}

function formKeys(type: ProcessDefinition['type'], step: string): string[] {
  const spec = STEP_FORMS[type]?.[step]
  if (!spec) return []
  return fieldsOf(spec).flatMap((f) => (f.kind === 'vendor' && f.idPath ? [f.path, f.idPath] : [f.path]))
}

describe('insurance and stocktake forms', () => {
  for (const definition of DEFINITIONS) {
    it(`${definition.type}: every step has a form naming exactly its schema's fields`, () => {
      for (const step of definition.steps) {
        const schema = definition.payloads[step.key]
        expect(schema, step.key).toBeDefined()
        expect(formKeys(definition.type, step.key).sort(), step.key).toEqual(keysOf(schema).sort())
      }
    })

    it(`${definition.type}: the samples go through the form and back as the schema takes them`, () => {
      const samples = sampleStepData(definition.type, MODEL_REFS)
      for (const step of definition.steps) {
        const spec = STEP_FORMS[definition.type]![step.key]
        for (const sample of samples[step.key] ?? []) {
          const payload = toPayload(spec, initialValues(spec, sample))
          const parsed = definition.payloads[step.key].safeParse(payload)
          expect(parsed.error?.issues ?? [], `${step.key} ${JSON.stringify(sample)}`).toEqual([])
          // And a draft of the same values is a draft the runtime keeps.
          expect(
            draftOf(definition.payloads[step.key] as never).safeParse(
              toDraft(spec, initialValues(spec, sample)),
            ).success,
          ).toBe(true)
        }
      }
    })
  }

  it('the policy document is one id in the payload and in the draft, and absent when none was chosen', () => {
    const spec = STEP_FORMS.INSURANCE_ANNUAL!.policy
    const id = MODEL_REFS.fileId
    expect(toPayload(spec, { ...initialValues(spec, {}), policyFileId: [id] }).policyFileId).toBe(id)
    expect(toPayload(spec, initialValues(spec, { policyFileId: id })).policyFileId).toBe(id)
    expect(toPayload(spec, initialValues(spec, {}))).not.toHaveProperty('policyFileId')
    expect(toDraft(spec, initialValues(spec, { policyFileId: id })).policyFileId).toBe(id)
  })

  it('a renewal that lapses sends the reason only, a renewal that renews the terms only', () => {
    const spec = STEP_FORMS.INSURANCE_RENEWAL!.renewal
    const [renew, lapse] = sampleStepData('INSURANCE_RENEWAL', MODEL_REFS).renewal
    const both = { ...initialValues(spec, renew), reason: 'typed, then renewed after all' }
    expect(toPayload(spec, both)).not.toHaveProperty('reason')
    const lapsed = toPayload(spec, { ...initialValues(spec, renew), ...lapse })
    expect(lapsed).toEqual({ decision: 'lapse', reason: lapse.reason })
  })

  it('the payout sends an empty remittance list (the schema wants the list)', () => {
    const spec = STEP_FORMS.INSURANCE_PAYOUT!.payout
    expect(toPayload(spec, initialValues(spec, {})).attachments).toEqual([])
  })

  it('the policy and the claim start from the steps before them', () => {
    const quotation = sampleStepData('INSURANCE_ANNUAL', MODEL_REFS).quotation[0]
    const policy = STEP_FORMS.INSURANCE_ANNUAL!.policy
    expect(policy.defaults?.(processContext({ steps: { quotation: { data: quotation } } }))).toMatchObject({
      insurer: quotation.insurer,
      premium: quotation.premium,
      currency: quotation.currency,
      startDate: quotation.startDate,
    })
    const claim = STEP_FORMS.INSURANCE_PAYOUT!.claim
    expect(
      claim.defaults?.(
        processContext({
          subject: { policyNo: 'POL-1' },
          steps: { incident: { data: { estimatedLoss: '80000.00', currency: 'HKD' } } },
        }),
      ),
    ).toEqual({ policyNo: 'POL-1', claimedAmount: '80000.00', currency: 'HKD' })
  })
})

const VENDOR = {
  value: 'v',
  label: '恒保财产保险（香港）有限公司',
  labelZh: '恒保财产保险（香港）有限公司',
  labelEn: 'Hengbao General Insurance (Hong Kong) Limited',
  sort: 0,
  id: 'vendor-hk',
  number: 'INS-003',
  kind: 'insurer' as const,
  kindLabel: '保险公司',
  countryCode: 'HK',
  countryName: '中国香港',
  region: '',
  legalName: 'Hengbao General Insurance (Hong Kong) Limited',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  bankName: 'Bank of China (Hong Kong) Limited',
  bankAccountName: 'HENGBAO GENERAL INSURANCE (HONG KONG) LIMITED',
  bankAccountNo: '012-875-1-034562-9',
  bankSwift: 'BKCHHKHH',
  bankAddress: '1 Garden Road, Central, Hong Kong',
  bankLocalCode: '012',
}

describe('forms that start from what came before', () => {
  const policyData = {
    insurer: VENDOR.labelZh,
    insurerVendorId: VENDOR.id,
    policyNo: 'POL-1',
    insuredAmount: '5000000.00',
    premium: '25000.00',
    currency: 'HKD',
    feeCalcType: 'RATE',
    startDate: '2025-03-01',
    endDate: '2026-02-28',
  }
  const steps = { policy: { data: policyData, approvals: [] } }

  it("the premium's payee is the insurer's account, which the payment rule accepts", () => {
    const spec = STEP_FORMS.INSURANCE_ANNUAL!.premiumPayment
    const values = spec.defaults?.(processContext({ steps }), { vendors: [VENDOR] }) ?? {}
    expect(values).toMatchObject({
      amount: '25000.00',
      currency: 'HKD',
      payeeAccountName: VENDOR.bankAccountName,
      payeeCountry: 'HK',
      payeeAccount: VENDOR.bankAccountNo,
      swiftBic: 'BKCHHKHH',
    })
    const checked = insuranceAnnualV1.payloads.premiumPayment.safeParse(
      toPayload(spec, initialValues(spec, values)),
    )
    const fields = checked.success ? [] : checked.error.issues.map((i) => i.path.join('.'))
    expect(fields).not.toContain('payeeAccountName')
    // Typed by name only: a Chinese name is not prefilled (it would be refused outside mainland China).
    expect(spec.defaults?.(processContext({ steps }), { vendors: [] })).not.toHaveProperty('payeeAccountName')
  })

  it('a renewal starts from the policy it renews, for a period as long from the day after it ends', () => {
    const spec = STEP_FORMS.INSURANCE_RENEWAL!.renewal
    const previous = processContext({
      steps: { ...steps, quotation: { data: { coverage: 'All risks, nail to nail' } } },
    })
    expect(spec.defaults?.(processContext(), { vendors: [], previous })).toEqual({
      insurer: VENDOR.labelZh,
      insurerVendorId: VENDOR.id,
      insuredAmount: '5000000.00',
      premium: '25000.00',
      currency: 'HKD',
      feeCalcType: 'RATE',
      coverage: 'All risks, nail to nail',
      startDate: '2026-03-01',
      endDate: '2027-02-28',
    })
    expect(spec.defaults?.(processContext(), { vendors: [] })).toEqual({})
  })

  it("the count is dated on the stocktake's planned day", () => {
    const spec = STEP_FORMS.INVENTORY_CHECK!.counting
    expect(spec.defaults?.(processContext({ subject: { roomId: 'r', plannedOn: '2026-03-01' } }))).toEqual({
      countedOn: '2026-03-01',
    })
    expect(initialValues(spec, spec.defaults?.(processContext({ subject: { roomId: 'r' } }))).countedOn).toBe(
      '',
    )
  })

  it('the payout offers only the payment types of money received', () => {
    const field = fieldsOf(STEP_FORMS.INSURANCE_PAYOUT!.payout).find((f) => f.path === 'paymentType')
    expect(field).toMatchObject({ kind: 'dict', only: ['FULL', 'ADVANCE', 'FINAL'] })
  })

  it('the transport asks for a place in words only where no room is chosen', () => {
    const spec = STEP_FORMS.BUY_ART_TRANS!.transport
    const values = {
      ...initialValues(spec, {}),
      fromLocation: 'typed',
      fromRoomId: 'r1',
      toLocation: 'Venue',
    }
    const out = toPayload(spec, values)
    expect(out).not.toHaveProperty('fromLocation')
    expect(out).toMatchObject({ fromRoomId: 'r1', toLocation: 'Venue' })
  })

  it('the insurer and shipper pickers offer only vendors of their kind', () => {
    const kindOf = (spec: Parameters<typeof fieldsOf>[0], path: string) =>
      fieldsOf(spec).find((f) => f.path === path)
    expect(kindOf(STEP_FORMS.INSURANCE_ANNUAL!.quotation, 'insurer')).toMatchObject({ vendorKind: 'insurer' })
    expect(kindOf(STEP_FORMS.INSURANCE_PAYOUT!.claim, 'insurer')).toMatchObject({ vendorKind: 'insurer' })
    expect(kindOf(STEP_FORMS.INSURANCE_PAYOUT!.payout, 'payerCompany')).toMatchObject({
      vendorKind: 'insurer',
    })
    expect(kindOf(STEP_FORMS.BUY_ART_TRANS!.transport, 'shipper')).toMatchObject({ vendorKind: 'shipper' })
  })
})

describe('the stocktake checklist', () => {
  it('marks an artwork in one list only, unmarks it, and keeps the order of each list', () => {
    let marks = { found: [] as string[], missing: [] as string[] }
    marks = mark(marks, 'a', 'found')
    marks = mark(marks, 'b', 'found')
    marks = mark(marks, 'a', 'missing')
    expect(marks).toEqual({ found: ['b'], missing: ['a'] })
    expect(mark(marks, 'a', null)).toEqual({ found: ['b'], missing: [] })
  })

  it("lists the room's artworks, then any marked artwork no longer in the room, each once", () => {
    expect(rowsOf(['a', 'b'], { found: ['b', 'x'], missing: ['y'] })).toEqual(['a', 'b', 'x', 'y'])
  })
})
