// The step-data rules of src/shared/process-steps (docs/architecture.md § Input rules): contract dates, each payment method's
// required fields, complete payee information, English payee names outside mainland China, complete
// payment details adding up to the amount, never more than the contract (or the amount due), money as
// decimal strings; and the other forms' cross-field rules. Messages are catalogue keys, worded per language.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  buyArtInput,
  collectionStep,
  contractStep,
  countingStep,
  discrepanciesStep,
  draftOf,
  isEnglishName,
  loanStep,
  marketSurveyStep,
  paymentStep,
  policyStep,
  renewalStep,
  transportStep,
} from '../../src/shared/process-steps'
import { issuesToFieldErrors } from '../../src/shared/validation'

const FILE = '0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e0201'
const ART_A = '0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e0001'
const ART_B = '0b1f6f0e-8a0c-4a51-9d1a-6c0a3c1e0002'

/** `{ path: messageKey }` of a failed parse (or {} when it passes). */
function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value)
  if (r.success) return {}
  const out: Record<string, string> = {}
  for (const i of r.error.issues) out[i.path.join('.') || '_'] ??= i.message
  return out
}

const contract = {
  subject: 'Purchase of one painting',
  number: 'HT-1',
  contractType: 'TRADE_PURCHASE_GALLERY',
  applicant: 'Li Wei',
  counterparty: 'Harbour Gallery',
  effectiveDate: '2026-02-01',
  endDate: '2026-12-31',
  amount: '300000',
  currency: 'HKD',
  department: 'Collection',
  signatory: 'Zhang Min',
  sealType: 'CONTRACT_SEAL',
  copies: 2,
  attachments: [FILE],
}

describe('contract', () => {
  it('accepts a complete contract and normalises the amount to two places', () => {
    const r = contractStep.safeParse(contract)
    expect(r.success).toBe(true)
    expect(r.data?.amount).toBe('300000.00')
  })

  it('refuses an end date earlier than the effective date, with the expiry message', () => {
    expect(errors(contractStep, { ...contract, endDate: '2026-01-31' })).toEqual({
      endDate: 'expiryBeforeEffective',
    })
    expect(errors(contractStep, { ...contract, endDate: '2026-02-01' })).toEqual({})
    const { endDate: _, ...openEnded } = contract
    expect(errors(contractStep, openEnded)).toEqual({})
  })

  it('refuses a float amount, a zero amount, a bad date, no attachment, copies that are not whole', () => {
    expect(errors(contractStep, { ...contract, amount: 300000.5 })).toHaveProperty('amount')
    expect(errors(contractStep, { ...contract, amount: '0.00' })).toEqual({ amount: 'invalidMoney' })
    expect(errors(contractStep, { ...contract, amount: '1.234' })).toEqual({ amount: 'invalidMoney' })
    expect(errors(contractStep, { ...contract, effectiveDate: '2026-02-30' })).toEqual({
      effectiveDate: 'noSuchDate',
    })
    expect(errors(contractStep, { ...contract, effectiveDate: '2024-13-01' })).toEqual({
      effectiveDate: 'noSuchDate',
    })
    expect(errors(contractStep, { ...contract, effectiveDate: '1.3.2024' })).toEqual({
      effectiveDate: 'invalidDate',
    })
    expect(errors(contractStep, { ...contract, attachments: [] })).toEqual({ attachments: 'required' })
    expect(errors(contractStep, { ...contract, copies: 1.5 })).toEqual({ copies: 'digitsOnly' })
    expect(errors(contractStep, { ...contract, extra: 1 })).toHaveProperty('_')
  })

  it('words the message in both languages', () => {
    const r = contractStep.safeParse({ ...contract, endDate: '2026-01-01' })
    expect(issuesToFieldErrors(r.error!.issues, 'en')).toEqual({
      endDate: 'The contract expiry date cannot be earlier than the effective date',
    })
    expect(issuesToFieldErrors(r.error!.issues, 'zh-CN')).toEqual({ endDate: '合同到期日不能早于生效日' })
  })
})

