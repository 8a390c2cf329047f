// INSURANCE_OPERATION: cover for one operation (a loan, a transport): a quotation for that operation's
// period, the issued policy, the premium paid.
import { insuranceOperationInput, quotationStep } from '../src/shared/process-steps'
import { declareType, defineProcess, formStep } from './blocks'
import {
  COVER_NOTES,
  coverContextPayloads,
  coverPayloads,
  INSURABLE,
  policyAndPremium,
} from './insurance-cover'

export const insuranceOperationV1 = defineProcess({
  type: 'INSURANCE_OPERATION',
  version: 1,
  holdsArtworks: false,
  artworkStatuses: INSURABLE,
  steps: [
    formStep({ key: 'quotation', labelZh: '询价', labelEn: 'Quotation' }, { next: { to: 'policy' } }),
    ...policyAndPremium,
  ],
  input: insuranceOperationInput,
  payloads: { quotation: quotationStep, ...coverPayloads },
  contextPayloads: coverContextPayloads,
  followUps: [{ type: 'INSURANCE_RENEWAL', via: 'previousProcessId', startWhen: { states: ['completed'] } }],
  notes: [
    "Started for an operation (its process id in the input, optional so that cover can be arranged before the operation is entered); the period is the operation's, typically nail to nail.",
    ...COVER_NOTES,
  ],
})

/** INSURANCE_OPERATION: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const insuranceOperation = declareType({
  type: 'INSURANCE_OPERATION',
  label: { 'zh-CN': '单次保险', en: 'Operation insurance' },
  versions: [insuranceOperationV1],
  demoDocument: { name: 'transit-cover.pdf', title: 'Nail-to-nail cover for one operation' },
})
