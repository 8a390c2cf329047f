// The steps every insurance cover ends with (INSURANCE_ANNUAL, INSURANCE_OPERATION, INSURANCE_RENEWAL):
// the issued policy, once approved, covers the artworks (insuranceCovered); then the premium is paid,
// never more than the policy's premium.

import type { ArtworkStatus } from '../src/shared/contracts/artworks'
import { currencyOf, paymentConfirmation, paymentStep, policyStep } from '../src/shared/process-steps'
import { formStep, IN_HAND, moneyStep, type StepBlock } from './blocks'
import { fx } from './setup'
import type { ProcessContext } from './types'

/** Insurance may cover an artwork in the collection, on its way in, or out on loan (not sold or missing). */
export const INSURABLE: readonly ArtworkStatus[] = [...IN_HAND, 'on_loan']

export const policyAndPremium: StepBlock[] = [
  formStep(
    { key: 'policy', labelZh: '保单', labelEn: 'Policy', bindsCover: true },
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
  "Approving the issued policy records it (active) and covers the artworks for the policy's period: from its start date (a policy starting later covers them from that day; a daily job turns cover on at the start and back to \"to be insured\" once insured-until has passed, telling the operations staff). The premium is paid afterwards as a money step in the policy's currency (two approvers above that currency's second-approval limit), capped by the policy's premium; it names no contract.",
  'Terminated after the policy was issued but before the premium was paid, the policy is void: its reminders are cancelled and its artworks keep only the cover of their other active policies.',
  "One renewal reminder per policy before it ends, whatever the re-approvals: the runtime's to schedule (a row the scheduler delivers), not a timer in the machine.",
  'Insurance processes do not hold their artworks: being insured must not block a transport or a loan. A sold or missing artwork cannot be insured (a claim may still name it): not at the start, and not when the policy binds cover — submitting or approving the policy is refused, naming each artwork and why, when one was sold or counted missing since the process started.',
]
