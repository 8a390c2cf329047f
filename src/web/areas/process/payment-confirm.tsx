// The money a payment event is about: the sum and the payee of the current money step's submitted request,
// said in the dialog that confirms a payment (or records its failure), so nobody confirms a sum unseen.
import { Trans } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import type { ProcessView } from '../../../shared/contracts/process'
import { moneyText } from '../../../shared/money-text'

/** The events that say money moved, or did not: their dialog names the sum and the payee being confirmed. */
export const MONEY_EVENTS = new Set(['CONFIRM_PAYMENT', 'PAYMENT_FAILED', 'RETRY_PAYMENT'])

export interface PaymentAtStep {
  /** "CNY 800,000.00" */
  amount: string
  payee: string
}

/** The sum and the payee of the current step's submitted payment, when the step is a money step. */
export function paymentAtStep(view: Pick<ProcessView, 'context' | 'currentStep'>): PaymentAtStep | null {
  if (!view.currentStep) return null
  const data = view.context?.steps?.[view.currentStep]?.data
  if (!data || typeof data.amount !== 'string') return null
  const currency = typeof data.currency === 'string' ? data.currency : null
  const payee = typeof data.payeeAccountName === 'string' ? data.payeeAccountName : ''
  return { amount: moneyText(data.amount, currency), payee }
}

export function PaymentToConfirm({ type, payment }: { type: string; payment: PaymentAtStep }) {
  const { amount, payee } = payment
  return (
    <Text fz="sm" data-testid="payment-to-confirm">
      {type === 'CONFIRM_PAYMENT' ? (
        payee ? (
          <Trans>
            You confirm that <b>{amount}</b> has been paid to {payee}.
          </Trans>
        ) : (
          <Trans>
            You confirm that <b>{amount}</b> has been paid.
          </Trans>
        )
      ) : payee ? (
        <Trans>
          The payment of <b>{amount}</b> to {payee}.
        </Trans>
      ) : (
        <Trans>
          The payment of <b>{amount}</b>.
        </Trans>
      )}
    </Text>
  )
}