const base = {
  paymentType: 'FULL',
  amount: '250000.00',
  currency: 'HKD',
  payeeAccountName: 'Harbour Gallery Limited',
  payeeCountry: 'HK',
  payerCompany: 'Vitrine Holdings Ltd',
  relatedEvent: 'AUCTION',
  costAttribution: 'ACQUISITION',
  details: [
    { payingCompany: 'Vitrine Holdings Ltd', amount: '200000' },
    { payingCompany: 'Vitrine Art Ltd', amount: '50000.00' },
  ],
  attachments: [FILE],
}
const tt = {
  ...base,
  method: 'tt',
  payeeAccount: '012-345678-001',
  payeeAddress: '12 Queen Road, Central',
  payeeBankName: 'HSBC',
  payeeBankAddress: '1 Queen Road Central',
  swiftBic: 'HSBCHKHHHKH',
}
const cheque = {
  ...base,
  method: 'cheque',
  chequePayableTo: 'Harbour Gallery Limited',
  mailingAddress: '12 Queen Road',
  chequeAttachments: [FILE],
}
const online = {
  ...base,
  method: 'online_banking',
  payeeAccount: '6222000011112222',
  depositBankName: 'ICBC Shanghai',
}
const other = {
  ...base,
  method: 'other',
  otherDescription: 'Set off against a refund',
  otherAttachments: [FILE],
}

describe('payment', () => {
  const schema = paymentStep()

  it('accepts each method with its own fields', () => {
    for (const p of [tt, cheque, online, other]) expect(errors(schema, p), p.method).toEqual({})
    expect(schema.parse(tt).details[0].amount).toBe('200000.00')
  })

  it("requires each method's own fields: payee information complete", () => {
    expect(errors(schema, { ...tt, swiftBic: '', payeeBankName: undefined })).toEqual({
      swiftBic: 'payeeIncomplete',
      payeeBankName: 'payeeIncomplete',
    })
    expect(errors(schema, { ...cheque, chequePayableTo: ' ', chequeAttachments: [] })).toEqual({
      chequePayableTo: 'payeeIncomplete',
      chequeAttachments: 'payeeIncomplete',
    })
    expect(errors(schema, { ...online, depositBankName: undefined, payeeAccount: undefined })).toEqual({
      payeeAccount: 'payeeIncomplete',
      depositBankName: 'payeeIncomplete',
    })
    expect(errors(schema, { ...other, otherDescription: '' })).toEqual({
      otherDescription: 'payeeIncomplete',
    })
    expect(errors(schema, { ...tt, method: 'wire' })).toEqual({ method: 'required' })
  })

  it('checks SWIFT/BIC and the domestic code (ABA in the US, sort code in the UK)', () => {
    expect(errors(schema, { ...tt, swiftBic: 'HSBC1' })).toEqual({ swiftBic: 'invalidValue' })
    expect(errors(schema, { ...tt, payeeCountry: 'US' })).toEqual({ domesticCode: 'payeeIncomplete' })
    expect(errors(schema, { ...tt, payeeCountry: 'US', domesticCode: '12345' })).toEqual({
      domesticCode: 'invalidValue',
    })
    expect(errors(schema, { ...tt, payeeCountry: 'US', domesticCode: '026009593' })).toEqual({})
    expect(errors(schema, { ...tt, payeeCountry: 'GB', domesticCode: '40-47-84' })).toEqual({})
  })

  it('wants payee names in English outside mainland China, and allows Chinese inside', () => {
    expect(errors(schema, { ...tt, payeeAccountName: '海港画廊有限公司' })).toEqual({
      payeeAccountName: 'payeeNameEnglish',
    })
    expect(errors(schema, { ...cheque, chequePayableTo: '海港画廊' })).toEqual({
      chequePayableTo: 'payeeNameEnglish',
    })
    expect(errors(schema, { ...tt, payeeAccountName: '海港画廊有限公司', payeeCountry: 'CN' })).toEqual({})
    expect(isEnglishName('Galerie Müller')).toBe(false)
    expect(isEnglishName("O'Neil & Sons (HK) Ltd.")).toBe(true)
    expect(isEnglishName('123')).toBe(false)
  })

  it('needs payment details, each with a paying company and an amount, adding up to the amount', () => {
    expect(errors(schema, { ...tt, details: [] })).toEqual({ details: 'paymentDetailIncomplete' })
    expect(errors(schema, { ...tt, details: [{ payingCompany: '', amount: '250000.00' }] })).toEqual({
      'details.0.payingCompany': 'paymentDetailIncomplete',
    })
    expect(errors(schema, { ...tt, details: [{ payingCompany: 'A' }] })).toEqual({
      'details.0.amount': 'paymentDetailIncomplete',
    })
    expect(errors(schema, { ...tt, details: [{ payingCompany: 'A', amount: '249999.99' }] })).toEqual({
      details: 'paymentDetailsTotal',
    })
  })

  it('never pays more than the contract amount (exact decimal comparison)', () => {
    expect(errors(paymentStep('250000.00'), tt)).toEqual({})
    expect(errors(paymentStep('249999.99'), tt)).toEqual({ amount: 'paidExceedsContract' })
    expect(errors(paymentStep('200000.00', 'amountExceedsDue'), tt)).toEqual({ amount: 'amountExceedsDue' })
    // No contract signed yet: no cap.
    expect(errors(paymentStep(undefined), tt)).toEqual({})
  })
})

