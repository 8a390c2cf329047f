// The contract-signing step (BUY_ART; a sale uses it too): subject, number, the agreement contract type
// from its tree, parties, dates (the expiry never before the effective date), the amount including tax,
// seal and copies, and the signed contract as PDF (src/shared/process-steps/contract.ts).
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

/** Seal types of a signed contract (stored as these values). */
export const SEAL_TYPES = [
  { value: 'CONTRACT_SEAL', label: msg`Contract seal` },
  { value: 'COMPANY_SEAL', label: msg`Company seal` },
  { value: 'LEGAL_REPRESENTATIVE_SEAL', label: msg`Legal representative's seal` },
  { value: 'FINANCE_SEAL', label: msg`Finance seal` },
]

export const contractForm: StepFormSpec = {
  /** The other party, amount and currency start as the due-diligence report's seller and price. */
  defaults: (context) => {
    const report = context?.steps?.dueDiligence?.data ?? {}
    const pick = (key: string) => (typeof report[key] === 'string' ? { [key]: report[key] as string } : {})
    return {
      ...(typeof report.seller === 'string' ? { counterparty: report.seller } : {}),
      ...(typeof report.price === 'string' ? { amount: report.price } : {}),
      ...pick('currency'),
    }
  },
  sections: [
    {
      title: msg`The contract`,
      fields: [
        { path: 'subject', kind: 'text', label: msg`Subject` },
        { path: 'number', kind: 'text', label: msg`Contract number` },
        {
          path: 'contractType',
          kind: 'tree',
          dict: 'AGREEMENT_CONTRACT_TYPE',
          label: msg`Contract type`,
        },
        { path: 'counterparty', kind: 'text', label: msg`Other party` },
        { path: 'effectiveDate', kind: 'date', label: msg`Effective date` },
        {
          path: 'endDate',
          kind: 'date',
          label: msg`Expiry date`,
          description: msg`Leave empty for an open-ended contract.`,
        },
        { path: 'amount', kind: 'money', label: msg`Amount including tax` },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency` },
      ],
    },
    {
      title: msg`Signing`,
      fields: [
        { path: 'applicant', kind: 'text', label: msg`Applicant` },
        { path: 'department', kind: 'text', label: msg`Department` },
        { path: 'signatory', kind: 'text', label: msg`Signatory` },
        {
          path: 'sealType',
          kind: 'choice',
          display: 'select',
          options: SEAL_TYPES,
          label: msg`Seal type`,
        },
        { path: 'copies', kind: 'count', label: msg`Copies` },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'pdf',
          span: 12,
          label: msg`Signed contract and annexes (PDF)`,
        },
        { path: 'remark', kind: 'textarea', span: 12, label: msg`Remark` },
      ],
    },
  ],
}
