// The payment step's form (BUY_ART, premiums): what is paid, by which family company, to whom and how. Each
// method asks for its own fields (cheque, T/T, online banking, other); the amount is split into payment
// details (a paying company and an amount each) that add up to it; and it never exceeds the contract's
// amount, which the form shows above it. The rules are the shared schema's (payment.ts), as the runtime's.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, CloseButton, Group, Input, Select, Stack, Table, Text } from '@mantine/core'
import type { ProcessContext } from '../../../../../machines/types'
import { moneyText } from '../../../../shared/money-text'
import {
  DOMESTIC_CODE_COUNTRIES,
  METHOD_FIELDS,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentFields,
} from '../../../../shared/process-steps/payment'
import { addMoney, MONEY_RE } from '../../../../shared/validation'
import { MoneyInput } from '../../../forms/MoneyInput'
import { TextField } from '../../../forms/TextField'
import type { FormApi } from '../../../forms/use-form'
import type { StepFormSpec, Values } from '../field-spec'
import { currencyBeside } from '../record-format'
import { useEnterpriseLabel, useEnterpriseOptions } from '../reference-options'
import { schemaRules } from '../schema-rules'

/** The payment methods' words; the values are the schema's (PAYMENT_METHODS). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  cheque: msg`Cheque`,
  tt: msg`T/T`,
  online_banking: msg`Online banking`,
  other: msg`Other`,
}
export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}))

interface Detail {
  payingCompany: string
  amount: string
  note: string
}

/** A detail's note limit, the schema's. */
const DETAIL_NOTE_MAX = schemaRules(paymentFields).get('details.*.note')?.maxLength

const emptyDetail = (): Detail => ({ payingCompany: '', amount: '', note: '' })
const method =
  (...methods: string[]) =>
  (v: Values) =>
    methods.includes(String(v.method ?? ''))
/** Shown, and required when shown, for the methods the schema says need it (METHOD_FIELDS). */
const neededBy = (field: string) => (v: Values) =>
  (METHOD_FIELDS[v.method as PaymentMethod] as readonly string[] | undefined)?.includes(field) ?? false

/** The rows as the form edits them (a submitted row leaves out an empty note). */
function detailsOf(value: unknown): Detail[] {
  if (!Array.isArray(value)) return []
  return value.map((row) => {
    const d = (row ?? {}) as Partial<Record<keyof Detail, unknown>>
    const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v))
    return { payingCompany: text(d.payingCompany), amount: text(d.amount), note: text(d.note) }
  })
}

function total(details: Detail[]): string | null {
  const amounts = details.map((d) => d.amount).filter((a) => MONEY_RE.test(a ?? ''))
  return amounts.length ? addMoney(...amounts) : null
}

function PaymentDetails({ form, values }: { form: FormApi; values: Values }) {
  const { t } = useLingui()
  const companies = useEnterpriseOptions()
  const details = detailsOf(values.details)
  const set = (next: Detail[]) => {
    form.setFieldValue('details', next)
    form.setErrors((prev) =>
      Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith('details'))),
    )
  }
  const sum = total(details)
  return (
    <Input.Wrapper
      label={t`Payment details`}
      description={t`Split the amount between the paying companies; the details add up to the amount.`}
      withAsterisk
      error={form.errors.details}
      data-field="details"
      data-kind="details"
    >
      <Table mt={6} withTableBorder verticalSpacing={6} horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="42%">
              <Trans>Paying company</Trans>
            </Table.Th>
            <Table.Th w="24%">
              <Trans>Amount</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Note</Trans>
            </Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {details.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <Table.Tr key={i} data-detail-row={i}>
              <Table.Td>
                <Select
                  data={companies}
                  searchable
                  value={d.payingCompany || null}
                  error={form.errors[`details.${i}.payingCompany`]}
                  onChange={(v) =>
                    set(details.map((x, j) => (j === i ? { ...x, payingCompany: v ?? '' } : x)))
                  }
                  data-field={`details.${i}.payingCompany`}
                  aria-label={t`Paying company`}
                />
              </Table.Td>
              <Table.Td>
                <MoneyInput
                  value={d.amount}
                  error={form.errors[`details.${i}.amount`]}
                  onChange={(v) => set(details.map((x, j) => (j === i ? { ...x, amount: v } : x)))}
                  data-field={`details.${i}.amount`}
                  aria-label={t`Amount`}
                />
              </Table.Td>
              <Table.Td>
                <TextField
                  value={d.note}
                  maxLength={DETAIL_NOTE_MAX}
                  onChange={(v) => set(details.map((x, j) => (j === i ? { ...x, note: v } : x)))}
                  aria-label={t`Note`}
                />
              </Table.Td>
              <Table.Td>
                <CloseButton
                  aria-label={t`Remove this detail`}
                  disabled={details.length === 1}
                  onClick={() => set(details.filter((_, j) => j !== i))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" mt={6}>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => set([...details, emptyDetail()])}
          data-testid="add-detail"
        >
          <Trans>Add a payment detail</Trans>
        </Button>
        <Text fz="sm" c="dimmed" data-testid="details-total">
          <Trans>
            Details total {sum ? moneyText(sum) : '—'} of{' '}
            {values.amount ? moneyText(String(values.amount)) : '—'}
          </Trans>
        </Text>
      </Group>
    </Input.Wrapper>
  )
}

function DetailsRecord({ values }: { values: Values }) {
  const name = useEnterpriseLabel()
  return (
    <Stack gap={2}>
      {detailsOf(values.details).map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <Text key={i} fz="sm">
          {name(d.payingCompany)} · {moneyText(d.amount, currencyBeside('amount', values))}
          {d.note ? ` · ${d.note}` : ''}
        </Text>
      ))}
    </Stack>
  )
}

