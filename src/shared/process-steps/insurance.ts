// The insurance flows' forms (docs/architecture.md § Records (Insurance): annual or general, premium, insured amount, insurer, time
// frame, policy file): a quotation, the issued policy, a renewal decision, and a claim's incident report and
// claim to the insurer. Premiums are paid with payment.ts; a payout is received with its collection form.
import { z } from 'zod'
import { isoDate, text } from '../validation'
import { currency, dateOrder, dictValue, fileId, fileIds, note, positiveMoney, recordId } from './common'

const insurer = { insurer: text(200), insurerVendorId: recordId.optional() }

export const quotationFields = z.strictObject({
  ...insurer,
  insuredAmount: positiveMoney,
  premium: positiveMoney,
  currency,
  startDate: isoDate,
  endDate: isoDate,
  /** INSURE_FEE_CALC_TYPE value. */
  feeCalcType: dictValue,
  coverage: text(2000),
  quoteFileIds: fileIds().optional(),
  remark: note(),
})
export const quotationStep = quotationFields.superRefine(dateOrder('startDate', 'endDate'))

export const RENEWAL_DECISIONS = ['renew', 'lapse'] as const

/** A renewal: renew on the quoted terms, or let the cover lapse (with the reason). */
export const renewalStep = z
  .discriminatedUnion(
    'decision',
    [
      quotationFields.extend({ decision: z.literal('renew') }),
      z.strictObject({ decision: z.literal('lapse'), reason: text(2000) }),
    ],
    { message: 'required' },
  )
  .superRefine((v, ctx) => {
    if (v.decision === 'renew') dateOrder('startDate', 'endDate')(v, ctx)
  })

export const policyStep = z
  .strictObject({
    ...insurer,
    policyNo: text(64),
    insuredAmount: positiveMoney,
    premium: positiveMoney,
    currency,
    startDate: isoDate,
    endDate: isoDate,
    feeCalcType: dictValue,
    /** The policy document (PDF). */
    policyFileId: fileId,
    remark: note(),
  })
  .superRefine(dateOrder('startDate', 'endDate'))
export type PolicyData = z.output<typeof policyStep>

export const incidentStep = z.strictObject({
  incidentDate: isoDate,
  place: text(300),
  description: text(5000),
  damage: text(5000),
  estimatedLoss: positiveMoney,
  currency,
  /** Photographs, condition and police reports. */
  reportFileIds: fileIds(1),
})

export const claimStep = z.strictObject({
  ...insurer,
  policyNo: text(64),
  claimNo: note(64),
  claimedAmount: positiveMoney,
  currency,
  submittedOn: isoDate,
  documentFileIds: fileIds(1),
  remark: note(),
})