describe('collection', () => {
  const collection = {
    paymentType: 'FULL',
    amount: '280000.00',
    currency: 'CNY',
    payerCompany: 'Mr Chen',
    payeeAccountName: 'Vitrine Holdings Ltd',
    payeeAccount: '6222 0000 1111 2222',
    method: 'online_banking',
    expectedDate: '2026-04-01',
    attachments: [],
  }
  it('is capped by the contract amount', () => {
    expect(errors(collectionStep('280000.00'), collection)).toEqual({})
    expect(errors(collectionStep('279999.99'), collection)).toEqual({ amount: 'paidExceedsContract' })
    expect(errors(collectionStep(), { ...collection, amount: '-1.00' })).toEqual({ amount: 'invalidMoney' })
  })
})

describe('the other forms', () => {
  const transport = {
    fromLocation: 'A',
    toLocation: 'B',
    shipper: 'Fine Art Logistics',
    transportType: 'ROAD',
    plannedDeparture: '2026-03-02',
    plannedArrival: '2026-03-05',
    packagingType: 'WOODEN_CRATE',
    cost: '0',
    currency: 'CNY',
  }

  it('transport: arrival not before departure, a room id when one is named', () => {
    expect(errors(transportStep, transport)).toEqual({})
    expect(errors(transportStep, { ...transport, plannedArrival: '2026-03-01' })).toEqual({
      plannedArrival: 'endBeforeStart',
    })
    expect(errors(transportStep, { ...transport, toRoomId: 'room 1' })).toEqual({ toRoomId: 'invalidValue' })
    expect(errors(transportStep, { ...transport, cost: '-5.00' })).toEqual({ cost: 'invalidMoney' })
  })

  it('transport: each end is a room or a place in words; a room needs no words', () => {
    const { fromLocation: _f, toLocation: _t, ...bare } = transport
    const room = '00000000-0000-4000-8000-000000000001'
    expect(errors(transportStep, { ...bare, fromRoomId: room, toRoomId: room })).toEqual({})
    expect(errors(transportStep, { ...bare, fromRoomId: room })).toEqual({ toLocation: 'required' })
    expect(errors(transportStep, { ...bare, toLocation: '  ', toRoomId: room })).toEqual({
      fromLocation: 'required',
    })
  })

  it('loan: the period ends after it starts and the agreement is attached', () => {
    const loan = {
      borrower: 'Museum',
      exhibitionName: 'Ink',
      venue: 'Hall 1',
      country: 'CN',
      purpose: 'MUSEUM_LOAN',
      startDate: '2026-04-01',
      endDate: '2026-07-01',
      insuranceRequired: true,
      agreementFileIds: [FILE],
    }
    expect(errors(loanStep, loan)).toEqual({})
    expect(errors(loanStep, { ...loan, endDate: '2026-03-31' })).toEqual({ endDate: 'endBeforeStart' })
    expect(errors(loanStep, { ...loan, agreementFileIds: [FILE, FILE] })).toEqual({
      agreementFileIds: 'invalidValue',
    })
  })

  it('market survey: the high estimate is not below the low one (as money, not as text)', () => {
    const survey = {
      estimateLow: '90000.00',
      estimateHigh: '100000.00',
      currency: 'CNY',
      askingPrice: '95000',
      channel: 'auction',
      comparables: 'x',
      recommendation: 'y',
      attachments: [FILE],
    }
    expect(errors(marketSurveyStep, survey)).toEqual({})
    expect(errors(marketSurveyStep, { ...survey, estimateHigh: '9000.00' })).toEqual({
      estimateHigh: 'invalidRange',
    })
  })

  it('renewal: renew needs the quoted terms, lapse only a reason', () => {
    expect(errors(renewalStep, { decision: 'lapse', reason: 'Sold' })).toEqual({})
    expect(errors(renewalStep, { decision: 'lapse' })).toEqual({ reason: expect.any(String) })
    expect(Object.keys(errors(renewalStep, { decision: 'renew', reason: 'x' }))).toContain('insurer')
    expect(errors(renewalStep, { decision: 'maybe' })).toHaveProperty('decision')
  })

  it('policy: a policy file and a period that ends after it starts', () => {
    const policy = {
      insurer: 'AXA',
      policyNo: 'P-1',
      insuredAmount: '1000000',
      premium: '1000',
      currency: 'CNY',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      feeCalcType: 'RATE',
      policyFileId: FILE,
    }
    expect(errors(policyStep, policy)).toEqual({})
    expect(errors(policyStep, { ...policy, startDate: '2027-01-01' })).toEqual({ endDate: 'endBeforeStart' })
    expect(errors(policyStep, { ...policy, policyFileId: undefined })).toHaveProperty('policyFileId')
  })

  it('counting: an artwork is found or missing, not both, and something was counted', () => {
    const count = {
      countedOn: '2026-03-01',
      counters: 'W',
      foundArtworkIds: [ART_A],
      missingArtworkIds: [ART_B],
    }
    expect(errors(countingStep, count)).toEqual({})
    expect(errors(countingStep, { ...count, missingArtworkIds: [ART_A] })).toEqual({
      'missingArtworkIds.0': 'duplicateArtwork',
    })
    expect(errors(countingStep, { ...count, foundArtworkIds: [ART_A, ART_A] })).toEqual({
      foundArtworkIds: 'duplicateArtwork',
    })
    expect(errors(countingStep, { ...count, foundArtworkIds: [], missingArtworkIds: [] })).toEqual({
      foundArtworkIds: 'required',
    })
  })

  it('discrepancies: each missing artwork marked once, found or still missing, nothing else', () => {
    const schema = discrepanciesStep([ART_B])
    expect(errors(schema, { foundArtworkIds: [ART_B], missingArtworkIds: [], explanation: 'x' })).toEqual({})
    expect(errors(schema, { foundArtworkIds: [], missingArtworkIds: [], explanation: 'x' })).toEqual({
      missingArtworkIds: 'discrepancyUnaccounted',
    })
    expect(
      errors(schema, { foundArtworkIds: [ART_A], missingArtworkIds: [ART_B], explanation: 'x' }),
    ).toEqual({
      'foundArtworkIds.0': 'notInCount',
    })
    expect(
      errors(schema, { foundArtworkIds: [ART_B], missingArtworkIds: [ART_B], explanation: 'x' }),
    ).toEqual({
      'missingArtworkIds.0': 'duplicateArtwork',
    })
  })

  it('a purchase names at least one artwork, described or chosen', () => {
    expect(errors(buyArtInput, {})).toEqual({ artworks: 'required' })
    expect(errors(buyArtInput, { artworks: [{ titleZh: '山水' }] })).toEqual({})
    expect(errors(buyArtInput, { artworkIds: [ART_A] })).toEqual({})
    expect(errors(buyArtInput, { artworks: [{ titleZh: '' }] })).toEqual({ 'artworks.0.titleZh': 'required' })
  })
})