function ContractCap({ context }: { context: ProcessContext | undefined }) {
  const contract = context?.steps?.contract?.data
  const amount = typeof contract?.amount === 'string' ? contract.amount : null
  if (!amount) return null
  const currency = String(contract?.currency ?? '')
  const shown = moneyText(amount)
  return (
    <Alert variant="light" color="ink" mb="md" data-testid="contract-cap">
      <Trans>
        The signed contract is for {currency} {shown}: the payment cannot exceed it.
      </Trans>
    </Alert>
  )
}

export const paymentForm: StepFormSpec = {
  intro: ({ context }) => <ContractCap context={context} />,
  /** One payment per purchase: it starts as the contract's whole amount, in its currency. */
  defaults: (context) => {
    const contract = context?.steps?.contract?.data ?? {}
    const amount = typeof contract.amount === 'string' ? contract.amount : ''
    return {
      ...(amount ? { amount, details: [{ payingCompany: '', amount, note: '' }] } : {}),
      ...(typeof contract.currency === 'string' ? { currency: contract.currency } : {}),
    }
  },
  sections: [
    {
      title: msg`Payment`,
      fields: [
        {
          path: 'paymentType',
          kind: 'dict',
          dict: 'PAYMENT_PROPERTY',
          label: msg`Payment type`,
        },
        { path: 'amount', kind: 'money', label: msg`Amount` },
        { path: 'currency', kind: 'dict', dict: 'CURRENCY', label: msg`Currency` },
        { path: 'payerCompany', kind: 'enterprise', label: msg`Paying company` },
        { path: 'relatedEvent', kind: 'dict', dict: 'EVENT_TYPE', label: msg`Related event` },
        {
          path: 'costAttribution',
          kind: 'dict',
          dict: 'FIN_FEE_ATTRIBUTION',
          label: msg`Cost attribution`,
        },
        { path: 'dueDate', kind: 'date', label: msg`Due date` },
      ],
    },
    {
      title: msg`Payee`,
      fields: [
        {
          path: 'payeeAccountName',
          kind: 'text',
          label: msg`Payee account name`,
          description: msg`Outside mainland China the payee's name is written in English.`,
        },
        { path: 'payeeCountry', kind: 'country', label: msg`Payee's country or region` },
        {
          path: 'method',
          kind: 'choice',
          span: 12,
          labels: PAYMENT_METHOD_LABELS,
          label: msg`Payment method`,
        },
        // cheque
        {
          path: 'chequePayableTo',
          kind: 'text',
          label: msg`Cheque payable to`,
          required: true,
          when: neededBy('chequePayableTo'),
        },
        {
          path: 'mailingAddress',
          kind: 'text',
          label: msg`Mailing address`,
          required: true,
          when: neededBy('mailingAddress'),
        },
        {
          path: 'chequeAttachments',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Cheque copy`,
          required: true,
          when: neededBy('chequeAttachments'),
        },
        // T/T and online banking
        {
          path: 'payeeAccount',
          kind: 'text',
          label: msg`Bank account`,
          required: true,
          when: neededBy('payeeAccount'),
        },
        {
          path: 'payeeAddress',
          kind: 'text',
          label: msg`Payee address`,
          required: true,
          when: neededBy('payeeAddress'),
        },
        {
          path: 'payeeBankName',
          kind: 'text',
          label: msg`Payee bank name`,
          required: true,
          when: neededBy('payeeBankName'),
        },
        {
          path: 'payeeBankAddress',
          kind: 'text',
          label: msg`Payee bank address`,
          required: true,
          when: neededBy('payeeBankAddress'),
        },
        {
          path: 'swiftBic',
          kind: 'text',
          label: msg`SWIFT/BIC`,
          required: true,
          when: neededBy('swiftBic'),
        },
        {
          path: 'domesticCode',
          kind: 'text',
          label: msg`Domestic T/T code (ABA/SORT code)`,
          required: true,
          when: (v) => method('tt')(v) && String(v.payeeCountry ?? '') in DOMESTIC_CODE_COUNTRIES,
        },
        {
          path: 'depositBankName',
          kind: 'text',
          label: msg`Deposit bank name`,
          required: true,
          when: neededBy('depositBankName'),
        },
        // other
        {
          path: 'otherDescription',
          kind: 'textarea',
          span: 12,
          label: msg`How the payment is made`,
          required: true,
          when: neededBy('otherDescription'),
        },
        {
          path: 'otherAttachments',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Supporting documents`,
          required: true,
          when: neededBy('otherAttachments'),
        },
      ],
    },
    {
      title: msg`Details and attachments`,
      fields: [
        {
          path: 'details',
          kind: 'custom',
          span: 12,
          label: msg`Payment details`,
          required: true,
          empty: [emptyDetail()],
          render: ({ form, values }) => <PaymentDetails form={form} values={values} />,
          record: (values) => <DetailsRecord values={values} />,
          toPayload: (value) =>
            detailsOf(value)
              .filter((d) => d.payingCompany || d.amount || d.note)
              .map((d) => ({
                payingCompany: d.payingCompany,
                amount: d.amount,
                ...(d.note?.trim() ? { note: d.note.trim() } : {}),
              })),
        },
        {
          path: 'attachments',
          kind: 'files',
          purpose: 'attachment',
          span: 12,
          label: msg`Invoice or payment request`,
        },
        { path: 'remark', kind: 'textarea', span: 12, label: msg`Remark` },
      ],
    },
  ],
}
