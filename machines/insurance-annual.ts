// INSURANCE_ANNUAL: the yearly cover of artworks (docs/architecture.md § Records (Insurance): annual; § Process steps covered / to be insured):
// a quotation, the issued policy (covering the artworks from its approval), the premium paid.
import { artworksInput, quotationStep } from '../src/shared/process-steps'
import { declareType, defineProcess, formStep } from './blocks'
import {
  COVER_NOTES,
  coverContextPayloads,
  coverPayloads,
  INSURABLE,
  policyAndPremium,
} from './insurance-cover'

export const insuranceAnnualV1 = defineProcess({
  type: 'INSURANCE_ANNUAL',
  version: 1,
  holdsArtworks: false,
  artworkStatuses: INSURABLE,
  steps: [
    formStep({ key: 'quotation', labelZh: '询价', labelEn: 'Quotation' }, { next: { to: 'policy' } }),
    ...policyAndPremium,
  ],
  input: artworksInput,
  payloads: { quotation: quotationStep, ...coverPayloads },
  contextPayloads: coverContextPayloads,
  followUps: [{ type: 'INSURANCE_RENEWAL', via: 'previousProcessId', startWhen: { states: ['completed'] } }],
  notes: [
    'The quotation (insurer, insured amount, premium, period, fee calculation) is approved before the policy is taken out; the policy form repeats the terms as issued, which may differ from the quote.',
    ...COVER_NOTES,
  ],
})

/** INSURANCE_ANNUAL: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const insuranceAnnual = declareType({
  type: 'INSURANCE_ANNUAL',
  label: { 'zh-CN': '年度保险', en: 'Annual insurance' },
  versions: [insuranceAnnualV1],
  demoDocument: { name: 'annual-policy.pdf', title: 'Annual fine-art policy and schedule' },
})
