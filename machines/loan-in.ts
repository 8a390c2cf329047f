// LOAN_IN: the office borrows a work: the loan agreement (lender, period, fee, conditions, the work), its
// nail-to-nail insurance, the arrival with its condition (on display or in store), then the return to the
// lender with the condition compared to the arrival's.
import {
  loanInAgreementStep,
  loanInArrivalStep,
  loanInInsuranceStep,
  loanInReturn,
  loanInSamples,
  notOwnedInput,
} from '../src/shared/process-steps'
import { declareType, defineProcess, formStep, waitStep } from './blocks'
import { payableCost } from './follow-ups'
import { fx } from './setup'

/** Before the work arrived, a return has nothing to return. */
const notArrived = { RETURN: 'loanInNotArrived' } as const

export const loanInV1 = defineProcess({
  type: 'LOAN_IN',
  version: 1,
  holdsArtworks: false,
  // Started with no artwork: the work becomes a record when it arrives.
  artworkStatuses: [],
  steps: [
    formStep(
      { key: 'agreement', labelZh: '借入协议', labelEn: 'Loan agreement' },
      { next: { to: 'insurance' }, refusals: notArrived },
    ),
    formStep(
      { key: 'insurance', labelZh: '钉到钉保险', labelEn: 'Nail-to-nail insurance' },
      { next: { to: 'arrival' }, refusals: notArrived },
    ),
    formStep(
      { key: 'arrival', labelZh: '到达与状况', labelEn: 'Arrival and condition' },
      { next: { to: 'return', effects: [fx('borrowedArrived', 'arrival')] }, refusals: notArrived },
    ),
    waitStep(
      { key: 'return', labelZh: '归还出借方', labelEn: 'Return to the lender' },
      {
        leaf: {
          name: 'withUs',
          labelZh: '借入中（展出或库存）',
          labelEn: 'With us (on display or in store)',
          status: 'onLoan',
        },
        event: 'RETURN',
        payload: 'loanInReturn',
        next: { to: 'completed', effects: [fx('borrowedReturned', 'return')] },
        // The work is with us: its return to the lender is recorded first, which ends the loan.
        terminate: { refuse: 'terminateBorrowed' },
      },
    ),
  ],
  finals: { completed: { labelZh: '已归还出借方', labelEn: 'Returned to the lender', status: 'completed' } },
  input: notOwnedInput,
  payloads: {
    agreement: loanInAgreementStep,
    insurance: loanInInsuranceStep,
    arrival: loanInArrivalStep,
    loanInReturn,
  },
  // The loan fee is paid to the lender (offered once the agreement is approved with a fee above zero).
  followUps: [payableCost({ step: 'agreement', amount: 'fee', currency: 'currency', payee: 'lender' })],
  notes: [
    'The work is described in the agreement, one work per loan. It becomes an archive record only when its arrival is approved (borrowedArrived, a "created" movement into the room named): status "borrowed (not owned)", never in holdings or in the totals of owned works.',
    'A fee above zero is paid to the lender by a payment request (FINANCE_PAYMENT) started from the loan once the agreement is approved.',
    "The insurance is nail to nail (from the lender's wall and back), under the office's policy or the lender's: the step records the insurer, the policy, the insured value and the period; the form requires the cover to be nail to nail.",
    'RETURN records the day the work went back and whether its condition is as on arrival (a note is required when it is not): the work leaves the warehouse to the lender, status "returned to its owner" (borrowedReturned, a movement row). A RETURN before the arrival is refused, saying the work has not arrived.',
    'While the work is with us the loan cannot be terminated: RETURN is recorded first. Before the arrival, terminating leaves nothing behind (no record exists yet).',
  ],
})

/** LOAN_IN: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const loanIn = declareType({
  type: 'LOAN_IN',
  label: { 'zh-CN': '借入作品', en: 'Loan in' },
  versions: [loanInV1],
  list: {
    path: '/devOpsManage/loanIn',
    menu: { 'zh-CN': '借入作品', en: 'Loans in' },
    screen: {
      title: { 'zh-CN': '借入作品', en: 'Loans in' },
      description: {
        'zh-CN': '借入作品：协议、钉到钉保险、到达与状况，展出或存放，归还时比对状况。',
        en: 'Works the office borrows: the agreement, nail-to-nail insurance, arrival and condition, then the return to the lender with the condition compared.',
      },
      empty: {
        'zh-CN': '没有匹配的借入。登记一件要借入的作品。',
        en: 'No loan in matches. Start one for a work to borrow.',
      },
    },
  },
  demoDocument: { name: 'loan-in-agreement.pdf', title: "Loan agreement and the lender's condition report" },
  samples: loanInSamples,
})
