// A collection (the office is paid: INSURANCE_PAYOUT · payout, the insurer's payout): who pays, into which
// account of the family's, how and when, never more than the amount claimed (payment.ts collectionFields).
// It starts as the claim's amount and currency, paid by its insurer.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import type { ProcessContext } from '../../../../../../machines/types'
import { moneyText } from '../../../../../shared/money-text'
import { PAYOUT_PAYMENT_TYPES } from '../../../../../shared/process-steps/payment'
import type { StepFormSpec } from '../../field-spec'
import { PAYMENT_METHOD_OPTIONS } from '../payment'
import { fileListField } from './file-fields'

function claimOf(context: ProcessContext | undefined) {
  const claim = context?.steps?.claim?.data ?? {}
  const text = (key: string) => (typeof claim[key] === 'string' ? (claim[key] as string) : '')
  return { amount: text('claimedAmount'), currency: text('currency'), insurer: text('insurer') }
}

function ClaimCap({ context }: { context: ProcessContext | undefined }) {
  const { amount, currency } = claimOf(context)
  if (!amount) return null
  const shown = moneyText(amount, currency)
  return (
    <Alert variant="light" color="ink" mb="md" data-testid="claim-cap">
      <Trans>The claim is for {shown}: the payout cannot exceed it.</Trans>
    </Alert>
  )
}

export const payoutForm: StepFormSpec = {
  intro: ({ context }) => <ClaimCap context={context} />,
  defaults: (context) => {
    const { amount, currency, insurer } = claimOf(context)
    return {
      ...(amount ? { amount } : {}),
      ...(currency ? { currency } : {}),
      ...(insurer ? { payerCompany: insurer } : {}),
    }
  },
  sections: [
    {
      title: msg`Payout`,
      fields: [
        {
          path: 'paymentType',
          kind: 'dict',
          dict: 'PAYMENT_PROPERTY',
          only: PAYOUT_PAYMENT_TYPES,
          label: msg`Payment type`,
          required: true,
        },
        { path: 'amount', kind: 'money', label: msg`Amount`, required: true },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency`, required: true },
        {
          path: 'payerCompany',
          kind: 'vendor',
          vendorKind: 'insurer',
          max: 200,
          label: msg`Paid by (insurer)`,
          required: true,
        },
        { path: 'expectedDate', kind: 'date', label: msg`Expected on`, required: true },
        {
          path: 'method',
          kind: 'choice',
          span: 12,
          options: PAYMENT_METHOD_OPTIONS,
          label: msg`Payment method`,
          required: true,
        },
      ],
    },
    {
      title: msg`Receiving account`,
      fields: [
        {
          path: 'payeeAccountName',
          kind: 'text',
          max: 200,
          label: msg`Account name`,
          description: msg`The family company that receives the money.`,
          required: true,
        },
        { path: 'payeeAccount', kind: 'text', max: 64, label: msg`Bank account`, required: true },
        fileListField({
          path: 'attachments',
          purpose: 'attachment',
          span: 12,
          label: msg`Remittance advice or settlement letter`,
        }),
        { path: 'remark', kind: 'textarea', max: 2000, span: 12, label: msg`Remark` },
      ],
    },
  ],
}
