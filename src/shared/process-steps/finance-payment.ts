// A non-contract payment (FINANCE_PAYMENT): a storage fee, a framer's invoice, or the cost another process
// recorded (a shipper's, a photographer's, a restorer's). Its start input may name that process and the
// step whose cost it settles, with what to prefill the request with; the request itself is the payment
// form (payment.ts: a payee outside mainland China named in Latin script, payment details adding up to the amount).
import { z } from 'zod'
import { compareMoney, MONEY_RE, optionalText } from '../validation'
import { currency, dictValue, note, positiveMoney, recordId } from './common'
import { currencyOf, paymentStep } from './payment'

/** What a cost offered as a payable prefills: its amount, currency and payee, as the process recorded them. */
export const financePaymentPrefill = z.strictObject({
  amount: positiveMoney.optional(),
  currency: currency.optional(),
  payeeAccountName: optionalText(200).optional(),
  costAttribution: dictValue.optional(),
  relatedEvent: dictValue.optional(),
  paymentType: dictValue.optional(),
  remark: note(),
})
export type FinancePaymentPrefill = z.output<typeof financePaymentPrefill>

export const financePaymentInput = z.strictObject({
  note: note(2000),
  /** The process whose cost this pays (machines: the operations' `followUps`). */
  forProcessId: recordId.optional(),
  /** The step of that process that recorded the cost. */
  forStep: optionalText(64).optional(),
  prefill: financePaymentPrefill.optional(),
})
export type FinancePaymentInput = z.output<typeof financePaymentInput>

/**
 * The request's form: the payment form; when it settles another process's cost, that cost as recorded
 * (the start input carries its amount and currency): another currency is refused at `currency`, another
 * amount in the cost's currency at `amount`, both naming the cost (amounts of different currencies are
 * never compared). Free otherwise.
 */
export function financePaymentStep(subject?: Record<string, unknown>) {
  const cost = recordedCost(subject)
  if (!cost) return paymentStep(undefined, undefined, costCurrency(subject))
  return paymentStep().superRefine((p, ctx) => {
    const params = { amount: cost.amount, currency: cost.currency }
    const path = p.currency !== cost.currency ? 'currency' : 'amount'
    if (path === 'currency' || (MONEY_RE.test(p.amount) && compareMoney(p.amount, cost.amount) !== 0))
      ctx.addIssue({ code: 'custom', message: 'costAmountFixed', path: [path], params })
  })
}

/** The amount and currency of the cost a request settles (its start input's prefill, filled at the start). */
export function recordedCost(
  subject: Record<string, unknown> | undefined,
): { amount: string; currency: string } | undefined {
  const currency = costCurrency(subject)
  const amount = (subject?.prefill as Record<string, unknown> | undefined)?.amount
  return currency !== undefined && typeof amount === 'string' ? { amount, currency } : undefined
}

/** The currency of the cost a request settles (its start input's prefill), when it settles one. */
export function costCurrency(subject: Record<string, unknown> | undefined): string | undefined {
  if (typeof subject?.forProcessId !== 'string') return undefined
  return currencyOf(subject.prefill as Record<string, unknown> | undefined)
}
