// CONFIRM_PAYMENT (money steps): when the money moved and the bank's reference; both optional.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../field-spec'

export const confirmPaymentForm: StepFormSpec = {
  sections: [
    {
      fields: [
        { path: 'paidOn', kind: 'date', label: msg`Paid on` },
        { path: 'bankReference', kind: 'text', max: 100, label: msg`Bank reference` },
      ],
    },
  ],
}
