// INSURANCE_RENEWAL · renewal: the decision — renew on the quoted terms (as a quotation asks them), or let
// the cover lapse, with the reason. Approving a lapse ends the renewed policy.
import { msg } from '@lingui/core/macro'
import type { StepFormSpec, Values } from '../../field-spec'
import { insurerField, quoteFields, termsFields } from './terms'

const renewing = (v: Values) => v.decision === 'renew'
const lapsing = (v: Values) => v.decision === 'lapse'

export const renewalForm: StepFormSpec = {
  sections: [
    {
      fields: [
        {
          path: 'decision',
          kind: 'choice',
          span: 12,
          label: msg`Decision`,
          required: true,
          options: [
            { value: 'renew', label: msg`Renew the cover` },
            { value: 'lapse', label: msg`Let the cover lapse` },
          ],
        },
        {
          path: 'reason',
          kind: 'textarea',
          max: 2000,
          span: 12,
          label: msg`Why the cover lapses`,
          required: true,
          when: lapsing,
        },
      ],
    },
    { title: msg`Quoted terms`, fields: [insurerField(renewing), ...termsFields(renewing)] },
    { title: msg`Cover`, fields: quoteFields(renewing) },
  ],
}
