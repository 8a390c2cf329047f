// INSURANCE_RENEWAL · renewal: the decision — renew on the quoted terms (as a quotation asks them), or let
// the cover lapse, with the reason. Approving a lapse ends the renewed policy. Renewing starts from the
// policy renewed: its insurer, insured amount, premium, currency, premium calculation and coverage, and a
// period of the same length from the day after it ends (the payee follows from the insurer at the premium).
import { msg } from '@lingui/core/macro'
import type { ProcessContext } from '../../../../../../machines/types'
import { isRealDate } from '../../../../../shared/constants'
import { addDays, nextDate } from '../../../../../shared/office-time'
import type { StepFormSpec, Values } from '../../field-spec'
import { insurerField, quoteFields, termsFields } from './terms'

const TERMS = ['insurer', 'insurerVendorId', 'insuredAmount', 'premium', 'currency', 'feeCalcType'] as const

/** The day a period as long as start–end ends, starting on `from` (whole days; a leap day kept by the count). */
function samePeriodFrom(start: string, end: string, from: string): string {
  return addDays(from, Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000))
}

/** The renewed cover's terms, as the renewal form takes them. */
export function renewedTerms(previous: ProcessContext | undefined): Values {
  const steps = previous?.steps ?? {}
  const policy = steps.policy?.data ?? {}
  const quoted = steps.renewal?.data ?? steps.quotation?.data ?? {}
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)
  const out: Values = {}
  for (const key of TERMS) {
    const v = text(policy[key]) ?? text(quoted[key])
    if (v) out[key] = v
  }
  const coverage = text(quoted.coverage)
  if (coverage) out.coverage = coverage
  const start = text(policy.startDate)
  const end = text(policy.endDate)
  if (isRealDate(start) && isRealDate(end)) {
    out.startDate = nextDate(end)
    out.endDate = samePeriodFrom(start, end, nextDate(end))
  }
  return out
}

const renewing = (v: Values) => v.decision === 'renew'
const lapsing = (v: Values) => v.decision === 'lapse'

export const renewalForm: StepFormSpec = {
  defaultsRead: ['previous'],
  defaults: (_context, refs) => renewedTerms(refs?.previous),
  sections: [
    {
      fields: [
        {
          path: 'decision',
          kind: 'choice',
          span: 12,
          label: msg`Decision`,
          required: true,
          options: [
            { value: 'renew', label: msg`Renew the cover` },
            { value: 'lapse', label: msg`Let the cover lapse` },
          ],
        },
        {
          path: 'reason',
          kind: 'textarea',
          max: 2000,
          span: 12,
          label: msg`Why the cover lapses`,
          required: true,
          when: lapsing,
        },
      ],
    },
    { title: msg`Quoted terms`, fields: [insurerField(renewing), ...termsFields(renewing)] },
    { title: msg`Cover`, fields: quoteFields(renewing) },
  ],
}
