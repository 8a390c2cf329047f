// The covers' premiumPayment step: the payment form of a purchase (payment.tsx), capped by the issued
// policy's premium and in its currency instead of a contract's; it starts as the whole premium, paid to the
// insurer: with the insurer's vendor record, its account (name as the bank holds it, country, bank); typed
// by name only, the name when the payment rule takes it whatever the payee's country (written in English).
import { Trans } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import type { ProcessContext } from '../../../../../../machines/types'
import type { VendorOption } from '../../../../../shared/contracts/reference'
import { moneyText } from '../../../../../shared/money-text'
import { isEnglishName } from '../../../../../shared/process-steps/common'
import type { DefaultRefs, StepFormSpec, Values } from '../../field-spec'
import { paymentForm } from '../payment'

function policyOf(context: ProcessContext | undefined) {
  const policy = context?.steps?.policy?.data ?? {}
  const text = (key: string) => (typeof policy[key] === 'string' ? (policy[key] as string) : '')
  return {
    premium: text('premium'),
    currency: text('currency'),
    insurer: text('insurer'),
    insurerVendorId: text('insurerVendorId'),
  }
}

/** The payee fields of a vendor's bank account, those it records. */
export function payeeOfVendor(vendor: VendorOption): Values {
  const entries: [string, string][] = [
    ['payeeAccountName', vendor.bankAccountName || vendor.legalName],
    ['payeeCountry', vendor.countryCode],
    ['payeeAccount', vendor.bankAccountNo],
    ['payeeBankName', vendor.bankName],
    ['payeeBankAddress', vendor.bankAddress],
    ['swiftBic', vendor.bankSwift],
    ['domesticCode', vendor.bankLocalCode],
  ]
  return Object.fromEntries(entries.filter(([, v]) => v.trim() !== ''))
}

/** Who the premium is paid to: the insurer's account when it is a vendor, else its name if valid anywhere. */
function payeeOf(policy: ReturnType<typeof policyOf>, refs: DefaultRefs | undefined): Values {
  const vendor = refs?.vendors.find((v) => v.id === policy.insurerVendorId)
  if (vendor) return payeeOfVendor(vendor)
  return policy.insurer && isEnglishName(policy.insurer) ? { payeeAccountName: policy.insurer } : {}
}

function PremiumCap({ context }: { context: ProcessContext | undefined }) {
  const { premium, currency } = policyOf(context)
  if (!premium) return null
  const shown = moneyText(premium, currency)
  return (
    <Alert variant="light" color="ink" mb="md" data-testid="premium-cap">
      <Trans>The policy's premium is {shown}: the payment cannot exceed it.</Trans>
    </Alert>
  )
}

export const premiumPaymentForm: StepFormSpec = {
  ...paymentForm,
  intro: ({ context }) => <PremiumCap context={context} />,
  defaultsRead: ['vendors'],
  defaults: (context, refs) => {
    const policy = policyOf(context)
    const { premium, currency } = policy
    return {
      ...(premium ? { amount: premium, details: [{ payingCompany: '', amount: premium, note: '' }] } : {}),
      ...(currency ? { currency } : {}),
      ...payeeOf(policy, refs),
    }
  },
}
