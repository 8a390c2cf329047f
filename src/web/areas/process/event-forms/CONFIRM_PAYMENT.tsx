// CONFIRM_PAYMENT (money steps): when the money moved (required by the schema) and the bank's reference.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const confirmPaymentForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'paidOn', kind: 'date', label: msg`Paid on` },
        { path: 'bankReference', kind: 'text', label: msg`Bank reference` },
      ],
    },
  ],
}
