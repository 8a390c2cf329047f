// The contract-signing step (BUY_ART; a sale uses it too): subject, number, the agreement contract type
// from its tree, parties, dates (the expiry never before the effective date), the amount including tax,
// seal and copies, and the signed contract as PDF (src/shared/process-steps/contract.ts).
import { msg } from '@lingui/core/macro'
import type { ProcessContext } from '../../../../../machines/types'
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
    const report = (context as ProcessContext | undefined)?.steps?.dueDiligence?.data ?? {}
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
        { path: 'subject', kind: 'text', max: 200, label: msg`Subject`, required: true },
        { path: 'number', kind: 'text', max: 64, label: msg`Contract number`, required: true },
        {
          path: 'contractType',
          kind: 'tree',
          dict: 'AGREEMENT_CONTRACT_TYPE',
          label: msg`Contract type`,
          required: true,
        },
        { path: 'counterparty', kind: 'text', max: 200, label: msg`Other party`, required: true },
        { path: 'effectiveDate', kind: 'date', label: msg`Effective date`, required: true },
        {
          path: 'endDate',
          kind: 'date',
          label: msg`Expiry date`,
          description: msg`Leave empty for an open-ended contract.`,
        },
        { path: 'amount', kind: 'money', label: msg`Amount including tax`, required: true },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true },
      ],
    },
    {
      title: msg`Signing`,
      fields: [
        { path: 'applicant', kind: 'text', max: 100, label: msg`Applicant`, required: true },
        { path: 'department', kind: 'text', max: 100, label: msg`Department`, required: true },
        { path: 'signatory', kind: 'text', max: 100, label: msg`Signatory`, required: true },
        {
          path: 'sealType',
          kind: 'choice',
          display: 'select',
          options: SEAL_TYPES,
          label: msg`Seal type`,
          required: true,
        },
        { path: 'copies', kind: 'count', max: 99, label: msg`Copies`, required: true },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'pdf',
          span: 12,
          label: msg`Signed contract and annexes (PDF)`,
          required: true,
        },
        { path: 'remark', kind: 'textarea', max: 2000, span: 12, label: msg`Remark` },
      ],
    },
  ],
}
