// The covers' policy step (INSURANCE_ANNUAL, _OPERATION, _RENEWAL): the policy as issued — insurer, number,
// terms, period — and its document as PDF. It starts from the approved quotation (or the renewal's terms),
// which the issued policy may differ from. Approving it covers the artworks for its period.
import { msg } from '@lingui/core/macro'
import type { ProcessContext } from '../../../../../../machines/types'
import type { StepFormSpec, Values } from '../../field-spec'
import { singleFileField } from './file-fields'
import { insurerField, termsFields } from './terms'

const QUOTED = [
  'insurer',
  'insurerVendorId',
  'insuredAmount',
  'premium',
  'currency',
  'feeCalcType',
  'startDate',
  'endDate',
] as const

/** The terms of the step before (a quotation, or a renewal on quoted terms). */
export function quotedTerms(context: ProcessContext | undefined): Values {
  const steps = context?.steps ?? {}
  const quoted = steps.quotation?.data ?? steps.renewal?.data ?? {}
  return Object.fromEntries(QUOTED.filter((k) => typeof quoted[k] === 'string').map((k) => [k, quoted[k]]))
}

export const policyForm: StepFormSpec = {
  defaults: quotedTerms,
  sections: [
    {
      title: msg`The policy`,
      fields: [
        insurerField(),
        { path: 'policyNo', kind: 'text', max: 64, label: msg`Policy number`, required: true },
        ...termsFields(),
      ],
    },
    {
      title: msg`Document`,
      fields: [
        singleFileField({
          path: 'policyFileId',
          purpose: 'pdf',
          span: 12,
          label: msg`The policy (PDF)`,
          required: true,
        }),
        { path: 'remark', kind: 'textarea', max: 2000, span: 12, label: msg`Remark` },
      ],
    },
  ],
}
