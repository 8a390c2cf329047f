// OPERATION_SELL_ART: the market survey (estimate range, asking price, sale channel, comparables, a
// recommendation, the report), the sale contract (the purchase's contract form, starting at the asking
// price) and the collection of the price: who pays, into which of the family's accounts, how and when,
// never more than the contract, in its currency (src/shared/process-steps/operations.ts, payment.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import type { ProcessContext } from '../../../../../../machines/types'
import { moneyText } from '../../../../../shared/money-text'
import type { SALE_CHANNELS } from '../../../../../shared/process-steps/operations'
import { FileNames } from '../../FileNames'
import type { FieldSpec, StepFormSpec } from '../../field-spec'
import { StepFields } from '../../StepFields'
import { contractForm } from '../contract'
import { PAYMENT_METHOD_OPTIONS } from '../payment'
import { remarkField } from './common'

/** The words of each sale channel (the values are the schema's SALE_CHANNELS). */
const CHANNELS: Record<(typeof SALE_CHANNELS)[number], MessageDescriptor> = {
  auction: msg`At auction`,
  private: msg`Private sale`,
  gallery: msg`Through a gallery`,
  other: msg`Other`,
}

export const marketSurveyForm: StepFormSpec = {
  sections: [
    {
      title: msg`Estimate and price`,
      fields: [
        { path: 'estimateLow', kind: 'money', label: msg`Low estimate` },
        { path: 'estimateHigh', kind: 'money', label: msg`High estimate` },
        { path: 'askingPrice', kind: 'money', label: msg`Asking price` },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency` },
        {
          path: 'channel',
          kind: 'choice',
          span: 12,
          labels: CHANNELS,
          label: msg`Sale channel`,
        },
      ],
    },
    {
      title: msg`Market findings`,
      fields: [
        {
          path: 'comparables',
          kind: 'textarea',
          span: 12,
          label: msg`Comparable sales`,
        },
        {
          path: 'recommendation',
          kind: 'textarea',
          span: 12,
          label: msg`Sale recommendation`,
        },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'pdf',
          span: 12,
          label: msg`Survey report and evidence (PDF)`,
        },
      ],
    },
  ],
}

const text = (data: Record<string, unknown>, key: string) =>
  typeof data[key] === 'string' ? (data[key] as string) : ''

/** The sale contract: the purchase's contract form, its amount and currency starting as the asking price. */
export const saleContractForm: StepFormSpec = {
  ...contractForm,
  defaults: (context) => {
    const survey = context?.steps?.marketSurvey?.data ?? {}
    const amount = text(survey, 'askingPrice')
    const currency = text(survey, 'currency')
    return { ...(amount ? { amount } : {}), ...(currency ? { currency } : {}) }
  },
}

function contractOf(context: ProcessContext | undefined) {
  const contract = context?.steps?.contract?.data ?? {}
  return {
    amount: text(contract, 'amount'),
    currency: text(contract, 'currency'),
    buyer: text(contract, 'counterparty'),
  }
}

function SaleCap({ context }: { context: ProcessContext | undefined }) {
  const { amount, currency } = contractOf(context)
  if (!amount) return null
  const shown = moneyText(amount, currency)
  return (
    <Alert variant="light" color="ink" mb="md" data-testid="contract-cap">
      <Trans>The sale contract is for {shown}: the collection cannot exceed it.</Trans>
    </Alert>
  )
}

/**
 * The remittance advice: optional, yet the schema wants the list even when it is empty, so it is sent as []
 * (a plain `files` field leaves an empty optional list out). Drawn and read as the plain field.
 */
const remittance: FieldSpec = {
  path: 'attachments',
  kind: 'files',
  purpose: 'attachment',
  span: 12,
  label: msg`Remittance advice or invoice`,
}
const remittanceSpec: StepFormSpec = { sections: [{ fields: [remittance] }] }
const remittanceField: FieldSpec = {
  path: 'attachments',
  kind: 'custom',
  span: 12,
  label: remittance.label,
  empty: [],
  render: ({ form }) => <StepFields spec={remittanceSpec} form={form} />,
  record: (values) => (
    <FileNames ids={Array.isArray(values.attachments) ? (values.attachments as string[]) : []} />
  ),
  toPayload: (value) => (Array.isArray(value) ? value : []),
}

/** The collection of the price: it starts as the contract's amount and currency, paid by its buyer. */
export const saleCollectionForm: StepFormSpec = {
  intro: ({ context }) => <SaleCap context={context} />,
  defaults: (context) => {
    const { amount, currency, buyer } = contractOf(context)
    return {
      ...(amount ? { amount } : {}),
      ...(currency ? { currency } : {}),
      ...(buyer ? { payerCompany: buyer } : {}),
    }
  },
  sections: [
    {
      title: msg`Collection of the price`,
      fields: [
        {
          path: 'paymentType',
          kind: 'dict',
          dict: 'PAYMENT_PROPERTY',
          label: msg`Payment type`,
        },
        { path: 'amount', kind: 'money', label: msg`Amount` },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency` },
        { path: 'payerCompany', kind: 'text', label: msg`Paid by (buyer)` },
        { path: 'expectedDate', kind: 'date', label: msg`Expected on` },
        {
          path: 'method',
          kind: 'choice',
          span: 12,
          options: PAYMENT_METHOD_OPTIONS,
          label: msg`Payment method`,
        },
      ],
    },
    {
      title: msg`Receiving account`,
      fields: [
        {
          path: 'payeeAccountName',
          kind: 'enterprise',
          label: msg`Receiving company`,
          description: msg`The family company that receives the money.`,
        },
        { path: 'payeeAccount', kind: 'text', label: msg`Bank account` },
        remittanceField,
        remarkField,
      ],
    },
  ],
}
