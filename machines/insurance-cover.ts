// The steps every insurance cover ends with (INSURANCE_ANNUAL, INSURANCE_OPERATION, INSURANCE_RENEWAL):
// the issued policy, once approved, covers the artworks (insuranceCovered); then the premium is paid,
// never more than the policy's premium.

import type { ArtworkStatus } from '../src/shared/contracts/artworks'
import { currencyOf, paymentConfirmation, paymentStep, policyStep } from '../src/shared/process-steps'
import { formStep, fx, IN_HAND, moneyStep, type StepBlock } from './blocks'
import type { ProcessContext } from './types'

/** Insurance may cover an artwork in the collection, on its way in, or out on loan (not sold or missing). */
export const INSURABLE: readonly ArtworkStatus[] = [...IN_HAND, 'on_loan']

export const policyAndPremium: StepBlock[] = [
  formStep(
    { key: 'policy', labelZh: '保单', labelEn: 'Policy' },
    { next: { to: 'premiumPayment', effects: [fx('insuranceCovered', 'policy')] } },
  ),
  moneyStep(
    { key: 'premiumPayment', labelZh: '保费支付', labelEn: 'Premium payment' },
    {
      direction: 'outgoing',
      next: { to: 'completed' },
      // Issued but never paid: terminating voids the policy (cover and its reminder with it).
      onTerminate: [fx('policyVoided', 'policy')],
    },
  ),
]

export const coverPayloads = {
  policy: policyStep,
  premiumPayment: paymentStep(),
  CONFIRM_PAYMENT: paymentConfirmation,
}

export const coverContextPayloads = {
  /** The premium paid never exceeds the policy's premium, and is paid in the policy's currency. */
  premiumPayment: (context: ProcessContext) =>
    paymentStep(premiumOf(context), 'amountExceedsDue', currencyOf(context.steps.policy?.data)),
}

function premiumOf(context: ProcessContext): string | undefined {
  const premium = context.steps.policy?.data?.premium
  return typeof premium === 'string' ? premium : undefined
}

export const COVER_NOTES = [
  "The artworks are covered (insurance status covered, insured until the policy's end date) as soon as the issued policy is approved; the premium is paid afterwards as a money step (two approvers above the second-approval limit), capped by the policy's premium. The premium payment names no contract.",
  "A renewal reminder before the policy ends is the runtime's to schedule (a row the scheduler delivers), not a timer in the machine.",
  'Insurance processes do not hold their artworks: being insured must not block a transport or a loan.',
]
