// INSURANCE_ANNUAL and INSURANCE_OPERATION · quotation: the insurer's offer (insurer, insured amount,
// premium, period, how the premium is calculated, what is covered), approved before the policy is taken out.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../../field-spec'
import { insurerField, quoteFields, termsFields } from './terms'

export const quotationForm: StepFormSpec = {
  sections: [
    { title: msg`Insurer and terms`, fields: [insurerField(), ...termsFields()] },
    { title: msg`Cover`, fields: quoteFields() },
  ],
}
