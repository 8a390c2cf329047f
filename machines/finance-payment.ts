// FINANCE_PAYMENT: a payment outside any contract (a storage fee, a framer's invoice, the cost an operation
// recorded): the payment request with its approval (by amount band and currency, as the tasks settings
// configure), then finance pays — confirmed, or failed and retried. One money step does all three.
import {
  financePaymentInput,
  financePaymentSamples,
  financePaymentStep,
  paymentConfirmation,
} from '../src/shared/process-steps'
import { declareType, defineProcess, moneyStep } from './blocks'

export const financePaymentV1 = defineProcess({
  type: 'FINANCE_PAYMENT',
  version: 1,
  holdsArtworks: false,
  artworkStatuses: [],
  steps: [
    moneyStep(
      { key: 'payment', labelZh: '付款申请', labelEn: 'Payment request' },
      { direction: 'outgoing', next: { to: 'completed' } },
    ),
  ],
  input: financePaymentInput,
  payloads: { payment: financePaymentStep(), CONFIRM_PAYMENT: paymentConfirmation },
  contextPayloads: {
    /** Settling another process's cost: that cost's amount in its currency. */
    payment: (context) => financePaymentStep(context.subject),
  },
  notes: [
    'The three parts "payment request, its approval, the payment" are one money step: the request is its form (the payment form\'s rules: a payee outside mainland China named in Latin script, payment details adding up to the amount), approved by one or two approvers by amount band and currency, then confirmed paid or failed (reason required) and retried, or corrected and submitted again.',
    "A request may settle the cost another process recorded (a transport's shipper, a photographer, a framer, a restorer, a replica lab): that process offers it in its links, prefilled with the cost's amount, currency and payee, and its payments carry the process as `forProcessId`. It pays the cost as recorded: its amount in its currency (a start input or a submitted form saying otherwise is refused, naming the cost). A cost has one request at a time: another is refused (409, naming the first) while one runs or once one is paid; a terminated request frees the cost.",
    'Outgoing only in this version: a collection outside a contract (a loan fee the borrower pays) is not a request the office raises.',
    'Started by whoever may start processes or pay (finance staff); it holds no artworks. The payer may not be whoever submitted the request (separation of duties, as every money step).',
  ],
})

/** FINANCE_PAYMENT: its name, label, versions, list screen and demo document, declared once (machines/registry.ts lists it). */
export const financePayment = declareType({
  type: 'FINANCE_PAYMENT',
  label: { 'zh-CN': '非合同付款', en: 'Non-contract payment' },
  versions: [financePaymentV1],
  demoDocument: { name: 'payment-request.pdf', title: 'Payment request and invoice' },
  samples: financePaymentSamples,
})
