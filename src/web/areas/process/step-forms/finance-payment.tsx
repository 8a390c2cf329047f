// FINANCE_PAYMENT's request form: the payment form (payment.tsx, with its payee rules (docs/architecture.md § Input rules) and details that add
// up), started from what the request was opened with — an operation's cost (its amount, currency and payee,
// from the process's links) — and saying which cost it settles, in whose currency.
import { Trans } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import type { ProcessContext } from '../../../../../machines/types'
import { moneyText } from '../../../../shared/money-text'
import type { StepFormSpec, Values } from '../field-spec'
import { paymentForm } from './payment'

/** The prefill a request was started with (an operation's cost), when it was. */
export function prefillOf(context: ProcessContext | undefined): Record<string, string> {
  const subject = context?.subject as { prefill?: unknown } | undefined
  const prefill = subject?.prefill
  if (!prefill || typeof prefill !== 'object') return {}
  return Object.fromEntries(
    Object.entries(prefill).filter((e): e is [string, string] => typeof e[1] === 'string'),
  )
}

function CostNote({ context }: { context: ProcessContext | undefined }) {
  const subject = context?.subject
  const prefill = prefillOf(context)
  if (typeof subject?.forProcessId !== 'string' || !prefill.amount) return null
  const currency = prefill.currency ?? ''
  const shown = moneyText(prefill.amount)
  return (
    <Alert variant="light" color="ink" mb="md" data-testid="payment-for-cost">
      <Trans>
        This request pays a cost of {currency} {shown} recorded by another process: it is paid in {currency}.
      </Trans>
    </Alert>
  )
}

export const financePaymentForm: StepFormSpec = {
  ...paymentForm,
  intro: ({ context }) => <CostNote context={context} />,
  /** Prefilled from the cost it settles: the amount (one detail of the whole amount), currency and payee. */
  defaults: (context) => {
    const { amount, ...rest } = prefillOf(context)
    const values: Values = { ...rest }
    if (amount) {
      values.amount = amount
      values.details = [{ payingCompany: '', amount, note: '' }]
    }
    return values
  },
}
