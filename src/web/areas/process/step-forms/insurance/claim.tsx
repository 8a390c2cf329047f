// INSURANCE_PAYOUT · incident and claim: what happened to the artworks (when, where, the damage, the loss
// estimated, with photographs and reports), then the claim made to the insurer under a policy (the policy
// number the process was started with, the amount claimed, the claim file).
import { msg } from '@lingui/core/macro'
import type { StepFormSpec } from '../../field-spec'
import { insurerField } from './terms'

export const incidentForm: StepFormSpec = {
  sections: [
    {
      title: msg`The incident`,
      fields: [
        { path: 'incidentDate', kind: 'date', label: msg`Date of the incident`, required: true },
        { path: 'place', kind: 'text', max: 300, label: msg`Place`, required: true },
        {
          path: 'description',
          kind: 'textarea',
          max: 5000,
          span: 12,
          label: msg`What happened`,
          required: true,
        },
        { path: 'damage', kind: 'textarea', max: 5000, span: 12, label: msg`Damage`, required: true },
        { path: 'estimatedLoss', kind: 'money', label: msg`Estimated loss`, required: true },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true },
        {
          path: 'reportFileIds',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Photographs, condition and police reports`,
          required: true,
        },
      ],
    },
  ],
}

export const claimForm: StepFormSpec = {
  /** The policy the claim was started under, and the incident's loss as the amount claimed. */
  defaults: (context) => {
    const c = context
    const input = c?.subject ?? {}
    const incident = c?.steps?.incident?.data ?? {}
    return {
      ...(typeof input.policyNo === 'string' && input.policyNo ? { policyNo: input.policyNo } : {}),
      ...(typeof incident.estimatedLoss === 'string' ? { claimedAmount: incident.estimatedLoss } : {}),
      ...(typeof incident.currency === 'string' ? { currency: incident.currency } : {}),
    }
  },
  sections: [
    {
      title: msg`The claim`,
      fields: [
        insurerField(),
        { path: 'policyNo', kind: 'text', max: 64, label: msg`Policy number`, required: true },
        { path: 'claimNo', kind: 'text', max: 64, label: msg`Claim number` },
        { path: 'submittedOn', kind: 'date', label: msg`Submitted on`, required: true },
        { path: 'claimedAmount', kind: 'money', label: msg`Amount claimed`, required: true },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true },
        {
          path: 'documentFileIds',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Claim form and supporting documents`,
          required: true,
        },
        { path: 'remark', kind: 'textarea', max: 2000, span: 12, label: msg`Remark` },
      ],
    },
  ],
}
