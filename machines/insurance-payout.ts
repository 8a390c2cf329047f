// INSURANCE_PAYOUT: an insurance claim (incident, its approval, the claim to the insurer, the payout
// received). The payout is a money step (incoming); confirming it records the claim as paid.
import {
  claimStep,
  currencyOf,
  incidentStep,
  insurancePayoutInput,
  paymentConfirmation,
  payoutStep,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep, moneyStep } from './blocks'
import { INSURABLE } from './insurance-cover'
import { fx } from './setup'
import type { ProcessContext } from './types'

function claimedAmount(context: ProcessContext): string | undefined {
  const amount = context.steps.claim?.data?.claimedAmount
  return typeof amount === 'string' ? amount : undefined
}

export const insurancePayoutV1 = defineProcess({
  type: 'INSURANCE_PAYOUT',
  version: 1,
  holdsArtworks: false,
  artworkStatuses: [...INSURABLE, 'missing', 'sold'],
  steps: [
    formStep({ key: 'incident', labelZh: '出险报告', labelEn: 'Incident report' }, { next: { to: 'claim' } }),
    formStep(
      { key: 'claim', labelZh: '向保险公司索赔', labelEn: 'Claim to the insurer' },
      { next: { to: 'payout' } },
    ),
    moneyStep(
      { key: 'payout', labelZh: '理赔款到账', labelEn: 'Payout received' },
      { direction: 'incoming', next: { to: 'completed', effects: [fx('claimPaid', 'payout')] } },
    ),
  ],
  input: insurancePayoutInput,
  payloads: {
    incident: incidentStep,
    claim: claimStep,
    payout: payoutStep(),
    CONFIRM_PAYMENT: paymentConfirmation,
  },
  contextPayloads: {
    /** The payout never exceeds the amount claimed. */
    payout: (context) =>
      payoutStep(claimedAmount(context), 'amountExceedsDue', currencyOf(context.steps.claim?.data)),
  },
  notes: [
    'The two parts "incident, approval" are the incident report step with its approval: approving it is the office\'s decision to claim.',
    "The payout is received as a collection (payer: the insurer), never more than the amount claimed; a refused claim is terminated with the insurer's reason.",
    'A claim does not hold its artworks: a damaged artwork usually goes to repair (OPERATION_REPAIR_ART) while the claim runs.',
  ],
})

/** INSURANCE_PAYOUT: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const insurancePayout = declareType({
  type: 'INSURANCE_PAYOUT',
  label: { 'zh-CN': '保险理赔', en: 'Insurance claim' },
  versions: [insurancePayoutV1],
  demoDocument: { name: 'claim-file.pdf', title: 'Incident report and claim file' },
})
