// The covers' premiumPayment step: the payment form of a purchase (payment.tsx), capped by the issued
// policy's premium and in its currency instead of a contract's; it starts as the whole premium, paid to the
// insurer.
import { Trans } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import type { ProcessContext } from '../../../../../../machines/types'
import type { StepFormSpec } from '../../field-spec'
import { formatMoneyWith } from '../../record-format'
import { paymentForm } from '../payment'

function policyOf(context: unknown) {
  const policy = (context as ProcessContext | undefined)?.steps?.policy?.data ?? {}
  const text = (key: string) => (typeof policy[key] === 'string' ? (policy[key] as string) : '')
  return { premium: text('premium'), currency: text('currency'), insurer: text('insurer') }
}

function PremiumCap({ context }: { context: unknown }) {
  const { premium, currency } = policyOf(context)
  if (!premium) return null
  const shown = formatMoneyWith(premium, currency)
  return (
    <Alert variant="light" color="ink" mb="md" data-testid="premium-cap">
      <Trans>The policy's premium is {shown}: the payment cannot exceed it.</Trans>
    </Alert>
  )
}

export const premiumPaymentForm: StepFormSpec = {
  ...paymentForm,
  intro: ({ context }) => <PremiumCap context={context} />,
  defaults: (context) => {
    const { premium, currency, insurer } = policyOf(context)
    return {
      ...(premium ? { amount: premium, details: [{ payingCompany: '', amount: premium, note: '' }] } : {}),
      ...(currency ? { currency } : {}),
      ...(insurer ? { payeeAccountName: insurer } : {}),
    }
  },
}