describe('drafts', () => {
  it("take any subset of a form's fields with any values, but no unknown field", () => {
    const draft = draftOf(paymentStep())
    expect(draft.safeParse({}).success).toBe(true)
    expect(draft.safeParse({ amount: 'not yet', details: [{}] }).success).toBe(true)
    expect(draft.safeParse({ amount: '1', nonsense: 1 }).success).toBe(false)
    // Unions of forms: the fields of every option.
    const renewal = draftOf(renewalStep)
    expect(renewal.safeParse({ decision: 'lapse', reason: 'x', insurer: 'y' }).success).toBe(true)
    expect(renewal.safeParse({ nope: 1 }).success).toBe(false)
  })

  it("keep each field's type and length limits: no 0.9 MB string in a short field", () => {
    const draft = draftOf(paymentStep())
    // empty and null are "not filled yet"; a half-typed amount is still a draft
    expect(draft.safeParse({ amount: '', payerCompany: null, details: [{ amount: '12.' }] }).success).toBe(
      true,
    )
    const long = draft.safeParse({ amount: 'x'.repeat(900_000) })
    expect(long.success).toBe(false)
    const nested = draft.safeParse({ details: [{ amount: 5 }] })
    expect(nested.success).toBe(false)
    expect(nested.error?.issues[0].path).toEqual(['details', 0, 'amount'])
    expect(draft.safeParse({ details: Array.from({ length: 5000 }, () => ({})) }).success).toBe(false)
  })
})
