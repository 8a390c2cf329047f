// INSURANCE_RENEWAL: renewing a cover before it ends: the renewal decision (renew on quoted terms, or let
// it lapse), then, when renewing, the new policy and its premium.
import { insuranceRenewalInput, renewalStep } from '../src/shared/process-steps'
import { declareType, defineProcess, formStep } from './blocks'
import {
  COVER_NOTES,
  coverContextPayloads,
  coverPayloads,
  INSURABLE,
  policyAndPremium,
} from './insurance-cover'
import { fx } from './setup'

export const insuranceRenewalV1 = defineProcess({
  type: 'INSURANCE_RENEWAL',
  version: 1,
  holdsArtworks: false,
  artworkStatuses: INSURABLE,
  renewsPolicy: true,
  steps: [
    formStep(
      { key: 'renewal', labelZh: '续保决定', labelEn: 'Renewal decision' },
      {
        next: [
          { to: 'notRenewed', when: 'renewalDeclined', effects: [fx('insuranceLapsed', 'renewal')] },
          { to: 'policy' },
        ],
      },
    ),
    ...policyAndPremium,
  ],
  finals: { notRenewed: { labelZh: '不续保', labelEn: 'Not renewed', status: 'completed' } },
  conditions: {
    renewalDeclined: (context) => context.steps.renewal?.data?.decision === 'lapse',
  },
  input: insuranceRenewalInput,
  payloads: { renewal: renewalStep, ...coverPayloads },
  contextPayloads: coverContextPayloads,
  followUps: [{ type: 'INSURANCE_RENEWAL', via: 'previousProcessId', startWhen: { states: ['completed'] } }],
  notes: [
    `The renewal form is a decision: renew (with the quoted terms, as in a quotation) or lapse (with the reason). Approving a lapse ends the process as "not renewed" and ends the renewed policy (chosen by the input's previousProcessId, else its policy number): it becomes lapsed, its reminders are cancelled, and its artworks keep only the cover of their other policies (else "to be insured"), so they show up as needing cover. Approving a renewal continues with the new policy and its premium.`,
    'Only a policy that is active (in force, or ended at its end date) may be renewed: a start naming a void policy (its process terminated), a lapsed one, or a process that issued none is refused at that field; a lapse never touches a void or lapsed policy.',
    ...COVER_NOTES,
  ],
})

/** INSURANCE_RENEWAL: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const insuranceRenewal = declareType({
  type: 'INSURANCE_RENEWAL',
  label: { 'zh-CN': '保单续保', en: 'Insurance renewal' },
  versions: [insuranceRenewalV1],
  demoDocument: { name: 'renewal-terms.pdf', title: 'Renewal terms of the fine-art policy' },
})
